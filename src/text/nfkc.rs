//! Unicode normalization form KC (UAX #15) over compact tables that build/normalization.rs
//! generates from `unicode-normalization`: full decompositions (canonical and compatibility),
//! canonical ordering by combining class, canonical composition, the NFKC quick check and the
//! combining marks. The same answers as the crate (tests compare every code point) from about a
//! third of its tables' bytes in the wasm; the pipeline reaches it only for the rare clusters
//! that NFKC can change (src/text/normalize.rs).

use super::case::OffsetRuns;

include!(concat!(env!("OUT_DIR"), "/normalization.rs"));

const HANGUL_S_BASE: u32 = 0xAC00;
const HANGUL_L_BASE: u32 = 0x1100;
const HANGUL_V_BASE: u32 = 0x1161;
const HANGUL_T_BASE: u32 = 0x11A7;
const HANGUL_L_COUNT: u32 = 19;
const HANGUL_V_COUNT: u32 = 21;
const HANGUL_T_COUNT: u32 = 28;
const HANGUL_N_COUNT: u32 = HANGUL_V_COUNT * HANGUL_T_COUNT;
const HANGUL_S_COUNT: u32 = HANGUL_L_COUNT * HANGUL_N_COUNT;

/// A generated table of full decompositions: the keys in two sorted arrays and each key's
/// decomposition as a slice of one UTF-8 string.
struct Decompositions {
    blocks: &'static [u8],
    bmp_keys: &'static [u16],
    astral_keys: &'static [u32],
    ends: &'static [u16],
    text: &'static str,
}

impl Decompositions {
    fn get(&self, c: char) -> Option<&'static str> {
        if !in_blocks(self.blocks, c) {
            return None;
        }
        let code = c as u32;
        let index = match u16::try_from(code) {
            Ok(code) => self.bmp_keys.binary_search(&code).ok()?,
            Err(_) => self.bmp_keys.len() + self.astral_keys.binary_search(&code).ok()?,
        };
        let start = index.checked_sub(1).map_or(0, |i| self.ends[i] as usize);
        Some(&self.text[start..self.ends[index] as usize])
    }
}

static CANONICAL: Decompositions = Decompositions {
    blocks: &CANONICAL_BLOCKS,
    bmp_keys: &CANONICAL_BMP_KEYS,
    astral_keys: &CANONICAL_ASTRAL_KEYS,
    ends: &CANONICAL_ENDS,
    text: CANONICAL_TEXT,
};

/// Only the characters whose compatibility decomposition differs from their canonical one.
static COMPATIBLE: Decompositions = Decompositions {
    blocks: &COMPATIBLE_BLOCKS,
    bmp_keys: &COMPATIBLE_BMP_KEYS,
    astral_keys: &COMPATIBLE_ASTRAL_KEYS,
    ends: &COMPATIBLE_ENDS,
    text: COMPATIBLE_TEXT,
};

/// Whether the block of 256 code points around `c` is marked in the bitmap `blocks`.
fn in_blocks(blocks: &[u8], c: char) -> bool {
    let block = c as usize >> 8;
    blocks[block / 8] & (1 << (block % 8)) != 0
}

/// The value of the run of `starts` / `values` that holds `c`; the default (0, false) without a
/// search when `c`'s block has no other value.
fn run_value<T: Copy + Default>(blocks: &[u8], starts: &[u32], values: &[T], c: char) -> T {
    if !in_blocks(blocks, c) {
        return T::default();
    }
    values[starts.partition_point(|&start| start <= c as u32) - 1]
}

/// Emits the three or two conjoining jamo of a Hangul syllable, or returns false.
fn decompose_hangul(c: char, emit: &mut impl FnMut(char)) -> bool {
    let Some(index) = (c as u32)
        .checked_sub(HANGUL_S_BASE)
        .filter(|&i| i < HANGUL_S_COUNT)
    else {
        return false;
    };
    let jamo = |code| char::from_u32(code).expect("conjoining jamo are characters");
    emit(jamo(HANGUL_L_BASE + index / HANGUL_N_COUNT));
    emit(jamo(
        HANGUL_V_BASE + (index % HANGUL_N_COUNT) / HANGUL_T_COUNT,
    ));
    if index % HANGUL_T_COUNT != 0 {
        emit(jamo(HANGUL_T_BASE + index % HANGUL_T_COUNT));
    }
    true
}

/// Emits the full canonical decomposition of `c` (`c` itself when it has none).
pub fn decompose_canonical(c: char, mut emit: impl FnMut(char)) {
    if c.is_ascii() {
        return emit(c);
    }
    if decompose_hangul(c, &mut emit) {
        return;
    }
    match CANONICAL.get(c) {
        Some(parts) => parts.chars().for_each(emit),
        None => emit(c),
    }
}

