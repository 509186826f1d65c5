//! MinHash signatures of shingle sets, and the estimators built on them.
//!
//! Two schemes, selectable per signature:
//! - [`MinHashScheme::OnePermutation`] (default, fast): one hash per element, split into `k` bins by
//!   its high bits, the minimum of each bin kept (Li, Owen, Zhang 2012, "One permutation hashing"),
//!   and empty bins filled by *optimal densification* (Shrivastava 2017): an empty bin copies the
//!   value of the first non-empty bin along its own fixed pseudo-random probe sequence. O(n + k).
//! - [`MinHashScheme::Classic`] (reference): `k` independent universal hash functions
//!   `(a·x + b) mod (2^61 - 1)`, the minimum of each. O(n·k).
//!
//! Both estimate the Jaccard similarity as the share of equal slots, with variance `J(1-J)/k`.
//! Slots are stored as `u32` (the low 32 bits of each minimum), four bytes per slot; a false
//! collision costs 2^-32 per slot. Seeds are fixed, so signatures are stable across runs and
//! machines and can be saved.

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// Default number of slots (permutations / bins).
pub const DEFAULT_NUM_PERM: usize = 128;
/// Largest accepted number of slots.
pub const MAX_NUM_PERM: usize = 4096;

const MERSENNE_61: u64 = (1 << 61) - 1;
/// Seed of the classic scheme's hash functions and of the densification probes.
const MINHASH_SEED: u64 = 0x6d69_6e68_6173_6831; // "minhash1"

/// How a [`MinHasher`] computes signatures.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum MinHashScheme {
    /// One permutation hashing with optimal densification: O(n + k). The default.
    #[default]
    OnePermutation,
    /// `k` independent hash functions: O(n·k). The textbook reference.
    Classic,
}

/// Any scheme is valid (serde refuses unknown names), and schemes differ as values: the options
/// that hold one validate and compare it like their other fields.
impl crate::options::Validate for MinHashScheme {}
impl crate::options::Differ for MinHashScheme {}

impl crate::json_path::FromJson for MinHashScheme {
    /// Reads the names serde gives the variants (a test holds them to it).
    fn from_json(value: &crate::json_path::Value) -> Result<Self, crate::json_path::PathError> {
        let scheme = crate::json_path::variant(value, &["onePermutation", "classic"])?;
        Ok([MinHashScheme::OnePermutation, MinHashScheme::Classic][scheme])
    }
}

/// A MinHash signature: one `u32` per slot. Serialized as its scheme, slot count and the slots'
/// little-endian bytes (none for an empty set): four bytes per slot.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "SignatureData", into = "SignatureData")]
pub struct MinHashSignature {
    /// The scheme that produced it; only signatures of the same scheme and length compare.
    pub scheme: MinHashScheme,
    /// The slots' values; none for an empty set, whose slots would all be [`EMPTY_SLOT`] (not
    /// stored: most metadata sets are empty, and a saved index must not claim memory its file does
    /// not hold).
    pub values: Vec<u32>,
    /// The number of slots (also of an empty set's signature).
    pub slots: usize,
}

/// The serialized form of a [`MinHashSignature`].
#[derive(Serialize, Deserialize)]
struct SignatureData {
    scheme: MinHashScheme,
    slots: u32,
    bytes: Vec<u8>,
}

impl From<MinHashSignature> for SignatureData {
    fn from(signature: MinHashSignature) -> Self {
        let bytes = signature
            .values
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        SignatureData {
            scheme: signature.scheme,
            slots: signature.slots as u32,
            bytes,
        }
    }
}

impl TryFrom<SignatureData> for MinHashSignature {
    type Error = String;

    fn try_from(data: SignatureData) -> Result<Self, String> {
        let slots = data.slots as usize;
        if slots == 0 || slots > MAX_NUM_PERM {
            return Err(format!("a signature has {slots} slots"));
        }
        if data.bytes.is_empty() {
            return Ok(MinHashSignature {
                scheme: data.scheme,
                values: Vec::new(),
                slots,
            });
        }
        if data.bytes.len() != slots * 4 {
            return Err(format!(
                "a signature of {slots} slots has {} bytes",
                data.bytes.len()
            ));
        }
        Ok(MinHashSignature {
            scheme: data.scheme,
            values: data
                .bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
            slots,
        })
    }
}

