//! The same-topic kind: clean hosts about what a reference is about (the same keywords, other
//! text), which must get no report. Topic closeness is the bench's own tf·idf cosine over content
//! terms (English: lowercase words of 3+ letters outside the function words; Chinese: overlapping
//! Han character bigrams, the usual index terms of Chinese retrieval, which hold most two-character
//! words without a dictionary; the cross-language pairs' German and Russian: words of 3+ letters,
//! Japanese: Han bigrams, as Chinese). The hosts most like a reference are taken, one per reference, and
//! only when the matcher proves they share no run of 10 words (20 characters) with any reference.

use std::collections::HashMap;

use crate::generate::{Generator, Kind, Suspicious};
use crate::matcher::is_han;
use crate::split::Bench;

/// Content terms of `text`.
pub fn terms(text: &str, chinese: bool) -> Vec<String> {
    if chinese {
        let chars: Vec<char> = text.chars().collect();
        return chars
            .windows(2)
            .filter(|w| is_han(w[0]) && is_han(w[1]))
            .map(|w| w.iter().collect())
            .collect();
    }
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .map(str::to_lowercase)
        .filter(|w| !crate::english_words::stop(w))
        .collect()
}

/// Content terms of text in a language without a stop list here (German, Russian: the
/// cross-language pairs of `translate.rs`): lowercase words of 3+ letters of any script, the
/// function words left to idf.
pub fn word_terms(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}

/// [`terms`] of English text.
pub fn english_terms(text: &str) -> Vec<String> {
    terms(text, false)
}

/// [`terms`] of Chinese text (also the Japanese pair's: the Han bigrams of its kanji words).
pub fn han_terms(text: &str) -> Vec<String> {
    terms(text, true)
}

/// The references' tf·idf vectors as an inverted index, for cosines against any text.
pub struct Topics {
    terms: fn(&str) -> Vec<String>,
    idf: HashMap<String, f64>,
    /// Term → (reference, weight / the reference's norm).
    postings: HashMap<String, Vec<(usize, f64)>>,
}

/// (1 + ln tf) · idf of each term of `terms`, unit length.
fn vector(terms: Vec<String>, idf: &HashMap<String, f64>) -> Vec<(String, f64)> {
    let mut tf: HashMap<String, usize> = HashMap::new();
    for t in terms {
        *tf.entry(t).or_insert(0) += 1;
    }
    let weighted: Vec<(String, f64)> = tf
        .into_iter()
        .filter_map(|(t, n)| Some((idf.get(&t)? * (1.0 + (n as f64).ln()), t)))
        .map(|(w, t)| (t, w))
        .collect();
    let norm = weighted
        .iter()
        .map(|(_, w)| w * w)
        .sum::<f64>()
        .sqrt()
        .max(1e-12);
    weighted.into_iter().map(|(t, w)| (t, w / norm)).collect()
}

impl Topics {
    /// Document frequencies over the references and the whole host pool.
    pub fn new(bench: &Bench, chinese: bool) -> Self {
        let refs: Vec<&str> = bench.refs.iter().map(|r| r.text.as_str()).collect();
        let hosts = bench.hosts.iter().map(|h| h.text.as_str());
        Self::over(&refs, hosts, chinese)
    }

    /// The vectors of `refs` (reference `i` is `refs[i]`), document frequencies over them and
    /// `others`. The cross-language kinds pass each reference's translation (`translate.rs`).
    pub fn over<'t>(
        refs: &[&'t str],
        others: impl Iterator<Item = &'t str>,
        chinese: bool,
    ) -> Self {
        let terms = if chinese { han_terms } else { english_terms };
        Self::over_terms(refs, others, terms)
    }

    /// [`Topics::over`] with the content terms `terms` gives (the cross-language pairs').
    pub fn over_terms<'t>(
        refs: &[&'t str],
        others: impl Iterator<Item = &'t str>,
        terms: fn(&str) -> Vec<String>,
    ) -> Self {
        let texts = refs.iter().copied().chain(others);
        let mut df: HashMap<String, usize> = HashMap::new();
        let mut documents = 0;
        for text in texts {
            documents += 1;
            let mut seen = terms(text);
            seen.sort_unstable();
            seen.dedup();
            for t in seen {
                *df.entry(t).or_insert(0) += 1;
            }
        }
        let idf: HashMap<String, f64> = df
            .into_iter()
            .map(|(t, n)| (t, (documents as f64 / n as f64).ln()))
            .collect();
        let mut postings: HashMap<String, Vec<(usize, f64)>> = HashMap::new();
        for (i, text) in refs.iter().enumerate() {
            for (t, w) in vector(terms(text), &idf) {
                postings.entry(t).or_default().push((i, w));
            }
        }
        Topics {
            terms,
            idf,
            postings,
        }
    }

