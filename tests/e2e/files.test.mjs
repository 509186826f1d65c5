// End-to-end: www/files.js reading files inside the real page (served as `npm start` serves it, in
// the system Chromium), with the vendored mammoth and pdf.js. Real Word and PDF files are made here
// (docx, pdf-lib), and so are the bad ones users drop: a scan without text, a damaged or
// password-protected PDF, a text file renamed .docx, UTF-16 and Windows-1252 text, an empty file, a
// binary file named .txt, a zip bomb named .docx. Each must give its text, or exactly the sentence the user is meant to read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, PDFHexString, StandardFonts, rgb } from 'pdf-lib';
import { ACCEPT } from '../../js/read/formats.js';
import { makeDocx, makePdf } from '../fixtures.mjs';
import { wordZipBomb } from '../zip-fixtures.mjs';
import { act, addPastedReference, brown, errorText, libraryTitles, overall, useApp, words } from './harness.mjs';

const app = useApp();

const ascii = (text) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const concat = (...parts) => Uint8Array.from(parts.flatMap((part) => [...part]));
const hex = (digits) => Uint8Array.from(digits.match(/../g), (pair) => parseInt(pair, 16));
const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** `text` in UTF-16 (le or be), without a byte-order mark. */
function utf16(text, order) {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[2 * i + (order === 'le' ? 0 : 1)] = text.charCodeAt(i) & 0xff;
    bytes[2 * i + (order === 'le' ? 1 : 0)] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

/** A one-page PDF with nothing on it but a drawn rectangle, as a scan without a text layer looks to pdf.js. */
async function imageOnlyPdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawRectangle({ x: 50, y: 400, width: 300, height: 200, color: rgb(0.4, 0.4, 0.4) });
  return pdf.save();
}

/**
 * A PDF whose standard security handler needs a user password: its /U entry matches no empty
 * password, so pdf.js (like any reader) asks for one and reads nothing without it.
 */
async function passwordPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Secret text', { x: 50, y: 700, font });
  const encrypt = pdf.context.obj({
    Filter: 'Standard', V: 1, R: 2, Length: 40, P: -4,
    O: PDFHexString.of('11'.repeat(32)), U: PDFHexString.of('22'.repeat(32)),
  });
  pdf.context.trailerInfo.Encrypt = pdf.context.register(encrypt);
  pdf.context.trailerInfo.ID = pdf.context.obj([PDFHexString.of('33'.repeat(16)), PDFHexString.of('33'.repeat(16))]);
  return pdf.save({ useObjectStreams: false });
}

/** The first bytes of an old-style Office (OLE2) file, then `body`: what Word 97-2003 files and encrypted .docx files start with. */
const oleFile = (body) => concat(hex('d0cf11e0a1b11ae1'), new Uint8Array(504), body, new Uint8Array(512));

/**
 * Runs readFile in `page` on a File named `name` holding `bytes`: `{ text, encoding }`, or
 * `{ error, code }` with the FileReadError's message and code.
 */
function read(page, name, bytes) {
  return page.evaluate(async ([name, bytes]) => {
    const { readFile } = await import('/www/files.js');
    try {
      return await readFile(new File([new Uint8Array(bytes)], name));
    } catch (error) {
      return { error: error.message, code: error.code, type: error.name };
    }
  }, [name, [...bytes]]);
}

/** Asserts that reading `name` fails with exactly `message`. */
async function refuses(page, name, bytes, message) {
  const result = await read(page, name, bytes);
  assert.equal(result.error, message, `${name}: ${JSON.stringify(result).slice(0, 300)}`);
  assert.equal(result.type, 'FileReadError');
}

const PARAGRAPHS = [
  'The committee met on Tuesday to discuss the budget for the coming year.',
  'Its report, due in May, recommended that the library keep its opening hours.',
];

test('the file inputs of index.html accept exactly the shared list of types', async (t) => {
  const page = await app.openApp(t);
  const inputs = await page.locator('input[type=file]').evaluateAll((nodes) =>
    nodes.map((node) => ({ id: node.id, accept: node.accept })).filter((input) => !input.accept.includes('.idx')));
  assert.ok(inputs.length >= 2, JSON.stringify(inputs));
  for (const input of inputs) assert.equal(input.accept, ACCEPT, input.id);
  assert.equal(ACCEPT, '.txt,.md,.markdown,.text,.html,.htm,.docx,.pdf');
});

