//! The JSON of a check's report and of the all-pairs list, written field by field for the wasm
//! bindings: the same text `serde_json::to_string` writes from the derived `Serialize` (a test
//! holds the two equal on reports with every kind of field), in less code. serde's derived code
//! makes a copy of serde_json's field writer, key escaping included, for every field type of every
//! struct: about 9 KB of wasm for the report's types. Numbers and strings still go through
//! serde_json's own writers, so they are written exactly as before.

use serde::Serialize;

use crate::align::Evidence;
use crate::exclude::{Exclusion, ExclusionKind};

use super::report::{
    MethodScores, PairReport, PassageReport, Report, SentencePairReport, SharedRun, SourceReport,
    WordSpan,
};

/// A report written as JSON, as `serde_json::to_string` writes it; `None` if serde_json refused a
/// part (it cannot for these types: no map has keys other than strings).
pub fn report_json(report: &Report) -> Option<String> {
    Json::write(|json| report.write(json))
}

/// The pairs of the all-pairs comparison as a JSON array, as `serde_json::to_string` writes it.
pub fn pairs_json(pairs: &[PairReport]) -> Option<String> {
    Json::write(|json| json.items(pairs))
}

/// A value that writes itself into a [`Json`].
trait WriteJson {
    fn write(&self, json: &mut Json);
}

/// The JSON text being written, and whether the next value of an object or array is its first.
struct Json {
    bytes: Vec<u8>,
    first: bool,
    failed: bool,
}

impl Json {
    fn write(body: impl FnOnce(&mut Json)) -> Option<String> {
        let mut json = Json {
            bytes: Vec::with_capacity(1024),
            first: true,
            failed: false,
        };
        body(&mut json);
        // Only serde_json's writers and ASCII punctuation and keys went in: UTF-8 throughout.
        (!json.failed).then(|| String::from_utf8(json.bytes).ok())?
    }

    fn open(&mut self, bracket: u8) {
        self.bytes.push(bracket);
        self.first = true;
    }

    fn close(&mut self, bracket: u8) {
        self.bytes.push(bracket);
        self.first = false;
    }

    /// The comma before every value of an object or array but its first.
    fn separate(&mut self) {
        if !self.first {
            self.bytes.push(b',');
        }
        self.first = false;
    }

    /// `"key":`; the keys are plain camelCase names, with nothing to escape.
    fn key(&mut self, key: &str) {
        self.separate();
        self.bytes.push(b'"');
        self.bytes.extend_from_slice(key.as_bytes());
        self.bytes.extend_from_slice(b"\":");
    }

    /// A value through serde_json's own writer (numbers, strings, the evasion report).
    fn serde(&mut self, key: &str, value: &(impl Serialize + ?Sized)) {
        self.key(key);
        self.failed |= serde_json::to_writer(&mut self.bytes, value).is_err();
    }

    /// An unsigned integer; every count and offset is one.
    fn number(&mut self, key: &str, value: usize) {
        self.serde(key, &(value as u64));
    }

    fn float(&mut self, key: &str, value: f64) {
        self.serde(key, &value);
    }

    fn boolean(&mut self, key: &str, value: bool) {
        self.key(key);
        self.bytes
            .extend_from_slice(if value { b"true" } else { b"false" });
    }

    fn list<T: WriteJson>(&mut self, key: &str, items: &[T]) {
        self.key(key);
        self.items(items);
    }

    fn items<T: WriteJson>(&mut self, items: &[T]) {
        self.open(b'[');
        for item in items {
            self.separate();
            item.write(self);
        }
        self.close(b']');
    }

    /// `start`, `end`, `sourceStart`, `sourceEnd`: the first fields of several records.
    fn spans(&mut self, paper: (usize, usize), source: (usize, usize)) {
        self.number("start", paper.0);
        self.number("end", paper.1);
        self.number("sourceStart", source.0);
        self.number("sourceEnd", source.1);
    }
}

impl WriteJson for Report {
    fn write(&self, json: &mut Json) {
        json.open(b'{');
        json.float("similarity", self.similarity);
        json.number("words", self.words);
        json.number("totalWords", self.total_words);
        json.list("sources", &self.sources);
        json.serde("evasion", &self.evasion);
        json.list("excluded", &self.excluded);
        json.close(b'}');
    }
}

