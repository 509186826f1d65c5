//! Checking a paper against an archive without sending it anywhere: the query says which files it
//! wants, the caller fetches them (from a folder, or over HTTP from a static host) and hands them
//! back, until it wants nothing more; the candidates' documents then become a reference set, and
//! the paper is checked against them like against a local library.
//!
//! 1. Each segment's two directories.
//! 2. Each segment's postings partitions of the paper's fingerprints, by the segment's own
//!    partition bits (and `cover` partitions more, chosen at random, so that the host cannot tell the
//!    paper's from the others), each verified against its directory; each fingerprint's postings
//!    count its documents' shared fingerprints.
//! 3. The groups of the documents sharing the most (up to `maxCandidates`), verified likewise.
//!
//! A file that cannot be fetched or is damaged is recorded ([`ArchiveQuery::failures`]) and the
//! rest goes on: the report is made from what arrived, and says what did not.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap as HashMap;

use crate::align::DEFAULT_MAX_DOC_FREQUENCY;
use crate::checker::{placed_fingerprints, PlacedFingerprint, Reference};
use crate::error::Error;
use crate::sketch::minhash::splitmix64;

use super::directory::{decode_directory, FileCheck};
use super::documents::{decode_group, ArchivedDocument};
use super::postings::decode_partition;
use super::{Layout, Manifest};

mod evidence;

use evidence::{reach, sample, Evidence};

crate::options! {
    /// What a check against an archive may fetch.
    pub struct ArchiveQueryOptions {
        /// Most documents fetched to align the paper with: those sharing the most fingerprints.
        pub max_candidates: usize = 20, in 1..=1000;
        /// Partitions fetched beyond the paper's in each segment, chosen at random, as cover: the
        /// host then cannot tell which of the partitions it served hold the paper's fingerprints.
        pub cover: usize = 0, in 0..=1_048_576;
        /// Seed of the cover's choice (the caller's randomness: the engine has none).
        pub seed: usize = 0;
        /// Most of the paper's fingerprints looked up (0: all): a longer paper looks up this
        /// many of them, the same sample whatever asks (those whose mixed value is smallest).
        /// A check then fetches about this many partitions a segment, whatever the paper's length
        /// (each a request: a 5,000-word paper has about 1,500 fingerprints), and a copied passage
        /// of n fingerprints keeps about n × this / all of them.
        pub max_fingerprints: usize = 400, in 0..=16_777_216;
        /// A fingerprint held by more documents than this is common phrasing where it covers a
        /// stock phrase of the paper (up to 20 words), and counts for none of them; a longer
        /// stretch held by that many is a popular source, and counts for all (as `align`'s
        /// option of the same name in a check of a library).
        pub max_doc_frequency: usize = DEFAULT_MAX_DOC_FREQUENCY, in 1..=1_000_000;
    }
}

/// A file the query is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Partitions(usize),
    Groups(usize),
    Partition(usize, u32),
    Group(usize, u32),
}

/// A segment's directories, once fetched (an empty list when they could not be).
#[derive(Debug, Default)]
struct SegmentFiles {
    partitions: Option<Vec<FileCheck>>,
    groups: Option<Vec<FileCheck>>,
}

/// A check of one paper against an archive, in progress.
pub struct ArchiveQuery {
    manifest: Manifest,
    max_candidates: usize,
    max_doc_frequency: usize,
    /// The paper's fingerprints looked up, ascending, and where each is in the paper (in the
    /// same order).
    fingerprints: Vec<u64>,
    places: Vec<PlacedFingerprint>,
    /// The most token weight between the starts of two fingerprints looked up inside one shared
    /// stretch: winnowing keeps one in every window, and sampling keeps some of those.
    reach: u64,
    /// Each segment's partitions to fetch, by its own bits, ascending.
    partitions: Vec<Vec<u32>>,
    segments: Vec<SegmentFiles>,
    outstanding: HashMap<String, Wanted>,
    /// Each received fingerprint of the paper's with the documents holding it.
    holders: HashMap<u64, Vec<u32>>,
    /// Whether the partitions were asked for.
    partitions_sent: bool,
    /// Groups asked for (each is asked for once).
    groups_sent: BTreeSet<(usize, u32)>,
    candidates: Option<Vec<(u32, usize)>>,
    documents: BTreeMap<u32, ArchivedDocument>,
    failures: Vec<String>,
    bytes: u64,
}

impl ArchiveQuery {
    /// A query for `paper` against the archive whose `manifest.json` is `manifest`.
    pub fn new(manifest: &str, paper: &str, options: ArchiveQueryOptions) -> Result<Self, Error> {
        Self::with_manifest(Manifest::parse(manifest)?, paper, options)
    }

