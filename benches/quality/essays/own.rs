//! The essays' own sentences: sentences of the host pool (news or law documents that are not
//! references, the same pool as the PAN kinds'), in their order, so an essay's own text reads as
//! one writer's. An own sentence must look like one (a whole sentence of ordinary length) and,
//! once the library is known, share no run of 8 words (15 Chinese units) with any library text
//! (the matcher's word, not plagscope's) and restate no reference's sentence (`restated.rs`).
//! Hosts are ranked by the bench's tf·idf cosine with their nearest reference (`topic.rs`), so an
//! interleaved essay's own sentences are on its source's topic and the clean essays are the hosts
//! nearest a reference: same-topic text, the hardest honest text for rewritten and translated
//! evidence. A host is never paired with a reference
//! from the same law: the Chinese documents are a law's chapters, and another chapter of the law
//! a student copies from is that source too, not the student's own words (`law_of`).

use crate::corpus::{sentences, Lang};
use crate::matcher::{self, Index};
use crate::rng::Rng;
use crate::split::Bench;
use crate::topic::Topics;

use super::restated::Restated;
use super::{Draft, Label};

/// Units of an own or copied sentence (words; Chinese: Han characters and numbers).
pub fn sentence_units(chinese: bool) -> (usize, usize) {
    if chinese {
        (10, 150)
    } else {
        (6, 60)
    }
}

/// Whether `s` is a whole sentence of ordinary length: what an essay's own or copied sentence is.
pub fn fit(s: &str, chinese: bool) -> bool {
    let (least, most) = sentence_units(chinese);
    let units = matcher::count(s);
    let first = s.chars().next().unwrap_or(' ');
    let last = s.chars().last().unwrap_or(' ');
    let shaped = if chinese {
        "。；！？".contains(last)
    } else {
        (first.is_uppercase() || first.is_ascii_digit()) && ".!?\"”".contains(last)
    };
    (least..=most).contains(&units) && shaped && !s.contains("http")
}

/// The byte ranges of the runs of `index.n` units `text` shares with the library.
fn shared_runs(index: &Index, text: &str) -> Vec<(usize, usize)> {
    let units = matcher::units(text);
    (matcher::ngrams(&units, index.n).into_iter().enumerate())
        .filter(|&(_, hash)| !index.get(hash).is_empty())
        .map(|(i, _)| (units[i].start, units[i + index.n - 1].end))
        .collect()
}

/// The host pool, ranked by topic, each host used once.
pub struct Hosts<'a> {
    chinese: bool,
    texts: Vec<&'a str>,
    /// (cosine, host, its nearest reference), nearest first.
    by_topic: Vec<(f64, usize, usize)>,
    used: Vec<bool>,
    /// The references' sentences, when they are in the hosts' language.
    restated: Option<Restated>,
    /// The hosts' translations and the references' sentences in their language, when the hosts
    /// are one side of parallel pages.
    twins: Option<Twins<'a>>,
}

/// Each host's blocks in its language and the same blocks in the other language (a help page's
/// two sides), with the references' sentences in that other language: a host sentence whose
/// translation restates a reference's sentence is that sentence said again in the host's words
/// ("Up to four colors can be replaced at once." beside a reference's "一次最多可以替换四种不同的颜色。",
/// its English side "You can replace up to four different colors at one time."), so never an
/// essay's own, as a teacher reading the two side by side sees.
pub struct Twins<'a> {
    pub blocks: Vec<(&'a [String], &'a [String])>,
    pub restated: Restated,
}

impl Twins<'_> {
    /// Whether the block of `host` holding `sentence` has a translation restating a reference's.
    fn restate(&self, host: usize, sentence: &str, chinese: bool) -> bool {
        let (own, other) = self.blocks[host];
        (own.iter().zip(other)).any(|(block, twin)| {
            block.contains(sentence)
                && (sentences(twin, !chinese).into_iter())
                    .any(|(s, e)| self.restated.restates(&twin[s..e]))
        })
    }
}

impl<'a> Hosts<'a> {
    /// The PAN kinds' host pool, ranked against their references (of other laws).
    pub fn new(lang: &Lang, bench: &'a Bench) -> Self {
        let topics = Topics::new(bench, lang.chinese);
        let texts = bench.hosts.iter().map(|h| h.text.as_str()).collect();
        let law = law_of(bench);
        let host_law: Vec<usize> = bench.hosts.iter().map(|h| law[&h.id]).collect();
        let reference_law: Vec<usize> = bench.refs.iter().map(|r| law[&r.id]).collect();
        let same = |host: usize, reference: usize| {
            lang.chinese && host_law[host] == reference_law[reference]
        };
        let references = (bench.refs.iter()).flat_map(|r| {
            let simplified = r.traditional.iter().flatten().map(|(s, _)| s.as_str());
            std::iter::once(r.text.as_str()).chain(simplified)
        });
        let restated = Restated::new(references, lang.chinese);
        Self::ranked(lang.chinese, texts, &topics, same).restating(restated, None)
    }

    /// `texts` ranked by their cosine with the nearest of `topics`' references, but those a text
    /// is `same` document with.
    pub fn ranked(
        chinese: bool,
        texts: Vec<&'a str>,
        topics: &Topics,
        same: impl Fn(usize, usize) -> bool,
    ) -> Self {
        let mut by_topic: Vec<(f64, usize, usize)> = (texts.iter().enumerate())
            .map(|(i, t)| {
                let (reference, cosine) = topics.nearest_where(t, |r| !same(i, r));
                (cosine, i, reference)
            })
            .collect();
        by_topic.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        Hosts {
            chinese,
            used: vec![false; texts.len()],
            texts,
            by_topic,
            restated: None,
            twins: None,
        }
    }

