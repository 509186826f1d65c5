// Reading the user's files as plain text, in the page (nothing is uploaded): the browser's part of
// js/read/document.js, which decides how every file is read and what the user is told when one cannot be.
// Here: a File becomes bytes; HTML is parsed by the browser's inert DOMParser; the Word and PDF
// readers (mammoth, pdf.js) are loaded from this origin's pkg/vendor/ only when such a file is opened.
import { ACCEPT, ACCEPTED_TYPES } from '../js/read/formats.js';
import { FileReadError, MAX_FILE_BYTES, MESSAGES, checkBeforeReading, readDocument } from '../js/read/document.js';

export { ACCEPT, ACCEPTED_TYPES, FileReadError, MAX_FILE_BYTES, MESSAGES };

/**
 * Reads a File the user chose or dropped: `{ text, encoding }`, where `encoding` is how a text or
 * HTML file was decoded ('utf-8', 'utf-16le', 'utf-16be' or 'windows-1252'; see js/read/decode.js) and
 * null for Word and PDF files. Throws a FileReadError when the file cannot be read or holds no text.
 */
export async function readFile(file) {
  // The size alone refuses a file too large before it is read whole.
  checkBeforeReading(file.name, file.size);
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new FileReadError('unreadable', file.name);
  }
  return readDocument(file.name, bytes, BROWSER_READERS);
}

/** The plain text of a .txt/.md/.html/.docx/.pdf file; a FileReadError for anything else (see readFile). */
export async function readTextFile(file) {
  return (await readFile(file)).text;
}

/**
 * HTML as the browser parses it (js/read/html.js walks the tree). DOMParser builds an inert
 * document: no scripts run, nothing is fetched.
 */
const DOM_TREE = {
  body: (html) => new DOMParser().parseFromString(html, 'text/html').body,
  text: (node) => (node.nodeType === Node.TEXT_NODE ? node.data : null),
  tag: (node) => (node.nodeType === Node.ELEMENT_NODE ? node.localName : null),
  children: (node) => node.childNodes,
};

const BROWSER_READERS = {
  html: DOM_TREE,
  word: loadMammoth,
  pdf: async () => ({ pdfjs: await loadPdfjs(), options: { cMapUrl: vendor('cmaps/'), cMapPacked: true } }),
};

const vendor = (path) => new URL(`../pkg/vendor/${path}`, import.meta.url).href;

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
