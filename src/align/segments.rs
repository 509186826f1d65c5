//! Step 1: the maximal exact runs two token sequences share.

use super::weights::Weights;

/// A run counts as a segment when it weighs at least this share (in percent) of `seed_words`:
/// three words, or four Chinese characters (a four-character phrase carries about as much as
/// two or three words; five would lose most of a heavily edited Chinese copy).
pub const SEED_SHARE_PERCENT: u32 = 80;

/// An exact shared run: `len` tokens from `paper` in the paper and from `source` in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Segment {
    /// First token in the paper.
    pub paper: usize,
    /// First token in the source.
    pub source: usize,
    /// Number of tokens.
    pub len: usize,
}

/// Seeds occurring more often than this in the source are skipped (they would only add noise).
const MAX_SEED_OCCURRENCES: usize = 64;

fn seed_hash(tokens: &[u64]) -> u64 {
    tokens.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, &t| {
        (h.rotate_left(17) ^ t).wrapping_mul(0xFF51_AFD7_ED55_8CCD)
    })
}

/// A text's seed windows of `window` tokens, found by hash: built once and reused for every text
/// aligned with it (all pairs builds each reference's; a check, the paper's, with a filter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedTable {
    window: usize,
    /// Every window as its seed hash's high 32 bits over its first token, sorted: 8 bytes a token,
    /// one allocation and one sort, where a map of position lists made an allocation per distinct
    /// window. Starts fit in 32 bits: a text has at most `MAX_TOKENS` (16 million) tokens. Equal
    /// high bits are only a candidate: every seed is checked against the tokens themselves.
    seeds: Vec<u64>,
    /// A bit per value of the seeds' lowest 16 high bits, set when a seed has it; empty when the
    /// table was built without it. A paper's table has one: a check asks it about every window of
    /// every candidate source, and nearly all are absent.
    filter: Vec<u64>,
}

/// Bits of a [`SeedTable`]'s filter: 8 KB, in the first level cache.
const FILTER_BITS: usize = 1 << 16;

impl SeedTable {
    /// The seed windows of `source` (token hashes), `window` tokens each (at least 1).
    pub fn new(source: &[u64], window: usize) -> Self {
        let window = window.max(1);
        let mut seeds: Vec<u64> = (source.windows(window).enumerate())
            .map(|(j, tokens)| (seed_hash(tokens) >> 32 << 32) | j as u64)
            .collect();
        seeds.sort_unstable();
        SeedTable {
            window,
            seeds,
            filter: Vec::new(),
        }
    }

    /// [`Self::new`] with a filter of the windows it holds: the table of a paper checked against
    /// many sources ([`exact_segments_from_paper`]).
    pub fn with_filter(text: &[u64], window: usize) -> Self {
        let mut table = SeedTable::new(text, window);
        table.filter = vec![0; FILTER_BITS / 64];
        for &seed in &table.seeds {
            let bit = (seed >> 32) as usize % FILTER_BITS;
            table.filter[bit / 64] |= 1 << (bit % 64);
        }
        table
    }

    /// Whether a window has `high` as its seed hash's high 32 bits.
    fn holds(&self, high: u64) -> bool {
        let bit = high as usize % FILTER_BITS;
        let filtered = (self.filter.get(bit / 64)).is_some_and(|word| word >> (bit % 64) & 1 == 0);
        !filtered && self.starts(high << 32).len() > 0
    }

    /// Tokens per seed window.
    pub fn window(&self) -> usize {
        self.window
    }

    /// The first tokens of the windows whose seed hash has the high bits of `hash`, ascending.
    fn starts(&self, hash: u64) -> impl ExactSizeIterator<Item = usize> + '_ {
        let high = hash >> 32;
        let first = self.seeds.partition_point(|&seed| seed >> 32 < high);
        let count = self.seeds[first..].partition_point(|&seed| seed >> 32 == high);
        (self.seeds[first..first + count].iter()).map(|&seed| (seed & 0xFFFF_FFFF) as usize)
    }
}

