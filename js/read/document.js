// Reading a document as plain text, decided once for the page (www/files.js) and the CLI
// (js/read/node.js): its type by extension and by its first bytes, its encoding (decode.js), HTML
// reduced to its visible text (read-html.js), Word and PDF text (documents.js). Every file that
// cannot be read gets a FileReadError whose `code` names the case and whose message, from MESSAGES,
// says in words a teacher understands, in the page's or the CLI's language (js/words/i18n.js), what is
// wrong and what to do; no library's own message (with its internals and URLs) reaches the user.
// Free of any environment: the HTML parser and the Word and PDF readers are passed in, because the
// browser and Node load them differently.
import { docxText, pdfText } from './documents.js';
import { describeAcceptedTypes, extensionOf, typeOf } from './formats.js';
import { decodeText } from './decode.js';
import { htmlText } from './html.js';
import { t } from '../words/i18n.js';
import { ZipError, unpackedZip } from './zip.js';

/**
 * Largest file read, in bytes, and the most a Word file may unpack to: 64 MiB, the engine's limit
 * on one text (MAX_TEXT_BYTES; tests/js/limits.test.mjs holds the two equal).
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** A size in MB for messages, rounded up to a tenth: a file just over the limit never reads as at it. */
const megabytes = (bytes) => Math.ceil((bytes / 2 ** 20) * 10) / 10;
const LIMIT_MB = MAX_FILE_BYTES / 2 ** 20;

/**
 * The sentences users see when a file cannot be read, by FileReadError code, in the current
 * language (js/words/i18n.js, keys `read.*`). Each takes the file's name first; each says what happened
 * and what to do. `unreadable` and `readerMissing` are the page's (a file gone since it was chosen,
 * a reader script that did not load), `readerNotInstalled` the CLI's (an optional package not
 * installed); all others are said alike by both. Functions, not strings: the words are looked up
 * when the error is made, in the language of that moment.
 */
export const MESSAGES = Object.freeze({
  unsupported: (name) => t('read.unsupported', { name, types: describeAcceptedTypes() }),
  oldWord: (name) => t('read.oldWord', { name }),
  tooLarge: (name, size) => t('read.tooLarge', { name, size: megabytes(size), limit: LIMIT_MB }),
  unreadable: (name) => t('read.unreadable', { name }),
  readerMissing: (name, reader) => t('read.readerMissing', { name, reader }),
  readerNotInstalled: (name, reader, pkg) => t('read.readerNotInstalled', { name, reader, package: pkg }),
  empty: (name) => t('read.empty', { name }),
  noText: (name) => t('read.noText', { name }),
  binary: (name, extension) => t('read.binary', { name, extension }),
  unknownEncoding: (name) => t('read.unknownEncoding', { name }),
  misnamed: (name, extension, actual) =>
    t(actual === '.pdf' ? 'read.misnamedPdf' : 'read.misnamedWord', { name, extension, actual }),
  scannedPdf: (name) => t('read.scannedPdf', { name }),
  pdfPassword: (name) => t('read.pdfPassword', { name }),
  pdfDamaged: (name) => t('read.pdfDamaged', { name }),
  docxPassword: (name) => t('read.docxPassword', { name }),
  docxOldWord: (name) => t('read.docxOldWord', { name }),
  docxNotWord: (name) => t('read.docxNotWord', { name }),
  unpackedTooLarge: (name) => t('read.unpackedTooLarge', { name, limit: LIMIT_MB }),
  docxDamaged: (name) => t('read.docxDamaged', { name }),
});

/** A file that cannot be read: `message` is for the user (from MESSAGES), `code` names the case. */
export class FileReadError extends Error {
  /** `code` is a key of MESSAGES; `details` its arguments, the file's name first. */
  constructor(code, ...details) {
    super(MESSAGES[code](...details));
    this.name = 'FileReadError';
    this.code = code;
  }
}

/**
 * Throws the FileReadError that a file's name and size alone decide: a type plagscope does not read,
 * a file too large or empty. Called before the file is read whole: a file past the engine's limit
 * would only be refused later, after holding the memory.
 */
export function checkBeforeReading(name, size) {
  if (!typeOf(name)) throw new FileReadError(extensionOf(name) === '.doc' ? 'oldWord' : 'unsupported', name);
  if (size > MAX_FILE_BYTES) throw new FileReadError('tooLarge', name, size);
  if (size === 0) throw new FileReadError('empty', name);
}

/**
 * The readers a document needs besides this module: `html`, the HTML tree adapter (read-html.js);
 * `word()`, the mammoth module; `pdf()`, `{ pdfjs, options }`: the pdf.js module and options for its
 * getDocument (where its character maps are). `word` and `pdf` are called only for such a file; one
 * that throws gives the readerMissing message, unless it throws a FileReadError of its own.
 * @typedef {{ html: import('./html.js').HtmlTree, word(): Promise<object>,
 *   pdf(): Promise<{ pdfjs: object, options?: object }> }} Readers
 */

