//! Building a batch: documents analyzed one at a time into postings by partition and document
//! groups, in memory, for the caller to write (the Python binding's cluster job, a test).
//!
//! A distributed build cuts a batch into parts at group boundaries, one [`BatchPart`] per task;
//! each part's partitions are merged across parts ([`super::postings::merge_partitions`]), its
//! groups are whole; [`finish_batch`] then writes the directories and the manifest's entry. One
//! part holding the whole batch gives the same files, byte for byte.

use crate::checker::{indexed_fingerprints, CheckerOptions};
use crate::error::Error;

use super::directory::{encode_directory, FileCheck};
use super::documents::encode_group;
use super::ids::{encode_ids, quoted_id};
use super::postings::{encode_partition, partition_postings, Posting};
use super::{BatchEntry, Layout, Manifest};

/// A document as a batch takes it.
#[derive(Debug, Clone)]
struct Pending {
    id: String,
    title: String,
    words: u64,
    text: String,
}

/// A run of consecutive documents of a batch, starting at a group boundary, being analyzed.
pub struct BatchPart {
    options: CheckerOptions,
    layout: Layout,
    /// The batch-relative number of the part's first document.
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
    /// Group number (within the batch) and file, ascending.
    pub groups: Vec<(u32, Vec<u8>)>,
}

impl BatchPart {
    /// A part whose first document is the batch's document `first` (a multiple of the layout's
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
        Ok(BatchPart {
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

    /// Analyzes and adds a document; returns its number within the batch. Ids are not checked
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

/// A finished batch's two directory files and its manifest entry, from its final partition and
/// group files' checks (`partitions[p]` for every partition, the default for one not written).
pub struct FinishedBatch {
    /// `partitions.dir`.
    pub partitions_directory: Vec<u8>,
    /// `groups.dir`.
    pub groups_directory: Vec<u8>,
    /// `ids.bin`.
    pub ids_file: Vec<u8>,
    /// The batch's entry for the manifest.
    pub entry: BatchEntry,
}

/// The directories, ids file and entry of batch `name`, numbered from `first_document`, whose
/// documents have `ids` in number order. `partitions` lists every partition of the batch's
/// layout, 2^bits of them: the entry's partition bits are its length's (a caller's list of
/// another length gives bits the manifest refuses).
pub fn finish_batch(
    name: &str,
    (first_document, documents, words, postings): (u32, u32, u64, u64),
    (partitions, groups): (&[FileCheck], &[FileCheck]),
    ids: &[&str],
) -> FinishedBatch {
    let partitions_directory = encode_directory(partitions);
    let groups_directory = encode_directory(groups);
    let ids_file = encode_ids(ids);
    let entry = BatchEntry {
        name: name.to_string(),
        first_document,
        documents,
        words,
        postings,
        partition_bits: partitions.len().max(1).ilog2(),
        partitions: FileCheck::of(&partitions_directory).into(),
        groups: FileCheck::of(&groups_directory).into(),
        ids: FileCheck::of(&ids_file).into(),
    };
    FinishedBatch {
        partitions_directory,
        groups_directory,
        ids_file,
        entry,
    }
}

/// Adds a batch named `name` of `documents` (id, title, text) to the archive of `manifest`, in
/// one process: the batch's files by path, for the caller to write before the new manifest
/// (`manifest.to_json()`), which then lists the batch. Its layout is
/// [`Manifest::batch_layout`]'s, for its documents' white-space separated words.
pub fn add_batch<'a>(
    manifest: &mut Manifest,
    name: &str,
    documents: impl IntoIterator<Item = (&'a str, &'a str, &'a str)>,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    if manifest.batches.iter().any(|b| b.name == name) {
        return Err(Error::invalid(
            "name",
            format!("the archive has a batch {name:?} already"),
        ));
    }
    let documents: Vec<_> = documents.into_iter().collect();
    let words: usize = (documents.iter())
        .map(|d| d.2.split_whitespace().count())
        .sum();
    let count = documents.len().max(1) as u64;
    let layout = manifest.batch_layout(count, words as u64 / count);
    let mut part = BatchPart::new(manifest.options.clone(), layout, 0)?;
    let mut ids = Vec::new();
    for (id, title, text) in documents {
        ids.push(id);
        part.add(id, title, text)
            .map_err(|e| e.about(&format!("document {}", quoted_id(id))))?;
    }
    let files = part.finish()?;
    let mut partitions = vec![FileCheck::default(); layout.partitions() as usize];
    let mut groups = vec![FileCheck::default(); files.groups.len()];
    let mut postings = 0;
    let mut written = Vec::new();
    for (partition, bytes) in files.partitions {
        postings += partition_postings(&bytes)?;
        partitions[partition as usize] = FileCheck::of(&bytes);
        written.push((Manifest::partition_path(name, partition), bytes));
    }
    for (group, bytes) in files.groups {
        groups[group as usize] = FileCheck::of(&bytes);
        written.push((Manifest::group_path(name, group), bytes));
    }
    let first_document = u32::try_from(manifest.documents())
        .ok()
        .and_then(|n| n.checked_add(files.documents).map(|_| n))
        .ok_or_else(|| Error::invalid("documents", "an archive holds at most 2^32 documents"))?;
    let counts = (first_document, files.documents, files.words, postings);
    let finished = finish_batch(name, counts, (&partitions, &groups), &ids);
    manifest.add_batch_entry(finished.entry)?;
    written.push((
        Manifest::partitions_path(name),
        finished.partitions_directory,
    ));
    written.push((Manifest::groups_path(name), finished.groups_directory));
    written.push((Manifest::ids_path(name), finished.ids_file));
    Ok(written)
}