    /// The reference nearest `text` in topic, and their cosine.
    pub fn nearest(&self, text: &str) -> (usize, f64) {
        self.nearest_where(text, |_| true)
    }

    /// The reference nearest `text` in topic among those `allowed`, and their cosine.
    pub fn nearest_where(&self, text: &str, allowed: impl Fn(usize) -> bool) -> (usize, f64) {
        let mut scores: HashMap<usize, f64> = HashMap::new();
        for (t, w) in vector((self.terms)(text), &self.idf) {
            for &(r, weight) in self.postings.get(&t).into_iter().flatten() {
                *scores.entry(r).or_insert(0.0) += w * weight;
            }
        }
        scores
            .into_iter()
            .filter(|&(r, _)| allowed(r))
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
            .unwrap_or((0, 0.0))
    }

    /// The `count` texts nearest a reference (of `references`), one per reference, among those
    /// `long` enough: each as its cosine with that reference and its place in `texts`, nearest
    /// first (the cross-language and rendered same-topic kinds).
    pub fn nearest_one_each(
        &self,
        texts: &[String],
        (references, count): (usize, usize),
        long: impl Fn(&str) -> bool,
    ) -> Vec<(f64, usize)> {
        let mut ranked: Vec<(f64, usize, usize)> = (0..texts.len())
            .filter(|&i| long(&texts[i]))
            .map(|i| {
                let (reference, cosine) = self.nearest(&texts[i]);
                (cosine, reference, i)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
        let mut used = vec![false; references];
        let mut chosen = Vec::new();
        for (cosine, reference, i) in ranked {
            if chosen.len() < count && !used[reference] {
                used[reference] = true;
                chosen.push((cosine, i));
            }
        }
        chosen
    }
}

/// The same-topic documents `chosen` ([`Topics::nearest_one_each`]) of `texts` (the pages of
/// `pool`, in order) as documents of `kind`, taken out of `pool`; with the least and the greatest
/// cosine among them.
pub fn take_same_topic(
    chosen: Vec<(f64, usize)>,
    texts: &[String],
    pool: &mut Vec<usize>,
    kind: Kind,
) -> ((f64, f64), Vec<Suspicious>) {
    let cosines = (
        chosen.last().map_or(0.0, |c| c.0),
        chosen.first().map_or(0.0, |c| c.0),
    );
    let taken: Vec<usize> = chosen.iter().map(|&(_, i)| pool[i]).collect();
    pool.retain(|p| !taken.contains(p));
    let documents = (chosen.into_iter())
        .map(|(_, i)| Suspicious {
            kind,
            text: texts[i].clone(),
            cases: Vec::new(),
        })
        .collect();
    (cosines, documents)
}

impl Generator<'_> {
    /// `count` same-topic documents from `hosts` (clean excerpts not used by other kinds): those
    /// nearest a reference, at most one per reference; records the cosines for the summary.
    pub(crate) fn same_topic(&mut self, hosts: Vec<Vec<String>>, count: usize) -> Vec<Suspicious> {
        let topics = Topics::new(self.bench, self.lang.chinese);
        let mut ranked: Vec<(f64, usize, String)> = hosts
            .into_iter()
            .map(|p| p.join(self.lang.paragraph))
            .map(|text| {
                let (reference, cosine) = topics.nearest(&text);
                (cosine, reference, text)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut used = vec![false; self.bench.refs.len()];
        let mut chosen = Vec::new();
        let mut cosines = Vec::new();
        for (cosine, reference, text) in ranked {
            if chosen.len() < count && !used[reference] && !self.bench.clean.shares(&text) {
                used[reference] = true;
                chosen.push(Suspicious {
                    kind: Kind::SameTopic,
                    text,
                    cases: Vec::new(),
                });
                cosines.push(cosine);
            } else if chosen.len() >= count {
                cosines.push(cosine);
            }
        }
        let taken = chosen.len();
        let at = |i: usize| cosines.get(i).copied().unwrap_or(0.0);
        let others = cosines.len() - taken;
        self.topic_cosines = (at(taken.saturating_sub(1)), at(0), at(taken + others / 2));
        chosen
    }
}
