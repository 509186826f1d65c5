//! Quotations found by their marks: each opening mark pairs with the next closing mark of its
//! own style that closes it in some language's convention (see [`marks`]: German »…« and „…“,
//! Polish „…”, Swedish ”…” and »…», English “…” and ‘…’, French «…», Chinese and Japanese),
//! within its paragraph, and where a paragraph's marks do not pair up a quotation holds one
//! sentence only.

use crate::span::{Span, Utf16Cursor};

mod marks;

use marks::{pairs, role, style, Role, Style, STYLES};

/// Longest quotation excluded, in characters (about 100 English words). A longer stretch between
/// two quote marks is not a quotation anyone would leave out unread: more likely an inch mark
/// (`15"`) or an unmatched quote, and excluding it would let quote marks hide a copy.
pub const MAX_QUOTE_CHARS: usize = 600;

/// Whether `c` ends a sentence, given the character after it: Chinese full stops always, a
/// Latin one before white space (not `3.14` or `e.g.x`).
fn ends_sentence(c: char, next: Option<char>) -> bool {
    matches!(c, '。' | '！' | '？')
        || (matches!(c, '.' | '!' | '?') && next.is_none_or(char::is_whitespace))
}

/// A quotation being read.
#[derive(Clone, Copy)]
struct OpenQuote {
    opener: char,
    style: Style,
    start: usize,
    chars: usize,
    /// A sentence ended inside it.
    ended: bool,
    /// Text follows a sentence end inside it: it holds more than one sentence.
    sentences: bool,
}

/// A quotation found in the current paragraph, kept when the paragraph's marks allow it.
struct Found {
    span: Span,
    style: Style,
    sentences: bool,
}

/// The quotations of a text, read a paragraph at a time.
#[derive(Default)]
struct Scanner {
    spans: Vec<Span>,
    open: Option<OpenQuote>,
    found: Vec<Found>,
    /// Opening and closing marks of each style met in the paragraph.
    opened: [u32; STYLES],
    closed: [u32; STYLES],
    /// No letter, digit or ideograph since the last sentence end.
    after_sentence_end: bool,
    /// Only white space since the last line feed.
    blank_line: bool,
}

impl Scanner {
    /// Reads character `c` at UTF-16 offset `at`, between `previous` and `next`.
    fn step(&mut self, at: usize, c: char, previous: Option<char>, next: Option<char>) {
        if c == '\n' {
            // A blank line, or a line break after a sentence end, ends a paragraph: a quotation
            // running across it is taken to be unclosed (each paragraph of a quotation of several
            // opens with a mark of its own, in English and Chinese alike).
            if std::mem::replace(&mut self.blank_line, true) || self.after_sentence_end {
                self.end_paragraph();
            }
        } else if !c.is_whitespace() {
            self.blank_line = false;
        }
        if let Some(quote) = self.open.as_mut() {
            quote.chars += 1;
            quote.sentences |= quote.ended && c.is_alphanumeric();
            quote.ended |= ends_sentence(c, next);
            if quote.chars > MAX_QUOTE_CHARS {
                self.open = None;
            }
        }
        if ends_sentence(c, next) {
            self.after_sentence_end = true;
        } else if c.is_alphanumeric() {
            self.after_sentence_end = false;
        }
        self.mark(at, c, previous, next);
    }

    /// Opens or closes a quotation at quote mark `c`, and counts the mark.
    fn mark(&mut self, at: usize, c: char, previous: Option<char>, next: Option<char>) {
        let Some(style) = style(c) else {
            return;
        };
        if style == Style::Straight {
            return self.straight(at, previous, next);
        }
        match role(c, previous, next) {
            Some(Role::Close) => {
                self.closed[style as usize] += 1;
                if self.open.is_some_and(|quote| pairs(quote.opener, c)) {
                    self.close(at, c);
                }
            }
            Some(Role::Open) => {
                self.opened[style as usize] += 1;
                self.open(at, c, style);
            }
            None => {}
        }
    }

    /// A straight `"`, which opens and closes alike: it closes an open straight quotation after
    /// a non-space, else opens one where an opening mark can stand. Every one counts once
    /// (balanced: an even number) but an inch mark (`15"`).
    fn straight(&mut self, at: usize, previous: Option<char>, next: Option<char>) {
        if self.open.is_some_and(|quote| quote.opener == '"') && can_close(previous) {
            self.closed[Style::Straight as usize] += 1;
            return self.close(at, '"');
        }
        if !previous.is_some_and(|p| p.is_ascii_digit()) {
            self.opened[Style::Straight as usize] += 1;
        }
        if can_open(previous, next) {
            self.open(at, '"', Style::Straight);
        }
    }

