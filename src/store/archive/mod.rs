//! Archives: a reference set too large for one browser, indexed once (on a cluster, through the
//! Python binding) and published as static files, of which a check fetches only what the paper's
//! fingerprints touch. The paper never leaves the machine; the host learns which partitions and
//! which candidate documents were fetched.
//!
//! An archive is a folder (or a URL prefix):
//!
//! | path | content |
//! |---|---|
//! | `manifest.json` | [`Manifest`]: format version, hash scheme, the set's options, the [`Layout`], its batches, removed ids, counts, and each batch's two directories' lengths and checksums |
//! | `{batch}/partitions.dir` | the length and checksum of each postings partition of the batch ([`directory`]) |
//! | `{batch}/p/{partition:05x}.bin` | the (fingerprint, document) pairs whose fingerprints fall in the partition's range ([`postings`]); absent when the batch has none |
//! | `{batch}/groups.dir` | the length and checksum of each document group of the batch |
//! | `{batch}/d/{group:05x}.bin` | [`Layout::group_documents`] consecutive documents: id, title, words, text ([`documents`]) |
//! | `{batch}/ids.bin` | the batch's ids in number order ([`ids`]), for a build that adds documents; a check never reads it |
//!
//! A partition of a batch is the fingerprints sharing their top [`BatchEntry::partition_bits`] bits:
//! fingerprints are uniformly spread, so every partition holds about as many postings, and, once a
//! batch has many documents, postings of many documents. Each batch has bits of its own, sized for
//! its own postings ([`Manifest::batch_layout`]): a batch of 1% more documents writes 1% of the
//! partition files, not as many as the archive's first batch. A batch is a set of documents indexed at once
//! (numbered from its `firstDocument`): adding documents writes a new batch and a new manifest,
//! nothing else; removing one lists its id in the manifest; compacting writes all batches as one.

pub mod build;
pub mod directory;
pub mod documents;
pub mod ids;
pub mod postings;
pub mod query;

use crate::checker::CheckerOptions;
use crate::error::Error;
use crate::index::postings::FINGERPRINT_BITS;
use crate::sketch::HASH_SCHEME_VERSION;

use directory::FileCheck;

/// What `manifest.json`'s `format` says.
pub const ARCHIVE_FORMAT: &str = "plagscope-archive";

/// The version of the archive's files this plagscope writes and reads.
/// 2: each batch has its own partition bits (version 1 had one for the whole archive).
pub const ARCHIVE_VERSION: u32 = 2;

crate::records! {
    /// How an archive's files are cut.
    #[derive(Copy, Eq)]
    pub struct Layout {
        /// Top bits of a fingerprint that name its partition, in 4..=20: 2^bits partitions (a
        /// batch's directory of them is 12 bytes each, 12 MB at 20 bits). The bits of a new
        /// archive's first batch and of a compaction; a batch added later has its own
        /// ([`Manifest::batch_layout`]).
        pub partition_bits: u32;
        /// Documents per group file, in 1..=4096.
        pub group_documents: u32;
    }
}

impl Layout {
    /// A layout for about `documents` documents of about `words` words each: partitions of about
    /// [`POSTINGS_PER_PARTITION`] postings, and groups of about 64 KB of compressed text.
    pub fn for_size(documents: u64, words: u64) -> Self {
        // About a fifth of a text's words are winnowed fingerprints or sentences'.
        let postings = documents.saturating_mul(words.max(1)) / 5;
        let partitions = (postings / POSTINGS_PER_PARTITION).max(1);
        let bits = (64 - partitions.leading_zeros()).clamp(4, 20);
        // About 3 bytes of compressed text per word.
        let group = (65_536 / (words.max(1) * 3)).clamp(1, 4096) as u32;
        Layout {
            partition_bits: bits,
            group_documents: group,
        }
    }

    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        if !(4..=20).contains(&self.partition_bits) {
            return Err(Error::invalid(
                "partitionBits",
                format!("must be in 4..=20, got {}", self.partition_bits),
            ));
        }
        if !(1..=4096).contains(&self.group_documents) {
            return Err(Error::invalid(
                "groupDocuments",
                format!("must be in 1..=4096, got {}", self.group_documents),
            ));
        }
        Ok(())
    }

    /// How many partitions there are.
    pub fn partitions(&self) -> u32 {
        1 << self.partition_bits
    }

    /// The partition of `fingerprint`: its top bits.
    pub fn partition_of(&self, fingerprint: u64) -> u32 {
        (fingerprint >> (FINGERPRINT_BITS - self.partition_bits)) as u32
    }

    /// This layout with `partition_bits` bits, checked.
    pub fn with_partition_bits(self, partition_bits: u32) -> Result<Self, Error> {
        let layout = Layout {
            partition_bits,
            ..self
        };
        layout.validate()?;
        Ok(layout)
    }
}