    /// A query for `paper` against the archive of `manifest`, already read.
    pub fn with_manifest(
        manifest: Manifest,
        paper: &str,
        options: ArchiveQueryOptions,
    ) -> Result<Self, Error> {
        options.validate()?;
        let placed = placed_fingerprints(&manifest.options, paper)?;
        let all = placed.len();
        let places = sample(placed, options.max_fingerprints);
        let fingerprints: Vec<u64> = places.iter().map(|p| p.fingerprint).collect();
        let reach = reach(&manifest.options, all, places.len())?;
        let mut state = options.seed as u64;
        let partitions = (manifest.segments.iter())
            .map(|segment| {
                let layout = manifest.layout_of(segment);
                partitions_to_fetch(layout, &fingerprints, options.cover, &mut state)
            })
            .collect();
        let segments = manifest
            .segments
            .iter()
            .map(|_| SegmentFiles::default())
            .collect();
        Ok(ArchiveQuery {
            manifest,
            max_candidates: options.max_candidates,
            max_doc_frequency: options.max_doc_frequency,
            fingerprints,
            places,
            reach,
            partitions,
            segments,
            outstanding: HashMap::default(),
            holders: HashMap::default(),
            partitions_sent: false,
            groups_sent: BTreeSet::new(),
            candidates: None,
            documents: BTreeMap::new(),
            failures: Vec::new(),
            bytes: 0,
        })
    }

    /// The archive's manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The paths (relative to the archive's folder) to fetch next; empty when the query has all it
    /// needs. Every path is to be handed back once, with its bytes or the reason it is missing;
    /// while some are not, they are what this gives again (the next step needs them all).
    pub fn wanted(&mut self) -> Vec<String> {
        if !self.outstanding.is_empty() {
            let mut waiting: Vec<String> = self.outstanding.keys().cloned().collect();
            waiting.sort_unstable();
            return waiting;
        }
        let wanted = self.next_files();
        for (path, file) in &wanted {
            self.outstanding.insert(path.clone(), *file);
        }
        wanted.into_iter().map(|(path, _)| path).collect()
    }

    /// The files of the next step, when the one before is complete.
    fn next_files(&mut self) -> Vec<(String, Wanted)> {
        let names: Vec<String> = self
            .manifest
            .segments
            .iter()
            .map(|b| b.name.clone())
            .collect();
        if self.segments.iter().any(|b| b.partitions.is_none()) {
            return (names.iter().enumerate())
                .flat_map(|(b, name)| {
                    [
                        (Manifest::partitions_path(name), Wanted::Partitions(b)),
                        (Manifest::groups_path(name), Wanted::Groups(b)),
                    ]
                })
                .collect();
        }
        if self.candidates.is_none() {
            let mut files = Vec::new();
            if !self.partitions_sent {
                self.partitions_sent = true;
                for (b, segment) in self.segments.iter().enumerate() {
                    let entries = segment.partitions.as_deref().unwrap_or_default();
                    for &p in &self.partitions[b] {
                        if entries.get(p as usize).is_some_and(|e| e.bytes > 0) {
                            files.push((
                                Manifest::partition_path(&names[b], p),
                                Wanted::Partition(b, p),
                            ));
                        }
                    }
                }
                if !files.is_empty() {
                    return files;
                }
            }
            self.candidates = Some(self.rank());
        }
        let mut groups = BTreeSet::new();
        for &(number, _) in self.candidates.as_deref().unwrap_or_default() {
            if self.documents.contains_key(&number) {
                continue;
            }
            if let Some((b, group)) = self.group_of(number) {
                groups.insert((b, group));
            }
        }
        self.groups_sent.extend(groups.iter().copied());
        (groups.into_iter())
            .map(|(b, g)| (Manifest::group_path(&names[b], g), Wanted::Group(b, g)))
            .collect()
    }

    /// The segment and group of document `number`, if its group exists and was not already tried.
    fn group_of(&self, number: u32) -> Option<(usize, u32)> {
        let b = (self.manifest.segments.iter()).position(|segment| {
            (segment.first_document..segment.first_document + segment.documents).contains(&number)
        })?;
        let segment = &self.manifest.segments[b];
        let group = (number - segment.first_document) / self.manifest.layout.group_documents;
        let entries = self.segments[b].groups.as_deref()?;
        let exists = entries.get(group as usize).is_some_and(|e| e.bytes > 0);
        (exists && !self.groups_sent.contains(&(b, group))).then_some((b, group))
    }

    /// Takes the file at `path` (one [`ArchiveQuery::wanted`] gave): its bytes, or why it could not
    /// be fetched. A file that is missing or damaged is recorded as a failure and left out.
    pub fn receive(&mut self, path: &str, file: Result<&[u8], String>) -> Result<(), Error> {
        let Some(wanted) = self.outstanding.remove(path) else {
            return Err(Error::input(
                "path",
                format!("{path:?} is not a file this check asked for"),
            ));
        };
        let outcome = file.map_err(Error::invalid_index).and_then(|bytes| {
            self.bytes += bytes.len() as u64;
            self.take(wanted, path, bytes)
        });
        if let Err(error) = outcome {
            self.failures.push(format!("{path}: {error}"));
            self.mark_missing(wanted);
        }
        Ok(())
    }