    /// Opens a quotation at mark `c` of `style`. A mark of another style inside a quotation is
    /// a quotation within it; a second opening mark of the same style shows that the first was
    /// never closed, so reading starts again.
    fn open(&mut self, at: usize, c: char, style: Style) {
        if self.open.is_some_and(|quote| quote.style != style) {
            return;
        }
        self.open = Some(OpenQuote {
            opener: c,
            style,
            start: at,
            chars: 0,
            ended: false,
            sentences: false,
        });
    }

    /// Ends the open quotation at its closing mark `c`, at `at`.
    fn close(&mut self, at: usize, c: char) {
        if let Some(quote) = self.open.take() {
            self.found.push(Found {
                span: Span::new(quote.start, at + c.len_utf16()),
                style: quote.style,
                sentences: quote.sentences,
            });
        }
    }

    /// Keeps the paragraph's quotations: all of them where each style's marks pair up, only those
    /// of one sentence where they do not (an opening mark of the paragraph paired with a closing
    /// mark copied from elsewhere would otherwise make a "quotation" of whole sentences).
    fn end_paragraph(&mut self) {
        let balanced = |style: Style| {
            let (opened, closed) = (self.opened[style as usize], self.closed[style as usize]);
            match style {
                Style::Straight => (opened + closed) % 2 == 0,
                // Apostrophes are closing marks too: their count shows nothing.
                Style::SingleCurly => false,
                _ => opened == closed,
            }
        };
        let kept = (self.found.iter()).filter(|f| !f.sentences || balanced(f.style));
        self.spans.extend(kept.map(|f| f.span));
        self.found.clear();
        self.open = None;
        self.opened = [0; STYLES];
        self.closed = [0; STYLES];
    }
}

/// Spans of quotations in `text`, including the quote marks, in order and disjoint.
///
/// A quotation opens at a mark that opens where it stands and ends at the next mark of the same
/// style that closes it in some convention (“…”, „…“, „…”, ”…”, ‘…’, ‚…‘, "…", «…», »…«, »…»,
/// ‹…›, 「…」, 『…』; see [`marks`]): a mark after white space or an opening bracket, before a
/// letter, opens, one after a letter before white space or punctuation closes, and one that
/// neither shows reads by its shape, or not at all between two letters (the apostrophe of
/// "don’t"). Marks of other styles inside a quotation are a quotation within it. It is dropped
/// (nothing excluded) when it grows past [`MAX_QUOTE_CHARS`], meets another opening mark of its
/// style (the first one was unclosed) or reaches the end of its paragraph first: a blank line, or
/// a line break after a sentence end. Where a paragraph's marks of one style do not pair up, a
/// quotation of that style holding more than one sentence is dropped too, and so is every such
/// quotation in single curly marks (‘…’), whose closing mark is also the apostrophe. A straight
/// `"` opens a quotation only where an opening mark can stand (not after a letter or digit: `15"`
/// is 15 inches) and closes one only after a non-space.
///
/// ```
/// use plagscope::exclude::quotes;
/// let text = "He said “to be or not to be” and «c'est la vie».";
/// let found: Vec<String> = quotes(text).iter().map(|s| s.slice_of(text).to_string()).collect();
/// assert_eq!(found, ["“to be or not to be”", "«c'est la vie»"]);
/// let text = "Die Aktion »mask« hält den Zustand bis »unmask« fest.";
/// let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
/// assert_eq!(found, ["»mask«", "»unmask«"]);
/// ```
pub fn quotes(text: &str) -> Vec<Span> {
    let mut scanner = Scanner::default();
    let mut cursor = Utf16Cursor::new(text);
    let mut previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((byte, c)) = chars.next() {
        let at = cursor.advance_to(byte);
        let next = chars.peek().map(|&(_, n)| n);
        scanner.step(at, c, previous, next);
        previous = Some(c);
    }
    scanner.end_paragraph();
    scanner.spans
}

/// Whether a straight quote can open a quotation between `previous` and `next`: no letter or
/// digit before it (`15"`, `the "` of a closing mark) and something after it.
fn can_open(previous: Option<char>, next: Option<char>) -> bool {
    let after_word =
        previous.is_some_and(|p| p.is_alphanumeric() || matches!(p, '.' | ',' | '!' | '?'));
    !after_word && next.is_some_and(|n| !n.is_whitespace())
}

/// Whether a straight quote can close a quotation after `previous`: not after a space.
fn can_close(previous: Option<char>) -> bool {
    previous.is_some_and(|p| !p.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_and_cjk_quotes() {
        let text = r#"A "quoted part" and 「引用文字」 and 『書名』."#;
        let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
        assert_eq!(found, ["\"quoted part\"", "「引用文字」", "『書名』"]);
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
}
