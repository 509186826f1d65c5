// Unpacking a Word document (a zip) with a cap on what it unpacks to, for js/read/document.js. A .docx of 1 MB
// can inflate to gigabytes, and its headers may claim any size: mammoth would inflate it all (2 GB
// of memory for 1 GiB) before failing. Here each part that holds text is inflated a piece at a time
// and dropped once the parts together pass the cap; what is kept goes to mammoth as a zip of stored
// (uncompressed) parts, so mammoth has nothing left to inflate. Pictures and other binary parts,
// which text extraction never reads, are not inflated at all: they stay in the copy, empty.
// Free of any environment: DecompressionStream is in every browser and in Node.

/** Why a zip was refused: 'tooLarge' (its text parts unpack past the cap) or 'damaged'. */
export class ZipError extends Error {
  constructor(reason) {
    super(reason === 'tooLarge' ? 'the zip unpacks past the cap' : 'the zip is damaged');
    this.name = 'ZipError';
    this.reason = reason;
  }
}

/** Parts a text extraction reads: the XML parts and their relationships. */
const isTextPart = (name) => /\.(xml|rels)$/i.test(name);

/** Compressed bytes handed to the inflater at a time: at most ~16 MB of output each (DEFLATE's 1:1032). */
const PIECE = 16 * 1024;

const STORED = 0;
const DEFLATED = 8;

/**
 * A copy of the zip `bytes` for reading its text: every XML part unpacked and stored, every other
 * part empty. Throws a ZipError: 'tooLarge' once the XML parts together unpack to more than
 * `maxBytes` (checked while inflating), 'damaged' for a zip that cannot be unpacked.
 * @param {Uint8Array} bytes
 * @param {number} maxBytes
 * @returns {Promise<Uint8Array>}
 */
export async function unpackedZip(bytes, maxBytes) {
  const entries = directory(bytes);
  const names = new TextDecoder();
  let total = 0;
  for (const entry of entries) {
    if (!isTextPart(names.decode(entry.name))) {
      entry.data = new Uint8Array(0);
      continue;
    }
    entry.data = await unpack(bytes, entry, maxBytes - total);
    total += entry.data.length;
  }
  return storedZip(entries);
}

/** The bytes of `entry`, unpacked; a ZipError once they pass `room` bytes. */
async function unpack(bytes, entry, room) {
  if (entry.flags & 1) throw new ZipError('damaged'); // encrypted
  const data = entryData(bytes, entry);
  if (entry.method === STORED) {
    if (data.length > room) throw new ZipError('tooLarge');
    return data;
  }
  if (entry.method !== DEFLATED) throw new ZipError('damaged');
  return inflate(data, room);
}

/** Raw DEFLATE `data` inflated, or a ZipError as soon as the output passes `room` bytes. */
async function inflate(data, room) {
  let at = 0;
  const input = new ReadableStream({
    pull(controller) {
      if (at >= data.length) return controller.close();
      controller.enqueue(data.subarray(at, at + PIECE));
      at += PIECE;
    },
  }, { highWaterMark: 0 });
  const reader = input.pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > room) {
        reader.cancel().catch(() => {});
        throw new ZipError('tooLarge');
      }
      chunks.push(value);
    }
  } catch (error) {
    throw error instanceof ZipError ? error : new ZipError('damaged');
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * The central directory's entries: `{ name (bytes), flags, method, crc, compressed, offset }`, sizes
 * and offsets from the zip64 extra field where the record says so. A ZipError('damaged') when
 * anything points outside the file.
 */
function directory(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  let count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) [count, at] = zip64End(view, end);
  // The copy's directory counts entries in 16 bits; a Word document has a few hundred parts.
  if (count > 0xffff) throw new ZipError('damaged');
  const entries = [];
  for (let i = 0; i < count; i++) {
    need(view, at, 46);
    if (view.getUint32(at, true) !== 0x02014b50) throw new ZipError('damaged');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    need(view, at + 46, nameLength + extraLength);
    const entry = {
      name: bytes.subarray(at + 46, at + 46 + nameLength),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressed: view.getUint32(at + 20, true),
      offset: view.getUint32(at + 42, true),
    };
    zip64Fields(view, at + 46 + nameLength, extraLength, entry, view.getUint32(at + 24, true));
    entries.push(entry);
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  }
  return entries;
}

