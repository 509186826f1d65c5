//! The interleaved kinds: 3-5 times, a block of 1-3 consecutive sentences of a reference (2-3 for
//! rewritten, which needs sentences to split and merge) and then 1-3 own sentences, as a student
//! who writes around copied material does. The blocks follow their source's order; with a
//! chance of 40% the last one or two come from a second source, as an essay drawing on two
//! readings does. How a block is disguised is the kind's: verbatim; light (`edit.rs`'s word
//! edits at 10% per sentence, at least one each); rewritten (`paraphrase.rs` on the whole block,
//! its sentences split and merged, so every sentence made of it is labeled with the block's
//! source span); translated (`crosslang.rs`: the help page's other language).

use std::ops::Range;

use crate::edit::{self, Token};
use crate::matcher::Index;
use crate::paraphrase::Paraphraser;
use crate::rates::Stats;
use crate::rng::Rng;

use super::own::Hosts;
use super::{Draft, Essay, EssayKind, Holder, How, Label};

/// A sentence of a source that may be copied: its text as planted (for the translated kind, the
/// other language's) and its UTF-16 span in the reference.
#[derive(Clone)]
pub struct Unit {
    pub text: String,
    pub src: (usize, usize),
}

/// A reference's sentences in order, `None` where a sentence may not be copied (too short, a
/// heading): blocks are runs of copyable sentences.
pub struct Source {
    /// The reference's place in the library, and its id.
    pub library: u32,
    pub id: String,
    pub units: Vec<Option<Unit>>,
}

/// Where each block comes from: a source (0: the first, 1: the second) and a range of its units.
pub type Blocks = Vec<(usize, Range<usize>)>;

/// Blocks of `sizes` sentences each from `source`, in its order, each at one of the first three
/// places after the last one's end where it fits; `None` when the source runs out.
fn in_order(source: &Source, sizes: &[usize], rng: &mut Rng) -> Option<Vec<Range<usize>>> {
    let units = &source.units;
    let (mut at, mut ranges) = (0, Vec::new());
    for &size in sizes {
        let starts: Vec<usize> = (at..units.len().saturating_sub(size - 1))
            .filter(|&s| units[s..s + size].iter().all(Option::is_some))
            .take(3)
            .collect();
        let start = *starts.get(rng.below(starts.len()))?;
        ranges.push(start..start + size);
        at = start + size;
    }
    Some(ranges)
}

/// The blocks of one essay: 3-5 of `sizes` sentences each (a range), some from `second`.
pub fn blocks(
    first: &Source,
    second: Option<&Source>,
    sizes: (usize, usize),
    rng: &mut Rng,
) -> Option<Blocks> {
    let count = rng.between(3, 5);
    let mut lengths: Vec<usize> = (0..count).map(|_| rng.between(sizes.0, sizes.1)).collect();
    let from_second = match second {
        Some(_) if rng.chance(0.4) => rng.between(1, 2),
        _ => 0,
    };
    let tail = lengths.split_off(count - from_second);
    let mut blocks: Blocks = (in_order(first, &lengths, rng)?.into_iter())
        .map(|r| (0, r))
        .collect();
    if let Some(second) = second.filter(|_| !tail.is_empty()) {
        blocks.extend(in_order(second, &tail, rng)?.into_iter().map(|r| (1, r)));
    }
    Some(blocks)
}

/// How the kind turns a block's sentences into the essay's: each made sentence with the source
/// span it is labeled with.
pub enum Disguise<'a> {
    Verbatim,
    Light(&'a [Token]),
    Rewritten(&'a Paraphraser),
    Translated,
}

impl Disguise<'_> {
    pub fn how(&self) -> How {
        match self {
            Disguise::Verbatim => How::Verbatim,
            Disguise::Light(_) => How::Light,
            Disguise::Rewritten(_) => How::Rewritten,
            Disguise::Translated => How::Translated,
        }
    }

    fn apply(
        &self,
        block: &[&Unit],
        chinese: bool,
        rng: &mut Rng,
    ) -> Vec<(String, (usize, usize))> {
        match self {
            Disguise::Verbatim | Disguise::Translated => {
                block.iter().map(|u| (u.text.clone(), u.src)).collect()
            }
            Disguise::Light(vocabulary) => (block.iter())
                .map(|u| (light(&u.text, chinese, vocabulary, rng), u.src))
                .collect(),
            Disguise::Rewritten(paraphraser) => {
                let texts: Vec<&str> = block.iter().map(|u| u.text.as_str()).collect();
                let joined = texts.join(if chinese { "" } else { " " });
                let mut stats = Stats::default();
                let rewritten = match paraphraser {
                    Paraphraser::English(p) => p.rewrite(&joined, rng, &mut stats),
                    Paraphraser::Chinese(p) => p.rewrite(&joined, rng, &mut stats),
                };
                let span = (block[0].src.0, block[block.len() - 1].src.1);
                (crate::corpus::sentences(&rewritten, chinese).into_iter())
                    .map(|(s, e)| (rewritten[s..e].to_string(), span))
                    .collect()
            }
        }
    }
}

