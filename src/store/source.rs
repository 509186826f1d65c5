//! Reading a saved index a piece at a time ([`super::import_index_from`]): the checksum over the
//! body in pieces, then the records through a [`Window`] that holds only what the record being
//! decoded needs. The wasm build reads the pieces straight out of the caller's JS `Uint8Array`, so
//! loading needs no file-sized copy in the engine's memory, which never shrinks once grown.

use serde::de::DeserializeOwned;
use xxhash_rust::xxh3::Xxh3Default;

/// A saved index to read from, in pieces.
pub trait IndexSource {
    /// The file's length in bytes.
    fn file_len(&self) -> usize;
    /// Copies the file's bytes `at..at + into.len()`, which are within the file, into `into`.
    fn read(&mut self, at: usize, into: &mut [u8]);
}

/// A file in memory.
impl IndexSource for &[u8] {
    fn file_len(&self) -> usize {
        self.len()
    }

    fn read(&mut self, at: usize, into: &mut [u8]) {
        into.copy_from_slice(&self[at..at + into.len()]);
    }
}

/// Bytes read at a time (1 MiB), and the least a window grows by.
const PIECE: usize = 1 << 20;

/// The XXH3-64 of the file's bytes `start..end`, read a piece at a time.
pub(super) fn checksum(source: &mut impl IndexSource, start: usize, end: usize) -> u64 {
    let mut hasher = Box::new(Xxh3Default::new());
    let mut piece = vec![0; PIECE.min(end - start)];
    let mut at = start;
    while at < end {
        let len = PIECE.min(end - at);
        source.read(at, &mut piece[..len]);
        hasher.update(&piece[..len]);
        at += len;
    }
    hasher.digest()
}

/// The body's bytes `start..end` read through a buffer that grows until it holds the whole value
/// being decoded (a reference with its text, at most), from which decoded values are dropped.
pub(super) struct Window<'s, S: IndexSource> {
    source: &'s mut S,
    buffer: Vec<u8>,
    /// Bytes of `buffer` already decoded.
    decoded: usize,
    /// The file offset of the byte after `buffer`'s last.
    next: usize,
    end: usize,
}

impl<'s, S: IndexSource> Window<'s, S> {
    pub(super) fn new(source: &'s mut S, start: usize, end: usize) -> Self {
        Window {
            source,
            buffer: Vec::new(),
            decoded: 0,
            next: start,
            end,
        }
    }

    /// Decodes the next value, reading more of the body while the buffer holds only part of it.
    pub(super) fn take<T: DeserializeOwned>(&mut self) -> Result<T, String> {
        loop {
            match postcard::take_from_bytes::<T>(&self.buffer[self.decoded..]) {
                Ok((value, rest)) => {
                    self.decoded = self.buffer.len() - rest.len();
                    return Ok(value);
                }
                Err(postcard::Error::DeserializeUnexpectedEnd) if self.next < self.end => {
                    self.read_more();
                }
                Err(error) => return Err(error.to_string()),
            }
        }
    }

    /// Drops the decoded bytes and reads at least as many more as are held (doubling the buffer
    /// for a value longer than it), or [`PIECE`], up to the end of the body.
    fn read_more(&mut self) {
        self.buffer.drain(..self.decoded);
        self.decoded = 0;
        let held = self.buffer.len();
        let len = held.max(PIECE).min(self.end - self.next);
        self.buffer.resize(held + len, 0);
        self.source.read(self.next, &mut self.buffer[held..]);
        self.next += len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_longer_than_a_piece_and_values_across_pieces_decode_whole() {
        // Values of every size around a piece, so some start or end on a piece's edge.
        let lengths = [
            0,
            10,
            PIECE - 3,
            7,
            3 * PIECE + 5,
            1,
            PIECE,
            2,
            PIECE / 2,
            40,
        ];
        let values: Vec<String> = (lengths.iter().enumerate())
            .map(|(i, &len)| char::from(b'a' + i as u8).to_string().repeat(len))
            .collect();
        let mut file = vec![9u8; 5]; // bytes before the body, which the window must not read
        for value in &values {
            file.extend(postcard::to_allocvec(value).unwrap());
        }
        let mut source = file.as_slice();
        let mut window = Window::new(&mut source, 5, file.len());
        let mut longest = 0;
        for value in &values {
            assert_eq!(&window.take::<String>().unwrap(), value);
            // The buffer holds at most about twice the longest value read through it.
            longest = longest.max(value.len() + 16);
            assert!(window.buffer.len() <= 2 * longest + PIECE);
        }
        let past_the_end = window.take::<String>().unwrap_err();
        assert!(past_the_end.contains("end of buffer"), "{past_the_end}");
    }

    #[test]
    fn a_claimed_length_past_the_end_is_an_error_not_a_larger_read() {
        let mut file = postcard::to_allocvec(&"x".repeat(100)).unwrap();
        file[0] = 0xFF; // the length's varint now claims far more than the body holds
        file[1] = 0x7F;
        let mut source = file.as_slice();
        let mut window = Window::new(&mut source, 0, file.len());
        assert!(window.take::<String>().is_err());
        assert!(window.buffer.len() <= file.len());
    }

    #[test]
    fn the_checksum_in_pieces_is_the_checksum_of_the_bytes() {
        let bytes: Vec<u8> = (0..2 * PIECE + 77).map(|i| (i * 31 % 251) as u8).collect();
        for (start, end) in [
            (0, bytes.len()),
            (3, PIECE),
            (PIECE - 1, PIECE + 1),
            (10, 10),
        ] {
            let expected = xxhash_rust::xxh3::xxh3_64(&bytes[start..end]);
            assert_eq!(checksum(&mut bytes.as_slice(), start, end), expected);
        }
    }
}
