//! The records a reference set is made of: a [`Reference`] as the user adds it, a [`Paper`] as it
//! is checked, the [`StoredReference`] the set keeps (its text compressed), the [`Entry`] the index
//! keeps per reference, and the [`ReferenceInfo`] listings show.

use std::borrow::Cow;

use crate::error::Error;
use crate::methods::combined::Metadata;
use crate::sketch::minhash::MinHashSignature;

use super::stored::StoredText;

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

/// A reference as the set keeps it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StoredReference {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) text: StoredText,
    pub(crate) meta: Metadata,
    pub(crate) base: bool,
}

impl StoredReference {
    /// `reference` with its text compressed.
    pub(crate) fn new(reference: Reference) -> Self {
        StoredReference {
            text: StoredText::compress(&reference.text),
            id: reference.id,
            title: reference.title,
            meta: reference.meta,
            base: reference.base,
        }
    }

    /// The reference's text, decompressed if it is kept compressed.
    pub(crate) fn text(&self) -> Result<Cow<'_, str>, Error> {
        self.text.text().ok_or_else(|| {
            Error::invalid_index(format!(
                "the saved text of the reference {:?} is damaged; load a good copy of the \
                 index, or build the set again from the documents",
                self.id
            ))
        })
    }

    /// The reference as it was added.
    pub(crate) fn to_reference(&self) -> Result<Reference, Error> {
        Ok(Reference {
            id: self.id.clone(),
            title: self.title.clone(),
            text: self.text()?.into_owned(),
            meta: self.meta.clone(),
            base: self.base,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_text_is_an_error_naming_its_reference() {
        let reference = StoredReference {
            text: StoredText::damaged(),
            ..StoredReference::new(Reference::new("r", "x"))
        };
        let error = reference.text().unwrap_err().to_string();
        assert!(error.contains("\"r\" is damaged"), "{error}");
    }
}
