// HTML to text as the CLI reads it (js/read/node.js: parse5, then js/read/html.js's walk), on the
// shared fixtures of tests/fixtures.mjs, which tests/e2e/html-text.test.mjs holds the page to as
// well; and js/read/document.js's decisions as the CLI meets them: HTML in other encodings, deep nesting,
// the page's sentences for files that cannot be read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HTML_FIXTURES } from '../fixtures.mjs';
import { readBytes } from '../../js/read/node.js';
import { FileReadError, MESSAGES } from '../../js/read/document.js';

const utf8 = (text) => new TextEncoder().encode(text);

for (const fixture of HTML_FIXTURES) {
  test(`HTML: ${fixture.name}`, async () => {
    assert.deepEqual(await readBytes('page.html', utf8(fixture.html)), { text: fixture.text, encoding: 'utf-8' });
  });
}

test('HTML in UTF-16 and Windows-1252 is decoded before it is parsed', async () => {
  const html = '<p>Caf&eacute; – déjà vu</p><p>l’élève</p>';
  const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from(html, 'utf16le')]);
  assert.deepEqual(await readBytes('a.htm', utf16), { text: 'Café – déjà vu\n\nl’élève', encoding: 'utf-16le' });
  const windows1252 = Uint8Array.from(Buffer.from(html.replace('–', '\x96').replace('’', '\x92'), 'latin1'));
  assert.deepEqual(await readBytes('b.HTML', windows1252), { text: 'Café – déjà vu\n\nl’élève', encoding: 'windows-1252' });
});

test('a page nested 100,000 elements deep is read without overflowing the stack', async () => {
  const html = `${'<div><span>'.repeat(50_000)}deep${'</span></div>'.repeat(50_000)}`;
  assert.equal((await readBytes('deep.html', utf8(html))).text, 'deep');
});

test('files that cannot be read give the page’s sentences, with a stable code', async () => {
  const refused = async (name, bytes) => {
    const error = await readBytes(name, bytes).then(() => assert.fail(`${name} was read`), (error) => error);
    assert.ok(error instanceof FileReadError, String(error));
    return { code: error.code, message: error.message };
  };
  assert.deepEqual(await refused('blank.html', utf8('<html><body><p> </p><script>x = 1</script></body></html>')),
    { code: 'empty', message: MESSAGES.empty('blank.html') });
  assert.deepEqual(await refused('pics.html', utf8('<p><img src="a.png"> — …</p>')), { code: 'noText', message: MESSAGES.noText('pics.html') });
  assert.deepEqual(await refused('paper.doc', utf8('text')), { code: 'oldWord', message: MESSAGES.oldWord('paper.doc') });
  assert.deepEqual(await refused('report.html', utf8('%PDF-1.7\n\0\0\0binary')), { code: 'misnamed', message: MESSAGES.misnamed('report.html', '.html', '.pdf') });
  assert.equal(MESSAGES.empty('blank.html'), 'blank.html is empty. Check that you chose the right file, or paste the text instead.');
});
