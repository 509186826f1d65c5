// Reading a document as plain text in Node, for the CLI (bin/plagscope.mjs): the Node part of
// js/read/document.js, which decides how every file is read and what the user is told when one cannot be,
// exactly as the page does. Here: a path becomes bytes; HTML is parsed by parse5 (the HTML
// standard's parser, so the tree, and the text, are the browser's); Word and PDF files are read by
// the mammoth and pdfjs-dist packages when they are installed (optional peer dependencies). Its
// words are the catalogue's (js/words/i18n.js), in the language the CLI chose.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse } from 'parse5';
import { FileReadError, checkBeforeReading, readDocument } from './document.js';
import { t } from '../words/i18n.js';

/**
 * HTML as parse5 parses it, for js/read/html.js. Scripting off, as in the browser's DOMParser:
 * the content of <noscript> is then parsed as markup, as the page sees it.
 * @type {import('./html.js').HtmlTree}
 */
export const PARSE5_TREE = {
  body(html) {
    const root = parse(html, { scriptingEnabled: false }).childNodes.find((node) => node.nodeName === 'html');
    return root?.childNodes.find((node) => node.nodeName === 'body' || node.nodeName === 'frameset') ?? null;
  },
  text: (node) => (node.nodeName === '#text' ? node.value : null),
  tag: (node) => node.tagName ?? null,
  children: (node) => node.childNodes ?? [],
};

/** An optional reader package for the file `name`, or the readerNotInstalled message naming it. */
async function optional(name, reader, pkg, specifier) {
  try {
    return await import(specifier);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') throw new FileReadError('readerNotInstalled', name, reader, pkg);
    throw error;
  }
}

/** The readers of js/read/document.js, in Node, for the file `name` (named in a missing package's message). */
function nodeReaders(name) {
  return {
    html: PARSE5_TREE,
    async word() {
      const mammoth = await optional(name, 'Word', 'mammoth', 'mammoth');
      return mammoth.default ?? mammoth;
    },
    async pdf() {
      const pdfjs = await optional(name, 'PDF', 'pdfjs-dist', 'pdfjs-dist/legacy/build/pdf.mjs');
      // Fonts and character maps from the installed package, not from the network.
      const assets = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
      const options = { cMapUrl: `${join(assets, 'cmaps')}/`, cMapPacked: true, standardFontDataUrl: `${join(assets, 'standard_fonts')}/` };
      return { pdfjs, options };
    },
  };
}

/**
 * Reads the document `name` from `bytes` as the CLI does: `{ text, encoding }` (see readDocument in
 * js/read/document.js), or a FileReadError.
 * @param {string} name
 * @param {Uint8Array} bytes
 */
export function readBytes(name, bytes) {
  return readDocument(name, bytes, nodeReaders(name));
}

/**
 * Reads the file at `path` (a string, or a Buffer for a name that is not UTF-8), named in messages
 * as `name` (by default the path as given): `{ text, encoding }`. Throws a FileReadError for a file
 * plagscope cannot read, or an Error 'cannot read NAME: …' when the file system refuses (both in
 * the current language, js/words/i18n.js).
 * @param {string | Buffer} path
 * @param {string} [name]
 */
export async function readPath(path, name = String(path)) {
  let bytes;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw Object.assign(new Error(t('cli.isFolder')), { code: 'EISDIR' });
    // Name and size first: a file too large is refused before it is read.
    checkBeforeReading(name, stat.size);
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    const reason = error.code === 'ENOENT' ? t('cli.noSuchFile') : error.code === 'EISDIR' ? t('cli.isFolder') : error.message;
    throw new Error(t('cli.cannotRead', { path: name, reason }));
  }
  return readBytes(name, bytes);
}
