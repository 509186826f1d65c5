// Reading a document as plain text, decided once for the page (www/files.js) and the CLI
// (js/read-node.js): its type by extension and by its first bytes, its encoding (decode.js), HTML
// reduced to its visible text (read-html.js), Word and PDF text (documents.js). Every file that
// cannot be read gets a FileReadError whose `code` names the case and whose message, from MESSAGES,
// says in words a teacher understands what is wrong and what to do; no library's own message (with
// its internals and URLs) reaches the user. Free of any environment: the HTML parser and the Word
// and PDF readers are passed in, because the browser and Node load them differently.
import { docxText, pdfText } from './documents.js';
import { describeAcceptedTypes, extensionOf, typeOf } from './formats.js';
import { decodeText } from './decode.js';
import { htmlText } from './read-html.js';
import { ZipError, unpackedZip } from './zip.js';

/**
 * Largest file read, in bytes, and the most a Word file may unpack to: 64 MiB, the engine's limit
 * on one text (MAX_TEXT_BYTES; tests/js/limits.test.mjs holds the two equal).
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

const megabytes = (bytes) => `${Math.ceil((bytes / 2 ** 20) * 10) / 10} MB`;
const PASTE = 'or paste the text instead';

/**
 * The sentences users see when a file cannot be read, by FileReadError code. Each takes the file's
 * name first; each says what happened and what to do. `unreadable` and `readerMissing` are the
 * page's (a file gone since it was chosen, a reader script that did not load), `readerNotInstalled`
 * the CLI's (an optional package not installed); all others are said alike by both.
 */
export const MESSAGES = Object.freeze({
  unsupported: (name) =>
    `${name} cannot be opened: plagscope reads ${describeAcceptedTypes()} files. Save the document in one of these formats, ${PASTE}.`,
  oldWord: (name) =>
    `${name} is an old-style Word document (.doc), which plagscope cannot read. Open it in Word, save it as a Word Document (.docx) and open that file, ${PASTE}.`,
  tooLarge: (name, size) =>
    `${name} is too large to check: it is ${megabytes(size)}, and plagscope reads files of up to ${MAX_FILE_BYTES / 2 ** 20} MB. Split it into smaller files, or paste the part you want to check.`,
  unreadable: (name) =>
    `${name} could not be opened: it may have been moved, renamed or deleted since you chose it. Choose it again.`,
  readerMissing: (name, reader) =>
    `plagscope could not load its ${reader} reader, so ${name} was not opened. Reload the page (while online, if this is its first use) and try again, ${PASTE}.`,
  readerNotInstalled: (name, reader, pkg) =>
    `${name} is a ${reader} file, and reading it needs the ${pkg} package, which is not installed. Install it (npm install ${pkg}) and try again.`,
  empty: (name) => `${name} is empty. Check that you chose the right file, ${PASTE}.`,
  noText: (name) =>
    `${name} contains no text to check. If its text is in pictures, plagscope cannot read it: paste the text instead.`,
  binary: (name, extension) =>
    `${name} does not contain text, although its name ends in ${extension}: it is probably a picture, a program or another kind of file. Open the document that holds the text, ${PASTE}.`,
  unknownEncoding: (name) =>
    `${name} is written in a text encoding plagscope cannot recognise. Save it as UTF-8 (in Notepad: File › Save as, Encoding: UTF-8) and open it again, ${PASTE}.`,
  misnamed: (name, extension, actual) =>
    `${name} is ${actual === '.pdf' ? 'a PDF file' : 'a Word document'}, although its name ends in ${extension}. Rename it to end in ${actual} and open it again.`,
  scannedPdf: (name) =>
    `${name} has no text layer — it is probably a scanned image; plagscope cannot read images. Use a PDF with selectable text or paste the text.`,
  pdfPassword: (name) =>
    `${name} is protected by a password, so plagscope cannot read it. Open it in your PDF reader, save or print a copy without the password and open that copy, ${PASTE}.`,
  pdfDamaged: (name) =>
    `${name} is damaged or is not really a PDF, so plagscope cannot read it. Open it in a PDF reader and save or print a new copy as PDF, ${PASTE}.`,
  docxPassword: (name) =>
    `${name} is protected by a password, so plagscope cannot read it. Open it in Word, remove the password (File › Info › Protect Document), save it and open it again, ${PASTE}.`,
  docxOldWord: (name) =>
    `${name} is an old-style Word or Office document (such as a .doc) renamed to .docx. Open it in Word, save it as a Word Document (.docx) and open that file, ${PASTE}.`,
  docxNotWord: (name) =>
    `${name} is not a Word document, although its name ends in .docx. Open the original document, ${PASTE}.`,
  unpackedTooLarge: (name) =>
    `${name} expands to more than ${MAX_FILE_BYTES / 2 ** 20} MB when unpacked (a Word file is compressed), and plagscope reads documents of up to ${MAX_FILE_BYTES / 2 ** 20} MB. Split it into smaller documents, or paste the part you want to check.`,
  docxDamaged: (name) =>
    `${name} is damaged, so it cannot be read as a Word document. Open it in Word and save a new copy, ${PASTE}.`,
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
 * @typedef {{ html: import('./read-html.js').HtmlTree, word(): Promise<object>,
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
 * A Word file's text parts unpacked (js/zip.js), up to the size of the documents plagscope reads:
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
