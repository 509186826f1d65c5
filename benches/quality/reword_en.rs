//! English paraphrase: WordNet synonyms in the source word's inflection and capitalization, a
//! leading prepositional phrase moved to the end of its sentence or the two sides of an "and"
//! swapped, sentences split at ", but" / ", and" / ";" and short ones merged, and stock openers of
//! the host documents ("In addition,") put before sentences. What reads naturally is judged on the
//! hosts: a synonym's spelling must be used there, words mostly capitalized there are names, and
//! word pairs frequent there are set phrases ("prime minister") left whole.

use std::collections::{HashMap, HashSet};

use crate::corpus::sentences;
use crate::english_words::{
    first_case, listed, lower, stop, word, DETERMINERS, PARTICLES, PREPOSITIONS, VERB_CUES,
};
use crate::rates::{Stats, CONTENT_CHANGED, ORDER_RATE};
use crate::restructure_en::{front_to_end, merge, opener, split, swap_conjuncts};
use crate::rng::Rng;
use crate::thesaurus::{self, inflect, Analysis, Form};

/// Least uses in the hosts of a synonym's spelling: rarer ones are not what a writer reaches for.
const MIN_USES: u32 = 3;
/// Uses in the hosts that make two adjacent content words a set phrase.
const FIXED_PAIR: u32 = 20;
/// Host documents that must open a sentence with a phrase to make it a stock one ("In
/// addition,"), not one story's ("After the crash,").
const OPENER_DOCUMENTS: u32 = 5;

pub struct English {
    thesaurus: thesaurus::English,
    uses: HashMap<String, u32>,
    /// Uses capitalized inside a sentence: names.
    names: HashMap<String, u32>,
    /// Adjacent lowercase words of the hosts (no punctuation between) and how often.
    pairs: HashMap<(String, String), u32>,
    openers: Vec<String>,
}

impl English {
    pub fn new(thesaurus: thesaurus::English, hosts: &[&str]) -> Self {
        let (mut uses, mut names) = (HashMap::new(), HashMap::new());
        let (mut pairs, mut openers) = (HashMap::new(), HashMap::new());
        for text in hosts {
            let mut seen = HashSet::new();
            for (s, e) in sentences(text, false) {
                let tokens: Vec<&str> = text[s..e].split_whitespace().collect();
                for (i, token) in tokens.iter().enumerate() {
                    let Some(w) = word(token) else { continue };
                    let low = w.core.to_lowercase();
                    if low == w.core {
                        *uses.entry(low.clone()).or_insert(0) += 1;
                    } else if i > 0 {
                        *names.entry(low.clone()).or_insert(0) += 1;
                    }
                    let next = tokens.get(i + 1).and_then(|t| lower(t));
                    if let Some(next) = next.filter(|_| w.trail.is_empty()) {
                        *pairs.entry((low, next)).or_insert(0) += 1;
                    }
                }
                if let Some(opener) = opener(&tokens).filter(|o| seen.insert(o.clone())) {
                    *openers.entry(opener).or_insert(0) += 1;
                }
            }
        }
        let mut openers: Vec<String> = openers
            .into_iter()
            .filter(|&(_, n)| n >= OPENER_DOCUMENTS)
            .map(|(o, _)| o)
            .collect();
        openers.sort();
        English {
            thesaurus,
            uses,
            names,
            pairs,
            openers,
        }
    }

    fn uses(&self, word: &str) -> u32 {
        self.uses.get(word).copied().unwrap_or(0)
    }

    fn adjacent(&self, a: &str, b: &str) -> u32 {
        let key = (a.to_string(), b.to_string());
        self.pairs.get(&key).copied().unwrap_or(0)
    }

    /// Whether two content words are a set phrase of the hosts.
    fn fixed(&self, a: &str, b: &str) -> bool {
        !stop(a) && !stop(b) && self.adjacent(a, b) >= FIXED_PAIR
    }

