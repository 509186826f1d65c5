//! Assembling a segment from its finished files: the one place where the checks of a segment's
//! partition and group files, its counts and its ids become its two directories, its ids file and
//! the manifest's entry. One process ([`super::build::add_segment`]) hands it the files it made;
//! the cluster job (the Python binding's `SegmentAssembly`) hands it the `(length, checksum)` its
//! workers return, never the files, so that no file passes through the scheduler.
//!
//! A segment is immutable once listed: adding documents assembles a new one, and compaction
//! merges every segment's documents into one new segment.

use crate::error::Error;

use super::directory::{encode_directory, FileCheck};
use super::ids::encode_ids;
use super::{check_segment_name, FileEntry, Layout, Manifest, SegmentEntry};

/// A segment being assembled: what its files' checks and counts add up to so far.
#[derive(Debug)]
pub struct SegmentAssembly {
    name: String,
    layout: Layout,
    first_document: u32,
    documents: u32,
    words: u64,
    postings: u64,
    /// One per partition of the layout; the default for a partition with no file.
    partitions: Vec<FileCheck>,
    /// One per group, in group order.
    groups: Vec<Option<FileCheck>>,
}

impl SegmentAssembly {
    /// Segment `name` of about `documents` documents of about `words` words each, to be listed
    /// next in `manifest`: its layout is [`Manifest::segment_layout`]'s, its documents numbered
    /// after the archive's. Refused if the name is taken or not a plain folder name.
    pub fn new(manifest: &Manifest, name: &str, documents: u64, words: u64) -> Result<Self, Error> {
        check_segment_name(name)?;
        manifest.check_new_segment_name(name)?;
        let first_document = u32::try_from(manifest.documents())
            .map_err(|_| Error::invalid("documents", "an archive holds at most 2^32 documents"))?;
        let layout = manifest.segment_layout(documents.max(1), words);
        Ok(SegmentAssembly {
            name: name.to_string(),
            layout,
            first_document,
            documents: 0,
            words: 0,
            postings: 0,
            partitions: vec![FileCheck::default(); layout.partitions() as usize],
            groups: Vec::new(),
        })
    }

    /// The layout the segment's parts cut their files by.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Counts a part's `documents` and their `words`.
    pub fn add_counts(&mut self, documents: u32, words: u64) -> Result<(), Error> {
        self.documents = (self.documents.checked_add(documents))
            .filter(|n| self.first_document.checked_add(*n).is_some())
            .ok_or_else(|| {
                Error::invalid("documents", "an archive holds at most 2^32 documents")
            })?;
        self.words += words;
        Ok(())
    }

    /// Lists partition `partition`'s final file, of `check`, holding `postings` postings.
    pub fn add_partition(
        &mut self,
        partition: u32,
        check: FileCheck,
        postings: u64,
    ) -> Result<(), Error> {
        let count = self.partitions.len();
        let Some(slot) = self.partitions.get_mut(partition as usize) else {
            let message = format!("the segment's layout has {count} partitions, not {partition}");
            return Err(Error::invalid("partition", message));
        };
        if *slot != FileCheck::default() {
            let message = format!("partition {partition} is listed twice");
            return Err(Error::invalid("partition", message));
        }
        *slot = check;
        self.postings += postings;
        Ok(())
    }

    /// Lists group `group`'s file, of `check`.
    pub fn add_group(&mut self, group: u32, check: FileCheck) -> Result<(), Error> {
        let index = group as usize;
        if index >= self.groups.len() {
            self.groups.resize(index + 1, None);
        }
        if self.groups[index].replace(check).is_some() {
            let message = format!("group {group} is listed twice");
            return Err(Error::invalid("group", message));
        }
        Ok(())
    }

    /// The segment's directories and ids file by path, for the caller to write before the
    /// manifest, which now lists the segment. `ids` are its documents' in number order. Refused,
    /// the manifest unchanged, if a group is missing or the counts do not match.
    pub fn finish(
        &self,
        manifest: &mut Manifest,
        ids: &[&str],
    ) -> Result<Vec<(String, Vec<u8>)>, Error> {
        let groups = self.checked_groups(ids.len())?;
        let partitions_directory = encode_directory(&self.partitions);
        let groups_directory = encode_directory(&groups);
        let ids_file = encode_ids(ids);
        let entry = SegmentEntry {
            name: self.name.clone(),
            first_document: self.first_document,
            documents: self.documents,
            words: self.words,
            postings: self.postings,
            partition_bits: self.layout.partition_bits,
            partitions: FileEntry::from(FileCheck::of(&partitions_directory)),
            groups: FileEntry::from(FileCheck::of(&groups_directory)),
            ids: FileEntry::from(FileCheck::of(&ids_file)),
        };
        manifest.add_segment_entry(entry)?;
        Ok(vec![
            (Manifest::partitions_path(&self.name), partitions_directory),
            (Manifest::groups_path(&self.name), groups_directory),
            (Manifest::ids_path(&self.name), ids_file),
        ])
    }

    /// Every group's check, if the groups are the ones `ids` documents fill.
    fn checked_groups(&self, ids: usize) -> Result<Vec<FileCheck>, Error> {
        if ids != self.documents as usize {
            let message = format!("{ids} ids for {} documents", self.documents);
            return Err(Error::invalid("ids", message));
        }
        let expected = ids.div_ceil(self.layout.group_documents as usize);
        let groups: Option<Vec<FileCheck>> = self.groups.iter().copied().collect();
        match groups {
            Some(groups) if groups.len() == expected => Ok(groups),
            _ => Err(Error::invalid(
                "groups",
                format!(
                    "{} documents fill {expected} groups; {} of them are listed",
                    self.documents,
                    self.groups.iter().flatten().count()
                ),
            )),
        }
    }
}