/// All maximal exact runs of at least `seed_tokens` tokens shared by `paper` and `source` (token
/// hashes), never starting on or running through an `excluded` paper token.
pub fn exact_segments(
    paper: &[u64],
    source: &[u64],
    excluded: &[bool],
    seed_tokens: usize,
) -> Vec<Segment> {
    exact_segments_with(
        paper,
        source,
        &SeedTable::new(source, seed_tokens),
        excluded,
    )
}

/// [`exact_segments`] with the seed table of `source` built beforehand (its window is the seed
/// length).
pub fn exact_segments_with(
    paper: &[u64],
    source: &[u64],
    seeds: &SeedTable,
    excluded: &[bool],
) -> Vec<Segment> {
    let n = seeds.window;
    if paper.len() < n || source.len() < n {
        return Vec::new();
    }
    let is_excluded = |i: usize| excluded.get(i).copied().unwrap_or(false);
    let frequent =
        |i: usize| seeds.starts(seed_hash(&paper[i..i + n])).len() > MAX_SEED_OCCURRENCES;
    let mut segments = Vec::new();
    for (i, window) in paper.windows(n).enumerate() {
        if (i..i + n).any(is_excluded) {
            continue;
        }
        let starts = seeds.starts(seed_hash(window));
        if starts.len() > MAX_SEED_OCCURRENCES {
            continue;
        }
        let texts = (paper, source);
        let runs = starts.filter_map(|j| maximal_run(texts, (i, j, n), &is_excluded, &frequent));
        segments.extend(runs);
    }
    crate::sort::sort(&mut segments);
    segments
}

/// [`exact_segments_with`] from the paper's seed table (built once for a check, with its filter)
/// rather than the source's: each source window is looked up in the paper's table, and only the
/// few the paper holds are sorted, where a source's own table sorted all of them and the paper
/// searched it at every window. The same runs.
pub fn exact_segments_from_paper(
    paper: &[u64],
    paper_seeds: &SeedTable,
    source: &[u64],
    excluded: &[bool],
) -> Vec<Segment> {
    let n = paper_seeds.window;
    if paper.len() < n || source.len() < n {
        return Vec::new();
    }
    // Every source window with the high bits of some paper window: so each group of equal high
    // bits is all the source's windows with them, as in the source's own table.
    let mut shared: Vec<u64> = (source.windows(n).enumerate())
        .map(|(j, tokens)| (seed_hash(tokens) >> 32 << 32) | j as u64)
        .filter(|&seed| paper_seeds.holds(seed >> 32))
        .collect();
    shared.sort_unstable();
    let occurrences = |high: u64| {
        let first = shared.partition_point(|&seed| seed >> 32 < high);
        shared[first..].partition_point(|&seed| seed >> 32 == high)
    };
    let is_excluded = |i: usize| excluded.get(i).copied().unwrap_or(false);
    let frequent = |i: usize| occurrences(seed_hash(&paper[i..i + n]) >> 32) > MAX_SEED_OCCURRENCES;
    let mut segments = Vec::new();
    for group in shared.chunk_by(|a, b| a >> 32 == b >> 32) {
        if group.len() > MAX_SEED_OCCURRENCES {
            continue;
        }
        for i in paper_seeds.starts(group[0]) {
            if (i..i + n).any(is_excluded) {
                continue;
            }
            let starts = group.iter().map(|&seed| (seed & 0xFFFF_FFFF) as usize);
            let texts = (paper, source);
            let runs =
                starts.filter_map(|j| maximal_run(texts, (i, j, n), &is_excluded, &frequent));
            segments.extend(runs);
        }
    }
    crate::sort::sort(&mut segments);
    segments
}

