//! All pairs: every reference compared with every other that shares fingerprints with it.

use std::collections::{BTreeMap, HashMap};

use crate::align::align;
use crate::error::Error;
use crate::sketch::simhash::{text_simhash, TermWeighting};

use super::*;

impl Checker {
    /// Compares every pair of (non-base) references that share fingerprints; returns the pairs whose
    /// similarity reaches `options.threshold`, most similar first.
    pub fn pairs(&self, options: &CheckOptions) -> Result<Vec<PairReport>, Error> {
        options.validate()?;
        let mut shared: BTreeMap<(u32, u32), usize> = BTreeMap::new();
        for documents in self.postings.values() {
            if documents.len() < 2 || documents.len() > options.max_doc_frequency {
                continue;
            }
            for (i, &a) in documents.iter().enumerate() {
                for &b in &documents[i + 1..] {
                    if !self.entries[a as usize].reference.base
                        && !self.entries[b as usize].reference.base
                    {
                        *shared.entry((a.min(b), a.max(b))).or_default() += 1;
                    }
                }
            }
        }
        let mut prepared: HashMap<usize, Prepared> = HashMap::new();
        let mut pairs = Vec::new();
        for &(a, b) in shared.keys() {
            let (a, b) = (a as usize, b as usize);
            for document in [a, b] {
                if let std::collections::hash_map::Entry::Vacant(slot) = prepared.entry(document) {
                    slot.insert(self.prepare(&self.entries[document].reference.text)?);
                }
            }
            let (pa, pb) = (&prepared[&a], &prepared[&b]);
            let no_exclusions = vec![false; pa.analysis.tokens.len()];
            let common =
                common_phrasing(&self.postings, pa, &self.options, options.max_doc_frequency);
            // `a` itself is a reference: text it shares with `b` is held by two already.
            let shared = shared_by_references(&self.postings, pa, self.options.k, 3);
            let passages = align(pa.paper_side(&shared), pb.side(), &common, &options.align);
            if passages.is_empty() {
                continue;
            }
            let entry_a = &self.entries[a];
            let a_simhash =
                text_simhash(&pa.analysis, TermWeighting::TfIdfLength, Some(&self.idf))?;
            let comparison = Comparison {
                a: pa,
                a_minhash: &entry_a.minhash,
                a_shingles: entry_a.shingles,
                a_simhash,
                a_meta: &entry_a.meta_minhash,
                a_excluded: &no_exclusions,
                a_counted: pa.analysis.tokens.len(),
                a_text: &entry_a.reference.text,
            };
            let report =
                self.source_report(&comparison, &self.entries[b], pb, &passages, options)?;
            let similarity = report.similarity.max(report.source_coverage);
            if similarity >= options.threshold {
                pairs.push(PairReport {
                    a: entry_a.reference.id.clone(),
                    b: self.entries[b].reference.id.clone(),
                    similarity,
                    report,
                });
            }
        }
        pairs.sort_by(|x, y| {
            y.similarity
                .total_cmp(&x.similarity)
                .then_with(|| (&x.a, &x.b).cmp(&(&y.a, &y.b)))
        });
        Ok(pairs)
    }
}
