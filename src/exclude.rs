//! What a check leaves out: quotations and the bibliography, found in the original text.
//!
//! - **Quotes**: text between “ and ”, a pair of straight double quotes, « and », 「 and 」, 『 and 』,
//!   each mark pairing only with its own style. A quote never runs past the end of its paragraph
//!   or [`MAX_QUOTE_CHARS`], holds one sentence only where the paragraph's marks do not pair up,
//!   and a straight `"` after a digit is an inch mark, so neither an unmatched quote mark nor quote
//!   marks around a long copy can hide it. These are the marks only: the checker then keeps a
//!   quotation in the check when a source's passage runs across its edge
//!   (`src/checker/quotations.rs`), and names the source a left-out one quotes.
//! - **Bibliography**: reference lists found by their form (entries with years, authors, DOIs,
//!   volumes; numbered or hanging), in any position, under a heading in one of many languages or
//!   none ([`bibliography`]); and, as before, from a heading in the second half of the text to its
//!   end.
//! - **Tables** of numbers ([`tables`]): lines of cells that are mostly numbers, two or more in a
//!   row.

use serde::Serialize;

mod bibliography;
mod quotes;
mod tables;

pub use bibliography::{is_entry, reference_lists, HEADINGS as BIBLIOGRAPHY_HEADINGS};
pub use quotes::{quotes, MAX_QUOTE_CHARS};
pub use tables::{is_table_line, tables};

/// Why a part of the paper was excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ExclusionKind {
    /// A quotation.
    Quote,
    /// The bibliography.
    Bibliography,
    /// A table of numbers (its header row and row numbers are no evidence), unless a source
    /// holds the whole table.
    Table,
    /// Text that also appears in a base (template) document.
    Base,
    /// A part the reader left out of this report ([`crate::checker::CheckOptions::exclude_spans`]).
    Reader,
}

crate::report_records! {
    /// An excluded part of the paper.
    #[derive(Eq)]
    pub struct Exclusion {
        /// Why.
        pub kind: ExclusionKind;
        /// First UTF-16 unit.
        pub start: usize;
        /// One past the last UTF-16 unit.
        pub end: usize;
        /// What it matched. For a quotation, the id of the source it quotes: the reference with a
        /// passage there that does not run on past its quote marks (the one with the most matched
        /// words), which would be reported were the marks not there. For a reference list or a table,
        /// the reference sharing most of its word sequences (shingles). Absent when nothing matches
        /// it, and for the other kinds.
        pub source: Option<String>, skip_none;
    }
}