/// The value of every slot of an empty set's signature.
pub const EMPTY_SLOT: u32 = u32::MAX;

/// SplitMix64: a fixed, well-mixed sequence from a seed (used for parameters and probes, and for
/// an archive query's cover partitions).
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    mix64(*state)
}

/// The SplitMix64 finalizer: a bijective 64-bit mixer.
#[inline]
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `x mod (2^61 - 1)` for `x < 2^122`.
#[inline]
fn mod_mersenne(x: u128) -> u64 {
    let folded = (x as u64 & MERSENNE_61) + ((x >> 61) as u64 & MERSENNE_61) + (x >> 122) as u64;
    let folded = (folded & MERSENNE_61) + (folded >> 61);
    if folded >= MERSENNE_61 {
        folded - MERSENNE_61
    } else {
        folded
    }
}

/// Computes MinHash signatures with a fixed scheme and number of slots.
#[derive(Debug, Clone)]
pub struct MinHasher {
    scheme: MinHashScheme,
    num_perm: usize,
    /// (a, b) of each classic hash function; empty for one permutation hashing.
    permutations: Vec<(u64, u64)>,
}

impl MinHasher {
    /// A hasher with `num_perm` slots (1..=4096; default [`DEFAULT_NUM_PERM`]) and `scheme`.
    ///
    /// ```
    /// use plagscope::sketch::minhash::{MinHasher, MinHashScheme};
    /// let hasher = MinHasher::new(128, MinHashScheme::OnePermutation).unwrap();
    /// let a = hasher.signature(&[1, 2, 3, 4, 5, 6, 7, 8]);
    /// let b = hasher.signature(&[1, 2, 3, 4, 5, 6, 7, 9]);
    /// let j = a.jaccard(&b).unwrap(); // exact Jaccard is 7/9 = 0.78
    /// assert!((0.5..=1.0).contains(&j));
    /// ```
    pub fn new(num_perm: usize, scheme: MinHashScheme) -> Result<Self, Error> {
        if !(1..=MAX_NUM_PERM).contains(&num_perm) {
            return Err(Error::invalid(
                "numPerm",
                format!("must be in 1..={MAX_NUM_PERM}, got {num_perm}"),
            ));
        }
        let permutations = match scheme {
            MinHashScheme::OnePermutation => Vec::new(),
            MinHashScheme::Classic => {
                let mut state = MINHASH_SEED;
                (0..num_perm)
                    .map(|_| {
                        let a = 1 + splitmix64(&mut state) % (MERSENNE_61 - 1);
                        let b = splitmix64(&mut state) % MERSENNE_61;
                        (a, b)
                    })
                    .collect()
            }
        };
        Ok(MinHasher {
            scheme,
            num_perm,
            permutations,
        })
    }

    /// The scheme.
    pub fn scheme(&self) -> MinHashScheme {
        self.scheme
    }

    /// The number of slots.
    pub fn num_perm(&self) -> usize {
        self.num_perm
    }

    /// The signature of the set of `hashes` (duplicates do not matter).
    pub fn signature(&self, hashes: &[u64]) -> MinHashSignature {
        if hashes.is_empty() {
            return MinHashSignature {
                scheme: self.scheme,
                values: Vec::new(),
                slots: self.num_perm,
            };
        }
        let values = match self.scheme {
            MinHashScheme::OnePermutation => self.one_permutation(hashes),
            MinHashScheme::Classic => self.classic(hashes),
        };
        MinHashSignature {
            scheme: self.scheme,
            values,
            slots: self.num_perm,
        }
    }

    fn classic(&self, hashes: &[u64]) -> Vec<u32> {
        let mut minima = vec![u64::MAX; self.num_perm];
        for &hash in hashes {
            let x = (hash % MERSENNE_61) as u128;
            for (minimum, &(a, b)) in minima.iter_mut().zip(&self.permutations) {
                let permuted = mod_mersenne(a as u128 * x + b as u128);
                *minimum = (*minimum).min(permuted);
            }
        }
        minima.into_iter().map(|m| m as u32).collect()
    }

