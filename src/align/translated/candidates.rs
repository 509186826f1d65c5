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
    /// Candidates kept per paper sentence within each source that holds `source_hits` of the
    /// paper's candidates: in a library of one field, a translated sentence's source is often
    /// not among its best few over all references, though its source is a candidate by others.
    pub per_source: usize,
    /// Candidates (of `per_sentence`) that make a source worth looking into (`per_source`).
    pub source_hits: usize,
    /// Most sources looked into, those with the most candidates: a paper copies from a few.
    pub sources_looked_into: usize,
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
    let mut ranked: Vec<Vec<(usize, Pair)>> = Vec::with_capacity(paper.len());
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
                if (sources[doc as usize][u as usize].language == unit.language) == same_language {
                    *hits.entry((doc, u)).or_default() += 1;
                }
            }
        }
        ranked.push(ranked_pairs(p, unit, sources, &hits, limits));
    }
    chosen(&ranked, limits)
}

/// Paper unit `p`'s candidate pairs among the source units it `hits`, best first.
fn ranked_pairs(
    p: usize,
    unit: &PivotUnit,
    sources: &[&[PivotUnit]],
    hits: &HashMap<(u32, u32), u32>,
    limits: &CandidateLimits,
) -> Vec<(usize, Pair)> {
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
    best
}

/// Each source's candidates: every paper unit's best `per_sentence` over all sources, then its
/// best `per_source` within each source that holds `source_hits` of those.
fn chosen(ranked: &[Vec<(usize, Pair)>], limits: &CandidateLimits) -> HashMap<usize, Vec<Pair>> {
    let mut found: HashMap<usize, Vec<Pair>> = HashMap::default();
    for best in ranked {
        for &(doc, pair) in best.iter().take(limits.per_sentence) {
            found.entry(doc).or_default().push(pair);
        }
    }
    let mut by_hits: Vec<(usize, usize)> = (found.iter())
        .filter(|(_, pairs)| pairs.len() >= limits.source_hits)
        .map(|(&doc, pairs)| (pairs.len(), doc))
        .collect();
    by_hits.sort_unstable_by(|a, b| b.cmp(a));
    let looked_into: HashSet<usize> = (by_hits.into_iter())
        .take(limits.sources_looked_into)
        .map(|(_, doc)| doc)
        .collect();
    for best in ranked {
        // Only where the sentence has no candidate in the source yet: a translated stretch's
        // sentences mostly find their twins among the best few, and each candidate costs the
        // model an encoding.
        let (top, rest) = best.split_at(limits.per_sentence.min(best.len()));
        let mut taken: HashMap<usize, usize> = HashMap::default();
        for &(doc, pair) in rest {
            let has = top.iter().any(|&(d, _)| d == doc);
            let count = taken.entry(doc).or_default();
            if !has && looked_into.contains(&doc) && *count < limits.per_source {
                *count += 1;
                found.entry(doc).or_default().push(pair);
            }
        }
    }
    for pairs in found.values_mut() {
        pairs.sort_by_key(|pair| (pair.paper, pair.source));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A sentence of `words` (each its own term, weight 1).
    fn unit(characters: bool, words: &[Term]) -> PivotUnit {
        let mut terms: Vec<(Term, u16)> = (words.iter().enumerate())
            .map(|(i, &term)| (term, i as u16))
            .collect();
        terms.sort_unstable();
        PivotUnit {
            characters,
            language: u8::from(characters),
            weights: vec![1.0; words.len()],
            terms,
        }
    }

    #[test]
    fn the_source_with_most_candidates_is_looked_into_for_the_others() {
        // Paper sentences 0-2 find their twins in source 0; sentence 3's twin there shares less
        // with it than a sentence of each of sources 1-3 does.
        let paper: Vec<PivotUnit> = [
            [1, 2, 3, 4],
            [11, 12, 13, 14],
            [21, 22, 23, 24],
            [31, 32, 33, 34],
        ]
        .iter()
        .map(|words| unit(false, words))
        .collect();
        let source = [
            unit(true, &[1, 2, 3, 90]),
            unit(true, &[11, 12, 13, 90]),
            unit(true, &[21, 22, 23, 90]),
            unit(true, &[31, 32, 91, 92]),
        ];
        let other = [unit(true, &[31, 32, 33, 93])];
        let sources: Vec<&[PivotUnit]> = vec![&source, &other, &other, &other];
        let limits = CandidateLimits {
            per_sentence: 3,
            per_source: 1,
            source_hits: 3,
            sources_looked_into: 1,
            min_score: 0.25,
            min_words: 2,
            max_term_share: 1.0,
        };
        let pairs = |found: &HashMap<usize, Vec<Pair>>| -> Vec<(usize, usize)> {
            found[&0].iter().map(|p| (p.paper, p.source)).collect()
        };
        let found = candidates(&paper, &sources, &limits, false);
        assert_eq!(pairs(&found), [(0, 0), (1, 1), (2, 2), (3, 3)]);
        // Without looking into it, sentence 3's twin is not a candidate.
        let without = CandidateLimits {
            per_source: 0,
            ..limits
        };
        let found = candidates(&paper, &sources, &without, false);
        assert_eq!(pairs(&found), [(0, 0), (1, 1), (2, 2)]);
        // Sources 1-3 hold one candidate each: not looked into.
        assert_eq!(found[&1].len(), 1);
    }
}