/// The maximal run through the seed window of `n` tokens at `i` in the paper and `j` in the
/// source, unless their tokens differ (a seed hash collision) or an earlier seed of the run makes
/// it: a seed that continues a run is skipped, since the run's first seed was looked up too; a
/// run whose first windows are too `frequent` to be seeds starts at its first window all the same.
fn maximal_run(
    (paper, source): (&[u64], &[u64]),
    (i, j, n): (usize, usize, usize),
    is_excluded: &impl Fn(usize) -> bool,
    frequent: &impl Fn(usize) -> bool,
) -> Option<Segment> {
    if paper[i..i + n] != source[j..j + n] {
        return None;
    }
    let continues = |k: usize| {
        k > 0 && j + k > i && {
            let at = j + k - i;
            paper[k - 1] == source[at - 1] && !is_excluded(k - 1)
        }
    };
    let mut start = i;
    while continues(start) && frequent(start - 1) {
        start -= 1;
    }
    if continues(start) {
        return None;
    }
    let mut len = n + (i - start);
    let (from, to) = (start, j + start - i);
    while from + len < paper.len()
        && to + len < source.len()
        && paper[from + len] == source[to + len]
        && !is_excluded(from + len)
    {
        len += 1;
    }
    Some(Segment {
        paper: from,
        source: to,
        len,
    })
}

/// One source place per paper place, and one paper place per source place, at the level of
/// exact runs: a phrase that occurs several times in the source (or the paper) matches at each
/// occurrence, and only the longest run through a place is evidence for it. Runs lying mostly
/// (more than half) on text a longer run already explains are dropped, so chaining never glues
/// a repeated phrase's other occurrences onto a passage.
pub fn strongest_segments(
    mut segments: Vec<Segment>,
    paper_len: usize,
    source_len: usize,
) -> Vec<Segment> {
    crate::sort::sort_by_key(&mut segments, |s| {
        (std::cmp::Reverse(s.len), s.paper, s.source)
    });
    let mut paper_taken = vec![false; paper_len];
    let mut source_taken = vec![false; source_len];
    let mut kept = Vec::with_capacity(segments.len());
    for segment in segments {
        let paper = &mut paper_taken[segment.paper..segment.paper + segment.len];
        let source = &mut source_taken[segment.source..segment.source + segment.len];
        let taken = |range: &[bool]| range.iter().filter(|&&t| t).count();
        if 2 * taken(paper) > segment.len || 2 * taken(source) > segment.len {
            continue;
        }
        paper.fill(true);
        source.fill(true);
        kept.push(segment);
    }
    crate::sort::sort(&mut kept);
    kept
}

/// `segments` (sorted) with the runs on one diagonal joined where only common phrasing, the same
/// text in both, lies between them, as long as what the runs themselves hold weighs at least half
/// of the whole: a sentence copied word for word is one run even though the domain's stock
/// phrases ("全国人民代表大会常务委员会", held by many references) run through it and are no
/// evidence by themselves. Stock phrases alone never make a run.
pub(super) fn join_across_common(
    segments: Vec<Segment>,
    (paper, source): (&[u64], &[u64]),
    common: &[bool],
    weights: &Weights,
) -> Vec<Segment> {
    if common.is_empty() || segments.len() < 2 {
        return segments;
    }
    let is_common = |i: usize| common.get(i).copied().unwrap_or(false);
    let starts: rustc_hash::FxHashMap<(usize, usize), usize> = (segments.iter().enumerate())
        .map(|(i, s)| ((s.paper, s.source), i))
        .collect();
    let mut absorbed = vec![false; segments.len()];
    let mut joined = Vec::with_capacity(segments.len());
    for i in 0..segments.len() {
        if absorbed[i] {
            continue;
        }
        let mut run = segments[i];
        let mut stock = 0;
        loop {
            let (mut p, mut s) = (run.paper + run.len, run.source + run.len);
            while p < paper.len() && s < source.len() && paper[p] == source[s] && is_common(p) {
                (p, s) = (p + 1, s + 1);
            }
            let gap = weights.of(run.paper + run.len, p);
            let Some(&next) = starts.get(&(p, s)).filter(|&&n| gap > 0 && !absorbed[n]) else {
                break;
            };
            let end = segments[next].paper + segments[next].len;
            if 2 * (stock + gap) > weights.of(run.paper, end) {
                break;
            }
            absorbed[next] = true;
            stock += gap;
            run.len = end - run.paper;
        }
        joined.push(run);
    }
    crate::sort::sort(&mut joined);
    joined
}
