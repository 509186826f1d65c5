// The kinds of file plagscope reads, written once for the page (www/files.js, and the `accept`
// attributes of index.html, which a test holds equal to ACCEPT) and the CLI (bin/plagscope.mjs).
// Plain data and the catalogue (js/words/i18n.js) for the types' names: it loads in the browser and in
// Node alike.
import { list, t } from '../words/i18n.js';

/**
 * The accepted file types: `kind` says how the file is read ('text', 'html', 'docx' or 'pdf'),
 * `label` is the catalogue key of the type's name in messages for users, `extensions` are lower case with their dot.
 */
export const ACCEPTED_TYPES = Object.freeze([
  { kind: 'text', label: 'format.text', extensions: ['.txt', '.md', '.markdown', '.text'] },
  { kind: 'html', label: 'format.html', extensions: ['.html', '.htm'] },
  { kind: 'docx', label: 'format.docx', extensions: ['.docx'] },
  { kind: 'pdf', label: 'format.pdf', extensions: ['.pdf'] },
].map((type) => Object.freeze({ ...type, extensions: Object.freeze(type.extensions) })));

/** Every accepted extension, in the order of ACCEPTED_TYPES: ['.txt', '.md', …, '.pdf']. */
export const ACCEPTED_EXTENSIONS = Object.freeze(ACCEPTED_TYPES.flatMap((type) => type.extensions));

/** The value of a file input's `accept` attribute: '.txt,.md,…,.pdf'. */
export const ACCEPT = ACCEPTED_EXTENSIONS.join(',');

/** The extension of a file name, lower case with its dot ('.pdf'), or '' when it has none. */
export function extensionOf(name) {
  const match = /\.[^./\\]+$/.exec(name);
  return match ? match[0].toLowerCase() : '';
}

/** The accepted type of a file name (an entry of ACCEPTED_TYPES), or undefined. */
export function typeOf(name) {
  const extension = extensionOf(name);
  return ACCEPTED_TYPES.find((type) => type.extensions.includes(extension));
}

/**
 * The accepted types for a sentence ending in "files": 'plain text or Markdown (.txt, .md, .markdown,
 * .text), web page (.html, .htm), Word (.docx) and PDF (.pdf)'.
 */
export function describeAcceptedTypes() {
  // The extensions joined as the language lists things: ", " in English, "、" in Chinese.
  return list(ACCEPTED_TYPES.map((type) => t('format.type', { name: t(type.label), extensions: type.extensions.join(t('list.comma')) })));
}
