//! The rewritten kind: real human rewriting, reported but given no target. Its pairs
//! (`scripts/corpus.mjs --bench`, target/corpus/bench-rewrite) are LibreOffice help pages in two
//! independent human translations of the same English page, zh-CN and zh-TW. The zh-TW page joins
//! the references; a run of 300-800 Han characters of the zh-CN page, cut at sentence ends
//! (。！？； or a line end: the page has one heading, list item or paragraph a line), is planted in
//! a clean Chinese host as the other kinds' passages are.
//!
//! The case's source range is the whole zh-TW page: the translations are not aligned sentence by
//! sentence, so no narrower range is known to correspond to the excerpt (PAN's obfuscation cases
//! also give whole passages). Source-side recall is therefore the share of the page reported,
//! which a detection of only the excerpt's counterpart cannot fill: the kind's recall is a lower
//! bound, and its precision counts any detection from the right page inside the planted excerpt.

use std::collections::BTreeMap;

use crate::common;
use crate::corpus::Lang;
use crate::matcher::{self, is_han, Index};
use crate::split::{Bench, Ref};

/// Length range of a planted excerpt, in Han characters.
pub(crate) const EXCERPT: (usize, usize) = (300, 800);

/// The pairs as (number, zh-CN page, zh-TW page), in number order.
fn load() -> Vec<(String, String, String)> {
    let dir = "bench-rewrite";
    if !common::corpus_dir(dir).exists() {
        println!("[zh] rewritten: skipped (target/corpus/{dir} is missing: corpus.mjs could not fetch it)");
        return Vec::new();
    }
    let mut pages: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (name, text) in common::corpus(dir) {
        if let Some(number) = name.strip_suffix(".cn.txt") {
            pages.entry(number.to_string()).or_default().0 = text;
        } else if let Some(number) = name.strip_suffix(".tw.txt") {
            pages.entry(number.to_string()).or_default().1 = text;
        }
    }
    assert!(
        pages.len() >= 100,
        "target/corpus/{dir} has {} page pairs; run `node scripts/corpus.mjs --bench` \
         (or `npm run bench:quality`)",
        pages.len()
    );
    pages
        .into_iter()
        .filter(|(_, (cn, tw))| !cn.is_empty() && !tw.is_empty())
        .map(|(number, (cn, tw))| (number, cn, tw))
        .collect()
}

/// Adds every pair's zh-TW page to the references (after the others, so the split and the other
/// kinds are drawn as before), unless it or its zh-CN page shares a near-duplicate run with a
/// pair kept before it (help pages embed each other's sections). The matcher indexes both
/// translations under the reference, so a host sharing text with either is not clean, and a
/// planted excerpt sharing runs with another page is not kept.
pub fn add(lang: &Lang, bench: &mut Bench) {
    let mut seen = Index::new(lang.duplicate_run);
    let (mut added, mut dropped) = (0, 0);
    for (number, cn, tw) in load() {
        if seen.shares(&cn) || seen.shares(&tw) {
            dropped += 1;
            continue;
        }
        seen.add(0, &cn);
        seen.add(0, &tw);
        let id = bench.refs.len() as u32;
        for text in [&tw, &cn] {
            bench.clean.add(id, text);
            bench.phrases.add(id, text);
        }
        bench.refs.push(Ref {
            id: format!("help-{number}.tw"),
            units: matcher::count(&tw),
            text: tw,
            traditional: None,
            rewrite: Some(cn),
        });
        added += 1;
    }
    println!(
        "[{}] rewritten: {added} zh-TW LibreOffice help pages added to the references, their zh-CN \
         translations planted ({dropped} near-duplicate pairs dropped)",
        lang.code
    );
}

pub(crate) fn han(text: &str) -> usize {
    text.chars().filter(|&c| is_han(c)).count()
}

/// The rewriting references whose zh-CN page is long enough to plant from.
pub fn sources(bench: &Bench) -> Vec<usize> {
    (0..bench.refs.len())
        .filter(|&i| {
            let page = bench.refs[i].rewrite.as_deref();
            page.is_some_and(|cn| han(cn) >= EXCERPT.0)
        })
        .collect()
}
