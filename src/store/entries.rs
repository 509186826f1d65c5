//! Reading a format-1 body's references straight into index entries, one record at a time, so that
//! a file never has all its records and all its entries in memory at once (a file of many tiny
//! references would otherwise take about twice the memory; `tests/limits.rs` measures it). Format 2
//! is read a record at a time from the file itself (`source.rs`, `records::decode_from`).

use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, SeqAccess, Visitor};

use crate::checker::StoredEntry;

/// A record of a reference as the file stores it, in any format version.
pub(crate) trait EntryRecord {
    /// The index entry (checked against the set's options later, by `Checker::from_parts`).
    fn into_entry(self) -> Result<StoredEntry, String>;
}

/// The entries of a sequence of records `R`, decoded and converted one by one.
pub(crate) struct Entries<R> {
    pub(crate) entries: Vec<StoredEntry>,
    /// The first record that did not convert. Kept here rather than returned as a serde error,
    /// whose message postcard does not pass on.
    pub(crate) error: Option<String>,
    record: PhantomData<R>,
}

impl<R> Entries<R> {
    /// The entries, or the first conversion error.
    pub(crate) fn into_result(self) -> Result<Vec<StoredEntry>, String> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.entries),
        }
    }
}

impl<'de, R: Deserialize<'de> + EntryRecord> Deserialize<'de> for Entries<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(EntriesVisitor(PhantomData))
    }
}

struct EntriesVisitor<R>(PhantomData<R>);

impl<'de, R: Deserialize<'de> + EntryRecord> Visitor<'de> for EntriesVisitor<R> {
    type Value = Entries<R>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a sequence of references")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // The announced length is the file's claim: reserve no more than serde itself would (1 MiB).
        let cautious = (1 << 20) / std::mem::size_of::<StoredEntry>();
        let mut entries = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(cautious));
        let mut error = None;
        while let Some(record) = seq.next_element::<R>()? {
            // After an error the rest is still read (the decoder must reach the end), not kept.
            if error.is_none() {
                match record.into_entry() {
                    Ok(entry) => entries.push(entry),
                    Err(message) => error = Some(message),
                }
            }
        }
        Ok(Entries {
            entries,
            error,
            record: PhantomData,
        })
    }
}
