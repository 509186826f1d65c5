// Zip files made byte by byte for tests of js/read/zip.js: small Word documents, and the zip bombs
// users may be sent (a 200 KB .docx that inflates to 200 MB, one whose headers lie about its size,
// entries that overlap), built without ever holding what they inflate to.
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MiB = 2 ** 20;

/** Raw DEFLATE of `mebibytes` MiB of zero bytes, made from one compressed MiB repeated. */
export function deflatedZeros(mebibytes) {
  // A full flush ends each piece on a byte boundary with nothing referring back, so the pieces can
  // be concatenated; the empty final block closes the stream.
  const piece = deflateRawSync(Buffer.alloc(MiB), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array(mebibytes).fill(piece), deflateRawSync(Buffer.alloc(0))]);
}

/**
 * A zip of `entries`: `{ name, data, size?, method?, crc?, sameAs? }`. `data` is the stored bytes,
 * already deflated when `method` is 8; `size` the unpacked size written in the headers (data's length
 * by default, or any lie); `sameAs` the index of an earlier entry whose local header and data this
 * one's directory record points to (overlapping entries).
 */
export function makeZip(entries) {
  const locals = [];
  const directory = [];
  const offsets = [];
  let offset = 0;
  entries.forEach((entry, i) => {
    const name = Buffer.from(entry.name);
    const data = Buffer.from(entry.data);
    const method = entry.method ?? 0;
    const size = entry.size ?? (method === 0 ? data.length : 0);
    const crc = entry.crc ?? (method === 0 ? crc32(data) : 0);
    const fields = (header) => {
      header.writeUInt16LE(20, 4); // version needed
      header.writeUInt16LE(method, 8);
      header.writeUInt32LE(crc, 14);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt32LE(size, 22);
      header.writeUInt16LE(name.length, 26);
    };
    if (entry.sameAs === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      fields(local);
      offsets[i] = offset;
      locals.push(local, name, data);
      offset += local.length + name.length + data.length;
    } else {
      offsets[i] = offsets[entry.sameAs];
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central.subarray(2)); // the same fields, two bytes further on
    central.writeUInt32LE(offsets[i], 42);
    directory.push(central, name);
  });
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, end]));
}

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
  + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
  + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
  + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** The XML of a Word body with one paragraph per string. */
export const documentXml = (paragraphs) => '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
  + paragraphs.map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`).join('') + '</w:body></w:document>';

/** The parts every Word document has, then `entries`; `document` is word/document.xml's entry. */
export function makeWordZip(document, entries = []) {
  return makeZip([deflatedEntry('[Content_Types].xml', CONTENT_TYPES), deflatedEntry('_rels/.rels', RELS), document, ...entries]);
}

/** A deflated entry `name` for makeZip. */
export function deflatedEntry(name, text) {
  return { name, data: deflateRawSync(Buffer.from(text)), method: 8, size: Buffer.byteLength(text), crc: crc32(text) };
}

/**
 * A Word document whose word/document.xml inflates to `mebibytes` MiB of zeros: about 1 KB of file
 * per MiB. `size` is the unpacked size its headers claim (the truth by default).
 */
export function wordZipBomb(mebibytes, { size = Math.min(mebibytes * MiB, 2 ** 32 - 1) } = {}) {
  return makeWordZip({ name: 'word/document.xml', data: deflatedZeros(mebibytes), method: 8, size });
}