/// About how many postings a partition holds in [`Layout::for_size`]'s layouts: enough that a
/// partition is fetched whole at little cost (about 20 KB) and covers the fingerprints of
/// thousands of documents.
pub const POSTINGS_PER_PARTITION: u64 = 4096;

/// Refuses a batch name that is not one plain folder name (no `/`, `..` or spaces): it is a path
/// on every host.
fn check_batch_name(name: &str) -> Result<(), Error> {
    let plain = (name.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if name.is_empty() || !plain {
        return Err(Error::invalid_index(format!(
            "batch name {name:?} is not a plain folder name"
        )));
    }
    Ok(())
}

crate::records! {
    /// A file's length and checksum, as the manifest writes them.
    #[derive(Eq)]
    pub struct FileEntry {
        /// Its length in bytes.
        pub bytes: u32;
        /// XXH3-64 of its bytes, 16 hexadecimal digits.
        pub xxh3: String;
    }
}

impl From<FileCheck> for FileEntry {
    fn from(check: FileCheck) -> Self {
        FileEntry {
            bytes: check.bytes,
            xxh3: format!("{:016x}", check.xxh3),
        }
    }
}

impl FileEntry {
    /// The check it describes.
    pub fn check(&self) -> Result<FileCheck, Error> {
        let xxh3 = u64::from_str_radix(&self.xxh3, 16)
            .ok()
            .filter(|_| self.xxh3.len() == 16)
            .ok_or_else(|| {
                Error::invalid_index(format!(
                    "the manifest's checksum {:?} is not 16 hex digits",
                    self.xxh3
                ))
            })?;
        Ok(FileCheck {
            bytes: self.bytes,
            xxh3,
        })
    }
}

crate::records! {
    /// One batch of documents in the manifest.
    #[derive(Eq)]
    pub struct BatchEntry {
        /// Its folder's name.
        pub name: String;
        /// The number of its first document; the others follow.
        pub first_document: u32;
        /// How many documents it holds.
        pub documents: u32;
        /// Their words.
        pub words: u64;
        /// Their postings.
        pub postings: u64;
        /// Top bits of a fingerprint that name its partition in this batch, in 4..=20.
        pub partition_bits: u32;
        /// Its `partitions.dir`.
        pub partitions: FileEntry;
        /// Its `groups.dir`.
        pub groups: FileEntry;
        /// Its `ids.bin`.
        pub ids: FileEntry;
    }
}

crate::records! {
    /// `manifest.json`: what a check reads first.
    pub struct Manifest {
        /// Always [`ARCHIVE_FORMAT`].
        pub format: String;
        /// [`ARCHIVE_VERSION`] when written by this plagscope.
        pub version: u32;
        /// The shingle hash scheme the fingerprints were made with.
        pub hash_scheme: u32;
        /// The options the documents were indexed with (a paper is analyzed with the same).
        pub options: CheckerOptions;
        /// How the files are cut.
        pub layout: Layout;
        /// The batches, in the order of their document numbers.
        pub batches: Vec<BatchEntry>;
        /// Ids of documents removed since their batch was written.
        pub removed: Vec<String>, default;
    }
}

impl Manifest {
    /// An archive of no batch yet.
    pub fn new(options: CheckerOptions, layout: Layout) -> Result<Self, Error> {
        options.validate()?;
        layout.validate()?;
        Ok(Manifest {
            format: ARCHIVE_FORMAT.into(),
            version: ARCHIVE_VERSION,
            hash_scheme: HASH_SCHEME_VERSION,
            options,
            layout,
            batches: Vec::new(),
            removed: Vec::new(),
        })
    }

    /// The manifest in `json`, checked: its format, versions, options, layout and batch numbers.
    pub fn parse(json: &str) -> Result<Self, Error> {
        let manifest: Manifest = serde_json::from_str(json).map_err(|e| {
            Error::invalid_index(format!("the archive's manifest cannot be read: {e}"))
        })?;
        manifest.check()?;
        Ok(manifest)
    }

    /// The manifest in an already parsed JSON value (the wasm binding reads the page's object
    /// through [`crate::json_path`], without a JSON text parser), checked like [`Manifest::parse`].
    pub fn from_value(value: &crate::json_path::Value) -> Result<Self, Error> {
        let manifest: Manifest = crate::json_path::from_value(value).map_err(|e| {
            Error::invalid_index(format!("the archive's manifest cannot be read: {e}"))
        })?;
        manifest.check()?;
        Ok(manifest)
    }

    /// The manifest as `manifest.json` writes it.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a manifest is plain data")
    }

    fn check(&self) -> Result<(), Error> {
        let invalid = |message: String| Err(Error::invalid_index(message));
        if self.format != ARCHIVE_FORMAT {
            return invalid(format!(
                "this is not a plagscope archive (format {:?})",
                self.format
            ));
        }
        if self.version != ARCHIVE_VERSION {
            return invalid(format!(
                "the archive is of format version {}; this plagscope reads version \
                 {ARCHIVE_VERSION} only: build the archive again",
                self.version
            ));
        }
        if self.hash_scheme != HASH_SCHEME_VERSION {
            return invalid(format!(
                "the archive's fingerprints are of hash scheme {}, this plagscope uses scheme \
                 {HASH_SCHEME_VERSION}; build the archive again",
                self.hash_scheme
            ));
        }
        self.options.validate()?;
        self.layout.validate()?;
        let mut next = 0u32;
        for (n, batch) in self.batches.iter().enumerate() {
            if self.batches[..n].iter().any(|b| b.name == batch.name) {
                return invalid(format!("the manifest lists batch {:?} twice", batch.name));
            }
            if batch.first_document != next {
                return invalid(format!(
                    "batch {:?} starts at document {} where {next} is expected",
                    batch.name, batch.first_document
                ));
            }
            check_batch_name(&batch.name)?;
            self.layout.with_partition_bits(batch.partition_bits)?;
            next = (batch.first_document.checked_add(batch.documents))
                .ok_or_else(|| Error::invalid_index("the archive numbers over 2^32 documents"))?;
        }
        ids::check_removed(&self.removed, self.documents())
    }

    /// Lists `entry` (a batch [`build::finish_batch`] made, its files written) as the archive's
    /// last batch: its name must be new and a plain folder name, its documents numbered right
    /// after the archive's (a job that numbered them against an older manifest is refused here,
    /// not when a check reads the manifest).
    pub fn add_batch_entry(&mut self, entry: BatchEntry) -> Result<(), Error> {
        check_batch_name(&entry.name)?;
        if self.batches.iter().any(|b| b.name == entry.name) {
            return Err(Error::invalid(
                "name",
                format!("the archive has a batch {:?} already", entry.name),
            ));
        }
        let next = self.documents();
        if u64::from(entry.first_document) != next {
            return Err(Error::invalid(
                "firstDocument",
                format!(
                    "batch {:?} starts at document {} where the archive's next is {next}",
                    entry.name, entry.first_document
                ),
            ));
        }
        if next + u64::from(entry.documents) > u64::from(u32::MAX) {
            return Err(Error::invalid(
                "documents",
                "an archive holds at most 2^32 documents",
            ));
        }
        self.layout.with_partition_bits(entry.partition_bits)?;
        entry.partitions.check()?;
        entry.groups.check()?;
        entry.ids.check()?;
        self.batches.push(entry);
        Ok(())
    }

    /// Lists `ids` as removed (each once, in the order first given): checks leave them out. The
    /// caller checks that the archive holds them (its batches' ids files); more removed ids than
    /// documents are refused here, the manifest unchanged, as [`Manifest::parse`] refuses them.
    pub fn remove_ids<'a>(&mut self, ids: impl IntoIterator<Item = &'a str>) -> Result<(), Error> {
        let mut removed = self.removed.clone();
        for id in ids {
            if !removed.iter().any(|r| r == id) {
                removed.push(id.to_string());
            }
        }
        ids::check_removed(&removed, self.documents())?;
        self.removed = removed;
        Ok(())
    }

    /// The layout of the next batch, of `documents` documents of about `words` words each: the
    /// archive's for its first batch (or a compaction's), else partitions sized for the batch's
    /// own postings ([`Layout::for_size`]), so that adding 1% more documents writes few files.
    pub fn batch_layout(&self, documents: u64, words: u64) -> Layout {
        if self.batches.is_empty() {
            return self.layout;
        }
        Layout {
            partition_bits: Layout::for_size(documents, words).partition_bits,
            ..self.layout
        }
    }

    /// The layout batch `batch` was cut by: the archive's, with the batch's partition bits.
    pub fn layout_of(&self, batch: &BatchEntry) -> Layout {
        Layout {
            partition_bits: batch.partition_bits,
            ..self.layout
        }
    }

    /// The documents of every batch, removed ones included.
    pub fn documents(&self) -> u64 {
        self.batches.iter().map(|b| u64::from(b.documents)).sum()
    }

    /// Where a batch's partition directory is.
    pub fn partitions_path(batch: &str) -> String {
        format!("{batch}/partitions.dir")
    }

    /// Where a batch's partition file is.
    pub fn partition_path(batch: &str, partition: u32) -> String {
        format!("{batch}/p/{partition:05x}.bin")
    }

    /// Where a batch's group directory is.
    pub fn groups_path(batch: &str) -> String {
        format!("{batch}/groups.dir")
    }

    /// Where a batch's ids are.
    pub fn ids_path(batch: &str) -> String {
        format!("{batch}/ids.bin")
    }

    /// Where a batch's group file is.
    pub fn group_path(batch: &str, group: u32) -> String {
        format!("{batch}/d/{group:05x}.bin")
    }
}

#[cfg(test)]
mod tests;