    fn one_permutation(&self, hashes: &[u64]) -> Vec<u32> {
        let k = self.num_perm as u64;
        // Per bin: the smallest (value) seen, as a u64 so that "empty" cannot collide with a value.
        let mut bins = vec![u64::MAX; self.num_perm];
        for &hash in hashes {
            let h = mix64(hash ^ MINHASH_SEED);
            // The high 32 bits choose the bin (fast range reduction), the low 32 bits are the value.
            let bin = (((h >> 32) * k) >> 32) as usize;
            bins[bin] = bins[bin].min(h & 0xFFFF_FFFF);
        }
        // Optimal densification: an empty bin i copies the first non-empty bin on its probe sequence,
        // which depends only on (i, attempt), so two sets fill the same empty bins the same way.
        let filled: Vec<bool> = bins.iter().map(|&v| v != u64::MAX).collect();
        let mut values: Vec<u32> = bins.iter().map(|&v| v as u32).collect();
        for bin in 0..self.num_perm {
            if filled[bin] {
                continue;
            }
            let mut attempt = 1u64;
            let donor = loop {
                let probe = mix64(MINHASH_SEED ^ (((bin as u64) << 32) | attempt));
                let candidate = (((probe >> 32) * k) >> 32) as usize;
                if filled[candidate] {
                    break candidate;
                }
                attempt += 1;
                if attempt > 64 * k {
                    // Unreachable in practice (some bin is filled); a deterministic fallback.
                    break (1..=self.num_perm)
                        .map(|step| (bin + step) % self.num_perm)
                        .find(|&j| filled[j])
                        .expect("a non-empty set fills at least one bin");
                }
            };
            values[bin] = values[donor];
        }
        values
    }
}

impl MinHashSignature {
    /// Whether the set was empty (an empty set is similar to nothing).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every slot's value, [`EMPTY_SLOT`] in each for an empty set.
    pub fn slot_values(&self) -> Vec<u32> {
        if self.is_empty() {
            vec![EMPTY_SLOT; self.slots]
        } else {
            self.values.clone()
        }
    }

    /// The estimated Jaccard similarity of the two sets: the share of equal slots. 0 if either set
    /// is empty.
    ///
    /// Errors when the signatures come from different schemes or sizes.
    pub fn jaccard(&self, other: &MinHashSignature) -> Result<f64, Error> {
        if self.scheme != other.scheme || self.slots != other.slots {
            return Err(Error::input(
                "signature",
                format!(
                    "cannot compare a {:?} signature of {} slots with a {:?} signature of {} slots",
                    self.scheme, self.slots, other.scheme, other.slots
                ),
            ));
        }
        if self.is_empty() || other.is_empty() {
            return Ok(0.0);
        }
        let equal = self
            .values
            .iter()
            .zip(&other.values)
            .filter(|(a, b)| a == b)
            .count();
        Ok(equal as f64 / self.values.len() as f64)
    }
}

/// The containment of A in B, `|A ∩ B| / |A|`, from their Jaccard similarity and set sizes:
/// `|A ∩ B| = J (|A| + |B|) / (1 + J)`. Clamped to [0, 1]; 0 when A is empty.
///
/// ```
/// use plagscope::sketch::minhash::containment_from_jaccard;
/// // A (100 shingles) inside B (400): J = 100/400 = 0.25, containment of A in B = 1.
/// assert!((containment_from_jaccard(0.25, 100, 400) - 1.0).abs() < 1e-9);
/// ```
pub fn containment_from_jaccard(jaccard: f64, size_a: usize, size_b: usize) -> f64 {
    if size_a == 0 {
        return 0.0;
    }
    let intersection = jaccard * (size_a + size_b) as f64 / (1.0 + jaccard);
    (intersection / size_a as f64).clamp(0.0, 1.0)
}

#[cfg(test)]
#[path = "minhash_tests.rs"]
mod tests;
