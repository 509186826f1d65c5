// The kinds of file plagscope reads, written once for the page (www/files.js, and the `accept`
// attributes of index.html, which a test holds equal to ACCEPT) and the CLI (bin/plagscope.mjs).
// Plain data, no imports: it loads in the browser and in Node alike.

/**
 * The accepted file types: `kind` says how the file is read ('text', 'html', 'docx' or 'pdf'),
 * `label` names the type in messages for users, `extensions` are lower case with their dot.
 */
export const ACCEPTED_TYPES = Object.freeze([
  { kind: 'text', label: 'plain text or Markdown', extensions: ['.txt', '.md', '.markdown', '.text'] },
  { kind: 'html', label: 'web page', extensions: ['.html', '.htm'] },
  { kind: 'docx', label: 'Word', extensions: ['.docx'] },
  { kind: 'pdf', label: 'PDF', extensions: ['.pdf'] },
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
  const parts = ACCEPTED_TYPES.map((type) => `${type.label} (${type.extensions.join(', ')})`);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
