//! Passage alignment: from shared token runs between a paper and a source to passages that
//! tolerate small edits, each with its exact shared pieces and the evidence for it.
//!
//! Lengths are measured in **word equivalents** ([`crate::text::units`]): a word weighs one, a
//! Chinese character 0.6, so every threshold below means the same amount of text in English and
//! in Chinese (12 words = 20 hanzi).
//!
//! 1. **Segments** ([`segments`]): every maximal run of equal tokens carrying at least 80% of
//!    `seed_words` (three words, four Chinese characters), found from seed n-grams of the source.
//!    Only the longest run through a place of either text is kept, so a phrase the source (or the
//!    paper) repeats is not matched at its other occurrences. Runs on one diagonal with only the
//!    paper's common phrasing between them, the same text in both, are one run when their own
//!    words weigh at least half of it: a statute's sentence copied whole, its stock phrases and all.
//! 2. **Fragments** ([`merge::chain`]): segments chained along the diagonal: the next segment
//!    starts at most `max_gap` after the fragment in *both* texts. Gaps are the "imperfections"
//!    (WCopyfind): inserted, deleted or changed words inside a copied passage.
//! 3. **Passages** ([`merge`]): fragments next to each other in the paper whose source ranges are
//!    close are merged (sentences reordered inside a copied paragraph make one passage); weak
//!    fragments (no run of [`FRAGMENT_ANCHOR_WORDS`]) only join an anchored passage next to them;
//!    shorter shared runs inside a passage's gaps are added as evidence of density.
//! 4. **Correspondence** ([`validate`]): the paper side and the source side of a passage must be
//!    the same text: lengths within a factor of two, and matched text covering at least
//!    `min_density` of each side. A passage that fails is split at its widest gap until every
//!    part passes, and runs stranded at its edges are trimmed, so one source phrase is never
//!    stretched over a long stretch of the paper; runs trimmed off the source side that lie apart
//!    in the paper are judged again as a passage of their own (a block copied from further on,
//!    after a sentence of the writer's).
//! 5. **Evidence**: an exact run of `anchor_words` (12 words, 20 hanzi: by itself more than any
//!    stock phrase) makes a passage; without one, an edited copy needs `edited_words` inside
//!    seed-long runs that no other reference shares. Every passage needs `min_words` matched.
//! 6. **Rewritten copies** ([`rewritten`]): when both sides come with sentence vectors, sentences
//!    that share their rare content extend the exact passages near them and, where no exact run
//!    is, make rewritten passages of their own; each passage says which [`Evidence`] found it.
//! 7. **One place each**: where passages overlap in the paper, the strongest is kept.
//! 8. **Sentence-true** ([`sentence_true`], called by the checker once every kind of evidence is
//!    in): a passage is cut around each paper sentence its source does not explain.

mod context;
mod merge;
pub mod rewritten;
mod segments;
pub mod sentence_true;
#[cfg(feature = "translated")]
pub mod translated;
mod validate;

use crate::sketch::sentence_terms::SentenceVectors;
use crate::text::WORD;
use context::Context;
pub use context::WeightSums;

pub use rewritten::{sentence_seeds, Evidence, SentencePair, SentenceSeed};
pub use segments::{
    exact_segments, exact_segments_from_paper, exact_segments_with, strongest_segments, SeedTable,
    Segment,
};
pub use sentence_true::{sentence_true, sentence_true_both, PaperSentences, SentenceMatch};

/// How many references (or archive documents) may hold a stock phrase before it is common
/// phrasing: the one default of a check of a library and of an archive.
pub const DEFAULT_MAX_DOC_FREQUENCY: usize = 10;

