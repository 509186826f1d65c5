//! A postings partition: the (fingerprint, document) pairs of one fingerprint range, as a file.
//!
//! Layout: magic `PSPOSTS1`, the partition number (`u32`), the count of pairs (varint), then each
//! pair in ascending (fingerprint, document) order as two varints: the fingerprint's difference
//! from the one before (the first from 0), and the document's number, from 0 at the first pair of
//! each fingerprint and as a difference from the previous document after. Fingerprints of one
//! partition share their top bits and are uniformly spread below them, so their gaps take about
//! two bytes each in a partition of a few thousand pairs.

use crate::error::Error;

use crate::varint::{read_varint, write_varint};

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"PSPOSTS1";

/// One posting: a fingerprint and the number of a document that holds it.
pub type Posting = (u64, u32);

/// The partition file of `postings`, which are sorted and distinct here (a document holds a
/// fingerprint once).
pub fn encode_partition(partition: u32, postings: &mut Vec<Posting>) -> Vec<u8> {
    postings.sort_unstable();
    postings.dedup();
    let mut bytes = Vec::with_capacity(16 + postings.len() * 4);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&partition.to_le_bytes());
    write_varint(&mut bytes, postings.len() as u64);
    let (mut fingerprint, mut document) = (0u64, 0u32);
    for &(f, d) in postings.iter() {
        write_varint(&mut bytes, f - fingerprint);
        let base = if f == fingerprint { document } else { 0 };
        write_varint(&mut bytes, u64::from(d - base));
        (fingerprint, document) = (f, d);
    }
    bytes
}

/// The postings of a partition file, checking that it is partition `partition` and well formed.
pub fn decode_partition(partition: u32, bytes: &[u8]) -> Result<Vec<Posting>, Error> {
    let damaged = |what: &str| {
        Error::invalid_index(format!(
            "postings partition {partition:x} is damaged ({what})"
        ))
    };
    if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(damaged("not a postings file"));
    }
    let number = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if number != partition {
        return Err(damaged(&format!("it holds partition {number:x}")));
    }
    let mut at = 12;
    let count = read_varint(bytes, &mut at).ok_or_else(|| damaged("truncated"))?;
    // Each pair takes two bytes at least: a count beyond that is a lie, not a reason to allocate.
    if count > (bytes.len() - at) as u64 / 2 {
        return Err(damaged("truncated"));
    }
    let mut postings = Vec::with_capacity(count as usize);
    let (mut fingerprint, mut document) = (0u64, 0u32);
    for i in 0..count {
        let gap = read_varint(bytes, &mut at).ok_or_else(|| damaged("truncated"))?;
        let step = read_varint(bytes, &mut at).ok_or_else(|| damaged("truncated"))?;
        let f = fingerprint
            .checked_add(gap)
            .ok_or_else(|| damaged("a fingerprint overflows"))?;
        let base = if i > 0 && gap == 0 { document } else { 0 };
        let d = u32::try_from(u64::from(base) + step)
            .map_err(|_| damaged("a document number overflows"))?;
        if i > 0 && gap == 0 && step == 0 {
            return Err(damaged("a pair is repeated"));
        }
        postings.push((f, d));
        (fingerprint, document) = (f, d);
    }
    if at != bytes.len() {
        return Err(damaged("unexpected bytes at the end"));
    }
    Ok(postings)
}

/// How many postings partition file `bytes` holds, from its header (the file is checked when it
/// is decoded).
pub fn partition_postings(bytes: &[u8]) -> Result<u64, Error> {
    let mut at = MAGIC.len() + 4;
    (bytes.starts_with(MAGIC))
        .then(|| read_varint(bytes, &mut at))
        .flatten()
        .ok_or_else(|| Error::invalid_index("a postings partition file is damaged (no header)"))
}

/// One partition file from several files of the same partition (the parts that the workers of a
/// distributed build wrote for their documents), each checked.
pub fn merge_partitions(partition: u32, parts: &[&[u8]]) -> Result<Vec<u8>, Error> {
    let mut postings = Vec::new();
    for part in parts {
        postings.extend(decode_partition(partition, part)?);
    }
    Ok(encode_partition(partition, &mut postings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postings_come_back_sorted_and_distinct() {
        let mut postings = vec![
            (7 << 30, 5),
            (3, 9),
            (3, 2),
            (7 << 30, 5),
            (1 << 39, 0),
            (3, 2),
        ];
        let bytes = encode_partition(4, &mut postings);
        let back = decode_partition(4, &bytes).unwrap();
        assert_eq!(back, vec![(3, 2), (3, 9), (7 << 30, 5), (1 << 39, 0)]);
    }

    #[test]
    fn an_empty_partition_is_a_file_too() {
        let bytes = encode_partition(0, &mut Vec::new());
        assert_eq!(decode_partition(0, &bytes).unwrap(), vec![]);
    }

    #[test]
    fn damage_is_refused_with_the_partition_named() {
        let mut postings: Vec<Posting> = (0..500).map(|i| (i * 7919, i as u32 % 13)).collect();
        let bytes = encode_partition(0x2a, &mut postings);
        let error = decode_partition(0x2b, &bytes).unwrap_err();
        assert!(error.to_string().contains("partition 2b"), "{error}");
        for cut in [0, 5, 12, 13, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                decode_partition(0x2a, &bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode_partition(0x2a, &longer).is_err());
    }

    #[test]
    fn merged_parts_equal_one_file_of_all_their_postings() {
        let a: Vec<Posting> = (0..300).map(|i| (i * 31, i as u32)).collect();
        let b: Vec<Posting> = (0..300).map(|i| (i * 17, 1000 + i as u32)).collect();
        let (fa, fb) = (
            encode_partition(1, &mut a.clone()),
            encode_partition(1, &mut b.clone()),
        );
        let merged = merge_partitions(1, &[&fa, &fb]).unwrap();
        let mut all = [a, b].concat();
        assert_eq!(merged, encode_partition(1, &mut all));
    }
}
