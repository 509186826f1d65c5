use super::*;

#[test]
fn straight_and_cjk_quotes() {
    let text = r#"A "quoted part" and 「引用文字」 and 『書名』."#;
    let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
    assert_eq!(found, ["\"quoted part\"", "「引用文字」", "『書名』"]);
}

#[test]
fn a_quotation_inside_a_quote_never_closed_is_found() {
    // An essay quotes inside a sentence whose own quote mark never closes.
    let text = r#"He told reporters, "I put it in the bag, and it was gone. As one report put it, “During the relay he stepped on the skis.” So it goes."#;
    let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
    assert_eq!(found, ["“During the relay he stepped on the skis.”"]);
    // Inside a quotation that closes, the inner one is part of it.
    let text = r#"She said "the sign read “closed” all day" and left."#;
    let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
    assert_eq!(found, [r#""the sign read “closed” all day""#]);
}

#[test]
fn an_unclosed_quote_stops_at_a_blank_line() {
    let text = "He said “this never closes.\n\nNew paragraph “closed” here.";
    let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
    assert_eq!(found, ["“closed”"]);
}

#[test]
fn inch_marks_and_unmatched_quotes_exclude_nothing() {
    // PDF text: single newlines between paragraphs, two inch marks far apart.
    let text =
        "The 15\" model is heavy.\nA long paragraph follows here.\nThe 17\" model is lighter.";
    assert!(quotes(text).is_empty(), "{:?}", quotes(text));
    let unmatched = format!("He said “{}", "never closed ".repeat(10));
    assert!(quotes(&unmatched).is_empty());
    // A second straight opening quote shows that the first was never closed.
    let text = r#"An "unclosed one, then later "a real quote" here."#;
    let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
    assert_eq!(found, ["\"a real quote\""]);
}

fn found(text: &str) -> Vec<&str> {
    quotes(text).iter().map(|s| s.slice_of(text)).collect()
}

#[test]
fn marks_pair_only_with_their_own_style() {
    assert_eq!(
        found("他说“见「附件」”，又称「简称“条例”」。"),
        ["“见「附件」”", "「简称“条例”」"]
    );
    // A closing mark of another style closes nothing; „ closes with “ (German) or ” (Polish).
    assert_eq!(
        found("A “stray» mark” and „so“ and „tak”."),
        ["“stray» mark”", "„so“", "„tak”"]
    );
    // A second opening mark of a style: the first one was never closed.
    assert_eq!(
        found("He wrote “a draft and then “the text” here."),
        ["“the text”"]
    );
}

#[test]
fn a_quotation_ends_with_its_paragraph() {
    // One article a line: a mark left open at the end of one does not pair with a closing
    // mark copied into the next.
    let law = "第三条　本法所称“个人信息，是指以电子方式记录的信息。\n第四条　处理个人信息应当遵循合法原则。”公布施行。";
    assert!(quotes(law).is_empty(), "{:?}", found(law));
    // Each paragraph of a quotation of several opens with a mark of its own.
    let speech = "“The first paragraph of a speech.\n“And the second one.” Then prose.";
    assert_eq!(found(speech), ["“And the second one.”"]);
    // A line break inside a sentence is a wrapped line.
    assert_eq!(
        found("He said “the rest\nof it” then."),
        ["“the rest\nof it”"]
    );
}

#[test]
fn where_marks_do_not_pair_up_a_quotation_holds_one_sentence() {
    // The paper's opening mark, a closing mark inside a copied sentence, the paper's own
    // closing mark later: two closing marks to one opening mark in the paragraph.
    let copy = "他在会上指出“要把工作做好。国务院有关部门按照职责分工负责相关工作。”会议强调“稳中求进”，他说，这是要求。”";
    assert_eq!(found(copy), ["“稳中求进”"]);
    let english =
        "He said “we will win. The committee approved the plan.” The “plan” was final.” Then.";
    assert_eq!(found(english), ["“plan”"]);
    // Where they pair up, a quotation of several sentences is one.
    let balanced = "他说：“我们要改革。我们要开放。”大家鼓掌。他又说“好”。";
    assert_eq!(found(balanced), ["“我们要改革。我们要开放。”", "“好”"]);
    assert_eq!(
        found("She wrote: \"It works. It is fast.\" Done."),
        ["\"It works. It is fast.\""]
    );
}

#[test]
fn a_quotation_longer_than_the_limit_is_not_excluded() {
    let long = format!("“{}”", "copied words ".repeat(MAX_QUOTE_CHARS / 10));
    assert!(quotes(&long).is_empty());
    let short = format!("“{}”", "quoted words ".repeat(MAX_QUOTE_CHARS / 20));
    assert_eq!(quotes(&short).len(), 1);
    // One newline inside a quotation (a wrapped line) does not end it.
    assert_eq!(quotes("“a wrapped\nquotation”").len(), 1);
}

#[test]
fn german_marks_point_inwards_and_enclose_the_quotation() {
    let text = "Die Aktion »mask« hält den Zustand, bis er nach einem »unmask« korrekt \
                wiederhergestellt wird.";
    assert_eq!(found(text), ["»mask«", "»unmask«"]);
    assert_eq!(
        found("Er sagte: »Nein!«, und dann „so“ und ‚so‘ (»Ja«) und die »mask«-Aktion."),
        ["»Nein!«", "„so“", "‚so‘", "»Ja«", "»mask«"]
    );
    // French guillemets, with spaces inside or none, still open with «.
    assert_eq!(found("Il dit « oui » puis «non»."), ["« oui »", "«non»"]);
}

#[test]
fn polish_swedish_and_english_conventions() {
    // Polish „…”, with «…» inside.
    assert_eq!(
        found("Powiedział „to jest «dobre» zdanie” i wyszedł."),
        ["„to jest «dobre» zdanie”"]
    );
    // Swedish ”…” and »…», the same mark at both ends.
    assert_eq!(
        found("Han sa ”det är bra” och sedan »det är fint» till oss."),
        ["”det är bra”", "»det är fint»"]
    );
    // English ‘…’, and the apostrophe in the middle or at the end of a word.
    assert_eq!(
        found("She called it ‘the best idea’ and we didn’t argue."),
        ["‘the best idea’"]
    );
    assert_eq!(
        found("The ‘new’ students’ essays of the ’90s don’t say ‘rock ’n’ roll’."),
        ["‘new’", "‘rock ’n’"]
    );
}

#[test]
fn apostrophes_never_open_or_pair_a_quotation_across_sentences() {
    // An apostrophe after a plural closes an English single quotation; a quotation in single
    // marks of several sentences is never left out, since its paragraph's marks cannot show
    // that they pair up.
    let text = "The ‘draft was long. The committee read the students’ essays. Then it voted.";
    assert!(quotes(text).is_empty(), "{:?}", found(text));
    let text = "We wrote ’tis the season and the teachers’ notes, and the ’90s ended.";
    assert!(quotes(text).is_empty(), "{:?}", found(text));
}

#[test]
fn a_mark_that_cannot_be_read_either_way_excludes_nothing() {
    // Letters on both sides of a German or Swedish mark: no opening or closing position.
    let text = "Ein x»y«z und dann »wieder« hier.";
    assert_eq!(found(text), ["»wieder«"]);
    // German marks never pair with the French reading: « … » between two German quotations
    // is the prose between them.
    let text = "Die »erste« Regel gilt, und die »zweite« auch.";
    assert_eq!(found(text), ["»erste«", "»zweite«"]);
}