    /// A failed file's place: a directory that could not be read lists nothing.
    fn mark_missing(&mut self, wanted: Wanted) {
        match wanted {
            Wanted::Partitions(b) => self.segments[b].partitions = Some(Vec::new()),
            Wanted::Groups(b) => self.segments[b].groups = Some(Vec::new()),
            Wanted::Partition(..) | Wanted::Group(..) => {}
        }
    }

    fn take(&mut self, wanted: Wanted, path: &str, bytes: &[u8]) -> Result<(), Error> {
        let layout = self.manifest.layout;
        match wanted {
            Wanted::Partitions(b) => {
                let segment = &self.manifest.segments[b];
                let bytes = segment.partitions.check()?.verify(bytes, path)?;
                let count = self.manifest.layout_of(segment).partitions() as usize;
                let entries = decode_directory(bytes, count, path)?;
                self.segments[b].partitions = Some(entries);
            }
            Wanted::Groups(b) => {
                let segment = &self.manifest.segments[b];
                let bytes = segment.groups.check()?.verify(bytes, path)?;
                let expected = segment.documents.div_ceil(layout.group_documents) as usize;
                self.segments[b].groups = Some(decode_directory(bytes, expected, path)?);
            }
            Wanted::Partition(b, p) => {
                let entries = self.segments[b].partitions.as_deref().unwrap_or_default();
                let bytes = entries[p as usize].verify(bytes, path)?;
                let first = self.manifest.segments[b].first_document;
                for (fingerprint, document) in decode_partition(p, bytes)? {
                    if self.fingerprints.binary_search(&fingerprint).is_ok() {
                        self.holders
                            .entry(fingerprint)
                            .or_default()
                            .push(first + document);
                    }
                }
            }
            Wanted::Group(b, g) => {
                let entries = self.segments[b].groups.as_deref().unwrap_or_default();
                let bytes = entries[g as usize].verify(bytes, path)?;
                let segment = &self.manifest.segments[b];
                let first = segment.first_document + g * layout.group_documents;
                for (n, document) in decode_group(g, bytes)?.into_iter().enumerate() {
                    self.documents.insert(first + n as u32, document);
                }
            }
        }
        Ok(())
    }

    /// The documents sharing the paper's fingerprints that are evidence ([`Evidence`]), most
    /// first, up to `maxCandidates`.
    fn rank(&self) -> Vec<(u32, usize)> {
        let mut shared: HashMap<u32, usize> = HashMap::default();
        let evidence = Evidence {
            places: &self.places,
            max_doc_frequency: self.max_doc_frequency,
            reach: self.reach,
        };
        for fingerprint in evidence.of(&self.holders) {
            for &d in &self.holders[&fingerprint] {
                *shared.entry(d).or_default() += 1;
            }
        }
        let mut ranked: Vec<(u32, usize)> = shared.into_iter().collect();
        ranked.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(self.max_candidates);
        ranked
    }

    /// The candidate documents fetched, as references (removed ones left out), most shared first.
    pub fn references(&self) -> Vec<Reference> {
        let removed: BTreeSet<&str> = self.manifest.removed.iter().map(String::as_str).collect();
        (self.candidates.as_deref().unwrap_or_default().iter())
            .filter_map(|(number, _)| self.documents.get(number))
            .filter(|d| !removed.contains(d.id.as_str()))
            .map(|d| Reference {
                title: d.title.clone(),
                ..Reference::new(d.id.clone(), d.text.clone())
            })
            .collect()
    }

    /// What could not be fetched or read, each with its path and why.
    pub fn failures(&self) -> &[String] {
        &self.failures
    }

    /// The partitions asked for in all segments (the paper's and the cover, whether or not a
    /// segment has postings in them), and the bytes received so far.
    pub fn traffic(&self) -> (usize, u64) {
        (self.partitions.iter().map(Vec::len).sum(), self.bytes)
    }

    /// How many partitions the archive's segments have in all: each holds the fingerprints of many
    /// documents.
    pub fn archive_partitions(&self) -> u64 {
        (self.manifest.segments.iter())
            .map(|b| u64::from(self.manifest.layout_of(b).partitions()))
            .sum()
    }
}

/// The partitions of `layout` (one segment's) holding `fingerprints`, and `cover` more chosen from
/// `state`'s random stream (all of them when there are fewer), ascending.
fn partitions_to_fetch(
    layout: Layout,
    fingerprints: &[u64],
    cover: usize,
    state: &mut u64,
) -> Vec<u32> {
    let mut partitions: BTreeSet<u32> = fingerprints
        .iter()
        .map(|&f| layout.partition_of(f))
        .collect();
    let wanted = (partitions.len() + cover).min(layout.partitions() as usize);
    while partitions.len() < wanted {
        partitions.insert((splitmix64(state) % u64::from(layout.partitions())) as u32);
    }
    partitions.into_iter().collect()
}