impl WriteJson for SourceReport {
    fn write(&self, json: &mut Json) {
        json.open(b'{');
        json.serde("id", self.id.as_str());
        json.serde("title", self.title.as_str());
        json.float("similarity", self.similarity);
        json.float("sourceCoverage", self.source_coverage);
        json.float("jaccard", self.jaccard);
        json.float("containment", self.containment);
        json.number("simhashDistance", self.simhash_distance as usize);
        json.key("scores");
        self.scores.write(json);
        json.list("passages", &self.passages);
        json.close(b'}');
    }
}

impl WriteJson for MethodScores {
    fn write(&self, json: &mut Json) {
        let (combined, weibo, ngram) = (&self.combined, &self.weibo, &self.chinese_ngram);
        json.open(b'{');
        json.key("combined");
        json.open(b'{');
        json.number("hamming", combined.hamming as usize);
        json.float("metadataJaccard", combined.metadata_jaccard);
        json.float("score", combined.score);
        json.close(b'}');
        json.key("weibo");
        json.open(b'{');
        json.number("hamming", weibo.hamming as usize);
        json.float("dup", weibo.dup);
        json.float("sim", weibo.sim);
        json.boolean("similar", weibo.similar);
        json.close(b'}');
        json.key("chineseNgram");
        json.open(b'{');
        json.number("characters", ngram.characters);
        json.number("samples", ngram.samples);
        json.number("matched", ngram.matched);
        json.float("share", ngram.share);
        json.float("threshold", ngram.threshold);
        json.boolean("duplicate", ngram.duplicate);
        json.close(b'}');
        json.close(b'}');
    }
}

impl WriteJson for PassageReport {
    fn write(&self, json: &mut Json) {
        json.open(b'{');
        json.spans((self.start, self.end), (self.source_start, self.source_end));
        json.number("words", self.words);
        json.number("matchedWords", self.matched_words);
        json.number("longestRun", self.longest_run);
        json.float("matchedShare", self.matched_share);
        json.boolean("convertedScript", self.converted_script);
        json.list("ngrams", &self.ngrams);
        let evidence = match self.evidence {
            Evidence::Exact => "exact",
            Evidence::Rewritten => "rewritten",
        };
        json.serde("evidence", evidence);
        json.number("sentences", self.sentences);
        json.list("sentencePairs", &self.sentence_pairs);
        json.close(b'}');
    }
}

impl WriteJson for SharedRun {
    fn write(&self, json: &mut Json) {
        json.open(b'{');
        json.spans((self.start, self.end), (self.source_start, self.source_end));
        json.close(b'}');
    }
}

impl WriteJson for SentencePairReport {
    fn write(&self, json: &mut Json) {
        json.open(b'{');
        json.spans((self.start, self.end), (self.source_start, self.source_end));
        json.float("similarity", self.similarity);
        json.list("sharedWords", &self.shared_words);
        json.list("sourceSharedWords", &self.source_shared_words);
        json.close(b'}');
    }
}

impl WriteJson for WordSpan {
    fn write(&self, json: &mut Json) {
        json.open(b'{');
        json.number("start", self.start);
        json.number("end", self.end);
        json.close(b'}');
    }
}

impl WriteJson for Exclusion {
    fn write(&self, json: &mut Json) {
        let kind = match self.kind {
            ExclusionKind::Quote => "quote",
            ExclusionKind::Bibliography => "bibliography",
            ExclusionKind::Base => "base",
            ExclusionKind::Reader => "reader",
        };
        json.open(b'{');
        json.serde("kind", kind);
        json.number("start", self.start);
        json.number("end", self.end);
        if let Some(source) = &self.source {
            json.serde("source", source.as_str());
        }
        json.close(b'}');
    }
}

