//! The paraphrase kind's thesauri, read from target/corpus/bench-thesaurus (`scripts/corpus.mjs
//! --bench`): WordNet 3.0's one-word synonyms of each lemma's most frequent sense with its
//! irregular forms (English), and Cilin (extended)'s synonym groups (Chinese). English words are
//! lemmatized and re-inflected here by regular rules checked both ways, so a synonym only replaces
//! a form the rules can rebuild; which spelling is real (a doubled consonant or not) the host
//! documents decide, in `reword_en.rs`.

use std::collections::{HashMap, HashSet};
use std::fs;

use crate::common;

/// Where corpus.mjs writes the thesauri.
const DIR: &str = "bench-thesaurus";

/// The inflection a word form carries; a synonym gets the same one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    Base,
    /// Noun plural (-s).
    Plural,
    /// Verb third person singular (-s).
    Third,
    /// Verb past or past participle (-ed: the same for every regular verb).
    Past,
    /// Verb -ing.
    Gerund,
}

/// One reading of a word form: part of speech (WordNet's n, v, a, r), lemma and inflection.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub pos: char,
    pub lemma: String,
    pub form: Form,
}

/// How many of a synonym's most frequent senses may hold the meaning it replaces. WordNet ranks
/// senses by their use in tagged text; a synonym whose usual meanings are all others reads as a
/// mistake ("front" → "face", "administration" → "disposal"), while its second sense is still one a
/// writer reaches for ("case" → "instance").
const SYNONYM_SENSES: usize = 2;

/// How many of a word's most frequent senses are tried, in order, for synonyms.
const WORD_SENSES: usize = 2;

pub struct English {
    /// (pos, lemma) → whether WordNet ranks its senses by use, and its synsets (most frequent
    /// first when ranked). Every one-word lemma is a key, so a word's parts of speech are known.
    senses: HashMap<(char, String), (bool, Vec<u32>)>,
    /// (pos, synset offset) → its one-word lemmas.
    synsets: HashMap<(char, u32), Vec<String>>,
    /// Irregular form → (pos, lemma).
    irregular: HashMap<String, Vec<(char, String)>>,
    /// (pos, lemma) with an irregular form: never given a regular ending.
    irregular_lemmas: HashSet<(char, String)>,
}

fn read(name: &str) -> Option<String> {
    fs::read_to_string(common::corpus_dir(DIR).join(name)).ok()
}

/// Whether corpus.mjs wrote the thesauri (it needs Debian's apt for WordNet).
pub fn available() -> bool {
    common::corpus_dir(DIR).join("VERSION").exists()
}

/// Tab-separated fields of each line of a thesaurus file, the first one a part of speech.
fn rows(text: &str) -> impl Iterator<Item = (char, Vec<&str>)> {
    text.lines().filter_map(|line| {
        let mut fields = line.split('\t');
        let pos = fields.next()?.chars().next()?;
        Some((pos, fields.collect()))
    })
}

impl English {
    pub fn load() -> Option<Self> {
        let mut english = English {
            senses: HashMap::new(),
            synsets: HashMap::new(),
            irregular: HashMap::new(),
            irregular_lemmas: HashSet::new(),
        };
        for (pos, fields) in rows(&read("en-senses.txt")?) {
            if let [lemma, tagged, offsets] = fields[..] {
                let offsets = offsets.split(' ').filter_map(|o| o.parse().ok()).collect();
                let key = (pos, lemma.to_string());
                english.senses.insert(key, (tagged != "0", offsets));
            }
        }
        for (pos, fields) in rows(&read("en-synsets.txt")?) {
            if let [offset, words] = fields[..] {
                let words = words.split(' ').map(str::to_string).collect();
                english.synsets.insert((pos, offset.parse().ok()?), words);
            }
        }
        for (pos, fields) in rows(&read("en-irregular.txt")?) {
            if let [form, lemma] = fields[..] {
                let entry = english.irregular.entry(form.to_string()).or_default();
                entry.push((pos, lemma.to_string()));
                english.irregular_lemmas.insert((pos, lemma.to_string()));
            }
        }
        Some(english)
    }

