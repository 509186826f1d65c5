// Reading the user's files as plain text, in the page (nothing is uploaded).

const TEXT = /\.(txt|md|markdown|text)$/i;
const HTML = /\.html?$/i;

/** The plain text of a .txt/.md/.html file; a clear error for anything else. */
export async function readTextFile(file) {
  if (!TEXT.test(file.name) && !HTML.test(file.name)) {
    throw new Error(`${file.name}: only .txt, .md and .html files can be read`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
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
