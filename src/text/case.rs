//! Lowercasing a character, as `char::to_lowercase` does, from runs of characters that lowercase
//! by the same offset (build/case.rs generates them from std): under 200 runs instead of std's
//! table of every mapped character, 11 KB less wasm. A test compares every code point.

include!(concat!(env!("OUT_DIR"), "/case.rs"));

/// The lowercase of `c`: one character, or two for İ (U+0130, `i` and a combining dot above).
pub(crate) fn to_lowercase(c: char) -> Lowercase {
    if c.is_ascii() {
        return Lowercase::one(c.to_ascii_lowercase());
    }
    if c == '\u{130}' {
        return Lowercase {
            chars: ['i', '\u{307}'],
            len: 2,
            next: 0,
        };
    }
    Lowercase::one(lower_one(c).unwrap_or(c))
}

/// The lowercase of `c` when it is one other character.
fn lower_one(c: char) -> Option<char> {
    let code = c as u32;
    let run = LOWER_RUN_STARTS.partition_point(|&start| start <= code);
    let run = run.checked_sub(1)?;
    let offset = code - LOWER_RUN_STARTS[run];
    let stride = u32::from(LOWER_RUN_STRIDES[run]);
    if offset % stride != 0 || offset / stride >= u32::from(LOWER_RUN_COUNTS[run]) {
        return None;
    }
    char::from_u32(code.wrapping_add_signed(LOWER_RUN_DELTAS[run]))
}

/// The characters of a lowercase, as `char::ToLowercase` yields them.
#[derive(Debug, Clone)]
pub(crate) struct Lowercase {
    chars: [char; 2],
    len: u8,
    next: u8,
}

impl Lowercase {
    fn one(c: char) -> Self {
        Lowercase {
            chars: [c, '\0'],
            len: 1,
            next: 0,
        }
    }
}

impl Iterator for Lowercase {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let c = *self
            .chars
            .get(usize::from(self.next))
            .filter(|_| self.next < self.len)?;
        self.next += 1;
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_point_lowercases_as_std_does() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            assert!(
                to_lowercase(c).eq(c.to_lowercase()),
                "{c:?} U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn the_runs_are_compact() {
        assert!(
            LOWER_RUN_STARTS.len() < 250,
            "{} runs",
            LOWER_RUN_STARTS.len()
        );
        assert!(LOWER_RUN_STARTS.windows(2).all(|w| w[0] < w[1]));
    }
}
