use super::*;

fn lists(text: &str) -> Vec<&str> {
    reference_lists(text)
        .into_iter()
        .map(|s| s.slice_of(text))
        .collect()
}

/// An essay's prose, long enough to come first.
const PROSE: &str = "The committee met in March to discuss the new budget, which had been delayed \
by a long dispute over school funding. Several members argued that the cuts would fall hardest \
on rural districts, where enrolment had already declined since 2015.\n\n";

const APA: &str = "Adams, R. (2018). Rural schools and the politics of funding. Journal of \
Education Policy, 33(4), 512–530. https://doi.org/10.1080/02680939.2018.1234567\n\
Baker, L., & Chen, M. (2020). Budget cycles in local government. Public Budgeting Review, 12(2), 45–67.\n\
Carter, J. (2016). The long decline of the small district. Harvard University Press.\n";

#[test]
fn the_last_heading_in_the_second_half_runs_to_the_end_and_prose_is_no_list() {
    assert!(lists("We list references to prior work.\nMore text.").is_empty());
    let text =
        "Contents\nReferences\nIntro\nThe body of the paper.\n3. References:\nA. Author (2020).";
    assert_eq!(lists(text), vec!["3. References:\nA. Author (2020)."]);
    let chinese = "正文。正文。正文。正文。正文。正文。\n参考文献\n[1] 作者. 书名.";
    assert!(lists(chinese)[0].starts_with("参考文献"));
    let hiding = format!("Title\nReferences\n{}", "Copied text. ".repeat(50));
    assert!(lists(&hiding).is_empty());
}

#[test]
fn a_list_before_the_middle_of_a_short_essay_is_found_by_its_entries() {
    // A 40-entry list in a short essay begins before the middle of the text.
    let entries: String = (0..40)
        .map(|i| {
            format!(
                "Author{}, K. ({}). A study of topic {i}. Review, {i}(2), 1–9.\n",
                "x".repeat(i % 5),
                1990 + i
            )
        })
        .collect();
    let text = format!("{PROSE}References\n{entries}");
    let found = lists(&text);
    assert_eq!(found.len(), 1);
    assert!(found[0].starts_with("References\n") && found[0].ends_with("1–9."));
}

#[test]
fn headings_in_many_languages_and_none_at_all() {
    for heading in [
        "Literaturverzeichnis",
        "Références",
        "Bibliografía",
        "Referências",
        "Список литературы",
        "Βιβλιογραφία",
        "Kaynakça",
        "Tài liệu tham khảo",
        "参考资料",
        "Works Consulted",
        "References Cited",
        "## Bibliography",
        "参考文献：",
    ] {
        let text = format!("{PROSE}{PROSE}{heading}\n{APA}");
        let found = lists(&text);
        assert_eq!(found.len(), 1, "{heading}");
        assert!(found[0].starts_with(heading), "{heading}: {found:?}");
    }
    let text = format!("{PROSE}{APA}");
    assert_eq!(lists(&text), vec![APA.trim_end()]);
    // Under a heading two entries are a list; without one they are not.
    let two: String = APA.lines().take(2).map(|l| format!("{l}\n")).collect();
    assert!(lists(&format!("{PROSE}{two}")).is_empty());
    assert_eq!(lists(&format!("{PROSE}Sources\n{two}")).len(), 1);
}

#[test]
fn entry_styles_are_recognized() {
    for entry in [
        "Smith, John. The Printing Press in Europe. Cambridge UP, 2005.",
        "[3] J. Smith, \"Movable type,\" Proc. IEEE, vol. 12, pp. 4-9, 2001.",
        "12. Smith J, Doe A. Type and ink. Lancet. 2019;393:1–8.",
        "Иванов И. И. История книгопечатания. — М.: Наука, 1998. — 320 с.",
        "张三, 李四. 活字印刷的起源[J]. 历史研究, 2019, 12(3): 45-67.",
        "Müller, K. (2019). Titel des Buches. Berlin: Verlag.",
        "World Health Organization. (n.d.). Malaria fact sheet. https://www.who.int/",
    ] {
        assert!(is_entry(entry), "{entry}");
    }
    for prose in [
        "In 2019, the committee met again and approved the plan after a long debate.",
        "Smith argued in 2005 that the press changed everything we know about Europe.",
        "2015 2016 2017 2018",
        "Meanwhile, President Obama said in 2016 that the plan would be reviewed by the courts.",
        "However, The Times reported in March 2017 that talks had stalled again.",
    ] {
        assert!(!is_entry(prose), "{prose}");
    }
}

#[test]
fn a_list_in_the_middle_and_an_appendix_after_it() {
    let appendix = "Appendix A\nThe interview questions were read aloud to every participant in \
the same order, and the answers were written down by hand.\n";
    let text = format!("{PROSE}References\n{APA}\n{appendix}{PROSE}");
    let found = lists(&text);
    assert_eq!(found.len(), 1);
    assert!(found[0].ends_with("Harvard University Press."), "{found:?}");
}

// proptest forks processes, which wasm32 cannot: natively only.
#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Any text: reference lists and tables are spans inside it, in order, and nothing panics.
    #[test]
    fn any_text_gives_spans_inside_it(text in "(\\PC|\\n|\\t|[0-9.,()\\[\\]|: ]){0,400}") {
        let units = text.encode_utf16().count();
        for spans in [reference_lists(&text), crate::exclude::tables(&text)] {
            let mut end = 0;
            for span in spans {
                proptest::prop_assert!(end <= span.start && span.start <= span.end && span.end <= units);
                end = span.end;
            }
        }
    }
}

#[test]
fn entries_wrapped_with_a_hanging_indent_are_read_whole() {
    // Title-first news entries: the year on the first line, the locator (a URL) on the third.
    let entries = "Profit growth key for Huawei. (2017, January 6). China Daily.
    http://europe.chinadaily.com.cn/epaper/2017-01/06/content_27876241.htm
Russian Hackers Get Burned in Deal With Russia's Spy Agency. (2017,
    February 9). ABC News.
    http://abcnews.go.com/Technology/wireStory/russian-hackers-burned-deal-russias-spy-agency-45370599
Said, E. W. (1978). Orientalism. Pantheon Books.
Sturgeon signs independence vote request. (2017, March 30). BBC News.
    http://www.bbc.co.uk/news/uk-scotland-39449459
Trump presidency week two: Foot still on accelerator. (2017, February 3).
    BBC News. http://www.bbc.co.uk/news/world-us-canada-38830514
";
    let text = format!("{PROSE}{PROSE}{entries}");
    assert_eq!(lists(&text), vec![entries.trim_end()]);
    // MLA: a web address without its scheme is a locator.
    assert!(is_entry("\"A land shaped by water's ebb and flow.\" China Daily, 16 Dec. 2016, europe.chinadaily.com.cn/epaper/2016-12/16/content_27685686.htm."));
    assert!(!is_entry(
        "In 2016 the committee met and wrote and/or argued about the budget."
    ));
    // Prose whose paragraphs begin indented is no entry for being followed by lines.
    let indented = format!("    {PROSE}    {PROSE}");
    assert!(lists(&indented).is_empty());
}
