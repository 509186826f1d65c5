//! LEB128 varints (7 bits a byte, low first), as the binary files write counts, gaps and numbers
//! (the lexicon, the archive's partitions).

/// Appends `value` in 7-bit groups, low first, the high bit set on all but the last.
pub fn write_varint(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push((value as u8) | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

/// The varint at `*at`, moving `at` past it; `None` when the bytes end inside it or it does not
/// fit in 64 bits.
pub fn read_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*at)?;
        *at += 1;
        let bits = u64::from(byte & 0x7f);
        if shift == 63 && bits > 1 {
            return None;
        }
        value |= bits << shift;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_width_round_trips_and_a_cut_is_refused() {
        for value in [0, 1, 127, 128, 300, 1 << 40, u64::MAX] {
            let mut bytes = Vec::new();
            write_varint(&mut bytes, value);
            let mut at = 0;
            assert_eq!(read_varint(&bytes, &mut at), Some(value));
            assert_eq!(at, bytes.len());
            let mut at = 0;
            assert_eq!(read_varint(&bytes[..bytes.len() - 1], &mut at), None);
        }
        let mut at = 0;
        assert_eq!(read_varint(&[0xff; 10], &mut at), None, "past 64 bits");
    }
}