/// `text` with `edit.rs`'s word edits at 10%, at least one (a sentence left as it was would be
/// verbatim), its closing punctuation kept: a student's edited sentence still ends where it did,
/// and the sentences around it are told apart by it (an edit dropping "2013." would run a copied
/// sentence into the writer's next).
fn light(text: &str, chinese: bool, vocabulary: &[Token], rng: &mut Rng) -> String {
    let text = text.trim_end();
    let body = text.trim_end_matches(|c: char| ".!?。！？；\"”’'".contains(c));
    let ending = &text[body.len()..];
    let tokens = edit::tokens(body, chinese, rng);
    for _ in 0..20 {
        let edited = edit::join(&edit::word_edits(&tokens, 0.10, vocabulary, rng), chinese);
        let edited = format!("{}{ending}", edited.trim());
        if edited != text {
            return edited;
        }
    }
    text.to_string()
}

/// The essay: each block disguised, then 1-3 of `own` (in order), a paragraph ended now and then.
pub fn write(
    sources: &[&Source],
    blocks: &Blocks,
    disguise: &Disguise,
    own: &[String],
    chinese: bool,
    rng: &mut Rng,
) -> Option<Draft> {
    let mut draft = Draft::new(chinese);
    let mut own = own.iter();
    for (which, range) in blocks {
        let source = sources[*which];
        let units: Vec<&Unit> = source.units[range.clone()].iter().flatten().collect();
        for (text, src) in disguise.apply(&units, chinese, rng) {
            let label = Label::Copied {
                how: disguise.how(),
                source: source.id.clone(),
                src,
            };
            draft.push(&text, label, Some(Holder::Source(source.library)));
        }
        for _ in 0..rng.between(1, 3) {
            draft.push(own.next()?, Label::Own, None);
        }
        if rng.chance(0.4) {
            draft.paragraph();
        }
    }
    Some(draft)
}

/// What the interleaved essays of one library are planted from.
pub struct Plant<'s> {
    /// Each reference as a source, `None` when it has too few sentences to copy.
    pub sources: &'s [Option<Source>],
    /// Own sentences an essay takes from its hosts (in units): enough for 15 sentences.
    pub own_units: usize,
    /// Library ids from the first classmate's essay on (none for the translated kind's library).
    pub classmates: u32,
}

impl Plant<'_> {
    /// An essay of `kind`: its own sentences from the unused host nearest a source in topic, its
    /// blocks from that source and maybe a second one; tried again (blocks, then hosts) until the
    /// matcher explains every run it shares with the library by `truth`.
    pub fn essay(
        &self,
        hosts: &mut Hosts,
        truth: &Index,
        (disguise, kind): (&Disguise, EssayKind),
        chinese: bool,
        rng: &mut Rng,
    ) -> Option<Essay> {
        let sizes = if kind == EssayKind::Rewritten {
            (2, 3)
        } else {
            (1, 3)
        };
        let plantable: Vec<usize> = (0..self.sources.len())
            .filter(|&i| self.sources[i].is_some())
            .collect();
        for _ in 0..20 {
            let (host, first, _) = hosts.on_topic(|r| self.sources[r].is_some())?;
            let own = hosts.gather(host, self.own_units, Some(truth), rng);
            let second = plantable[rng.below(plantable.len())];
            let pair = [&self.sources[first], &self.sources[second]];
            let [Some(one), Some(two)] = pair else {
                continue;
            };
            let two = (second != first).then_some(two);
            for _ in 0..10 {
                let Some(blocks) = blocks(one, two, sizes, rng) else {
                    continue;
                };
                let sources = [one, two.unwrap_or(one)];
                let Some(draft) = write(&sources, &blocks, disguise, &own, chinese, rng) else {
                    continue;
                };
                if draft.explained(truth, self.classmates) {
                    return Some(draft.finish(kind));
                }
            }
        }
        None
    }
}
