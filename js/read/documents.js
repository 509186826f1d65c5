// Plain text from .docx and .pdf files, shared by the web app and the CLI. The readers themselves
// (mammoth for Word, pdf.js for PDF) are passed in, because the browser and Node load them
// differently; nothing here touches the network.

/** The text of a Word document, its paragraphs separated by blank lines. */
export async function docxText(mammoth, bytes) {
  // mammoth takes a Buffer in Node and an ArrayBuffer in the browser; neither copies the bytes.
  const input = typeof Buffer !== 'undefined' && ArrayBuffer.isView(bytes)
    ? { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
    : { arrayBuffer: toArrayBuffer(bytes) };
  const { value } = await mammoth.extractRawText(input);
  return value;
}

/**
 * The text of a PDF, page by page. `pdfjs` is the pdf.js module; `options` go to `getDocument`
 * (e.g. `cMapUrl` for CJK fonts). Eval stays off: text extraction does not need it.
 */
export async function pdfText(pdfjs, bytes, options = {}) {
  // verbosity 0: only errors; font warnings do not matter when only the text is read.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0, ...options });
  const document = await task.promise;
  const pages = [];
  try {
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (typeof item.str !== 'string') continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text.trim());
      page.cleanup();
    }
  } finally {
    await document.destroy();
  }
  return pages.join('\n\n');
}

function toArrayBuffer(bytes) {
  if (bytes instanceof ArrayBuffer) return bytes;
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}
