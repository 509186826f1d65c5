//! Whether a host sentence restates a library sentence: most of its content terms (the bench's
//! own, `topic::terms`: words of 3+ letters outside the function words; Chinese: Han bigrams)
//! stand in one sentence of one reference. A news story from another outlet on the same event
//! says the source's sentences again in other order and with other small words ("Roy Webster,
//! from Ashbree, Ashford in Co Wicklow, has admitted the manslaughter of Anne Shortall in April
//! 2015" beside the source's "Webster, 40, from Ashbree, Ashford, Co-Wicklow, had pleaded
//! guilty to the manslaughter of Ms Shortall in April 2015"), without a run of 8 words the exact
//! matcher would see. Such a sentence is a paraphrase of the library, so never an essay's own:
//! a teacher reads it as one.

use std::collections::{HashMap, HashSet};

use crate::corpus::sentences;
use crate::topic::terms;

/// Least share of a sentence's distinct content terms in one library sentence to restate it: 1.5%
/// of the English hosts' fit sentences (a sentence on the same subject shares its names and a
/// word or two, well under half).
const RESTATED_SHARE: f64 = 0.6;

/// Fewest shared terms to restate: a short sentence shares a name or two with many.
const RESTATED_TERMS: usize = 5;

/// The library's sentences as sets of content terms, by term.
pub struct Restated {
    chinese: bool,
    /// Term → the library sentences holding it (ascending).
    postings: HashMap<String, Vec<u32>>,
}

impl Restated {
    /// The sentences of `texts` (the references).
    pub fn new<'t>(texts: impl IntoIterator<Item = &'t str>, chinese: bool) -> Self {
        let mut postings: HashMap<String, Vec<u32>> = HashMap::new();
        let mut id = 0u32;
        for text in texts {
            for (s, e) in sentences(text, chinese) {
                let distinct: HashSet<String> = terms(&text[s..e], chinese).into_iter().collect();
                for term in distinct {
                    postings.entry(term).or_default().push(id);
                }
                id += 1;
            }
        }
        Restated { chinese, postings }
    }

    /// Whether `sentence` restates one library sentence; see the module docs.
    pub fn restates(&self, sentence: &str) -> bool {
        let distinct: HashSet<String> = terms(sentence, self.chinese).into_iter().collect();
        let mut held: HashMap<u32, usize> = HashMap::new();
        for term in &distinct {
            for &id in self.postings.get(term).map_or(&[][..], Vec::as_slice) {
                *held.entry(id).or_default() += 1;
            }
        }
        let most = held.into_values().max().unwrap_or(0);
        most >= RESTATED_TERMS && most as f64 >= RESTATED_SHARE * distinct.len() as f64
    }
}