/** Where the end-of-central-directory record starts: searched back over a comment of up to 64 KiB. */
function findEnd(view) {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) return at;
  }
  throw new ZipError('damaged');
}

/** The entry count and directory offset of a zip64 end record, found through its locator. */
function zip64End(view, end) {
  const locator = end - 20;
  if (locator < 0 || view.getUint32(locator, true) !== 0x07064b50) throw new ZipError('damaged');
  const record = safeNumber(view.getBigUint64(locator + 8, true));
  need(view, record, 56);
  if (view.getUint32(record, true) !== 0x06064b50) throw new ZipError('damaged');
  return [safeNumber(view.getBigUint64(record + 32, true)), safeNumber(view.getBigUint64(record + 48, true))];
}

/** Reads the zip64 extra field (id 1): each of the three sizes that the record marks 0xffffffff. */
function zip64Fields(view, at, length, entry, unpacked) {
  for (const stop = at + length; at + 4 <= stop; at += 4 + view.getUint16(at + 2, true)) {
    if (view.getUint16(at, true) !== 1) continue;
    let field = at + 4;
    const next = () => {
      need(view, field, 8);
      const value = safeNumber(view.getBigUint64(field, true));
      field += 8;
      return value;
    };
    if (unpacked === 0xffffffff) next();
    if (entry.compressed === 0xffffffff) entry.compressed = next();
    if (entry.offset === 0xffffffff) entry.offset = next();
  }
}

/** The stored bytes of `entry`, after its local header. */
function entryData(bytes, entry) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  need(view, entry.offset, 30);
  if (view.getUint32(entry.offset, true) !== 0x04034b50) throw new ZipError('damaged');
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  need(view, start, entry.compressed);
  return bytes.subarray(start, start + entry.compressed);
}

function need(view, at, length) {
  if (at + length > view.byteLength) throw new ZipError('damaged');
}

function safeNumber(big) {
  if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError('damaged');
  return Number(big);
}

/** A zip of `entries` (`{ name, flags, crc, data }`) stored as they are: what mammoth reads without inflating. */
function storedZip(entries) {
  const size = entries.reduce((sum, e) => sum + 30 + 46 + 2 * e.name.length + e.data.length, 22);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const locals = [];
  let at = 0;
  for (const entry of entries) {
    locals.push(at);
    at = header(view, out, at, 0x04034b50, entry, null);
    out.set(entry.data, at);
    at += entry.data.length;
  }
  const start = at;
  entries.forEach((entry, i) => {
    at = header(view, out, at, 0x02014b50, entry, locals[i]);
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, at - start, true);
  view.setUint32(at + 16, start, true);
  return out;
}

/** Writes a local header (`offset` null) or a directory record at `at`; returns where it ends. */
function header(view, out, at, signature, entry, offset) {
  const central = offset !== null;
  const fields = at + (central ? 2 : 0); // a directory record has "version made by" first
  view.setUint32(at, signature, true);
  view.setUint16(fields + 4, 20, true); // version needed: 2.0
  view.setUint16(fields + 6, entry.flags & 0x0800, true); // only "the name is UTF-8" still applies
  // The text parts keep their checksum (their contents are the same); emptied parts are empty.
  view.setUint32(fields + 14, entry.data.length ? entry.crc : 0, true);
  view.setUint32(fields + 18, entry.data.length, true);
  view.setUint32(fields + 22, entry.data.length, true);
  view.setUint16(fields + 26, entry.name.length, true);
  if (central) view.setUint32(at + 42, offset, true);
  const name = at + (central ? 46 : 30);
  out.set(entry.name, name);
  return name + entry.name.length;
}
