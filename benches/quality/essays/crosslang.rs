//! The interleaved-translated kind (the sentence model's setting), on the cross-language kinds'
//! library (`translate.rs`, drawn with a seed of its own): LibreOffice help pages in the other
//! language as the references, their human translations aligned block by block by the ids the
//! help keeps. A copied sentence is a block of a reference's page in the essay's language (a
//! sentence or two of help text), labeled with its counterpart's span in the reference: known
//! without comparing texts. Own sentences are sentences of the pool pages (never references, clean
//! in both languages) nearest the source in topic, in the essay's language, sharing no run of 8
//! words (15 Chinese units) with either language of any reference.

use crate::corpus::{utf16_len, Lang};
use crate::matcher::Index;
use crate::rng::Rng;
use crate::split::Ref;
use crate::topic::Topics;
use crate::translate::{self, Page};

use super::interleave::{Disguise, Plant, Source, Unit};
use super::own::{fit, Hosts, Twins};
use super::restated::Restated;
use super::{Essay, EssayKind};

/// The translated kind's library and its essays.
pub struct CrossEssays {
    pub refs: Vec<Ref>,
    pub essays: Vec<Essay>,
    pub pool: usize,
}

/// Reference `library`'s page as a source: its blocks in the essay's language, each with its
/// counterpart's span in the reference (blocks are joined by line feeds there).
fn source(page: &Page, reference: &Ref, library: u32, chinese: bool) -> Option<Source> {
    let (planted, cited) = (page.blocks(chinese), page.blocks(!chinese));
    let mut at = 0;
    let units: Vec<Option<Unit>> = (planted.iter().zip(cited))
        .map(|(p, c)| {
            let src = (at, at + utf16_len(c));
            at = src.1 + 1;
            (fit(p, chinese) && !c.trim().is_empty()).then(|| Unit {
                text: p.clone(),
                src,
            })
        })
        .collect();
    (units.iter().flatten().count() >= 3).then(|| Source {
        library,
        id: reference.id.clone(),
        units,
    })
}

/// `per_kind` essays on the help pages, or `None` without them (corpus.mjs could not fetch them).
pub fn build(lang: &Lang, per_kind: usize, n: usize, seed: u64) -> Option<CrossEssays> {
    let chinese = lang.chinese;
    let mut rng = Rng(seed);
    let cross = translate::build(&translate::ZH, chinese, &mut rng)?;
    let mut truth = Index::new(n);
    let mut sources = Vec::new();
    for (i, reference) in cross.refs.iter().enumerate() {
        let page = &cross.pages[i];
        truth.add(i as u32, &page.text(false));
        truth.add(i as u32, &page.text(true));
        sources.push(source(page, reference, i as u32, chinese));
    }
    // Topics against each reference's page in the essay's language.
    let theirs: Vec<String> = (0..cross.refs.len())
        .map(|i| cross.pages[i].text(chinese))
        .collect();
    let texts: Vec<String> = (cross.pool.iter())
        .map(|&p| cross.pages[p].text(chinese))
        .collect();
    let refs: Vec<&str> = theirs.iter().map(String::as_str).collect();
    let topics = Topics::over(&refs, texts.iter().map(String::as_str), chinese);
    // The pool's pages are other pages than the references' (`translate.rs`).
    let pool = texts.iter().map(String::as_str).collect();
    // Own sentences restate no reference sentence, in their words or through their translation.
    let others: Vec<String> = (0..cross.refs.len())
        .map(|i| cross.pages[i].text(!chinese))
        .collect();
    let twins = Twins {
        blocks: (cross.pool.iter())
            .map(|&p| {
                (
                    cross.pages[p].blocks(chinese),
                    cross.pages[p].blocks(!chinese),
                )
            })
            .collect(),
        restated: Restated::new(others.iter().map(String::as_str), !chinese),
    };
    let restated = Restated::new(refs.iter().copied(), chinese);
    let mut hosts =
        Hosts::ranked(chinese, pool, &topics, |_, _| false).restating(restated, Some(twins));
    let plant = Plant {
        sources: &sources,
        own_units: if chinese { 700 } else { 450 },
        classmates: u32::MAX,
    };
    let kind = (&Disguise::Translated, EssayKind::Translated);
    let essays = (0..per_kind)
        .map_while(|_| plant.essay(&mut hosts, &truth, kind, chinese, &mut rng))
        .collect();
    let refs = (cross.refs.iter())
        .map(|r| Ref {
            id: r.id.clone(),
            text: r.text.clone(),
            traditional: None,
            rewrite: None,
            units: r.units,
        })
        .collect();
    Some(CrossEssays {
        refs,
        essays,
        pool: cross.pool.len(),
    })
}
