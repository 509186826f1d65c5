//! The search by meaning (`align.meaningSearch`, issue 46): a German translation of an English
//! source, which no dictionary of the checker covers, is found through the nearest sentences in
//! the model's space, and named as German; a German text on the same subject is not a copy; a
//! removed reference's sentences are forgotten. The texts were written for this test: the German
//! passage translates the English one sentence by sentence, the German mills text translates
//! nothing (ground truth by construction).
//!
//! Needs the model and the lexicon (`node scripts/model.mjs && node scripts/lexicon.mjs`).

mod common;

use common::model::checker;
use common::norias::{NORIAS_EN, PUMPS_EN};

use plagscope::align::Evidence;
use plagscope::checker::{CheckOptions, Checker, Reference};

const NORIAS_DE: &str =
    "Die Norias von Hama sind eine Reihe hölzerner Wasserräder am Orontes im Westen Syriens. \
Die ältesten von ihnen wurden im Mittelalter gebaut, um Wasser aus dem Fluss in Aquädukte zu heben. \
Jedes Rad wird allein von der Strömung angetrieben und kann eine Höhe von zwanzig Metern erreichen. \
Das Wasser wird in Holzkästen getragen, die am Radkranz befestigt sind, und oben in eine steinerne \
Rinne gegossen. Von dort brachten die Aquädukte es zu den Gärten, den Moscheen und den öffentlichen \
Bädern der Stadt. Siebzehn der Räder sind bis heute erhalten, obwohl keines mehr zur Bewässerung \
genutzt wird. Im zwanzigsten Jahrhundert ersetzten moderne Pumpen sie, und die Räder wurden zu einem \
Symbol der Stadt. Ihr ächzendes Geräusch, das durch die Reibung der hölzernen Achse entsteht, ist \
weit entlang des Flusses zu hören.";

/// The writer's own opening, in German.
const HOST_DE: &str = "In diesem Semester hat sich unser Seminar mit der Technik der Antike \
beschäftigt. Jeder von uns musste ein Thema wählen und einen Bericht von etwa zweitausend Wörtern \
schreiben. Ich habe die Wasserbauten des Nahen Ostens gewählt, weil nur wenige Studenten darüber \
schreiben. Es folgt ein Teil meines Berichts. ";

/// Water mills in Central Europe: the subject of the references, none of their sentences.
const MILLS_DE: &str = "Wassermühlen prägten jahrhundertelang die Landschaft in Mitteleuropa. \
Im Schwarzwald trieben kleine Bäche die Räder von Sägewerken und Getreidemühlen an. \
Viele Müller lebten mit ihren Familien direkt neben der Mühle und arbeiteten bei jedem Wetter. \
Mit der Elektrifizierung verloren die meisten Mühlen ihre wirtschaftliche Bedeutung. \
Heute pflegen Vereine einige von ihnen als technische Denkmäler und zeigen sie Besuchern.";

fn by_meaning() -> CheckOptions {
    let mut options = CheckOptions::default();
    options.align.translated = true;
    options.align.meaning_search = true;
    options
}

#[test]
fn a_german_translation_of_an_english_source_is_found_by_meaning() {
    let checker = checker(&[("norias", NORIAS_EN), ("pumps", PUMPS_EN)]);
    let paper = format!("{HOST_DE}{NORIAS_DE}");
    let report = checker.check(&paper, &by_meaning()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["norias"], "{report:#?}");
    let passage = &report.sources[0].passages[0];
    assert_eq!(passage.evidence, Evidence::Translated);
    let languages = passage.languages.as_ref().unwrap();
    assert_eq!(
        (languages.paper.as_str(), languages.source.as_str()),
        ("de", "en")
    );
    assert!(passage.sentence_pairs.len() >= 6, "{passage:#?}");
    // The writer's own opening is not part of it.
    let start = paper.encode_utf16().count() - NORIAS_DE.encode_utf16().count();
    assert!(passage.start >= start - 2, "{passage:#?}");
}

#[test]
fn a_german_text_on_the_same_subject_is_not_a_copy() {
    let checker = checker(&[("norias", NORIAS_EN), ("pumps", PUMPS_EN)]);
    let report = checker
        .check(&format!("{HOST_DE}{MILLS_DE}"), &by_meaning())
        .unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
}

#[test]
fn a_removed_reference_is_no_longer_searched() {
    let mut checker = checker(&[("norias", NORIAS_EN)]);
    let found = |checker: &Checker| checker.check(NORIAS_DE, &by_meaning()).unwrap().sources;
    assert_eq!(found(&checker).len(), 1);
    checker.remove_reference("norias").unwrap();
    checker
        .add_reference(Reference::new("norias", PUMPS_EN))
        .unwrap();
    assert!(found(&checker).is_empty());
}

/// A Russian help page on one function, its names in Latin letters as translators keep them.
const DATESERIAL_RU: &str = "Функция DateSerial возвращает значение Date, составленное из \
заданных года, месяца и дня. Если аргумент month больше двенадцати, DateSerial переносит лишние \
месяцы на следующий год. В макросах Excel функцию DateSerial часто используют, чтобы найти \
последний день месяца. Все примеры на этой странице можно выполнить в окне отладки.";

/// Three sentences of DATESERIAL_RU in English.
const DATESERIAL_EN: &str = "The DateSerial function returns a Date value made of the given \
year, month and day. If the month argument is greater than twelve, DateSerial carries the extra \
months into the next year. In Excel macros, DateSerial is often used to find the last day of a \
month.";

