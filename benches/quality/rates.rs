//! How much the paraphrase kind rewrites, and what it did: read by the generator of each
//! language (`reword_en.rs`, `restructure_en.rs`, `reword_zh.rs`) and by `paraphrase.rs`, which
//! drives them.

/// Share of content words (English: words outside the function-word list; Chinese: Cilin words
/// of 2+ characters) replaced by a synonym. A third keeps the copy visible to a reader (PAN's
/// "high" obfuscation and the heavy kind edit about as many) while no 10-word run of the source
/// need survive; when fewer words have a usable synonym, all of those are replaced.
pub const CONTENT_CHANGED: f64 = 0.35;
/// Chance that a sentence gets a word-order change (an opening phrase moved to its end, or two
/// joined items swapped) where it has one: often enough to matter, rare enough that most
/// sentences keep the source's order, as rewording does.
pub const ORDER_RATE: f64 = 0.3;
/// Chance that a sentence with a place to split (", but he", "；", a long sentence's middle comma)
/// is split there.
pub const SPLIT_RATE: f64 = 0.25;
/// Chance that two short neighbouring sentences are merged.
pub const MERGE_RATE: f64 = 0.2;

/// What the rewriting did, over all planted passages (printed with the benchmark's set-up).
#[derive(Clone, Copy, Default)]
pub struct Stats {
    pub passages: usize,
    pub content: usize,
    pub replaced: usize,
    pub reorders: usize,
    pub splits: usize,
    pub merges: usize,
    pub insertions: usize,
}

impl Stats {
    /// One line for the benchmark's set-up output.
    pub fn summary(&self, code: &str, thesaurus: &str) -> String {
        format!(
            "[{code}] paraphrase: {} passages; {} of {} content words ({:.1}%) replaced by {thesaurus} synonyms; {} word-order changes, {} sentence splits, {} merges, {} host phrases inserted",
            self.passages,
            self.replaced,
            self.content,
            100.0 * self.replaced as f64 / self.content.max(1) as f64,
            self.reorders,
            self.splits,
            self.merges,
            self.insertions
        )
    }
}
