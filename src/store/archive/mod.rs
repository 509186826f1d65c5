//! Archives: a reference set too large for one browser, indexed once (on a cluster, through the
//! Python binding) and published as static files, of which a check fetches only what the paper's
//! fingerprints touch. The paper never leaves the machine; the host learns which partitions and
//! which candidate documents were fetched.
//!
//! An archive is a folder (or a URL prefix):
//!
//! | path | content |
//! |---|---|
//! | `manifest.json` | [`Manifest`]: format version, hash scheme, the set's options, the [`Layout`], its segments, removed ids, counts, and each segment's two directories' lengths and checksums |
//! | `{segment}/partitions.dir` | the length and checksum of each postings partition of the segment ([`directory`]) |
//! | `{segment}/p/{partition:05x}.bin` | the (fingerprint, document) pairs whose fingerprints fall in the partition's range ([`postings`]); absent when the segment has none |
//! | `{segment}/groups.dir` | the length and checksum of each document group of the segment |
//! | `{segment}/d/{group:05x}.bin` | [`Layout::group_documents`] consecutive documents: id, title, words, text ([`documents`]) |
//! | `{segment}/ids.bin` | the segment's ids in number order ([`ids`]), for a build that adds documents; a check never reads it |
//!
//! A partition of a segment is the fingerprints sharing their top
//! [`SegmentEntry::partition_bits`] bits: fingerprints are uniformly spread, so every partition
//! holds about as many postings, and, once a segment has many documents, postings of many
//! documents. Each segment has bits of its own, sized for its own postings
//! ([`Manifest::segment_layout`]): a segment of 1% more documents writes 1% of the partition
//! files, not as many as the archive's first segment.
//!
//! A segment is a set of documents indexed at once (numbered from its `firstDocument`) and never
//! changed after: adding documents writes a new segment and a new manifest, nothing else
//! ([`assembly`]); removing one lists its id in the manifest; compaction merges every segment into
//! one new segment, leaving out the removed documents.

pub mod assembly;
pub mod build;
pub mod directory;
pub mod documents;
pub mod ids;
mod layout;
pub mod postings;
pub mod query;

use crate::checker::CheckerOptions;
use crate::error::Error;
use crate::sketch::HASH_SCHEME_VERSION;

use directory::FileCheck;
pub use layout::{Layout, POSTINGS_PER_PARTITION};

/// What `manifest.json`'s `format` says.
pub const ARCHIVE_FORMAT: &str = "plagscope-archive";

/// The version of the archive's files this plagscope writes and reads.
/// 2: each segment has its own partition bits (version 1 had one for the whole archive).
/// 3: the manifest lists `segments` (version 2 called them `batches`).
pub const ARCHIVE_VERSION: u32 = 3;

/// Refuses a manifest of another format or version before its fields are read: a version
/// names its fields otherwise (version 2's `batches`), and the error should say to build again.
fn check_format(manifest: &crate::json_path::Value) -> Result<(), Error> {
    let format = manifest.get("format").and_then(|f| f.as_str());
    if format != Some(ARCHIVE_FORMAT) {
        return Err(Error::invalid_index(format!(
            "this is not a plagscope archive (format {})",
            manifest
                .get("format")
                .unwrap_or(&crate::json_path::Value::Null)
        )));
    }
    let version = manifest.get("version").and_then(|v| v.as_u64());
    if version != Some(u64::from(ARCHIVE_VERSION)) {
        return Err(Error::invalid_index(format!(
            "the archive is of format version {}; this plagscope reads version {ARCHIVE_VERSION} \
             only: build the archive again",
            manifest
                .get("version")
                .unwrap_or(&crate::json_path::Value::Null)
        )));
    }
    Ok(())
}

/// The name of a new segment: `s0000`, or the one after the highest `sNNNN` of `taken` (the
/// segments of the archive, and of the one on disk when a compaction writes a new manifest).
pub fn next_segment_name<'a>(taken: impl IntoIterator<Item = &'a str>) -> String {
    let numbers = taken.into_iter().filter_map(|name| {
        let digits = name.strip_prefix('s')?;
        let plain = digits.len() >= 4 && digits.bytes().all(|b| b.is_ascii_digit());
        plain.then(|| digits.parse::<u64>().ok()).flatten()
    });
    format!("s{:04}", numbers.max().map_or(0, |n| n + 1))
}