test('Word and PDF files: their text, or the reason in words a teacher understands', async (t) => {
  const page = await app.openApp(t);
  const docx = await makeDocx(PARAGRAPHS);
  const docxRead = await read(page, 'essay.docx', docx);
  assert.deepEqual({ ...docxRead, text: docxRead.text.trim() }, { text: PARAGRAPHS.join('\n\n'), encoding: null });
  const pdf = await makePdf(PARAGRAPHS);
  const pdfRead = await read(page, 'Essay.PDF', pdf);
  assert.equal(squash(pdfRead.text), squash(PARAGRAPHS.join(' ')));
  assert.equal(pdfRead.encoding, null);

  await refuses(page, 'scan.pdf', await imageOnlyPdf(),
    'scan.pdf has no text layer — it is probably a scanned image; plagscope cannot read images. Use a PDF with selectable text or paste the text.');
  await refuses(page, 'cut.pdf', pdf.slice(0, Math.floor(pdf.length / 2)),
    'cut.pdf is damaged or is not really a PDF, so plagscope cannot read it. Open it in a PDF reader and save or print a new copy as PDF, or paste the text instead.');
  await refuses(page, 'locked.pdf', await passwordPdf(),
    'locked.pdf is protected by a password, so plagscope cannot read it. Open it in your PDF reader, save or print a copy without the password and open that copy, or paste the text instead.');
  await refuses(page, 'notes.docx', ascii('These are my notes, saved as text and renamed.'),
    'notes.docx is not a Word document, although its name ends in .docx. Open the original document, or paste the text instead.');
  await refuses(page, 'cut.docx', docx.subarray(0, Math.floor(docx.length / 2)),
    'cut.docx is damaged, so it cannot be read as a Word document. Open it in Word and save a new copy, or paste the text instead.');
  await refuses(page, 'old.docx', oleFile(ascii('WordDocument')),
    'old.docx is an old-style Word or Office document (such as a .doc) renamed to .docx. Open it in Word, save it as a Word Document (.docx) and open that file, or paste the text instead.');
  await refuses(page, 'secret.docx', oleFile(utf16('EncryptedPackage', 'le')),
    'secret.docx is protected by a password, so plagscope cannot read it. Open it in Word, remove the password (File › Info › Protect Document), save it and open it again, or paste the text instead.');
  await refuses(page, 'blank.docx', await makeDocx(['', '   ']),
    'blank.docx contains no text to check. If its text is in pictures, plagscope cannot read it: paste the text instead.');
  await refuses(page, 'report.docx', pdf, 'report.docx is a PDF file, although its name ends in .docx. Rename it to end in .pdf and open it again.');
  await refuses(page, 'essay.txt', docx, 'essay.txt is a Word document, although its name ends in .txt. Rename it to end in .docx and open it again.');
});

test('text files: UTF-8, UTF-16 with and without a mark, Windows-1252, HTML', async (t) => {
  const page = await app.openApp(t);
  const text = 'Déjà vu: l’élève a reçu « trois » critiques — 中文 and Русский 😀.\nSecond line.';
  assert.deepEqual(await read(page, 'a.txt', new TextEncoder().encode(text)), { text, encoding: 'utf-8' });
  assert.deepEqual(await read(page, 'b.txt', concat([0xef, 0xbb, 0xbf], new TextEncoder().encode(text))), { text, encoding: 'utf-8' });
  assert.deepEqual(await read(page, 'c.md', concat([0xff, 0xfe], utf16(text, 'le'))), { text, encoding: 'utf-16le' });
  assert.deepEqual(await read(page, 'd.text', concat([0xfe, 0xff], utf16(text, 'be'))), { text, encoding: 'utf-16be' });
  assert.deepEqual(await read(page, 'e.txt', utf16(text, 'le')), { text, encoding: 'utf-16le' });
  // Saved by Notepad on Western Windows: é, ü, ’ (0x92), “ ” (0x93, 0x94), – (0x96), € (0x80).
  const windows1252 = hex('436166e920962064e96ae02076752c206e61ef7665204dfc6c6c65729273209353747261df659420636f737473208035');
  assert.deepEqual(await read(page, 'f.txt', windows1252),
    { text: 'Café – déjà vu, naïve Müller’s “Straße” costs €5', encoding: 'windows-1252' });
  // Minified, styled and scripted: inline styles and handlers, which the page's CSP reports as errors.
  const html = '<html><head><title>Tab</title><style>p { color: red }</style></head><body><h1 style="margin:0">Title</h1>'
    + '<p>One   two\n three.</p><p>Four &amp; five&nbsp;six<br>seven</p><ul><li>a</li><li>b</li></ul>'
    + '<table><tr><td>c</td><td>d</td></tr></table><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2" onload=\'window.__pwned = 3\'></body></html>';
  assert.deepEqual(await read(page, 'page.HTM', new TextEncoder().encode(html)),
    { text: 'Title\n\nOne two three.\n\nFour & five six\nseven\n\na\nb\n\nc d', encoding: 'utf-8' });
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  // The compatible entry point gives the text alone.
  assert.equal(await page.evaluate(async (bytes) => {
    const { readTextFile } = await import('/www/files.js');
    return readTextFile(new File([new Uint8Array(bytes)], 'g.txt'));
  }, [...utf16(text, 'be')]), text);
});

