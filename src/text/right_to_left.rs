// `is_right_to_left`: one declaration, included by src/text/chars.rs and by build/lookalikes.rs
// (which leaves right-to-left scripts out of look-alike folding).

/// Whether `c` is a strong right-to-left character (Hebrew, Arabic, Syriac, Thaana, N'Ko, ... and
/// their presentation forms): text under a right-to-left override that holds one is real
/// right-to-left text, not Latin text stored backwards.
pub fn is_right_to_left(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFE | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
}