/// Refuses a segment name that is not one plain folder name (no `/`, `..` or spaces): it is a path
/// on every host.
fn check_segment_name(name: &str) -> Result<(), Error> {
    let plain = (name.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if name.is_empty() || !plain {
        return Err(Error::invalid_index(format!(
            "segment name {name:?} is not a plain folder name"
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
    /// One segment of documents in the manifest.
    #[derive(Eq)]
    pub struct SegmentEntry {
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
        /// Top bits of a fingerprint that name its partition in this segment, in 4..=20.
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
        /// The segments, in the order of their document numbers.
        pub segments: Vec<SegmentEntry>;
        /// Ids of documents removed since their segment was written.
        pub removed: Vec<String>, default;
    }
}

impl Manifest {
    /// An archive of no segment yet.
    pub fn new(options: CheckerOptions, layout: Layout) -> Result<Self, Error> {
        options.validate()?;
        layout.validate()?;
        Ok(Manifest {
            format: ARCHIVE_FORMAT.into(),
            version: ARCHIVE_VERSION,
            hash_scheme: HASH_SCHEME_VERSION,
            options,
            layout,
            segments: Vec::new(),
            removed: Vec::new(),
        })
    }

    /// The manifest in `json`, checked: its format, versions, options, layout and segment numbers.
    pub fn parse(json: &str) -> Result<Self, Error> {
        let unreadable =
            |e| Error::invalid_index(format!("the archive's manifest cannot be read: {e}"));
        let value: serde_json::Value = serde_json::from_str(json).map_err(unreadable)?;
        check_format(&value)?;
        let manifest: Manifest = serde_json::from_value(value).map_err(unreadable)?;
        manifest.check()?;
        Ok(manifest)
    }

    /// The manifest in an already parsed JSON value (the wasm binding reads the page's object
    /// through [`crate::json_path`], without a JSON text parser), checked like [`Manifest::parse`].
    pub fn from_value(value: &crate::json_path::Value) -> Result<Self, Error> {
        check_format(value)?;
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
        for (n, segment) in self.segments.iter().enumerate() {
            if self.segments[..n].iter().any(|b| b.name == segment.name) {
                return invalid(format!(
                    "the manifest lists segment {:?} twice",
                    segment.name
                ));
            }
            if segment.first_document != next {
                return invalid(format!(
                    "segment {:?} starts at document {} where {next} is expected",
                    segment.name, segment.first_document
                ));
            }
            check_segment_name(&segment.name)?;
            self.layout.with_partition_bits(segment.partition_bits)?;
            next = (segment.first_document.checked_add(segment.documents))
                .ok_or_else(|| Error::invalid_index("the archive numbers over 2^32 documents"))?;
        }
        ids::check_removed(&self.removed, self.documents())
    }

    /// Lists `entry` (a segment [`build::finish_segment`] made, its files written) as the archive's
    /// last segment: its name must be new and a plain folder name, its documents numbered right
    /// after the archive's (a job that numbered them against an older manifest is refused here,
    /// not when a check reads the manifest).
    pub fn add_segment_entry(&mut self, entry: SegmentEntry) -> Result<(), Error> {
        check_segment_name(&entry.name)?;
        self.check_new_segment_name(&entry.name)?;
        let next = self.documents();
        if u64::from(entry.first_document) != next {
            return Err(Error::invalid(
                "firstDocument",
                format!(
                    "segment {:?} starts at document {} where the archive's next is {next}",
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
        self.segments.push(entry);
        Ok(())
    }

    /// Refuses `name` if a segment of the archive has it.
    pub fn check_new_segment_name(&self, name: &str) -> Result<(), Error> {
        if self.segments.iter().any(|s| s.name == name) {
            return Err(Error::invalid(
                "name",
                format!("the archive has a segment {name:?} already"),
            ));
        }
        Ok(())
    }

    /// Lists `ids` as removed (each once, in the order first given): checks leave them out. The
    /// caller checks that the archive holds them (its segments' ids files); more removed ids than
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

    /// The layout of the next segment, of `documents` documents of about `words` words each: the
    /// archive's for its first segment (or a compaction's), else partitions sized for the segment's
    /// own postings ([`Layout::for_size`]), so that adding 1% more documents writes few files.
    pub fn segment_layout(&self, documents: u64, words: u64) -> Layout {
        if self.segments.is_empty() {
            return self.layout;
        }
        Layout {
            partition_bits: Layout::for_size(documents, words).partition_bits,
            ..self.layout
        }
    }

    /// The layout segment `segment` was cut by: the archive's, with the segment's partition bits.
    pub fn layout_of(&self, segment: &SegmentEntry) -> Layout {
        Layout {
            partition_bits: segment.partition_bits,
            ..self.layout
        }
    }

    /// The documents of every segment, removed ones included.
    pub fn documents(&self) -> u64 {
        self.segments.iter().map(|b| u64::from(b.documents)).sum()
    }

    /// Where a segment's partition directory is.
    pub fn partitions_path(segment: &str) -> String {
        format!("{segment}/partitions.dir")
    }

    /// Where a segment's partition file is.
    pub fn partition_path(segment: &str, partition: u32) -> String {
        format!("{segment}/p/{partition:05x}.bin")
    }

    /// Where a segment's group directory is.
    pub fn groups_path(segment: &str) -> String {
        format!("{segment}/groups.dir")
    }

    /// Where a segment's ids are.
    pub fn ids_path(segment: &str) -> String {
        format!("{segment}/ids.bin")
    }

    /// Where a segment's group file is.
    pub fn group_path(segment: &str, group: u32) -> String {
        format!("{segment}/d/{group:05x}.bin")
    }
}

#[cfg(test)]
mod tests;