    /// The hosts, never giving a sentence that restates a sentence of `restated`, or whose
    /// translation restates one of `twins`.
    pub fn restating(self, restated: Restated, twins: Option<Twins<'a>>) -> Self {
        Hosts {
            restated: Some(restated),
            twins,
            ..self
        }
    }

    /// The unused host nearest a reference in topic among those whose reference `wanted` accepts,
    /// marked used; with the reference and the cosine.
    pub fn on_topic(&mut self, wanted: impl Fn(usize) -> bool) -> Option<(usize, usize, f64)> {
        let at = (self.by_topic.iter())
            .position(|&(_, host, reference)| !self.used[host] && wanted(reference))?;
        let (cosine, host, reference) = self.by_topic[at];
        self.used[host] = true;
        Some((host, reference, cosine))
    }

    /// A random unused host, marked used.
    pub fn any(&mut self, rng: &mut Rng) -> Option<usize> {
        let free: Vec<usize> = (0..self.texts.len()).filter(|&i| !self.used[i]).collect();
        let host = *free.get(rng.below(free.len()))?;
        self.used[host] = true;
        Some(host)
    }

    /// The fit sentences of `host`, in order, without those touching a run the host shares with
    /// the library (`truth`, once it is known; a short sentence inside a shared run has no run
    /// of its own, and would make one again beside its neighbour) or restating a reference's.
    pub fn sentences(&self, host: usize, truth: Option<&Index>) -> Vec<String> {
        let text = self.texts[host];
        let shared = truth.map_or(Vec::new(), |t| shared_runs(t, text));
        let restated = self.restated.as_ref().filter(|_| truth.is_some());
        (sentences(text, self.chinese).into_iter())
            .filter(|&(s, e)| !shared.iter().any(|&(a, b)| a < e && s < b))
            .map(|(s, e)| text[s..e].to_string())
            .filter(|s| fit(s, self.chinese))
            .filter(|s| !restated.is_some_and(|r| r.restates(s)))
            .filter(|s| {
                let twins = self.twins.as_ref().filter(|_| truth.is_some());
                !twins.is_some_and(|t| t.restate(host, s, self.chinese))
            })
            .collect()
    }

    /// At least `units` worth of own sentences: `first`'s, then random hosts' as needed.
    pub fn gather(
        &mut self,
        first: usize,
        units: usize,
        truth: Option<&Index>,
        rng: &mut Rng,
    ) -> Vec<String> {
        let mut own = self.sentences(first, truth);
        let total = |own: &[String]| own.iter().map(|s| matcher::count(s)).sum::<usize>();
        while total(&own) < units {
            let Some(host) = self.any(rng) else { break };
            own.extend(self.sentences(host, truth));
        }
        let mut sum = 0;
        own.retain(|s| {
            let keep = sum < units;
            sum += matcher::count(s);
            keep
        });
        own
    }
}

/// Each document's law, by id: the Chinese documents are laws' chapters in order (ids follow the
/// laws, then their chapters), and a law's first document begins with its first article; the
/// English documents are each their own.
fn law_of(bench: &Bench) -> std::collections::HashMap<String, usize> {
    let mut documents: Vec<(&str, &str)> =
        (bench.refs.iter().map(|r| (r.id.as_str(), r.text.as_str())))
            .chain(bench.hosts.iter().map(|h| (h.id.as_str(), h.text.as_str())))
            .collect();
    documents.sort_unstable();
    let mut law = 0;
    (documents.into_iter())
        .map(|(id, text)| {
            if !id.starts_with("law-") || text.trim_start().starts_with("第一条") {
                law += 1;
            }
            (id.to_string(), law)
        })
        .collect()
}

/// Own sentences into `draft`, a paragraph ended every 3-6 sentences; `insert` is called before
/// sentence `at` (and after the last when `at` is past the end), to put in the shared part.
pub fn write_body(
    draft: &mut Draft,
    own: &[String],
    at: usize,
    rng: &mut Rng,
    mut insert: impl FnMut(&mut Draft, &mut Rng),
) {
    let mut next_break = rng.between(3, 6);
    for (i, sentence) in own.iter().enumerate() {
        if i == at {
            insert(draft, rng);
        }
        draft.push(sentence, Label::Own, None);
        next_break -= 1;
        if next_break == 0 {
            draft.paragraph();
            next_break = rng.between(3, 6);
        }
    }
    if at >= own.len() {
        insert(draft, rng);
    }
}

/// What the kinds with a classmate (quotation, references, table) write with: the hosts, the
/// truth (runs of the library: the references, then the classmates once they are written) and
/// the draw.
pub struct Writer<'a> {
    pub lang: &'a Lang,
    pub rng: Rng,
    pub hosts: Hosts<'a>,
    pub truth: Index,
    /// The library id of the first classmate's essay.
    pub classmates: u32,
    pub parts: Option<super::citations::Parts>,
}

impl Writer<'_> {
    /// Own sentences of a random host (and more hosts as needed), a random length in `units`,
    /// none sharing a run with the library as far as it is known.
    pub fn body(&mut self, units: (usize, usize)) -> Option<Vec<String>> {
        let host = self.hosts.any(&mut self.rng)?;
        let wanted = self.rng.between(units.0, units.1);
        let own = (self.hosts).gather(host, wanted, Some(&self.truth), &mut self.rng);
        (own.len() >= 3).then_some(own)
    }
}