/// The same sentences on another function: a help system's pages follow one template, and a
/// function's page may be the template filled in with another's name.
const TIMESERIAL_EN: &str = "The TimeSerial function returns a Date value made of the given \
year, month and day. If the month argument is greater than twelve, TimeSerial carries the extra \
months into the next year. In Excel macros, TimeSerial is often used to find the last day of a \
month.";

/// The writer's own opening, in English.
const HOST_EN: &str = "For this assignment I compared how spreadsheet programs handle dates. \
Most of them store a date as a number of days since a fixed day in the past. \
The functions below are the ones I used most in my own workbooks. ";

#[test]
fn a_russian_page_naming_another_function_is_no_source() {
    let checker = checker(&[("dateserial-ru", DATESERIAL_RU), ("pumps", PUMPS_EN)]);
    let ids = |paper: String| -> Vec<String> {
        let report = checker.check(&paper, &by_meaning()).unwrap();
        report.sources.iter().map(|s| s.id.clone()).collect()
    };
    assert_eq!(ids(format!("{HOST_EN}{DATESERIAL_EN}")), ["dateserial-ru"]);
    // The model finds the template's sentences alike; the names in Latin letters differ.
    assert!(ids(format!("{HOST_EN}{TIMESERIAL_EN}")).is_empty());
}

/// The model under another identity: codes it finds saved are not its own.
struct OtherModel(std::sync::Arc<plagscope_model::Encoder>);

impl plagscope::sketch::embeddings::SentenceEncoder for OtherModel {
    fn dimensions(&self) -> usize {
        plagscope::sketch::embeddings::SentenceEncoder::dimensions(&*self.0)
    }

    fn identity(&self, text: &str) -> u64 {
        self.0.identity(text) ^ 1
    }

    fn encode(&self, sentences: &[String]) -> Result<Vec<f32>, plagscope::Error> {
        plagscope::sketch::embeddings::SentenceEncoder::encode(&*self.0, sentences)
    }
}

#[test]
fn sentence_codes_are_encoded_once_and_saved_with_the_index() {
    let checker = checker(&[("norias", NORIAS_EN), ("pumps", PUMPS_EN)]);
    let mut stages = Vec::new();
    let encoded = checker.encode_sentences(&mut |p| {
        stages.push((p.stage.name(), p.done, p.total));
        Ok(())
    });
    assert_eq!(encoded.unwrap(), 2);
    assert_eq!(stages.last(), Some(&("encoding", 2, 2)));
    assert_eq!(checker.encode_sentences(&mut |_| Ok(())).unwrap(), 0);
    let paper = format!("{HOST_DE}{NORIAS_DE}");
    let report = checker.check(&paper, &by_meaning()).unwrap();
    // Saved and read back by a checker without the model, then given it: nothing to encode, the
    // same report.
    let bytes = plagscope::store::export_index(&checker).unwrap();
    let mut loaded = plagscope::store::import_index(&bytes).unwrap();
    assert_eq!(plagscope::store::export_index(&loaded).unwrap(), bytes);
    common::model::with_sentence_model(&mut loaded);
    assert_eq!(loaded.encode_sentences(&mut |_| Ok(())).unwrap(), 0);
    assert_eq!(loaded.check(&paper, &by_meaning()).unwrap(), report);
    // A reference replaced under the same id, by a checker without the model: its text is not
    // the one its codes were made from, and it is encoded again.
    let mut plain = plagscope::store::import_index(&bytes).unwrap();
    plain.remove_reference("pumps").unwrap();
    let changed = format!("{PUMPS_EN} Some of them run on solar power.");
    plain
        .add_reference(Reference::new("pumps", changed.as_str()))
        .unwrap();
    let mut back =
        plagscope::store::import_index(&plagscope::store::export_index(&plain).unwrap()).unwrap();
    common::model::with_sentence_model(&mut back);
    assert_eq!(back.encode_sentences(&mut |_| Ok(())).unwrap(), 1);
    // Another model encodes them again.
    let mut other = plagscope::store::import_index(&bytes).unwrap();
    let (encoder, lexicon) = common::model::sentence_model();
    other.use_sentence_model(
        std::sync::Arc::new(OtherModel(encoder.clone())),
        lexicon.clone(),
    );
    assert_eq!(other.encode_sentences(&mut |_| Ok(())).unwrap(), 2);
}

#[test]
fn a_part_for_another_script_keeps_the_codes_of_texts_not_written_in_it() {
    let (_, lexicon) = common::model::sentence_model();
    let plain = std::sync::Arc::new(common::model::encoder_with(&[]));
    let mut checker = Checker::new(plagscope::checker::CheckerOptions::default()).unwrap();
    checker.use_sentence_model(plain, lexicon.clone());
    for (id, text) in [("norias", NORIAS_EN), ("dateserial-ru", DATESERIAL_RU)] {
        checker.add_reference(Reference::new(id, text)).unwrap();
    }
    assert_eq!(checker.encode_sentences(&mut |_| Ok(())).unwrap(), 2);
    let bytes = plagscope::store::export_index(&checker).unwrap();
    // With the Cyrillic part, the Russian page reads otherwise; the English one as before.
    let mut grown = plagscope::store::import_index(&bytes).unwrap();
    let cyrillic = std::sync::Arc::new(common::model::encoder_with(&["cyrillic"]));
    grown.use_sentence_model(cyrillic, lexicon.clone());
    assert_eq!(grown.encode_sentences(&mut |_| Ok(())).unwrap(), 1);
}