crate::options! {
    /// How passages are matched. Lengths are in word equivalents: a Chinese or Japanese character
    /// counts 0.6 of a word (Chinese words average about 1.7 characters).
    #[derive(Eq)]
    pub struct AlignOptions {
        /// Shortest exact run used, in words (3 = 5 Chinese characters).
        pub seed_words: usize = 3, in 1..=16;
        /// Largest gap of changed words inside a passage, in each text.
        pub max_gap: usize = 30, in 0..=100;
        /// Largest distance, in words, at which pieces (reordered sentences, say) merge into one
        /// passage.
        pub merge_gap: usize = 60, in 0..=500;
        /// Fewest matched words in a reported passage: smaller matches are left out (12 = 20
        /// Chinese characters).
        pub min_words: usize = 12, in 1..=10_000;
        /// An exact shared run at least this long makes a passage by itself.
        pub anchor_words: usize = 12, in 1..=64;
        /// A passage without such a run (an edited copy) needs this many words inside exact runs
        /// of at least `seedWords` that no other reference shares.
        pub edited_words: usize = 55, in 1..=10_000;
        /// Least share of each side of a passage inside exact shared runs, in percent; a passage
        /// whose sides are not the same text is split at its widest gap.
        pub min_density: usize = 30, in 0..=100;
        /// A stock phrase (up to 20 words) held by more references than this is common phrasing,
        /// not evidence (MOSS's `-m`); a longer stretch held by that many is a popular source and
        /// still counts.
        pub max_doc_frequency: usize = DEFAULT_MAX_DOC_FREQUENCY, in 1..=1_000_000;
        /// Also find rewritten copies (paraphrased, heavily edited) sentence by sentence: sentences
        /// that share their rare content words with a source's, in its order or shuffled.
        pub rewritten: bool = true;
        /// Least similarity of two sentences (tf·idf cosine of their content words, in percent)
        /// for them to count as one rewritten from the other; a Chinese or Japanese sentence needs
        /// 10 more. A pair up to 10 under it still extends an exact passage beside it, or counts
        /// within a run of sentences that follow the source's order.
        pub sentence_similarity: usize = 55, in 1..=100;
        /// Fewest matching sentences in a rewritten passage without an exact run (2 more, of
        /// which 2 pass `sentenceSimilarity`, for a run in the source's order).
        pub min_sentences: usize = 3, in 1..=1_000;
        /// Also find translated copies (English ↔ Chinese) sentence by sentence: candidates by a
        /// bilingual dictionary, verified by the multilingual sentence model, which must be loaded
        /// first (`useSentenceModel`). Each passage needs `minSentences` sentence pairs that follow
        /// each other in both texts, or two consecutive sentences of 10 words or more (6 once
        /// another passage of the source is found) translated from two consecutive source
        /// sentences, 10 points over `translatedSimilarity` on average (a short copy), or three
        /// sentences of 6 words or more, 40 in all, translated one or two at a time in the
        /// source's order with the writer's own between them, each the best match of its
        /// sentences nearby, 10 points over on average (blocks). With `rewritten`, the model also
        /// finds reworded copies in
        /// the paper's own language (reported as rewritten): one pair more, 10 points more
        /// similarity, and only on paper sentences that no other source's passage explains.
        pub translated: bool = false;
        /// Least similarity of a translated passage's sentence pairs (the model's cosine, in
        /// percent, averaged over the passage; each pair may be up to 10 under it).
        pub translated_similarity: usize = 60, in 1..=100;
    }
}

/// One text of an alignment: its token hashes and each token's weight in tenths of a word
/// ([`crate::text::token_weights`]).
#[derive(Debug, Clone, Copy)]
pub struct Side<'a> {
    /// Token hashes (equal tokens, equal hashes).
    pub hashes: &'a [u64],
    /// Token weights, as long as `hashes`.
    pub weights: &'a [u32],
    /// Tokens that other references share too (the phrasing of the domain, not of one source);
    /// empty when unknown. They count for an edited passage's evidence only when absent.
    pub shared: &'a [bool],
    /// The paper's common phrasing (stock phrases many references hold, among the tokens that
    /// cannot be evidence); empty when unknown. The same text across it joins two exact runs on
    /// one diagonal into one.
    pub common: &'a [bool],
    /// The seed table of `hashes` when it was built beforehand: a source's in all pairs, a
    /// paper's (with its filter) in a check; one with another window than the options' seed
    /// length is ignored, and a table is built for the call.
    pub seeds: Option<&'a SeedTable>,
    /// The prefix sums of `weights` when built beforehand (a check's paper, aligned with every
    /// candidate); ones of another length are ignored.
    pub sums: Option<&'a WeightSums>,
    /// The text's sentence vectors, when rewritten copies are looked for; `None` on either side
    /// finds exact evidence only.
    pub sentences: Option<&'a SentenceVectors>,
}

impl<'a> Side<'a> {
    /// This side with `sentences` as its sentence vectors.
    pub fn with_sentences(self, sentences: Option<&'a SentenceVectors>) -> Self {
        Side { sentences, ..self }
    }
}

