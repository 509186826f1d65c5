//! The checker's results as JSON for the wasm bindings ([`crate::json_out`]): the text
//! `serde_json::to_string` writes from the derived `Serialize`, which the tests hold it to, on
//! reports with every kind of field and value. The records (the report, the pairs, the reference
//! listings, the defaults) are declared with [`crate::report_records!`], which writes them from
//! their declaration; here are only the values that are not a list of fields, the enums serde
//! writes as their camelCase variant names, and the [`Reference`], an input record.

use crate::align::Evidence;
use crate::exclude::ExclusionKind;
use crate::json_out::{Json, WriteJson};
use crate::text::CountUnit;

use super::references::Reference;

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

impl WriteJson for ExclusionKind {
    fn write_json(&self, json: &mut Json) {
        let name = match self {
            ExclusionKind::Quote => "quote",
            ExclusionKind::Bibliography => "bibliography",
            ExclusionKind::Table => "table",
            ExclusionKind::Base => "base",
            ExclusionKind::Reader => "reader",
        };
        name.write_json(json);
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

#[cfg(test)]
#[path = "report_json_tests.rs"]
mod tests;
