//! From a corpus to references and a host pool: near-duplicates out, a seeded random split, and
//! the matcher's indexes over the references.

use crate::corpus::{Document, Lang};
use crate::matcher::{self, Index};
use crate::rng::Rng;

/// About as many references as a class's worth of sources, and more than the 500 of the old bench.
pub const REFERENCES: usize = 600;

pub struct Ref {
    pub id: String,
    /// The text given to plagscope.
    pub text: String,
    /// Articles as (simplified, traditional) when the reference is the traditional version.
    pub traditional: Option<Vec<(String, String)>>,
    /// The other human translation (zh-CN) of a rewriting reference's page (`rewrite.rs`).
    pub rewrite: Option<String>,
    pub units: usize,
}

impl Ref {
    /// The reference as a library holds it: its id, text and length, without the traditional
    /// articles or the other translation the kinds that plant from it need.
    pub fn as_library_text(&self) -> Ref {
        Ref {
            id: self.id.clone(),
            text: self.text.clone(),
            traditional: None,
            rewrite: None,
            units: self.units,
        }
    }
}

pub struct Bench {
    pub refs: Vec<Ref>,
    /// Host pool: documents of the same corpus that are not references.
    pub hosts: Vec<Document>,
    /// Runs of `clean_run` units: the ground truth.
    pub clean: Index,
    /// Runs of `phrase_run` units: how near a clean host comes to copying.
    pub phrases: Index,
    pub dropped_duplicates: usize,
}

/// Keeps each document unless it shares a run of `duplicate_run` units with one kept before it,
/// so no passage has two plausible sources (reprints, follow-up stories, repeated law chapters).
fn without_near_duplicates(lang: &Lang, documents: Vec<Document>) -> (Vec<Document>, usize) {
    let mut seen = Index::new(lang.duplicate_run);
    let mut kept = Vec::new();
    let mut dropped = 0;
    for document in documents {
        if seen.shares(&document.text) {
            dropped += 1;
        } else {
            seen.add(0, &document.text);
            kept.push(document);
        }
    }
    (kept, dropped)
}

/// Splits at random into references and hosts; for Chinese, `traditional` references (among
/// those long enough to plant from) are given to plagscope in traditional characters.
pub fn split(lang: &Lang, documents: Vec<Document>, traditional: usize, rng: &mut Rng) -> Bench {
    let (mut documents, dropped_duplicates) = without_near_duplicates(lang, documents);
    rng.shuffle(&mut documents);
    let hosts = documents.split_off(REFERENCES.min(documents.len() / 2));
    let mut clean = Index::new(lang.clean_run);
    let mut phrases = Index::new(lang.phrase_run);
    let mut converted = 0;
    let refs = documents
        .into_iter()
        .enumerate()
        .map(|(i, document)| {
            let units = matcher::count(&document.text);
            clean.add(i as u32, &document.text);
            phrases.add(i as u32, &document.text);
            let mut reference = Ref {
                id: document.id,
                text: document.text,
                traditional: None,
                rewrite: None,
                units,
            };
            if let Some(pairs) = document.pairs {
                if converted < traditional && units >= lang.passage.0 * 2 {
                    converted += 1;
                    let text: Vec<&str> = pairs.iter().map(|(_, t)| t.as_str()).collect();
                    reference.text = text.join("\n");
                    // The matcher sees both versions, so a simplified host sharing text with the
                    // simplified original is not taken for clean.
                    clean.add(i as u32, &reference.text);
                    phrases.add(i as u32, &reference.text);
                    reference.traditional = Some(pairs);
                }
            }
            reference
        })
        .collect();
    Bench {
        refs,
        hosts,
        clean,
        phrases,
        dropped_duplicates,
    }
}
