// Reading the user's files as plain text, in the page (nothing is uploaded). Word and PDF readers
// (mammoth, pdf.js) are loaded from this origin only when such a file is opened. Every file that
// cannot be read gets a FileReadError whose message says, in words a teacher understands, what is
// wrong and what to do; all those sentences are in MESSAGES below, and no library's own message
// (with its internals and URLs) reaches the user.
import { docxText, pdfText } from '../js/documents.js';
import { ACCEPT, ACCEPTED_TYPES, describeAcceptedTypes, extensionOf, typeOf } from '../js/formats.js';
import { decodeText } from './decode.js';

export { ACCEPT, ACCEPTED_TYPES };

/** Largest file read, in bytes: 64 MiB, the engine's limit on one text (MAX_TEXT_BYTES). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

const megabytes = (bytes) => `${Math.ceil((bytes / 2 ** 20) * 10) / 10} MB`;
const PASTE = 'or paste the text instead';

/**
 * The sentences users see when a file cannot be read, by FileReadError code. Each takes the file's
 * name first; each says what happened and what to do.
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
  docxDamaged: (name) =>
    `${name} is damaged, so it cannot be read as a Word document. Open it in Word and save a new copy, ${PASTE}.`,
});

/** A file that cannot be read: `message` is for the user (from MESSAGES), `code` names the case. */
export class FileReadError extends Error {
  constructor(code, ...details) {
    super(MESSAGES[code](...details));
    this.name = 'FileReadError';
    this.code = code;
  }
}

/**
 * Reads a File the user chose or dropped: `{ text, encoding }`, where `encoding` is how a text or
 * HTML file was decoded ('utf-8', 'utf-16le', 'utf-16be' or 'windows-1252'; see decode.js) and null
 * for Word and PDF files. Throws a FileReadError when the file cannot be read or holds no text.
 */
export async function readFile(file) {
  const type = typeOf(file.name);
  if (!type) throw new FileReadError(extensionOf(file.name) === '.doc' ? 'oldWord' : 'unsupported', file.name);
  // Refused before it is read whole: a file past the engine's limit would only be refused later,
  // after holding the page's memory.
  if (file.size > MAX_FILE_BYTES) throw new FileReadError('tooLarge', file.name, file.size);
  if (file.size === 0) throw new FileReadError('empty', file.name);
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new FileReadError('unreadable', file.name);
  }
  const read = { text: readPlain, html: readPlain, docx: readDocx, pdf: readPdf }[type.kind];
  const { text, encoding = null } = await read(file.name, bytes, type.kind);
  // No letter or digit: nothing the engine could match. A scan's PDF has no text at all; a text file
  // of blank lines (or only a byte-order mark) is empty to its user.
  if (!/[\p{L}\p{N}]/u.test(text)) {
    const code = type.kind === 'pdf' ? 'scannedPdf' : type.kind !== 'docx' && !text.trim() ? 'empty' : 'noText';
    throw new FileReadError(code, file.name);
  }
  return { text, encoding };
}

/** The plain text of a .txt/.md/.html/.docx/.pdf file; a FileReadError for anything else (see readFile). */
export async function readTextFile(file) {
  return (await readFile(file)).text;
}

/** A text or HTML file: decoded (decode.js), HTML reduced to its visible text. */
async function readPlain(name, bytes, kind) {
  const decoded = decodeText(bytes);
  if (decoded.text === null) {
    const actual = sniff(bytes);
    if (actual === '.pdf' || actual === '.docx') throw new FileReadError('misnamed', name, extensionOf(name), actual);
    throw new FileReadError(decoded.reason === 'binary' ? 'binary' : 'unknownEncoding', name, extensionOf(name));
  }
  return { text: kind === 'html' ? htmlText(decoded.text) : decoded.text, encoding: decoded.encoding };
}

const INLINE_ATTRIBUTE = /(<[a-z][^>]*?)\s(?:style|on[a-z]+)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi;

/**
 * `html` without <style> elements, style attributes and event-handler attributes (onclick…). The
 * page's Content-Security-Policy forbids them, so none would apply or run, but Chromium reports each
 * one its parser meets to the console as an error, even in an inert document.
 */
