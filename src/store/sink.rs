//! Writing a saved index a piece at a time ([`super::export_index_to`]): the body goes through a
//! small buffer to an [`IndexSink`], checksummed on the way, so the caller decides where the file
//! is kept. The wasm build hands each piece straight to a JS `Uint8Array`: saving then needs no
//! file-sized allocation in the engine's memory, which never shrinks once grown.

use xxhash_rust::xxh3::Xxh3Default;

/// Where a saved index is written: told its length first, then given its bytes in order.
pub trait IndexSink {
    /// The file will be `len` bytes long; called once, before any [`IndexSink::write`].
    fn begin(&mut self, len: usize);
    /// The next `bytes` of the file.
    fn write(&mut self, bytes: &[u8]);
}

/// The whole file in memory, in one allocation of its exact length.
impl IndexSink for Vec<u8> {
    fn begin(&mut self, len: usize) {
        self.reserve_exact(len);
    }

    fn write(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

/// The most bytes handed to a sink at once (64 KiB): a few calls per megabyte, and a buffer that
/// is nothing next to the file.
pub const CHUNK: usize = 1 << 16;

/// A postcard flavor that passes the body to a sink in [`CHUNK`]s, hashing it on the way; resolves
/// to the body's XXH3-64.
pub(super) struct Chunked<'s, S: IndexSink> {
    sink: &'s mut S,
    buffer: Vec<u8>,
    hasher: Box<Xxh3Default>,
}

impl<'s, S: IndexSink> Chunked<'s, S> {
    pub(super) fn new(sink: &'s mut S) -> Self {
        Chunked {
            sink,
            buffer: Vec::with_capacity(CHUNK),
            hasher: Box::new(Xxh3Default::new()),
        }
    }

    fn flush(&mut self) {
        self.hasher.update(&self.buffer);
        self.sink.write(&self.buffer);
        self.buffer.clear();
    }
}

impl<S: IndexSink> postcard::ser_flavors::Flavor for Chunked<'_, S> {
    type Output = u64;

    fn try_extend(&mut self, data: &[u8]) -> postcard::Result<()> {
        if self.buffer.len() + data.len() > CHUNK {
            self.flush();
        }
        if data.len() >= CHUNK {
            // A long field (a text, its fingerprints, the frequency table): straight to the sink.
            self.hasher.update(data);
            self.sink.write(data);
        } else {
            self.buffer.extend_from_slice(data);
        }
        Ok(())
    }

    fn try_push(&mut self, byte: u8) -> postcard::Result<()> {
        if self.buffer.len() == CHUNK {
            self.flush();
        }
        self.buffer.push(byte);
        Ok(())
    }

    fn finalize(mut self) -> postcard::Result<u64> {
        self.flush();
        Ok(self.hasher.digest())
    }
}