/// Emits the full compatibility decomposition of `c` (`c` itself when it has none).
pub fn decompose_compatible(c: char, mut emit: impl FnMut(char)) {
    if c.is_ascii() {
        return emit(c);
    }
    if decompose_hangul(c, &mut emit) {
        return;
    }
    if let Some(parts) = COMPATIBLE.get(c) {
        return parts.chars().for_each(emit);
    }
    if let Some(single) = COMPATIBLE_RUNS.get(c) {
        return emit(single);
    }
    match CANONICAL.get(c) {
        Some(parts) => parts.chars().for_each(emit),
        None => emit(c),
    }
}

/// The canonical combining class of `c` (0 for a starter).
pub fn canonical_combining_class(c: char) -> u8 {
    if c.is_ascii() {
        return 0;
    }
    run_value(
        &COMBINING_CLASS_BLOCKS,
        &COMBINING_CLASS_STARTS,
        &COMBINING_CLASS_VALUES,
        c,
    )
}

/// Whether `c` is a combining mark (general category Mn, Mc or Me).
pub fn is_combining_mark(c: char) -> bool {
    !c.is_ascii()
        && run_value(
            &COMBINING_MARK_BLOCKS,
            &COMBINING_MARK_STARTS,
            &COMBINING_MARK_VALUES,
            c,
        )
}

/// Whether the NFKC quick check answers Yes for `c` alone: NFKC leaves it as it is and it never
/// composes with a character before it.
pub fn is_nfkc_quick_yes(c: char) -> bool {
    c.is_ascii()
        || !run_value(
            &NOT_NFKC_QUICK_BLOCKS,
            &NOT_NFKC_QUICK_STARTS,
            &NOT_NFKC_QUICK_VALUES,
            c,
        )
}

/// The primary composite of `first` and `second`, if there is one.
pub fn compose(first: char, second: char) -> Option<char> {
    let (l, v) = (first as u32, second as u32);
    if (HANGUL_L_BASE..HANGUL_L_BASE + HANGUL_L_COUNT).contains(&l)
        && (HANGUL_V_BASE..HANGUL_V_BASE + HANGUL_V_COUNT).contains(&v)
    {
        let syllable = (l - HANGUL_L_BASE) * HANGUL_N_COUNT + (v - HANGUL_V_BASE) * HANGUL_T_COUNT;
        return char::from_u32(HANGUL_S_BASE + syllable);
    }
    let lv = l.wrapping_sub(HANGUL_S_BASE);
    if lv < HANGUL_S_COUNT
        && lv % HANGUL_T_COUNT == 0
        && v > HANGUL_T_BASE
        && v < HANGUL_T_BASE + HANGUL_T_COUNT
    {
        return char::from_u32(l + (v - HANGUL_T_BASE));
    }
    let second = COMPOSITION_SECONDS.binary_search(&v).ok()? as u32;
    let index = COMPOSITION_KEYS.binary_search(&(l << 11 | second)).ok()?;
    char::from_u32(COMPOSITES[index])
}

/// NFKC of a sequence of characters: `.nfkc()` on any iterator of `char`.
pub trait Nfkc: Iterator<Item = char> + Sized {
    /// The characters in normalization form KC.
    fn nfkc(self) -> std::vec::IntoIter<char> {
        let mut chars = Vec::new();
        for c in self {
            decompose_compatible(c, |part| chars.push(part));
        }
        order_canonically(&mut chars);
        compose_canonically(&mut chars);
        chars.into_iter()
    }
}

impl<I: Iterator<Item = char>> Nfkc for I {}

/// Sorts each run of non-starters by combining class, keeping the order of equal classes.
fn order_canonically(chars: &mut [char]) {
    for i in 1..chars.len() {
        let class = canonical_combining_class(chars[i]);
        if class == 0 {
            continue;
        }
        let mut j = i;
        while j > 0 && canonical_combining_class(chars[j - 1]) > class {
            chars.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Canonical composition of decomposed, canonically ordered text, in place: each starter composes
/// with every following character that no character between them blocks.
fn compose_canonically(chars: &mut Vec<char>) {
    let mut written = 0;
    let mut starter: Option<usize> = None; // where the current starter was written
    let mut last_class: Option<u8> = None; // the class of the last character written after it
    for i in 0..chars.len() {
        let c = chars[i];
        let class = canonical_combining_class(c);
        if let Some(at) = starter {
            let blocked = last_class.is_some_and(|last| last >= class);
            if !blocked {
                if let Some(composite) = compose(chars[at], c) {
                    chars[at] = composite;
                    continue;
                }
            }
        }
        if class == 0 {
            starter = Some(written);
            last_class = None;
        } else {
            last_class = Some(class);
        }
        chars[written] = c;
        written += 1;
    }
    chars.truncate(written);
}
