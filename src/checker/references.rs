//! The records a reference set is made of: a [`Reference`] as the user adds it, a [`Paper`] as it
//! is checked, the [`Entry`] the index keeps per reference, and the [`ReferenceInfo`] listings show.

use crate::methods::combined::Metadata;
use crate::sketch::minhash::MinHashSignature;

use super::stored::StoredReference;

crate::records! {
    /// A paper with its metadata, which the combined score compares with each source's.
    pub struct Paper {
        /// The paper's text.
        pub text: String;
        /// Its keywords, tags and references.
        pub meta: Metadata, default;
    }
}

crate::records! {
    /// A reference document as added by the user.
    #[derive(Eq)]
    pub struct Reference {
        /// A unique id (1..=1024 characters).
        pub id: String;
        /// A title for reports (defaults to the id).
        pub title: String, default;
        /// The full text.
        pub text: String;
        /// Keywords, tags and references, for the combined score.
        pub meta: Metadata, default;
        /// A base (template) document: its text is never reported, and it is excluded from the paper.
        pub base: bool, default;
    }
}

impl Reference {
    /// A reference with an id and a text, titled by its id, without metadata, not a base document.
    ///
    /// ```
    /// use plagscope::checker::Reference;
    /// let reference = Reference::new("doc-1", "Some text.");
    /// assert_eq!((reference.title.as_str(), reference.base), ("doc-1", false));
    /// ```
    pub fn new(id: impl Into<String>, text: impl Into<String>) -> Self {
        let id = id.into();
        Reference {
            title: id.clone(),
            id,
            text: text.into(),
            meta: Metadata::default(),
            base: false,
        }
    }
}

/// What the index keeps per reference (saved through the store's own records, `crate::store`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    /// The reference, its text compressed.
    pub(crate) reference: StoredReference,
    /// Tokens of the reference.
    pub(crate) words: usize,
    /// Distinct word shingles.
    pub(crate) shingles: usize,
    /// Distinct winnowed fingerprints (they are kept in the postings only).
    pub(crate) fingerprint_count: usize,
    /// MinHash of the word shingle set.
    pub(crate) minhash: MinHashSignature,
    /// MinHash of the metadata set.
    pub(crate) meta_minhash: MinHashSignature,
}

/// An entry with its fingerprints (sorted, distinct), as the store writes and reads it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StoredEntry {
    pub(crate) entry: Entry,
    pub(crate) fingerprints: Vec<u64>,
}

crate::report_records! {
    /// A summary of one reference, for listings.
    #[derive(Eq)]
    pub struct ReferenceInfo {
        /// Its id.
        pub id: String;
        /// Its title.
        pub title: String;
        /// Its number of words.
        pub words: usize;
        /// Its number of fingerprints in the index.
        pub fingerprints: usize;
        /// Whether it is a base document.
        pub base: bool;
    }
}
