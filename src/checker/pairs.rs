//! All pairs: every reference compared with every other that shares fingerprints with it.

use std::collections::{BTreeSet, HashMap};

use crate::align::align;
use crate::error::Error;
use crate::sketch::simhash::{text_simhash, TermWeighting};

use super::*;

impl Checker {
    /// Compares every pair of (non-base) references that share fingerprints; returns the pairs whose
    /// similarity reaches `options.min_similarity`, most similar first.
    pub fn pairs(&self, options: &PairsOptions) -> Result<Vec<PairReport>, Error> {
        options.validate()?;
        let mut prepared: HashMap<usize, Prepared> = HashMap::new();
        let mut pairs = Vec::new();
        for (a, b) in self.candidate_pairs(options.align.max_doc_frequency) {
            for document in [a, b] {
                if let std::collections::hash_map::Entry::Vacant(slot) = prepared.entry(document) {
                    slot.insert(self.prepare(&self.entries[document].reference.text)?);
                }
            }
            if let Some(pair) = self.pair(a, b, &prepared[&a], &prepared[&b], options)? {
                pairs.push(pair);
            }
        }
        pairs.sort_by(|x, y| {
            y.similarity
                .total_cmp(&x.similarity)
                .then_with(|| (&x.a, &x.b).cmp(&(&y.a, &y.b)))
        });
        Ok(pairs)
    }

    /// The pairs of non-base references (indices, smaller first, in order) that share at least one
    /// fingerprint held by no more than `max_doc_frequency` references.
    fn candidate_pairs(&self, max_doc_frequency: usize) -> Vec<(usize, usize)> {
        let mut shared: BTreeSet<(u32, u32)> = BTreeSet::new();
        for documents in self.postings.values() {
            if documents.len() < 2 || documents.len() > max_doc_frequency {
                continue;
            }
            for (i, &a) in documents.iter().enumerate() {
                for &b in &documents[i + 1..] {
                    if !self.entries[a as usize].reference.base
                        && !self.entries[b as usize].reference.base
                    {
                        shared.insert((a.min(b), a.max(b)));
                    }
                }
            }
        }
        shared
            .into_iter()
            .map(|(a, b)| (a as usize, b as usize))
            .collect()
    }

    /// References `a` and `b` compared, seen from `a`; `None` when they share no passage or are less
    /// similar than `options.min_similarity`.
    fn pair(
        &self,
        a: usize,
        b: usize,
        pa: &Prepared,
        pb: &Prepared,
        options: &PairsOptions,
    ) -> Result<Option<PairReport>, Error> {
        let no_exclusions = vec![false; pa.analysis.tokens.len()];
        let common = common_phrasing(
            &self.postings,
            pa,
            &self.options,
            options.align.max_doc_frequency,
        );
        // `a` itself is a reference: text it shares with `b` is held by two already.
        let shared = shared_by_references(&self.postings, pa, self.options.shingle_words, 3);
        let passages = align(pa.paper_side(&shared), pb.side(), &common, &options.align);
        if passages.is_empty() {
            return Ok(None);
        }
        let entry_a = &self.entries[a];
        let comparison = Comparison {
            a: pa,
            a_minhash: &entry_a.minhash,
            a_shingles: entry_a.shingles,
            a_simhash: text_simhash(&pa.analysis, TermWeighting::TfIdfLength, Some(&self.idf))?,
            a_meta: &entry_a.meta_minhash,
            a_excluded: &no_exclusions,
            a_counted: pa.analysis.tokens.len(),
            a_text: &entry_a.reference.text,
        };
        let report = self.source_report(
            &comparison,
            &self.entries[b],
            pb,
            &passages,
            &options.scores,
        )?;
        let similarity = report.similarity.max(report.source_coverage);
        Ok((similarity >= options.min_similarity).then(|| PairReport {
            a: entry_a.reference.id.clone(),
            b: self.entries[b].reference.id.clone(),
            similarity,
            report,
        }))
    }
}
