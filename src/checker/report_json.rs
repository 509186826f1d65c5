//! The checker's results as JSON for the wasm bindings ([`crate::json_out`]): the report, the
//! pairs, the references, the defaults; the text `serde_json::to_string` writes from the derived
//! `Serialize`, which the tests hold it to, on reports with every kind of field and value.

use crate::align::Evidence;
use crate::exclude::{Exclusion, ExclusionKind};
use crate::json_out::{Json, WriteJson};
use crate::methods::chinese_ngram::NgramDuplicate;
use crate::methods::combined::CombinedSimilarity;
use crate::methods::weibo::WeiboComparison;

use super::merge_sets::MergeOutcome;
use super::options::Defaults;
use super::references::{Reference, ReferenceInfo};
use super::report::{
    LanguagePair, MethodScores, PairReport, PassageReport, Report, SentencePairReport, SharedRun,
    SourceReport, WordSpan,
};

/// `start`, `end`, `sourceStart`, `sourceEnd`: the first fields of several records.
fn spans(json: &mut Json, paper: (usize, usize), source: (usize, usize)) {
    json.field("start", &paper.0);
    json.field("end", &paper.1);
    json.field("sourceStart", &source.0);
    json.field("sourceEnd", &source.1);
}

impl WriteJson for Report {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("similarity", &self.similarity);
        json.field("words", &self.words);
        json.field("totalWords", &self.total_words);
        json.field("unit", &self.unit.name());
        json.field("sources", &self.sources);
        json.field("evasion", &self.evasion);
        json.field("excluded", &self.excluded);
        json.end();
    }
}

impl WriteJson for SourceReport {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("id", &self.id);
        json.field("title", &self.title);
        json.field("similarity", &self.similarity);
        json.field("sourceCoverage", &self.source_coverage);
        json.field("jaccard", &self.jaccard);
        json.field("containment", &self.containment);
        json.field("simhashDistance", &self.simhash_distance);
        json.field("scores", &self.scores);
        json.field("passages", &self.passages);
        json.end();
    }
}

impl WriteJson for MethodScores {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("combined", &self.combined);
        json.field("weibo", &self.weibo);
        json.field("chineseNgram", &self.chinese_ngram);
        json.end();
    }
}

impl WriteJson for CombinedSimilarity {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("hamming", &self.hamming);
        json.field("metadataJaccard", &self.metadata_jaccard);
        json.field("score", &self.score);
        json.end();
    }
}

impl WriteJson for WeiboComparison {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("hamming", &self.hamming);
        json.field("dup", &self.dup);
        json.field("sim", &self.sim);
        json.field("similar", &self.similar);
        json.end();
    }
}

impl WriteJson for NgramDuplicate {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("characters", &self.characters);
        json.field("samples", &self.samples);
        json.field("matched", &self.matched);
        json.field("share", &self.share);
        json.field("threshold", &self.threshold);
        json.field("duplicate", &self.duplicate);
        json.end();
    }
}

impl WriteJson for PassageReport {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        spans(
            json,
            (self.start, self.end),
            (self.source_start, self.source_end),
        );
        json.field("words", &self.words);
        json.field("unit", &self.unit.name());
        json.field("matchedWords", &self.matched_words);
        json.field("longestRun", &self.longest_run);
        json.field("matchedShare", &self.matched_share);
        json.field("convertedScript", &self.converted_script);
        json.field("ngrams", &self.ngrams);
        let evidence = match self.evidence {
            Evidence::Exact => "exact",
            Evidence::Rewritten => "rewritten",
            Evidence::Translated => "translated",
        };
        json.field("evidence", &evidence);
        json.field("region", &self.region);
        json.field("sentences", &self.sentences);
        json.field("sentencePairs", &self.sentence_pairs);
        if let Some(languages) = &self.languages {
            json.field("languages", languages);
        }
        json.end();
    }
}

impl WriteJson for LanguagePair {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("paper", &self.paper.as_str());
        json.field("source", &self.source.as_str());
        json.end();
    }
}

impl WriteJson for SharedRun {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        spans(
            json,
            (self.start, self.end),
            (self.source_start, self.source_end),
        );
        json.end();
    }
}

impl WriteJson for SentencePairReport {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        spans(
            json,
            (self.start, self.end),
            (self.source_start, self.source_end),
        );
        json.field("similarity", &self.similarity);
        json.field("sharedWords", &self.shared_words);
        json.field("sourceSharedWords", &self.source_shared_words);
        json.end();
    }
}

impl WriteJson for WordSpan {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("start", &self.start);
        json.field("end", &self.end);
        json.end();
    }
}

impl WriteJson for Exclusion {
    fn write_json(&self, json: &mut Json) {
        let kind = match self.kind {
            ExclusionKind::Quote => "quote",
            ExclusionKind::Bibliography => "bibliography",
            ExclusionKind::Table => "table",
            ExclusionKind::Base => "base",
            ExclusionKind::Reader => "reader",
        };
        json.begin();
        json.field("kind", &kind);
        json.field("start", &self.start);
        json.field("end", &self.end);
        if let Some(source) = &self.source {
            json.field("source", source);
        }
        json.end();
    }
}

impl WriteJson for PairReport {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("a", &self.a);
        json.field("b", &self.b);
        json.field("similarity", &self.similarity);
        json.field("report", &self.report);
        json.end();
    }
}

impl WriteJson for Defaults {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("checker", &self.checker);
        json.field("check", &self.check);
        json.field("pairs", &self.pairs);
        json.end();
    }
}

impl WriteJson for Reference {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("id", &self.id);
        json.field("title", &self.title);
        json.field("text", &self.text);
        json.field("meta", &self.meta);
        json.field("base", &self.base);
        json.end();
    }
}

impl WriteJson for ReferenceInfo {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("id", &self.id);
        json.field("title", &self.title);
        json.field("words", &self.words);
        json.field("fingerprints", &self.fingerprints);
        json.field("base", &self.base);
        json.end();
    }
}

impl WriteJson for MergeOutcome {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("added", &self.added);
        json.field("skipped", &self.skipped);
        json.end();
    }
}

#[cfg(test)]
#[path = "report_json_tests.rs"]
mod tests;