test('the page decodes Windows-1252 exactly as Chromium does', async (t) => {
  const page = await app.openApp(t);
  const [ours, chromium] = await page.evaluate(async () => {
    const { decodeWindows1252 } = await import('/js/read/decode.js');
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    return [decodeWindows1252(bytes), new TextDecoder('windows-1252').decode(bytes)];
  });
  assert.equal(ours.length, 256);
  assert.equal(ours, chromium);
});

test('files that cannot be read: empty, binary, other encodings, other types, too large', async (t) => {
  const page = await app.openApp(t);
  await refuses(page, 'empty.txt', new Uint8Array(0), 'empty.txt is empty. Check that you chose the right file, or paste the text instead.');
  await refuses(page, 'blank.md', ascii('\n \n\t\n'), 'blank.md is empty. Check that you chose the right file, or paste the text instead.');
  const png = concat(hex('89504e470d0a1a0a0000000d4948445200000100000001000806000000'), Uint8Array.from({ length: 600 }, (_, i) => (i * 37) % 256));
  await refuses(page, 'photo.txt', png,
    'photo.txt does not contain text, although its name ends in .txt: it is probably a picture, a program or another kind of file. Open the document that holds the text, or paste the text instead.');
  const windows1251 = hex('ddf2ee20eee1fbf7edfbe920f0f3f1f1eae8e920f2e5eaf1f220e220f1f2e0f0eee920eaeee4e8f0eee2eae52057696e646f77732c20e1e5e720e5e4e8edeee920ebe0f2e8edf1eaeee920e1f3eae2fb2e');
  await refuses(page, 'russian.txt', windows1251,
    'russian.txt is written in a text encoding plagscope cannot recognise. Save it as UTF-8 (in Notepad: File › Save as, Encoding: UTF-8) and open it again, or paste the text instead.');
  await refuses(page, 'essay.rtf', ascii('{\\rtf1 text}'),
    'essay.rtf cannot be opened: plagscope reads plain text or Markdown (.txt, .md, .markdown, .text), web page (.html, .htm), Word (.docx) and PDF (.pdf) files. Save the document in one of these formats, or paste the text instead.');
  await refuses(page, 'README', ascii('text'),
    'README cannot be opened: plagscope reads plain text or Markdown (.txt, .md, .markdown, .text), web page (.html, .htm), Word (.docx) and PDF (.pdf) files. Save the document in one of these formats, or paste the text instead.');
  await refuses(page, 'thesis.DOC', oleFile(ascii('WordDocument')),
    'thesis.DOC is an old-style Word document (.doc), which plagscope cannot read. Open it in Word, save it as a Word Document (.docx) and open that file, or paste the text instead.');
});

test('a file over 64 MB is refused before it is read; one at the limit is read', async (t) => {
  const page = await app.openApp(t);
  // Stand-ins for File whose contents throw when read: the size alone must decide.
  const [over, atLimit] = await page.evaluate(async () => {
    const { readFile, MAX_FILE_BYTES } = await import('/www/files.js');
    const attempt = (size) => readFile({ name: 'huge.txt', size, arrayBuffer: () => Promise.reject(new Error('read')) })
      .then(() => 'read', (error) => error.message);
    return [await attempt(MAX_FILE_BYTES + 1), await attempt(MAX_FILE_BYTES)];
  });
  assert.equal(over,
    'huge.txt is too large to check: it is 64.1 MB, and plagscope reads files of up to 64 MB. Split it into smaller files, or paste the part you want to check.');
  // At the limit the file is read: here reading fails, as it does for a file deleted since it was chosen.
  assert.equal(atLimit, 'huge.txt could not be opened: it may have been moved, renamed or deleted since you chose it. Choose it again.');
});

test('a .docx that inflates to 1 GiB is refused with the limit, in the library and as the paper; the page goes on', async (t) => {
  const page = await app.openApp(t);
  const bomb = Buffer.from(wordZipBomb(1024)); // about 1 MB
  const message = 'bomb.docx expands to more than 64 MB when unpacked (a Word file is compressed), and plagscope reads documents of up to 64 MB. Split it into smaller documents, or paste the part you want to check.';
  const file = { name: 'bomb.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: bomb };
  const started = performance.now();
  await act(page, () => page.locator('#ref-files').setInputFiles(file));
  assert.equal(await errorText(page), message);
  assert.deepEqual(await libraryTitles(page), []);
  await act(page, () => page.locator('#paper-file').setInputFiles(file));
  assert.equal(await errorText(page), message);
  assert.equal(await page.locator('#paper').inputValue(), '');
  // Refused as soon as 64 MB are passed (before, mammoth inflated the whole GiB and called it
  // damaged): tests/js/zip.test.mjs holds that by the memory it takes; the time is printed only.
  t.diagnostic(`refused twice in ${Math.round(performance.now() - started)} ms`);
  // The page still works.
  const source = brown('cj01');
  await addPastedReference(page, 'Radio astronomy', source);
  await page.fill('#paper', words(source, 300, 80));
  await act(page, '#check');
  assert.equal(await errorText(page), '');
  assert.match(await overall(page), /matches 1 source$/);
});
