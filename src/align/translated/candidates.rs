//! Which sentences of which sources may a paper sentence translate: the sentences of the other
//! language that share the most of its words' weight in the term space ([`super::pivot`]), found
//! through an index of only the terms the paper has, so that a check reads the references once.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::chains::Pair;
use super::pivot::{shared, PivotUnit, Term};

/// How candidates are chosen.
#[derive(Debug, Clone, Copy)]
pub struct CandidateLimits {
    /// Candidates kept per paper sentence, best first.
    pub per_sentence: usize,
    /// Least lexical score ([`shared`]) of a candidate.
    pub min_score: f32,
    /// Fewest words of each sentence that must match.
    pub min_words: usize,
    /// A term held by more sentences than this share of all is left out of the index: a word
    /// every text uses finds nothing.
    pub max_term_share: f32,
}

/// The candidate pairs of each source (its position in `sources`), the paper's sentence units
/// against the sources' units of the other language (of the same language when `same_language`).
pub fn candidates(
    paper: &[PivotUnit],
    sources: &[&[PivotUnit]],
    limits: &CandidateLimits,
    same_language: bool,
) -> HashMap<usize, Vec<Pair>> {
    let index = index(paper, sources, limits.max_term_share);
    let mut found: HashMap<usize, Vec<Pair>> = HashMap::default();
    let mut hits: HashMap<(u32, u32), u32> = HashMap::default();
    for (p, unit) in paper.iter().enumerate() {
        hits.clear();
        let mut last = None;
        for &(term, _) in &unit.terms {
            if last == Some(term) {
                continue;
            }
            last = Some(term);
            for &(doc, u) in index.get(&term).map_or(&[][..], Vec::as_slice) {
                if (sources[doc as usize][u as usize].characters == unit.characters)
                    == same_language
                {
                    *hits.entry((doc, u)).or_default() += 1;
                }
            }
        }
        let mut best: Vec<(usize, Pair)> = hits
            .iter()
            .filter(|(_, &count)| count as usize >= limits.min_words)
            .filter_map(|(&(doc, u), _)| {
                let (score, a, b) = shared(unit, &sources[doc as usize][u as usize]);
                let enough = score >= limits.min_score && a.min(b) >= limits.min_words;
                enough.then_some((
                    doc as usize,
                    Pair {
                        paper: p,
                        source: u as usize,
                        score,
                    },
                ))
            })
            .collect();
        best.sort_by(|a, b| {
            b.1.score
                .total_cmp(&a.1.score)
                .then((a.0, a.1.source).cmp(&(b.0, b.1.source)))
        });
        for (doc, pair) in best.into_iter().take(limits.per_sentence) {
            found.entry(doc).or_default().push(pair);
        }
    }
    found
}

/// Term → the (source, unit) holding it, for the terms of the paper only, without the terms held
/// by more than `max_share` of all source units.
fn index(
    paper: &[PivotUnit],
    sources: &[&[PivotUnit]],
    max_share: f32,
) -> HashMap<Term, Vec<(u32, u32)>> {
    let wanted: HashSet<Term> = paper
        .iter()
        .flat_map(|u| u.terms.iter().map(|t| t.0))
        .collect();
    let mut index: HashMap<Term, Vec<(u32, u32)>> = HashMap::default();
    let mut units = 0usize;
    for (doc, source) in sources.iter().enumerate() {
        units += source.len();
        for (u, unit) in source.iter().enumerate() {
            let mut last = None;
            for &(term, _) in &unit.terms {
                if last != Some(term) && wanted.contains(&term) {
                    index.entry(term).or_default().push((doc as u32, u as u32));
                }
                last = Some(term);
            }
        }
    }
    let cap = ((units as f32 * max_share) as usize).max(50);
    index.retain(|_, holders| holders.len() <= cap);
    index
}
