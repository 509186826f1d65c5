//! Normalization for matching, one line at a time, with a map back to the original text.
//!
//! For every line of the original text this produces the *matching form* of the line and, for each
//! byte of it, the UTF-16 span of the original characters it came from. Steps, in order:
//!
//! 1. **Invisible characters are removed** (zero-width spaces and joiners, word joiner and invisible
//!    operators, BOM, soft hyphen, bidi controls, variation selectors, tag characters, the other
//!    default-ignorable code points); **blank look-alikes** (U+2800 BRAILLE PATTERN BLANK, Hangul
//!    fillers U+3164 and U+FFA0) become a space, because they are drawn as one and used in place of one.
//! 2. The rest is cut into grapheme clusters (so a letter and its combining marks stay together, also
//!    when an invisible character was hidden between them) and each cluster goes through
//!    **NFKC** (full-width letters and digits, ligatures, compatibility ideographs, Kangxi radicals),
//!    **case folding** (Unicode lowercase plus the full foldings ß→ss and final ς→σ), NFKC again if
//!    folding changed anything (so the result is stable), and **punctuation unification** (curly and
//!    typographic quotes, apostrophes, dashes and minus signs become their ASCII forms), and
//!    **Traditional Chinese characters become Simplified** ([`super::chinese_script`]).
//!
//! Lines are independent because Unicode word boundaries always fall around a line feed (UAX #29
//! WB3a/b), so processing line by line gives the same words as the whole text while keeping the
//! per-byte map as small as the longest line.

mod clusters;
mod invisibles;
mod line;
mod mapping;
mod one_to_one;
mod runs;
mod transcriptions;

pub use super::chars::{char_role, unify_punctuation, CharRole};
pub(super) use line::fast_runs;
pub use line::NormalizedLine;

#[cfg(test)]
mod tests;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod kana_tests;