/// An aligned passage: token ranges in both texts, the exact runs inside, and its evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// First paper token.
    pub paper_start: usize,
    /// One past the last paper token.
    pub paper_end: usize,
    /// First source token.
    pub source_start: usize,
    /// One past the last source token.
    pub source_end: usize,
    /// The exact runs, sorted by paper position.
    pub segments: Vec<Segment>,
    /// Exact runs inside the paper side whose twin lies elsewhere in the source (a sentence copied
    /// from another place of it), sorted by paper position: shown as shared, not aligned.
    pub elsewhere: Vec<Segment>,
    /// Paper tokens inside exact runs (each counted once).
    pub matched_words: usize,
    /// Weight of those tokens, in tenths of a word.
    pub matched_weight: u32,
    /// Weight of the paper tokens inside exact runs at least a seed long that no other reference
    /// shares: the evidence of an edited passage (the short runs between them only show how
    /// dense the copy is, and phrasing common to the references shows nothing).
    pub seeded_weight: u32,
    /// Weight of the source tokens inside exact runs (each counted once).
    pub source_matched_weight: u32,
    /// Tokens of the longest exact run.
    pub longest_run: usize,
    /// Weight of the longest exact run, in tenths of a word.
    pub longest_weight: u32,
    /// What found the passage.
    pub evidence: Evidence,
    /// The matching sentences that found or extended it, in paper order.
    pub sentence_pairs: Vec<SentencePair>,
    /// Paper sentences the passage spans (0 when sentences were not compared).
    pub sentences: usize,
    /// Whether the sentence model found it (a translated passage, or a reworded one in the
    /// paper's language): its sentence pairs' similarity is then the model's cosine.
    pub by_model: bool,
    /// The passage of the source's alignment this one is a piece of ([`sentence_true`] numbers
    /// them and cuts them around sentences the source does not explain): the pieces of one
    /// region are one block copied from one stretch of the source (its sentences in order or
    /// reordered), with the paper's own sentences, or ones rewritten past recognition, between.
    pub region: usize,
}

/// Every part merged into a passage contains an exact run at least this long, in words (9
/// Chinese characters): shorter pieces only join a passage that has one.
pub const FRAGMENT_ANCHOR_WORDS: u32 = 5;

/// A run counts as a segment when it weighs at least this share (in percent) of `seed_words`:
/// three words, or four Chinese characters (a four-character phrase carries about as much as
/// two or three words; five would lose most of a heavily edited Chinese copy).
pub const SEED_SHARE_PERCENT: u32 = 80;

/// Aligns `paper` with `source` into passages; see the module docs. `unusable` paper tokens
/// (excluded text, common phrasing) never belong to an exact run.
pub fn align(
    paper: Side<'_>,
    source: Side<'_>,
    unusable: &[bool],
    options: &AlignOptions,
) -> Vec<Passage> {
    let exact = align_exact(paper, source, unusable, options);
    let seeds = match (paper.sentences, source.sentences) {
        (Some(paper), Some(source)) if options.rewritten => sentence_seeds(paper, source, options),
        _ => Vec::new(),
    };
    finish(paper, source, exact, &seeds, options)
}

/// Steps 1-5 of [`align`]: the passages exact runs make, with the runs.
#[derive(Debug, Clone, Default)]
pub struct ExactAlignment {
    /// The passages, each with enough exact evidence.
    pub passages: Vec<Passage>,
    /// Every exact run found (the strongest through each place).
    segments: Vec<Segment>,
}

/// The exact runs `paper` and `source` share, by the seed table one of them was given (the
/// source's when both were: all pairs builds one per reference), or else a table of the source's
/// built for the call.
fn exact_runs(paper: Side<'_>, source: Side<'_>, unusable: &[bool], window: usize) -> Vec<Segment> {
    let fits = |seeds: Option<&SeedTable>| seeds.is_some_and(|seeds| seeds.window() == window);
    match (
        paper.seeds.filter(|_| fits(paper.seeds)),
        source.seeds.filter(|_| fits(source.seeds)),
    ) {
        (_, Some(seeds)) => exact_segments_with(paper.hashes, source.hashes, seeds, unusable),
        (Some(seeds), None) => {
            exact_segments_from_paper(paper.hashes, seeds, source.hashes, unusable)
        }
        (None, None) => {
            let seeds = SeedTable::new(source.hashes, window);
            exact_segments_with(paper.hashes, source.hashes, &seeds, unusable)
        }
    }
}

