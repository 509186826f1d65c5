//! Serde helpers: bytes as a byte string, and a `Vec<u64>`, fingerprints or a `Vec<u32>`
//! as their little-endian bytes (fixed width, no varints: hashes and signature slots are
//! uniformly random, so varints would only make them longer).
//! Decoding borrows the bytes from the body and checks their length is a whole number of values.

/// A `Vec<u64>` as 8 little-endian bytes per value.
pub(crate) mod u64_bytes {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the values' bytes.
    pub fn serialize<S: Serializer>(values: &[u64], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&super::low_bytes(values, 8))
    }

    /// Reads the values back.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u64>, D::Error> {
        let bytes: &[u8] = Deserialize::deserialize(deserializer)?;
        if bytes.len() % 8 != 0 {
            return Err(serde::de::Error::custom(
                "document-frequency term bytes are not a multiple of 8",
            ));
        }
        Ok(bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect())
    }
}

/// Fingerprints as [`FINGERPRINT_BYTES`] little-endian bytes each, written only (a record reads
/// its bytes and the body's version says their width, see `format_records::BodyVersion`).
pub(crate) mod fingerprint_bytes {
    use serde::Serializer;

    use crate::checker::FINGERPRINT_BYTES;

    /// Writes the values' low bytes.
    pub fn serialize<S: Serializer>(values: &[u64], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&super::low_bytes(values, FINGERPRINT_BYTES))
    }
}

/// The low `width` bytes of each value, little-endian. One copy for every serializer (a saved
/// index is written twice: measured, then written).
#[inline(never)]
pub(crate) fn low_bytes(values: &[u64], width: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(values.len() * width);
    for value in values {
        bytes.extend_from_slice(&value.to_le_bytes()[..width]);
    }
    bytes
}

/// A `Vec<u32>` as 4 little-endian bytes per value.
pub(crate) mod u32_bytes {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the values' bytes.
    pub fn serialize<S: Serializer>(values: &[u32], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&le_bytes(values))
    }

    /// One copy for every serializer (see `low_bytes`).
    #[inline(never)]
    fn le_bytes(values: &[u32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    /// Reads the values back.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u32>, D::Error> {
        let bytes: &[u8] = Deserialize::deserialize(deserializer)?;
        if bytes.len() % 4 != 0 {
            return Err(serde::de::Error::custom(format!(
                "4-byte values in {} bytes",
                bytes.len()
            )));
        }
        Ok(bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect())
    }
}

/// Bytes as a byte string: their length, then the bytes themselves.
pub(crate) mod byte_string {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the bytes.
    pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(bytes)
    }

    /// Reads the bytes back.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let bytes: &[u8] = Deserialize::deserialize(deserializer)?;
        Ok(bytes.to_vec())
    }
}
