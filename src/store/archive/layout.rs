//! How an archive's files are cut: the partitions a fingerprint falls in and the documents a
//! group file holds, sized for the archive's postings.

use crate::error::Error;
use crate::index::postings::FINGERPRINT_BITS;

crate::records! {
    /// How an archive's files are cut.
    #[derive(Copy, Eq)]
    pub struct Layout {
        /// Top bits of a fingerprint that name its partition, in 4..=20: 2^bits partitions (a
        /// segment's directory of them is 12 bytes each, 12 MB at 20 bits). The bits of a new
        /// archive's first segment and of a compaction; a segment added later has its own
        /// ([`Manifest::segment_layout`]).
        pub partition_bits: u32;
        /// Documents per group file, in 1..=4096.
        pub group_documents: u32;
    }
}

impl Layout {
    /// A layout for about `documents` documents of about `words` words each: partitions of about
    /// [`POSTINGS_PER_PARTITION`] postings, and groups of about 64 KB of compressed text.
    pub fn for_size(documents: u64, words: u64) -> Self {
        // About a fifth of a text's words are winnowed fingerprints or sentences'.
        let postings = documents.saturating_mul(words.max(1)) / 5;
        let partitions = (postings / POSTINGS_PER_PARTITION).max(1);
        let bits = (64 - partitions.leading_zeros()).clamp(4, 20);
        // About 3 bytes of compressed text per word.
        let group = (65_536 / (words.max(1) * 3)).clamp(1, 4096) as u32;
        Layout {
            partition_bits: bits,
            group_documents: group,
        }
    }

    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        if !(4..=20).contains(&self.partition_bits) {
            return Err(Error::invalid(
                "partitionBits",
                format!("must be in 4..=20, got {}", self.partition_bits),
            ));
        }
        if !(1..=4096).contains(&self.group_documents) {
            return Err(Error::invalid(
                "groupDocuments",
                format!("must be in 1..=4096, got {}", self.group_documents),
            ));
        }
        Ok(())
    }

    /// How many partitions there are.
    pub fn partitions(&self) -> u32 {
        1 << self.partition_bits
    }

    /// The partition of `fingerprint`: its top bits.
    pub fn partition_of(&self, fingerprint: u64) -> u32 {
        (fingerprint >> (FINGERPRINT_BITS - self.partition_bits)) as u32
    }

    /// This layout with `partition_bits` bits, checked.
    pub fn with_partition_bits(self, partition_bits: u32) -> Result<Self, Error> {
        let layout = Layout {
            partition_bits,
            ..self
        };
        layout.validate()?;
        Ok(layout)
    }
}

/// About how many postings a partition holds in [`Layout::for_size`]'s layouts: enough that a
/// partition is fetched whole at little cost (about 20 KB) and covers the fingerprints of
/// thousands of documents.
pub const POSTINGS_PER_PARTITION: u64 = 4096;