/// Steps 1-5 of [`align`]: exact runs into passages, without the sentences.
pub fn align_exact(
    paper: Side<'_>,
    source: Side<'_>,
    unusable: &[bool],
    options: &AlignOptions,
) -> ExactAlignment {
    let context = Context::new(&paper, &source, options);
    let fragment_anchor = FRAGMENT_ANCHOR_WORDS * WORD;
    // Steps 1-2: exact runs, the strongest per place, chained along the diagonal.
    let segments = exact_runs(paper, source, unusable, options.seed_words.max(1));
    let texts = (paper.hashes, source.hashes);
    let segments: Vec<Segment> =
        segments::join_across_common(segments, texts, paper.common, &context.paper)
            .into_iter()
            .filter(|s| context.paper.of(s.paper, s.paper + s.len) >= context.seed)
            .collect();
    let segments = strongest_segments(segments, paper.hashes.len(), source.hashes.len());
    let fragments = merge::chain(&context, &segments, options.seed_words);
    // Step 3: fragments merged; weak ones join an anchored passage nearby; gaps filled.
    let (anchored, weak): (Vec<Passage>, Vec<Passage>) =
        merge::merge(&context, fragments, fragment_anchor)
            .into_iter()
            .partition(|p| p.longest_weight >= fragment_anchor);
    let filled = merge::absorb_weak(&context, anchored, weak)
        .into_iter()
        .map(|p| segments::fill_gaps(&context, p, paper.hashes, source.hashes, unusable));
    // Step 4: both sides correspond; step 5: reordered neighbours merged, evidence required.
    let corresponding: Vec<Passage> = filled
        .flat_map(|p| validate::corresponding(&context, p))
        .filter(|p| p.longest_weight >= fragment_anchor)
        .collect();
    let evidence = ExactEvidence::of(options);
    let passages = merge::merge_reordered(&context, corresponding)
        .into_iter()
        .flat_map(|p| validate::corresponding(&context, p))
        .filter(|p| evidence.enough(p))
        .collect();
    ExactAlignment { passages, segments }
}

/// Steps 6-7 of [`align`]: the exact passages extended over the matching sentences `seeds`, the
/// rewritten passages they make elsewhere, one source place per paper place.
pub fn finish(
    paper: Side<'_>,
    source: Side<'_>,
    exact: ExactAlignment,
    seeds: &[SentenceSeed],
    options: &AlignOptions,
) -> Vec<Passage> {
    let ExactAlignment { passages, segments } = exact;
    let passages = match (paper.sentences, source.sentences) {
        (Some(paper_sentences), Some(source_sentences)) if options.rewritten => {
            let context = Context::new(&paper, &source, options);
            let sentences = rewritten::Sentences {
                paper: paper_sentences,
                source: source_sentences,
                paper_tokens: paper.hashes,
                source_tokens: source.hashes,
            };
            rewritten::with_sentences(&context, passages, &segments, sentences, seeds, options)
        }
        _ => passages,
    };
    let mut passages = merge::one_source_place_per_paper_place(passages);
    for passage in &mut passages {
        show_inner_runs(passage, &segments);
    }
    passages
}

/// Sets `passage.elsewhere`: every exact run of `segments` inside its paper side that overlaps none
/// of its runs, wherever its twin lies in the source. A sentence copied verbatim from another place
/// of the source (or a stray trimmed off the source side) is copied text, and a reader must see it
/// as shared, not as words that differ; the passage's alignment and measures stay as they are.
fn show_inner_runs(passage: &mut Passage, segments: &[Segment]) {
    let (start, end) = (passage.paper_start, passage.paper_end);
    let mut covered = vec![false; end - start];
    for s in &passage.segments {
        covered[s.paper.max(start) - start..(s.paper + s.len).min(end) - start].fill(true);
    }
    let inner = segments.iter().filter(|s| {
        s.paper >= start
            && s.paper + s.len <= end
            && !covered[s.paper - start..s.paper + s.len - start].contains(&true)
    });
    passage.elsewhere = inner.copied().collect();
}

/// What a passage must show to be reported, in tenths of a word.
struct ExactEvidence {
    min_matched: u32,
    anchor: u32,
    edited: u32,
    fragment_anchor: u32,
}

impl ExactEvidence {
    fn of(options: &AlignOptions) -> Self {
        let words = |n: usize| {
            u32::try_from(n)
                .unwrap_or(u32::MAX / WORD)
                .saturating_mul(WORD)
        };
        ExactEvidence {
            min_matched: words(options.min_words),
            anchor: words(options.anchor_words),
            edited: words(options.edited_words),
            fragment_anchor: FRAGMENT_ANCHOR_WORDS * WORD,
        }
    }

    /// An exact run of `anchor` is copying by itself; without one, an edited copy needs `edited`
    /// of runs at least a seed long that no other reference shares (the phrasing of a domain,
    /// repeated with small changes from document to document, is not evidence against one).
    fn enough(&self, passage: &Passage) -> bool {
        passage.matched_weight >= self.min_matched
            && (passage.longest_weight >= self.anchor
                || (passage.seeded_weight >= self.edited
                    && passage.longest_weight >= self.fragment_anchor))
    }
}

#[cfg(test)]
mod tests;
