//! Building a segment: documents analyzed one at a time into postings by partition and document
//! groups, in memory, for the caller to write (the Python binding's cluster job, a test).
//!
//! A distributed build cuts a segment into parts at group boundaries, one [`SegmentPart`] per task;
//! each part's partitions are merged across parts ([`super::postings::merge_partitions`]), its
//! groups are whole; a [`SegmentAssembly`] then writes the directories and the manifest's entry.
//! One part holding the whole segment gives the same files, byte for byte ([`add_segment`]).

use crate::checker::{indexed_fingerprints, CheckerOptions};
use crate::error::Error;

use super::assembly::SegmentAssembly;
use super::directory::FileCheck;
use super::documents::encode_group;
use super::ids::quoted_id;
use super::postings::{encode_partition, partition_postings, Posting};
use super::{Layout, Manifest};

/// A document as a segment takes it.
#[derive(Debug, Clone)]
struct Pending {
    id: String,
    title: String,
    words: u64,
    text: String,
}

/// A run of consecutive documents of a segment, starting at a group boundary, being analyzed.
pub struct SegmentPart {
    options: CheckerOptions,
    layout: Layout,
    /// The segment-relative number of the part's first document.
    first: u32,
    pending: Vec<Pending>,
    documents: u32,
    words: u64,
    postings: Vec<Posting>,
    groups: Vec<(u32, Vec<u8>)>,
}

/// What a part leaves: its postings' partition files (the partitions it has postings in) and its
/// group files, with its counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartFiles {
    /// Documents it holds.
    pub documents: u32,
    /// Their words.
    pub words: u64,
    /// Partition number and file, ascending.
    pub partitions: Vec<(u32, Vec<u8>)>,
    /// Group number (within the segment) and file, ascending.
    pub groups: Vec<(u32, Vec<u8>)>,
}

impl SegmentPart {
    /// A part whose first document is the segment's document `first` (a multiple of the layout's
    /// group size).
    pub fn new(options: CheckerOptions, layout: Layout, first: u32) -> Result<Self, Error> {
        options.validate()?;
        layout.validate()?;
        if first % layout.group_documents != 0 {
            return Err(Error::invalid(
                "first",
                format!(
                    "a part must start at a group boundary (a multiple of {}), got {first}",
                    layout.group_documents
                ),
            ));
        }
        Ok(SegmentPart {
            options,
            layout,
            first,
            pending: Vec::new(),
            documents: 0,
            words: 0,
            postings: Vec::new(),
            groups: Vec::new(),
        })
    }

    /// Analyzes and adds a document; returns its number within the segment. Ids are not checked
    /// for uniqueness here: the job that numbers the documents knows them all.
    pub fn add(&mut self, id: &str, title: &str, text: &str) -> Result<u32, Error> {
        let characters = id.chars().count();
        if id.is_empty() || characters > 1024 {
            return Err(Error::input(
                "id",
                format!("must be 1 to 1024 characters, got {characters}"),
            ));
        }
        let number = self.first + self.documents;
        let (fingerprints, words) = indexed_fingerprints(&self.options, text)?;
        self.postings
            .extend(fingerprints.into_iter().map(|f| (f, number)));
        self.pending.push(Pending {
            id: id.to_string(),
            title: if title.is_empty() { id } else { title }.to_string(),
            words: words as u64,
            text: text.to_string(),
        });
        self.documents += 1;
        self.words += words as u64;
        if self.pending.len() == self.layout.group_documents as usize {
            self.flush_group()?;
        }
        Ok(number)
    }

    /// Writes the pending documents as their group's file.
    fn flush_group(&mut self) -> Result<(), Error> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let size = self.layout.group_documents;
        let group = (self.first + self.documents - 1) / size;
        let records: Vec<(&str, &str, u64, &str)> = (self.pending.iter())
            .map(|d| (d.id.as_str(), d.title.as_str(), d.words, d.text.as_str()))
            .collect();
        let file = encode_group(group, &records)?;
        self.groups.push((group, file));
        self.pending.clear();
        Ok(())
    }

    /// The part's files.
    pub fn finish(mut self) -> Result<PartFiles, Error> {
        self.flush_group()?;
        let layout = self.layout;
        self.postings
            .sort_unstable_by_key(|&(f, d)| (layout.partition_of(f), f, d));
        let mut partitions = Vec::new();
        let mut rest = self.postings.as_slice();
        while let Some(&(first, _)) = rest.first() {
            let partition = layout.partition_of(first);
            let end = rest
                .iter()
                .position(|&(f, _)| layout.partition_of(f) != partition)
                .unwrap_or(rest.len());
            partitions.push((
                partition,
                encode_partition(partition, &mut rest[..end].to_vec()),
            ));
            rest = &rest[end..];
        }
        Ok(PartFiles {
            documents: self.documents,
            words: self.words,
            partitions,
            groups: self.groups,
        })
    }
}

/// Adds a segment named `name` of `documents` (id, title, text) to the archive of `manifest`, in
/// one process: the segment's files by path, for the caller to write before the new manifest
/// (`manifest.to_json()`), which then lists the segment. Its layout is
/// [`Manifest::segment_layout`]'s, for its documents' white-space separated words.
pub fn add_segment<'a>(
    manifest: &mut Manifest,
    name: &str,
    documents: impl IntoIterator<Item = (&'a str, &'a str, &'a str)>,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let documents: Vec<_> = documents.into_iter().collect();
    let words: usize = (documents.iter())
        .map(|d| d.2.split_whitespace().count())
        .sum();
    let count = documents.len().max(1) as u64;
    let mut assembly = SegmentAssembly::new(manifest, name, count, words as u64 / count)?;
    let mut part = SegmentPart::new(manifest.options.clone(), assembly.layout(), 0)?;
    let mut ids = Vec::new();
    for (id, title, text) in documents {
        ids.push(id);
        part.add(id, title, text)
            .map_err(|e| e.about(&format!("document {}", quoted_id(id))))?;
    }
    let files = part.finish()?;
    assembly.add_counts(files.documents, files.words)?;
    let mut written = Vec::new();
    for (partition, bytes) in files.partitions {
        assembly.add_partition(
            partition,
            FileCheck::of(&bytes),
            partition_postings(&bytes)?,
        )?;
        written.push((Manifest::partition_path(name, partition), bytes));
    }
    for (group, bytes) in files.groups {
        assembly.add_group(group, FileCheck::of(&bytes))?;
        written.push((Manifest::group_path(name, group), bytes));
    }
    written.extend(assembly.finish(manifest, &ids)?);
    Ok(written)
}