/**
 * Reads the document `name` whose contents are `bytes`: `{ text, encoding }`, where `encoding` is how
 * a text or HTML file was decoded ('utf-8', 'utf-16le', 'utf-16be' or 'windows-1252'; see decode.js)
 * and null for Word and PDF files. Throws a FileReadError when it cannot be read or holds no text.
 * @param {string} name
 * @param {Uint8Array} bytes
 * @param {Readers} readers
 */
export async function readDocument(name, bytes, readers) {
  checkBeforeReading(name, bytes.length);
  const { kind } = typeOf(name);
  const read = { text: readPlain, html: readPlain, docx: readDocx, pdf: readPdf }[kind];
  const { text, encoding = null } = await read(name, bytes, kind, readers);
  // No letter or digit: nothing the engine could match. A scan's PDF has no text at all; a text file
  // of blank lines (or only a byte-order mark) is empty to its user.
  if (!/[\p{L}\p{N}]/u.test(text)) {
    const code = kind === 'pdf' ? 'scannedPdf' : kind !== 'docx' && !text.trim() ? 'empty' : 'noText';
    throw new FileReadError(code, name);
  }
  return { text, encoding };
}

/** A text or HTML file: decoded (decode.js), HTML reduced to its visible text (read-html.js). */
async function readPlain(name, bytes, kind, readers) {
  const decoded = decodeText(bytes);
  if (decoded.text === null) {
    const actual = sniff(bytes);
    if (actual === '.pdf' || actual === '.docx') throw new FileReadError('misnamed', name, extensionOf(name), actual);
    throw new FileReadError(decoded.reason === 'binary' ? 'binary' : 'unknownEncoding', name, extensionOf(name));
  }
  return { text: kind === 'html' ? htmlText(decoded.text, readers.html) : decoded.text, encoding: decoded.encoding };
}

/** A Word file: checked to be one before mammoth reads it, so its errors never reach the user. */
async function readDocx(name, bytes, kind, readers) {
  const actual = sniff(bytes);
  if (actual === '.pdf') throw new FileReadError('misnamed', name, '.docx', '.pdf');
  if (actual === 'office') {
    // Word saves a password-protected .docx inside an old-style (OLE) container.
    throw new FileReadError(includesAscii(bytes, 'EncryptedPackage', true) ? 'docxPassword' : 'docxOldWord', name);
  }
  if (actual !== '.docx') throw new FileReadError('docxNotWord', name);
  const parts = await unpackDocx(name, bytes);
  const mammoth = await loadReader(name, 'Word', readers.word);
  try {
    return { text: await docxText(mammoth, parts) };
  } catch {
    throw new FileReadError('docxDamaged', name);
  }
}

/**
 * A Word file's text parts unpacked (js/read/zip.js), up to the size of the documents plagscope reads:
 * unpacked, a document's XML is larger than its text, so a file past this holds no document the
 * engine would take, or is a zip bomb (1 MB inflating to 1 GiB).
 */
async function unpackDocx(name, bytes) {
  try {
    return await unpackedZip(bytes, MAX_FILE_BYTES);
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    throw new FileReadError(error.reason === 'tooLarge' ? 'unpackedTooLarge' : 'docxDamaged', name);
  }
}

/** A PDF: pdf.js's failures become the password or the damaged-file message. */
async function readPdf(name, bytes, kind, readers) {
  if (sniff(bytes) === '.docx') throw new FileReadError('misnamed', name, '.pdf', '.docx');
  const { pdfjs, options } = await loadReader(name, 'PDF', readers.pdf);
  try {
    return { text: await pdfText(pdfjs, bytes, options) };
  } catch (error) {
    throw new FileReadError(error?.name === 'PasswordException' ? 'pdfPassword' : 'pdfDamaged', name);
  }
}

/** A reader loaded by `load`, or the readerMissing message when it cannot be loaded. */
async function loadReader(name, reader, load) {
  try {
    return await load();
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError('readerMissing', name, reader);
  }
}

/**
 * What the first bytes say a file is: '.pdf', '.docx' (a zip holding a word/ folder), 'zip' (another
 * zip: .xlsx, .odt…), 'office' (an old-style Office file, or an encrypted new one), or null.
 */
export function sniff(bytes) {
  // pdf.js, like PDF readers, accepts a header after some junk; 1024 bytes is what they search.
  if (includesAscii(bytes.subarray(0, 1024), '%PDF-')) return '.pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return includesAscii(bytes, 'word/') ? '.docx' : 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'office';
  return null;
}

const startsWith = (bytes, prefix) => prefix.every((byte, i) => bytes[i] === byte);

/** Whether `bytes` contain `ascii`, as bytes, or as UTF-16LE when `wide` (names inside OLE files). */
function includesAscii(bytes, ascii, wide = false) {
  const pattern = [...ascii].flatMap((char) => (wide ? [char.charCodeAt(0), 0] : [char.charCodeAt(0)]));
  for (let i = bytes.indexOf(pattern[0]); i !== -1 && i + pattern.length <= bytes.length; i = bytes.indexOf(pattern[0], i + 1)) {
    let k = 1;
    while (k < pattern.length && bytes[i + k] === pattern[k]) k += 1;
    if (k === pattern.length) return true;
  }
  return false;
}
