//! Quotation marks as each language writes them, through a whole check: German »…« (inward
//! pointing) enclose the quotation, not the prose between two quotations, so a verbatim German
//! copy counts whole; Polish „…”, Swedish ”…” and »…», and English ‘…’ quotations of a source are
//! left out and name it; apostrophes (don’t, students’) pair with nothing.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference, Report};
use plagscope::exclude::ExclusionKind;
use plagscope::Span;

/// A German manual page that names two actions in »…«, two on one line.
const GERMAN: &str =
    "Die Aktion »mask« hält den Zustand der Warteschlange fest, bis er nach einem \
»unmask« korrekt wiederhergestellt wird. Während dieser Zeit nimmt der Dienst keine neuen Aufträge \
an, beantwortet aber weiterhin alle Anfragen nach dem Status der laufenden Arbeiten. Wer die \
Warteschlange länger als eine Stunde anhält, sollte die Benutzer vorher informieren, denn ihre \
Aufträge bleiben so lange liegen und werden erst danach in der ursprünglichen Reihenfolge \
bearbeitet. Fällt der Rechner während der Pause aus, stellt der Dienst den gespeicherten Zustand \
beim nächsten Start selbst wieder her.";

/// The paper's own German prose around the copy.
const GERMAN_OWN: (&str, &str) = (
    "In dieser Arbeit untersuche ich, wie kleine Rechenzentren ihre Wartungsfenster planen und \
welche Werkzeuge sie dabei nutzen. Die Befragung fand im Frühjahr statt.\n",
    "\nDie Antworten zeigen, dass die meisten Betriebe ihre Wartung am Wochenende erledigen und \
dafür nur wenige Stunden brauchen.",
);

fn checker(references: &[(&str, &str)]) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (id, text) in references {
        checker.add_reference(Reference::new(*id, *text)).unwrap();
    }
    checker
}

fn slice(text: &str, start: usize, end: usize) -> &str {
    Span::new(start, end).slice_of(text)
}

/// The quotations left out, as text with the source each names.
fn quotations<'a>(report: &'a Report, paper: &'a str) -> Vec<(&'a str, Option<&'a str>)> {
    (report.excluded.iter())
        .filter(|e| e.kind == ExclusionKind::Quote)
        .map(|e| (slice(paper, e.start, e.end), e.source.as_deref()))
        .collect()
}

#[test]
fn a_german_copy_between_the_papers_own_quotations_is_found() {
    let checker = checker(&[("manual", GERMAN)]);
    // The paper names two actions in »…« around a sentence copied without its marks: read
    // backwards, « opened a "quotation" of the source that » closed, and the copy vanished.
    let copy = "Während dieser Zeit nimmt der Dienst keine neuen Aufträge an, beantwortet aber \
weiterhin alle Anfragen nach dem Status der laufenden Arbeiten.";
    let paper = format!(
        "{}Nach der Aktion »pause« gilt das Folgende. {copy} Erst ein »resume« beendet diesen \
Zustand wieder.{}",
        GERMAN_OWN.0, GERMAN_OWN.1
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_eq!(
        quotations(&report, &paper),
        [("»pause«", None), ("»resume«", None)]
    );
    let passages: Vec<&str> = (report.sources.iter().flat_map(|s| &s.passages))
        .map(|p| slice(&paper, p.start, p.end))
        .collect();
    assert!(
        passages
            .iter()
            .any(|p| p.contains("keine neuen Aufträge an")),
        "{passages:?}"
    );
}

#[test]
fn a_verbatim_german_copy_counts_whole() {
    let checker = checker(&[("manual", GERMAN)]);
    let paper = format!("{}{GERMAN}{}", GERMAN_OWN.0, GERMAN_OWN.1);
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    let all_counted = CheckOptions {
        exclude_quotes: false,
        ..CheckOptions::default()
    };
    let expected = checker.check(&paper, &all_counted).unwrap();
    assert_eq!(
        report.similarity,
        expected.similarity,
        "{:?}",
        quotations(&report, &paper)
    );
    assert!(
        quotations(&report, &paper).is_empty(),
        "{:?}",
        quotations(&report, &paper)
    );
}

/// A source of 40 words and a paper quoting 30 of them between `open` and `close`, with an
/// apostrophe or two of its own around the quotation.
fn quoting(open: &str, close: &str, source: &str, own: [&str; 2]) -> (Checker, String, String) {
    let words: Vec<&str> = source.split_whitespace().collect();
    let quoted = format!("{open}{}{close}", words[5..35].join(" "));
    let paper = format!("{} {quoted} {}", own[0], own[1]);
    (checker(&[("source", source)]), paper, quoted)
}

#[test]
fn quotations_of_a_source_in_each_convention_are_left_out_and_name_it() {
    let polish =
        "Rada miasta przyjęła wczoraj nowy plan zagospodarowania terenów nad rzeką, który \
przewiduje budowę parku, dwóch szkół i ścieżki rowerowej wzdłuż całego brzegu, a także remont \
starego mostu kolejowego do końca przyszłego roku oraz nowe przystanki autobusowe.";
    let swedish = "Kommunen har beslutat att bygga en ny skola i den norra delen av staden, där \
antalet barn har ökat snabbt de senaste åren, och skolan ska stå klar om tre år med plats för \
fyrahundra elever och en stor idrottshall som även föreningar får använda på kvällarna.";
    let english = "The committee found that the new library had reduced waiting times for \
every service it offered, that visitors stayed longer than before, and that the reading rooms \
were full on most weekday afternoons during the whole of the first year it was open to all.";
    let cases = [
        (
            "„",
            "”",
            polish,
            ["Jak podano w sprawozdaniu,", "Plan budzi jednak spory."],
        ),
        (
            "”",
            "”",
            swedish,
            ["Enligt beslutet", "Alla är inte nöjda."],
        ),
        (
            "»",
            "»",
            swedish,
            ["Enligt beslutet", "Alla är inte nöjda."],
        ),
        (
            "‘",
            "’",
            english,
            [
                "The students’ survey didn’t agree: the report said",
                "Others’ views differed.",
            ],
        ),
    ];
    for (open, close, source, own) in cases {
        let (checker, paper, quoted) = quoting(open, close, source, own);
        let report = checker.check(&paper, &CheckOptions::default()).unwrap();
        assert!(
            report.sources.is_empty(),
            "{open}…{close}: {:?}",
            report.sources
        );
        assert_eq!(
            quotations(&report, &paper),
            [(quoted.as_str(), Some("source"))],
            "{open}…{close}"
        );
    }
}