    /// The synonym of a reading, spelled in its inflection: of the spellings used `MIN_USES`
    /// times in the hosts, first those found there next to the same neighbour (`context`: the
    /// lowercase words before and after), then the most used.
    fn best(&self, reading: &Analysis, context: (Option<&str>, Option<&str>)) -> Option<String> {
        let (prev, next) = context;
        let attested = |s: &str| {
            prev.is_some_and(|p| self.adjacent(p, s) > 0)
                || next.is_some_and(|n| self.adjacent(s, n) > 0)
        };
        self.thesaurus
            .synonyms(reading.pos, &reading.lemma)
            .into_iter()
            .filter(|s| !stop(s) && self.thesaurus.regular(reading.pos, s, reading.form))
            .flat_map(|s| inflect(s, reading.form))
            .map(|spelling| (attested(&spelling), self.uses(&spelling), spelling))
            .filter(|&(_, n, _)| n >= MIN_USES)
            .max()
            .map(|(_, _, s)| s)
    }

    /// The synonym for `tokens[i]`, or `None` when it is no content word, a name, inside a set
    /// phrase, has no usable synonym, or its part of speech is ambiguous in context.
    fn replacement(&self, tokens: &[String], i: usize) -> Option<String> {
        let w = word(&tokens[i])?;
        let low = w.core.to_lowercase();
        let upper = low != w.core;
        let initial = i == 0 || w.lead.contains(['"', '“']);
        if stop(&low) || (upper && (!initial || self.uses(&low) == 0 || self.name(&low))) {
            return None;
        }
        let prev = i.checked_sub(1).and_then(|p| word(&tokens[p]));
        let next = tokens.get(i + 1).and_then(|t| lower(t));
        let before = prev
            .as_ref()
            .filter(|p| p.trail.is_empty())
            .map(|p| p.core.to_lowercase());
        let joined = w.trail.is_empty();
        let after = next.clone().filter(|_| joined);
        let fixed_before = before.as_ref().is_some_and(|p| self.fixed(p, &low));
        let fixed_after = after.as_ref().is_some_and(|n| self.fixed(&low, n));
        let phrasal = joined && next.as_ref().is_some_and(|n| listed(PARTICLES, n));
        let acronym = upper && w.core.len() > 1 && w.core == w.core.to_uppercase();
        if fixed_before || fixed_after || phrasal || acronym {
            return None;
        }
        let readings = self.thesaurus.analyses(&low);
        let cue = prev.map(|p| p.core.to_lowercase()).unwrap_or_default();
        let before_word = joined && next.is_some_and(|n| !stop(&n));
        let senses = |pos: char| {
            let lemmas = readings.iter().filter(|r| r.pos == pos);
            lemmas
                .map(|r| self.thesaurus.polysemy(pos, &r.lemma))
                .max()
                .unwrap_or(0)
        };
        let pos = reading_pos(&readings, &cue, before_word, senses)?;
        let synonym = readings
            .iter()
            .filter(|r| r.pos == pos)
            .find_map(|r| self.best(r, (before.as_deref(), after.as_deref())))?;
        let core = first_case(&synonym, upper);
        Some(format!("{}{core}{}", w.lead, w.trail))
    }

    /// A content word: no function word, and no name (capitalized inside a sentence, or mostly
    /// so in the hosts): a paraphrase keeps the names, so they do not count in its share.
    fn content(&self, token: &str, initial: bool) -> bool {
        let Some(w) = word(token) else { return false };
        let low = w.core.to_lowercase();
        let upper = low != w.core;
        !stop(&low) && (!upper || (initial && !self.name(&low)))
    }

    /// Whether `word` (lowercase) is mostly a name in the hosts (capitalized inside sentences).
    fn name(&self, word: &str) -> bool {
        self.uses(word) < 2 * self.names.get(word).copied().unwrap_or(0)
    }

