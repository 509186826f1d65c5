//! How the set keeps each reference's text: compressed ([`StoredText`]), which is what a saved
//! index holds too.
//!
//! A text is decompressed only when something reads it: a check aligning the paper with that
//! reference, `pairs()` aligning two references, removing the reference, or the caller asking for
//! it (the side-by-side view). Prose compresses about 2x with DEFLATE (2.06x at level 2 on the
//! news of `target/corpus/bench-en`, one document at a time), and the text is most of what the
//! set keeps.

use std::borrow::Cow;

use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;

/// The DEFLATE level texts are compressed at. On the news of `target/corpus/bench-en`, one
/// document at a time, natively: level 1 1.89x at 93 MB/s, level 2 2.06x at 72 MB/s, level 3
/// 2.09x at 66 MB/s, level 6 2.13x at 52 MB/s; level 2 takes most of the gain for little time.
const LEVEL: u8 = 2;

/// The first byte of a kept text: what its payload is.
const RAW: u8 = 0;
const DEFLATE: u8 = 1;
/// The kind byte and the text's length in bytes (`u32`, little-endian) before the payload.
const HEAD: usize = 5;

/// A text as the set keeps it and a saved index writes it, in one piece: a kind byte, the text's
/// length in bytes, then raw DEFLATE of its UTF-8 bytes, or the bytes themselves when compressing
/// would not make them shorter (a short text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StoredText {
    bytes: Box<[u8]>,
}

impl StoredText {
    /// `text`, compressed.
    pub(crate) fn compress(text: &str) -> Self {
        let deflated = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), LEVEL);
        let (kind, payload) = if deflated.len() < text.len() {
            (DEFLATE, deflated.as_slice())
        } else {
            (RAW, text.as_bytes())
        };
        let mut bytes = Vec::with_capacity(HEAD + payload.len());
        bytes.push(kind);
        // Texts are at most MAX_TEXT_BYTES (64 MB): the length fits.
        bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
        bytes.extend_from_slice(payload);
        StoredText {
            bytes: bytes.into_boxed_slice(),
        }
    }

    /// A text read from a saved index: a raw one must be UTF-8 of its length now; a compressed
    /// one is checked when it is decompressed ([`StoredText::text`]), so loading stays fast.
    pub(crate) fn from_saved(bytes: Vec<u8>) -> Result<Self, String> {
        let text = StoredText {
            bytes: bytes.into_boxed_slice(),
        };
        let (Some(kind), Some(len)) = (text.bytes.first(), text.bytes.get(1..HEAD)) else {
            return Err("a stored text is cut short".into());
        };
        let len = u32::from_le_bytes(len.try_into().expect("4 bytes")) as usize;
        let payload = &text.bytes[HEAD..];
        match *kind {
            _ if len > crate::text::MAX_TEXT_BYTES => Err(format!("a text claims {len} bytes")),
            RAW if payload.len() != len || std::str::from_utf8(payload).is_err() => {
                Err("a stored text is not UTF-8 of its length".into())
            }
            RAW | DEFLATE => Ok(text),
            other => Err(format!("a stored text is of unknown kind {other}")),
        }
    }

    /// Bytes it holds on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.bytes.len()
    }

    /// The text's length in bytes (not what it takes compressed).
    pub(crate) fn len(&self) -> usize {
        u32::from_le_bytes(self.bytes[1..HEAD].try_into().expect("4 bytes")) as usize
    }

    /// Whether the text is kept compressed.
    #[cfg(test)]
    pub(crate) fn is_deflated(&self) -> bool {
        self.bytes[0] == DEFLATE
    }

    /// The bytes kept, kind and length first: what a saved index writes.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The text. `None` when the kept bytes do not give UTF-8 of the text's length, which only a
    /// damaged (or forged) saved index can cause.
    pub(crate) fn text(&self) -> Option<Cow<'_, str>> {
        let payload = &self.bytes[HEAD..];
        if self.bytes[0] == RAW {
            return std::str::from_utf8(payload).ok().map(Cow::Borrowed);
        }
        // One call into a buffer of the text's exact length: a stream that would write more, or
        // less, is damaged.
        let mut bytes = vec![0; self.len()];
        let mut inflater = Box::<DecompressorOxide>::default();
        let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
        let (status, _, written) = decompress(&mut inflater, payload, &mut bytes, 0, flags);
        if status != TINFLStatus::Done || written != bytes.len() {
            return None;
        }
        String::from_utf8(bytes).ok().map(Cow::Owned)
    }
}

impl StoredText {
    /// A saved text that claims more bytes than its payload holds: unreadable.
    #[cfg(test)]
    pub(super) fn damaged() -> Self {
        let mut bytes = vec![DEFLATE];
        bytes.extend_from_slice(&9u32.to_le_bytes());
        bytes.extend_from_slice(&[0xff; 4]);
        StoredText::from_saved(bytes).expect("a deflated text's head")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_comes_back_as_it_was() {
        let prose = "The quick brown fox jumps over the lazy dog. ".repeat(40);
        for text in ["", "a", "short text", "héllo wörld 漢字 🙂", prose.as_str()] {
            let stored = StoredText::compress(text);
            assert_eq!(stored.text().unwrap(), text);
            assert_eq!(stored.len(), text.len());
            assert_eq!(
                StoredText::from_saved(stored.bytes().to_vec()).unwrap(),
                stored
            );
        }
        let stored = StoredText::compress(&prose);
        assert!(stored.is_deflated());
        assert!(
            stored.bytes().len() < prose.len() / 10,
            "repetitive prose compresses"
        );
        assert!(
            !StoredText::compress("short text").is_deflated(),
            "no longer than the text"
        );
    }

    fn saved(kind: u8, len: usize, payload: &[u8]) -> Vec<u8> {
        let mut bytes = vec![kind];
        bytes.extend_from_slice(&(len as u32).to_le_bytes());
        bytes.extend_from_slice(payload);
        bytes
    }

    #[test]
    fn damaged_saved_texts_are_refused_or_unreadable() {
        for (bytes, message) in [
            (vec![], "cut short"),
            (vec![RAW, 1, 0, 0], "cut short"),
            (saved(RAW, 3, b"ab"), "not UTF-8 of its length"),
            (saved(RAW, 2, &[0xff, 0xfe]), "not UTF-8 of its length"),
            (
                saved(DEFLATE, crate::text::MAX_TEXT_BYTES + 1, &[1]),
                "claims",
            ),
            (saved(7, 1, b"a"), "unknown kind 7"),
        ] {
            let error = StoredText::from_saved(bytes).unwrap_err();
            assert!(error.contains(message), "{error}");
        }
        let prose = "Some words of prose, and some more words of prose. ".repeat(20);
        let good = StoredText::compress(&prose);
        let payload = &good.bytes()[HEAD..];
        for (len, payload) in [
            (prose.len() + 1, payload.to_vec()),
            (prose.len() - 1, payload.to_vec()),
            (prose.len(), payload[..payload.len() / 2].to_vec()),
            (prose.len(), vec![0xff; 40]),
            (2, miniz_oxide::deflate::compress_to_vec(&[0xc3, 0x28], 1)),
        ] {
            let damaged = StoredText::from_saved(saved(DEFLATE, len, &payload)).unwrap();
            assert_eq!(damaged.text(), None);
        }
    }
}