function withoutInlineCode(html) {
  let result = html.replace(/<style\b[\s\S]*?<\/style\s*>/gi, ' ');
  // One attribute per tag and pass; a tag has few.
  for (let previous; previous !== result; ) {
    previous = result;
    result = result.replace(INLINE_ATTRIBUTE, '$1');
  }
  return result;
}

const LINE_BREAKS = 'br, li, tr, dt, dd, figcaption, caption';
const PARAGRAPH_BREAKS = 'p, div, h1, h2, h3, h4, h5, h6, blockquote, pre, ul, ol, dl, table, section, article, header, footer, main, aside, nav, figure, hr, address';

/**
 * The visible text of an HTML page: one line per line break, a blank line between paragraphs, runs
 * of white space as one space (outside <pre>), entities decoded. The words of two paragraphs of
 * minified HTML must not run together ("end.Next"), as a plain textContent would join them.
 */
function htmlText(html) {
  // DOMParser builds an inert document: no scripts run, nothing is fetched.
  const { body } = new DOMParser().parseFromString(withoutInlineCode(html), 'text/html');
  if (!body) return '';
  body.querySelectorAll('script, style, noscript, template').forEach((node) => node.remove());
  const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest('pre, textarea')) node.data = node.data.replace(/\s+/g, ' ');
  }
  body.querySelectorAll(LINE_BREAKS).forEach((node) => node.after('\n'));
  body.querySelectorAll(PARAGRAPH_BREAKS).forEach((node) => node.after('\n\n'));
  body.querySelectorAll('td, th').forEach((node) => node.after(' '));
  return body.textContent
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A Word file: checked to be one before mammoth reads it, so its errors never reach the user. */
async function readDocx(name, bytes) {
  const actual = sniff(bytes);
  if (actual === '.pdf') throw new FileReadError('misnamed', name, '.docx', '.pdf');
  if (actual === 'office') {
    // Word saves a password-protected .docx inside an old-style (OLE) container.
    throw new FileReadError(includesAscii(bytes, 'EncryptedPackage', true) ? 'docxPassword' : 'docxOldWord', name);
  }
  if (actual !== '.docx') throw new FileReadError('docxNotWord', name);
  const mammoth = await loadReader(name, 'Word', loadMammoth);
  try {
    return { text: await docxText(mammoth, bytes) };
  } catch {
    throw new FileReadError('docxDamaged', name);
  }
}

/** A PDF: pdf.js's failures become the password or the damaged-file message. */
async function readPdf(name, bytes) {
  if (sniff(bytes) === '.docx') throw new FileReadError('misnamed', name, '.pdf', '.docx');
  const pdfjs = await loadReader(name, 'PDF', loadPdfjs);
  try {
    return { text: await pdfText(pdfjs, bytes, { cMapUrl: vendor('cmaps/'), cMapPacked: true }) };
  } catch (error) {
    throw new FileReadError(error?.name === 'PasswordException' ? 'pdfPassword' : 'pdfDamaged', name);
  }
}

/**
 * What the first bytes say a file is: '.pdf', '.docx' (a zip holding a word/ folder), 'zip' (another
 * zip: .xlsx, .odt…), 'office' (an old-style Office file, or an encrypted new one), or null.
 */
function sniff(bytes) {
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

const vendor = (path) => new URL(`../pkg/vendor/${path}`, import.meta.url).href;

/** A reader loaded by `load`, or the readerMissing message when its script cannot be loaded. */
async function loadReader(name, reader, load) {
  try {
    return await load();
  } catch {
    throw new FileReadError('readerMissing', name, reader);
  }
}

async function loadMammoth() {
  await import(vendor('mammoth.browser.min.js')); // a UMD bundle: it sets window.mammoth
  return window.mammoth;
}

async function loadPdfjs() {
  const module = await import(vendor('pdf.min.mjs'));
  module.GlobalWorkerOptions.workerSrc = vendor('pdf.worker.min.mjs');
  return module;
}

/** Offers `bytes` as a download named `name`. */
export function download(bytes, name) {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