    /// English `text` paraphrased (see the module doc).
    pub fn rewrite(&self, text: &str, rng: &mut Rng, stats: &mut Stats) -> String {
        let mut sentences: Vec<Vec<String>> = sentences(text, false)
            .into_iter()
            .map(|(s, e)| text[s..e].split_whitespace().map(str::to_string).collect())
            .collect();
        self.synonyms(&mut sentences, rng, stats);
        for s in &mut sentences {
            if rng.chance(ORDER_RATE) && (front_to_end(s) || swap_conjuncts(s)) {
                stats.reorders += 1;
            }
        }
        let sentences = split(sentences, rng, stats);
        let mut sentences = merge(sentences, rng, stats);
        let words: usize = sentences.iter().map(Vec::len).sum();
        for _ in 0..(words / 100).clamp(1, 3) {
            let at = rng.below(sentences.len());
            // Not before a sentence that already opens with a phrase or a conjunction.
            let starts_plain = sentences[at]
                .first()
                .and_then(|t| word(t))
                .is_some_and(|w| {
                    let conjunction =
                        ["and", "but", "or", "so", "yet"].contains(&w.core.to_lowercase().as_str());
                    w.lead.is_empty() && w.trail.is_empty() && !conjunction
                });
            if self.openers.is_empty() || !starts_plain {
                continue;
            }
            let opener = &self.openers[rng.below(self.openers.len())];
            let first = &mut sentences[at][0];
            if lower(first).is_some_and(|w| w != "i" && !self.name(&w)) {
                *first = first_case(first, false);
            }
            sentences[at].insert(0, opener.clone());
            stats.insertions += 1;
        }
        let sentences: Vec<String> = sentences.iter().map(|s| s.join(" ")).collect();
        sentences.join(" ")
    }

    /// Replaces synonyms in about `CONTENT_CHANGED` of the content words (all replaceable ones
    /// when fewer are).
    fn synonyms(&self, sentences: &mut [Vec<String>], rng: &mut Rng, stats: &mut Stats) {
        let (mut candidates, mut words) = (Vec::new(), 0);
        for (n, s) in sentences.iter().enumerate() {
            for i in (0..s.len()).filter(|&i| self.content(&s[i], i == 0)) {
                words += 1;
                if let Some(r) = self.replacement(s, i) {
                    candidates.push((n, i, r));
                }
            }
        }
        stats.content += words;
        let p = (CONTENT_CHANGED * words as f64 / candidates.len().max(1) as f64).min(1.0);
        for (n, i, r) in candidates {
            if rng.chance(p) {
                // "a" or "an" as the new word's sound needs (by its first letter).
                let vowel = r
                    .trim_start_matches(|c: char| !c.is_alphabetic())
                    .starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
                if let Some(article) = i.checked_sub(1).map(|a| &mut sentences[n][a]) {
                    match (article.as_str(), vowel) {
                        ("a", true) => *article = "an".into(),
                        ("an", false) => *article = "a".into(),
                        ("A", true) => *article = "An".into(),
                        ("An", false) => *article = "A".into(),
                        _ => {}
                    }
                }
                sentences[n][i] = r;
                stats.replaced += 1;
            }
        }
    }
}

/// The part of speech a word is read in: its only one, or the one its neighbours suggest (after a
/// determiner or preposition a noun, or an adjective when a content word follows; after "to", a
/// modal, an auxiliary or a pronoun a verb), or else the one in which it has at least twice as
/// many senses (`senses`) as in any other: "people" is a noun, "reported" a verb. `None` when
/// still ambiguous.
fn reading_pos(
    readings: &[Analysis],
    cue: &str,
    before_word: bool,
    senses: impl Fn(char) -> usize,
) -> Option<char> {
    let first = readings.first()?.pos;
    if readings.iter().all(|r| r.pos == first) {
        return Some(first);
    }
    let gerund = readings.iter().any(|r| r.form == Form::Gerund);
    let noun_cue = listed(DETERMINERS, cue) || (listed(PREPOSITIONS, cue) && !gerund);
    let order: &[char] = if noun_cue && before_word {
        &['a', 'n']
    } else if noun_cue {
        &['n', 'a']
    } else if listed(VERB_CUES, cue) {
        &['v', 'a', 'r']
    } else {
        &[]
    };
    let cued = order
        .iter()
        .copied()
        .find(|&pos| readings.iter().any(|r| r.pos == pos));
    cued.or_else(|| {
        let mut counts: Vec<(usize, char)> = ['n', 'v', 'a', 'r'].map(|p| (senses(p), p)).to_vec();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        (counts[0].0 >= 2 * counts[1].0.max(1)).then_some(counts[0].1)
    })
}
