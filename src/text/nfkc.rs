//! Unicode normalization form KC (UAX #15) over compact tables that build/normalization.rs
//! generates from `unicode-normalization`: full decompositions (canonical and compatibility),
//! canonical ordering by combining class, canonical composition, the NFKC quick check and the
//! combining marks. The same answers as the crate (tests compare every code point) from about a
//! fifth of its tables' bytes in the wasm; the pipeline reaches it only for the rare clusters
//! that NFKC can change (src/text/normalize.rs). The tables of that rare path (decompositions,
//! composites) come packed, as varints and byte lengths, and are unpacked once, at the first
//! character that needs them: 11.9 KB less gzipped wasm than plain sorted arrays.

use std::sync::OnceLock;

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

/// A generated table of full decompositions, packed (build/normalization.rs): the keys as varint
/// differences, the byte length of each key's decomposition, and the decompositions as one string.
struct Packed {
    blocks: &'static [u8],
    keys: &'static [u8],
    lengths: &'static [u8],
    text: &'static str,
}

static CANONICAL: Packed = Packed {
    blocks: &CANONICAL_BLOCKS,
    keys: &CANONICAL_KEYS,
    lengths: &CANONICAL_LENGTHS,
    text: CANONICAL_TEXT,
};

/// Only the characters whose compatibility decomposition differs from their canonical one.
static COMPATIBLE: Packed = Packed {
    blocks: &COMPATIBLE_BLOCKS,
    keys: &COMPATIBLE_KEYS,
    lengths: &COMPATIBLE_LENGTHS,
    text: COMPATIBLE_TEXT,
};

/// A table of decompositions unpacked: sorted keys, and where each one's decomposition ends.
struct Decompositions {
    keys: Vec<u32>,
    ends: Vec<u32>,
}

impl Decompositions {
    fn unpack(packed: &Packed) -> Self {
        let keys: Vec<u32> = ascending(packed.keys).collect();
        let ends: Vec<u32> = packed
            .lengths
            .iter()
            .scan(0, |end, &length| {
                *end += u32::from(length);
                Some(*end)
            })
            .collect();
        debug_assert_eq!(keys.len(), ends.len());
        Decompositions { keys, ends }
    }
}

/// The rare path's tables, unpacked once.
struct Unpacked {
    canonical: Decompositions,
    compatible: Decompositions,
    /// `first << 11 | index of the second in COMPOSITION_SECONDS`, ascending.
    composition_keys: Vec<u32>,
    composites: Vec<u32>,
}

fn unpacked() -> &'static Unpacked {
    static UNPACKED: OnceLock<Unpacked> = OnceLock::new();
    UNPACKED.get_or_init(|| {
        let composition_keys: Vec<u32> = ascending(&COMPOSITION_KEYS).collect();
        let composites = varints(&COMPOSITES)
            .zip(&composition_keys)
            .map(|(zigzag, key)| {
                let offset = (zigzag >> 1) as i32 ^ -((zigzag & 1) as i32);
                (key >> 11).wrapping_add_signed(offset)
            })
            .collect();
        debug_assert_eq!(composition_keys.len(), COMPOSITION_COUNT);
        Unpacked {
            canonical: Decompositions::unpack(&CANONICAL),
            compatible: Decompositions::unpack(&COMPATIBLE),
            composition_keys,
            composites,
        }
    })
}

/// The LEB128 varints of `bytes` (7 bits a byte, low first; a clear high bit ends a number).
fn varints(bytes: &'static [u8]) -> impl Iterator<Item = u32> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let (mut value, mut shift) = (0u32, 0);
        loop {
            let byte = *bytes.get(at)?;
            at += 1;
            value |= u32::from(byte & 0x7F) << shift;
            if byte < 0x80 {
                return Some(value);
            }
            shift += 7;
        }
    })
}

/// The ascending numbers whose differences (the first from 0) `bytes` holds as varints.
fn ascending(bytes: &'static [u8]) -> impl Iterator<Item = u32> {
    varints(bytes).scan(0, |value, delta| {
        *value += delta;
        Some(*value)
    })
}

/// The decomposition of `c` in `packed`, if it has one there (`unpacked_table` picks the same
/// table unpacked).
fn decomposition(
    packed: &Packed,
    unpacked_table: fn(&'static Unpacked) -> &'static Decompositions,
    c: char,
) -> Option<&'static str> {
    if !in_blocks(packed.blocks, c) {
        return None;
    }
    let table = unpacked_table(unpacked());
    let index = table.keys.binary_search(&(c as u32)).ok()?;
    let start = index.checked_sub(1).map_or(0, |i| table.ends[i] as usize);
    Some(&packed.text[start..table.ends[index] as usize])
}

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
    match decomposition(&CANONICAL, |t| &t.canonical, c) {
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
    if let Some(parts) = decomposition(&COMPATIBLE, |t| &t.compatible, c) {
        return parts.chars().for_each(emit);
    }
    if let Some(single) = COMPATIBLE_RUNS.get(c) {
        return emit(single);
    }
    match decomposition(&CANONICAL, |t| &t.canonical, c) {
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
    let tables = unpacked();
    let index = tables
        .composition_keys
        .binary_search(&(l << 11 | second))
        .ok()?;
    char::from_u32(tables.composites[index])
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
