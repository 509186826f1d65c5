// End-to-end: the page and the CLI read HTML alike. Each fixture of tests/fixtures.mjs is read in the
// real page (www/files.js: the browser's DOMParser, then js/read/html.js's walk) and in Node as the
// CLI reads it (js/read/node.js: parse5, then the same walk); both must give the fixture's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HTML_FIXTURES } from '../fixtures.mjs';
import { readBytes } from '../../js/read/node.js';
import { useApp } from './harness.mjs';

const app = useApp();

test('every HTML fixture gives the same text in the page as in the CLI', async (t) => {
  const page = await app.openApp(t);
  const inPage = await page.evaluate(async (pages) => {
    const { readTextFile } = await import('/www/files.js');
    return Promise.all(pages.map((html) => readTextFile(new File([html], 'x.html'))));
  }, HTML_FIXTURES.map((fixture) => fixture.html));
  for (const [i, fixture] of HTML_FIXTURES.entries()) {
    const inNode = (await readBytes('x.html', new TextEncoder().encode(fixture.html))).text;
    assert.equal(inPage[i], inNode, `${fixture.name}: the page and the CLI differ`);
    assert.equal(inPage[i], fixture.text, fixture.name);
  }
  // No script of a fixture ran, nothing was written into the page.
  assert.equal(await page.evaluate(() => document.body.textContent.includes('written')), false);
});