    /// The synsets of `lemma`, most frequent first; none when WordNet does not rank them.
    fn senses(&self, pos: char, lemma: &str) -> &[u32] {
        match self.senses.get(&(pos, lemma.to_string())) {
            Some((true, offsets)) => offsets,
            _ => &[],
        }
    }

    /// How many senses `lemma` has in `pos`, ranked or not.
    pub fn polysemy(&self, pos: char, lemma: &str) -> usize {
        self.senses
            .get(&(pos, lemma.to_string()))
            .map_or(0, |(_, offsets)| offsets.len())
    }

    /// The other lemmas of `lemma`'s most frequent sense that have it among their own
    /// `SYNONYM_SENSES` most frequent ones.
    pub fn synonyms(&self, pos: char, lemma: &str) -> Vec<&String> {
        let of = |sense: u32| {
            let words = self
                .synsets
                .get(&(pos, sense))
                .map_or(&[][..], |w| w.as_slice());
            words.iter().filter(|s| *s != lemma).filter(move |s| {
                self.senses(pos, s)
                    .iter()
                    .take(SYNONYM_SENSES)
                    .any(|&o| o == sense)
            })
        };
        let senses = self.senses(pos, lemma).iter().take(WORD_SENSES);
        senses
            .map(|&sense| of(sense).collect::<Vec<_>>())
            .find(|s| !s.is_empty())
            .unwrap_or_default()
    }

    /// Whether `lemma` takes the regular ending of `form`: -s and -ing always do; a plural or a
    /// past of a lemma with an irregular form is left alone (the exception lists do not say
    /// which of "went" and "gone" a form needs).
    pub fn regular(&self, pos: char, lemma: &str, form: Form) -> bool {
        !matches!(form, Form::Plural | Form::Past)
            || !self.irregular_lemmas.contains(&(pos, lemma.to_string()))
    }

    /// Every reading of the lowercase `word`: as a lemma, an irregular form, or a regular
    /// inflection that re-inflecting the lemma gives back exactly.
    pub fn analyses(&self, word: &str) -> Vec<Analysis> {
        let mut found = Vec::new();
        let mut push = |pos: char, lemma: &str, form: Form| {
            if self.senses.contains_key(&(pos, lemma.to_string())) {
                found.push(Analysis {
                    pos,
                    lemma: lemma.to_string(),
                    form,
                });
            }
        };
        for (pos, lemma) in self.irregular.get(word).into_iter().flatten() {
            match pos {
                'n' => push('n', lemma, Form::Plural),
                'v' if word.ends_with("ing") => push('v', lemma, Form::Gerund),
                'v' => push('v', lemma, Form::Past),
                // Comparatives and superlatives: no regular rebuilding.
                _ => {}
            }
        }
        // After the irregular forms: "found" is first the past of "find".
        for pos in ['n', 'v', 'a', 'r'] {
            push(pos, word, Form::Base);
        }
        for (pos, form) in [
            ('n', Form::Plural),
            ('v', Form::Third),
            ('v', Form::Past),
            ('v', Form::Gerund),
        ] {
            for lemma in stems(word, form) {
                if self.regular(pos, &lemma, form) && inflect(&lemma, form).contains(&word.into()) {
                    push(pos, &lemma, form);
                }
            }
        }
        found
    }
}

fn vowel(c: char) -> bool {
    "aeiou".contains(c)
}

/// Whether `word` ends consonant-vowel-consonant (not w, x, y), the shape whose last letter
/// English may double before -ed and -ing.
fn doubling_shape(word: &str) -> bool {
    let c: Vec<char> = word.chars().rev().take(3).collect();
    c.len() == 3 && !vowel(c[0]) && !"wxy".contains(c[0]) && vowel(c[1]) && !vowel(c[2])
}

