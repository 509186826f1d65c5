//! The options of passage alignment ([`AlignOptions`]), in word equivalents.

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
        /// With `translated`, also search by meaning: each paper sentence's nearest sentences in
        /// the model's space, among every reference's sentences in another language, are
        /// candidates beside the dictionary's, so that copies translated from or into any of the
        /// model's languages are found, not only English ↔ Chinese. Each reference's sentences
        /// are encoded once (400 to 500 sentences a second in Chromium, measured on one core),
        /// by `encodeSentences` or the first check that needs them, and saved with the index.
        pub meaning_search: bool = false;
    }
}
