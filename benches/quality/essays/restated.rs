//! Whether a host sentence restates a library sentence: most of its content terms (`facts`: the
//! words of 3+ letters outside the function words, by their Snowball stem, and the numbers;
//! Chinese: Han bigrams and numbers) stand in one sentence of one reference. A news story from another outlet on the same event
//! says the source's sentences again in other order and with other small words ("Roy Webster,
//! from Ashbree, Ashford in Co Wicklow, has admitted the manslaughter of Anne Shortall in April
//! 2015" beside the source's "Webster, 40, from Ashbree, Ashford, Co-Wicklow, had pleaded
//! guilty to the manslaughter of Ms Shortall in April 2015"), without a run of 8 words the exact
//! matcher would see; "The company says it's closing about 200 stores and evaluating options on
//! the remaining 1,300" beside "RadioShack will close approximately 200 stores and will evaluate
//! options on the remaining 1,300" differs in every inflection. Such a sentence is a paraphrase
//! of the library, so never an essay's own: a teacher reads it as one. Stems and numbers are what
//! a reader matches on; a sentence on the same subject shares its names and a word or two. A
//! sentence may restate two consecutive sentences of a reference at once (a merge, as PAN's
//! paraphrases do: "Ri Tong Il, the former North Korean deputy ambassador to the United Nations,
//! is leading a delegation to Malaysia's capital" from "Ri, a former North Korean deputy
//! ambassador to the United Nations, …" and "North Korean diplomat Ri Tong-il - who is leading a
//! delegation to the country - said …").

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};

use rust_stemmers::{Algorithm, Stemmer};

use crate::corpus::sentences;
use crate::topic::terms;

/// Least share of a sentence's distinct content terms in one library sentence to restate it (a
/// sentence on the same subject shares its names and a word or two, well under half).
const RESTATED_SHARE: f64 = 0.6;

/// Fewest shared terms to restate: a short sentence shares a name or two with many.
const RESTATED_TERMS: usize = 5;

/// The facts a reader matches two sentences on: content words by stem, and numbers ("1,300" and
/// "1300" alike, "95%" as 95).
fn facts(sentence: &str, chinese: bool, stemmer: &Stemmer) -> HashSet<String> {
    let words = terms(sentence, chinese).into_iter();
    let mut facts: HashSet<String> = if chinese {
        words.collect()
    } else {
        words.map(|w| stemmer.stem(&w).into_owned()).collect()
    };
    let numbers = sentence.replace(',', "");
    let numbers = numbers.split(|c: char| !c.is_ascii_digit());
    facts.extend(numbers.filter(|n| !n.is_empty()).map(|n| format!("#{n}")));
    facts
}

/// Sentences judged so far, and those found restating the library, for the summary.
static JUDGED: AtomicUsize = AtomicUsize::new(0);
static RESTATING: AtomicUsize = AtomicUsize::new(0);

/// (host sentences judged, of them restating the library) since the last call.
pub fn counts() -> (usize, usize) {
    (
        JUDGED.swap(0, Ordering::Relaxed),
        RESTATING.swap(0, Ordering::Relaxed),
    )
}

/// The library's sentences as sets of content terms, by term.
pub struct Restated {
    chinese: bool,
    stemmer: Stemmer,
    /// Term → the library sentences holding it (ascending).
    postings: HashMap<String, Vec<u32>>,
    /// Whether each library sentence is its text's first (no merge with the one before).
    first: Vec<bool>,
}

impl Restated {
    /// The sentences of `texts` (the references).
    pub fn new<'t>(texts: impl IntoIterator<Item = &'t str>, chinese: bool) -> Self {
        let stemmer = Stemmer::create(Algorithm::English);
        let mut postings: HashMap<String, Vec<u32>> = HashMap::new();
        let mut first = Vec::new();
        for text in texts {
            for (n, (s, e)) in sentences(text, chinese).into_iter().enumerate() {
                let id = first.len() as u32;
                for term in facts(&text[s..e], chinese, &stemmer) {
                    postings.entry(term).or_default().push(id);
                }
                first.push(n == 0);
            }
        }
        Restated {
            chinese,
            stemmer,
            postings,
            first,
        }
    }

    /// Whether `sentence` restates one library sentence, or two consecutive ones of a text; see
    /// the module docs.
    pub fn restates(&self, sentence: &str) -> bool {
        let distinct = facts(sentence, self.chinese, &self.stemmer);
        // Per place (a sentence and the one after it), the terms it holds.
        let mut held: HashMap<u32, usize> = HashMap::new();
        let mut places = Vec::new();
        for term in &distinct {
            places.clear();
            for &id in self.postings.get(term).map_or(&[][..], Vec::as_slice) {
                places.push(id);
                if id > 0 && !self.first[id as usize] {
                    places.push(id - 1);
                }
            }
            places.sort_unstable();
            places.dedup();
            for &place in &places {
                *held.entry(place).or_default() += 1;
            }
        }
        let most = held.into_values().max().unwrap_or(0);
        let restates =
            most >= RESTATED_TERMS && most as f64 >= RESTATED_SHARE * distinct.len() as f64;
        JUDGED.fetch_add(1, Ordering::Relaxed);
        RESTATING.fetch_add(usize::from(restates), Ordering::Relaxed);
        restates
    }
}