/// Regular spellings of `lemma` in `form`; both spellings where a consonant may be doubled.
pub fn inflect(lemma: &str, form: Form) -> Vec<String> {
    let stem = |n: usize| &lemma[..lemma.len() - n];
    let consonant_y = lemma.ends_with('y') && lemma.chars().rev().nth(1).is_some_and(|c| !vowel(c));
    let ending = match form {
        Form::Base => return vec![lemma.to_string()],
        Form::Plural | Form::Third => {
            let plural = if lemma.ends_with(['s', 'x', 'z'])
                || lemma.ends_with("ch")
                || lemma.ends_with("sh")
            {
                format!("{lemma}es")
            } else if consonant_y {
                format!("{}ies", stem(1))
            } else {
                format!("{lemma}s")
            };
            return vec![plural];
        }
        Form::Past => "ed",
        Form::Gerund => "ing",
    };
    if form == Form::Past && lemma.ends_with('e') {
        return vec![format!("{lemma}d")];
    }
    if form == Form::Past && consonant_y {
        return vec![format!("{}ied", stem(1))];
    }
    if form == Form::Gerund && lemma.ends_with("ie") {
        return vec![format!("{}ying", stem(2))];
    }
    if form == Form::Gerund
        && lemma.ends_with('e')
        && !["ee", "oe", "ye"].iter().any(|e| lemma.ends_with(e))
    {
        return vec![format!("{}ing", stem(1))];
    }
    let mut spellings = vec![format!("{lemma}{ending}")];
    if doubling_shape(lemma) {
        let last = lemma.chars().last().unwrap_or('x');
        spellings.push(format!("{lemma}{last}{ending}"));
    }
    spellings
}

/// Candidate lemmas of `word` in `form` (checked by `inflect` afterwards).
fn stems(word: &str, form: Form) -> Vec<String> {
    let cut = |suffix: &str, add: &str| {
        word.strip_suffix(suffix)
            .filter(|s| s.len() >= 2)
            .map(|s| format!("{s}{add}"))
    };
    let undouble = |suffix: &str| {
        let s = word.strip_suffix(suffix)?;
        let mut chars = s.chars().rev();
        (chars.next()? == chars.next()? && s.len() >= 3).then(|| s[..s.len() - 1].to_string())
    };
    let options = match form {
        Form::Base => vec![],
        Form::Plural | Form::Third => vec![cut("s", ""), cut("es", ""), cut("ies", "y")],
        Form::Past => vec![cut("ed", ""), cut("d", ""), cut("ied", "y"), undouble("ed")],
        Form::Gerund => vec![
            cut("ing", ""),
            cut("ing", "e"),
            cut("ying", "ie"),
            undouble("ing"),
        ],
    };
    options.into_iter().flatten().collect()
}

/// Cilin (extended): its vocabulary (to segment by) and its synonym groups ("=").
pub struct Chinese {
    pub vocabulary: HashSet<String>,
    /// Longest word, in characters.
    pub longest: usize,
    /// Word → the other words of its "=" groups, both of 2+ characters, function words aside.
    pub synonyms: HashMap<String, Vec<String>>,
}

impl Chinese {
    pub fn load() -> Option<Self> {
        let mut vocabulary = HashSet::new();
        let mut synonyms: HashMap<String, Vec<String>> = HashMap::new();
        for line in read("zh-cilin.txt")?.lines() {
            let mut fields = line.split(' ');
            let code = fields.next().unwrap_or("");
            let words: Vec<&str> = fields.collect();
            vocabulary.extend(words.iter().map(|w| w.to_string()));
            // K: function words, L: honorifics; their "synonyms" are no paraphrase. One character
            // is too ambiguous to swap (口, 手 and 家 are all "persons" in Aa01A).
            if !code.ends_with('=') || code.starts_with(['K', 'L']) {
                continue;
            }
            let long: Vec<&str> = words
                .into_iter()
                .filter(|w| w.chars().count() >= 2)
                .collect();
            for &word in &long {
                let others = long.iter().filter(|&&o| o != word).map(|o| o.to_string());
                synonyms.entry(word.to_string()).or_default().extend(others);
            }
        }
        let longest = vocabulary.iter().map(|w| w.chars().count()).max()?;
        Some(Chinese {
            vocabulary,
            longest,
            synonyms,
        })
    }
}
