//! The checker's results as JSON for the wasm bindings ([`crate::json_out`]): the text
//! `serde_json::to_string` writes from the derived `Serialize`, which the tests hold it to, on
//! reports with every kind of field and value. The report's records are declared with
//! [`crate::report_records!`], which writes them from their declaration; here are the other
//! values: the enums serde writes as their camelCase variant names, the records of other modules,
//! the [`Reference`], an input record.

use crate::align::Evidence;
use crate::exclude::{Exclusion, ExclusionKind};
use crate::json_out::{Json, WriteJson};
use crate::methods::chinese_ngram::NgramDuplicate;
use crate::methods::combined::CombinedSimilarity;
use crate::methods::weibo::WeiboComparison;
use crate::text::CountUnit;

use super::merge_sets::MergeOutcome;
use super::options::Defaults;
use super::references::{Reference, ReferenceInfo};

// The enums of unit variants: serde writes each as its name in camelCase, a string, where a
// record is an object of fields; so a list of names, not of fields, and no record declaration.

impl WriteJson for CountUnit {
    fn write_json(&self, json: &mut Json) {
        self.name().write_json(json);
    }
}

impl WriteJson for Evidence {
    fn write_json(&self, json: &mut Json) {
        let name = match self {
            Evidence::Exact => "exact",
            Evidence::Rewritten => "rewritten",
            Evidence::Translated => "translated",
        };
        name.write_json(json);
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

/// Written field by field: an input record, declared with [`crate::records!`], which makes its
/// reader but no JSON writer; the reference is the one input record the bindings write back
/// (`getReference`), and a writer for every record would be `records!`' to make.
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

impl WriteJson for Defaults {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("checker", &self.checker);
        json.field("check", &self.check);
        json.field("pairs", &self.pairs);
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