impl WriteJson for PairReport {
    fn write(&self, json: &mut Json) {
        json.open(b'{');
        json.serde("a", self.a.as_str());
        json.serde("b", self.b.as_str());
        json.float("similarity", self.similarity);
        json.key("report");
        self.report.write(json);
        json.close(b'}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::{CheckOptions, Checker, CheckerOptions, PairsOptions, Reference};
    use crate::methods::chinese_ngram::NgramDuplicate;
    use crate::methods::combined::CombinedSimilarity;
    use crate::methods::weibo::WeiboComparison;
    use crate::span::Span;

    /// A source report with every kind of field, numbers that serde_json writes in each of its
    /// forms (whole, fraction, exponent, NaN as `null`) and an id and title that need escaping.
    fn source(id: &str, x: f64) -> SourceReport {
        let pair = SentencePairReport {
            start: 1,
            end: 2,
            source_start: 3,
            source_end: 4,
            similarity: 0.1 + 0.2,
            shared_words: vec![WordSpan { start: 5, end: 6 }],
            source_shared_words: Vec::new(),
        };
        let passage = |evidence| PassageReport {
            start: 0,
            end: usize::MAX,
            source_start: 7,
            source_end: 8,
            words: 9,
            matched_words: 10,
            longest_run: 11,
            matched_share: x,
            converted_script: evidence == Evidence::Exact,
            ngrams: vec![SharedRun {
                start: 12,
                end: 13,
                source_start: 14,
                source_end: 15,
            }],
            evidence,
            sentences: 16,
            sentence_pairs: vec![pair.clone(), pair.clone()],
        };
        let scores = MethodScores {
            combined: CombinedSimilarity {
                hamming: u32::MAX,
                metadata_jaccard: 1e-7,
                score: 1e21,
            },
            weibo: WeiboComparison {
                hamming: 0,
                dup: f64::NAN,
                sim: -0.0,
                similar: true,
            },
            chinese_ngram: NgramDuplicate {
                characters: 17,
                samples: 18,
                matched: 19,
                share: f64::INFINITY,
                threshold: 0.6,
                duplicate: false,
            },
        };
        SourceReport {
            id: id.to_string(),
            title: "“Quoted” \"title\"\n\u{1}\\ 中文".to_string(),
            similarity: 1.0,
            source_coverage: 0.5,
            jaccard: 2.0 / 3.0,
            containment: 123456.789,
            simhash_distance: 64,
            scores,
            passages: vec![passage(Evidence::Exact), passage(Evidence::Rewritten)],
        }
    }

    fn same_as_serde(report: &Report) {
        let expected = serde_json::to_string(report).unwrap();
        assert_eq!(report_json(report).unwrap(), expected);
    }

    #[test]
    fn every_field_is_written_as_serde_json_writes_it() {
        let mut evasion = crate::text::EvasionReport {
            invisible_characters: 2,
            invisible_spans: vec![Span { start: 1, end: 3 }],
            ..Default::default()
        };
        evasion.replaced_letters.insert("Cyrillic".to_string(), 3);
        let excluded = [
            (ExclusionKind::Quote, Some("ref \"1\"".to_string())),
            (ExclusionKind::Quote, None),
            (ExclusionKind::Bibliography, None),
            (ExclusionKind::Base, None),
            (ExclusionKind::Reader, None),
        ];
        let report = Report {
            similarity: 0.25,
            words: 100,
            total_words: 120,
            sources: vec![source("a", 0.75), source("b\u{7f}", 1.0 / 3.0)],
            evasion,
            excluded: (excluded.into_iter().enumerate())
                .map(|(i, (kind, source))| Exclusion {
                    kind,
                    start: i,
                    end: i + 1,
                    source,
                })
                .collect(),
        };
        same_as_serde(&report);
        same_as_serde(&Report {
            sources: Vec::new(),
            excluded: Vec::new(),
            ..report.clone()
        });
        let pairs = vec![
            PairReport {
                a: "a".to_string(),
                b: "b".to_string(),
                similarity: 0.5,
                report: source("b", 0.1),
            };
            2
        ];
        assert_eq!(
            pairs_json(&pairs).unwrap(),
            serde_json::to_string(&pairs).unwrap()
        );
        assert_eq!(pairs_json(&[]).unwrap(), "[]");
    }

    #[test]
    fn real_reports_are_written_as_serde_json_writes_them() {
        let source = "The committee met on Tuesday to discuss the budget for the coming year, and \
            after a long debate it approved the new schedule of fees for every public library in \
            the county. The librarians had asked for more money to buy books and computers.";
        let mut checker = Checker::new(CheckerOptions::default()).unwrap();
        checker
            .add_reference(Reference::new("news", source))
            .unwrap();
        checker
            .add_reference(Reference::new("copy", format!("Before it all. {source}")))
            .unwrap();
        let paper = format!("As reported: “{source}” Then {source} The end.");
        let report = checker.check(&paper, &CheckOptions::default()).unwrap();
        assert!(!report.sources.is_empty() && !report.excluded.is_empty());
        same_as_serde(&report);
        let pairs = checker.pairs(&PairsOptions::default()).unwrap();
        assert!(!pairs.is_empty());
        assert_eq!(
            pairs_json(&pairs).unwrap(),
            serde_json::to_string(&pairs).unwrap()
        );
    }
}
