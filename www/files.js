// Reading the user's files as plain text, in the page (nothing is uploaded). Word and PDF readers
// (mammoth, pdf.js) are loaded from this origin only when such a file is opened.
import { docxText, pdfText } from '../js/documents.js';

const TEXT = /\.(txt|md|markdown|text)$/i;
const HTML = /\.html?$/i;
const DOCX = /\.docx$/i;
const PDF = /\.pdf$/i;
const vendor = (path) => new URL(`../pkg/vendor/${path}`, import.meta.url).href;

async function mammoth() {
  await import(vendor('mammoth.browser.min.js')); // a UMD bundle: it sets window.mammoth
  return window.mammoth;
}

async function pdfjs() {
  const module = await import(vendor('pdf.min.mjs'));
  module.GlobalWorkerOptions.workerSrc = vendor('pdf.worker.min.mjs');
  return module;
}

/** The plain text of a .txt/.md/.html/.docx/.pdf file; a clear error for anything else. */
export async function readTextFile(file) {
  const known = [TEXT, HTML, DOCX, PDF].some((pattern) => pattern.test(file.name));
  if (!known) {
    throw new Error(`${file.name}: only .txt, .md, .html, .docx and .pdf files can be read`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (DOCX.test(file.name)) {
    try {
      return await docxText(await mammoth(), bytes);
    } catch (error) {
      throw new Error(`${file.name} could not be read as a Word document (${error.message})`);
    }
  }
  if (PDF.test(file.name)) {
    try {
      return await pdfText(await pdfjs(), bytes, { cMapUrl: vendor('cmaps/'), cMapPacked: true });
    } catch (error) {
      throw new Error(`${file.name} could not be read as a PDF (${error.message})`);
    }
  }
  if (bytes.includes(0)) throw new Error(`${file.name} looks like a binary file`);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${file.name} is not UTF-8 text`);
  }
  if (HTML.test(file.name)) {
    // DOMParser builds an inert document: no scripts run, nothing is fetched.
    const document = new DOMParser().parseFromString(text, 'text/html');
    document.querySelectorAll('script, style, noscript').forEach((node) => node.remove());
    text = document.body?.innerText ?? document.body?.textContent ?? '';
  }
  return text;
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
