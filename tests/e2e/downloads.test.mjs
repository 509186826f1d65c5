// Getting a report out of the page: the HTML report is downloaded and opens offline, as a file, with
// the paper's highlights in the sources' colours and no request at all; the JSON report holds the
// engine's report and the options used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { act, sourceTitles, useApp, useTempFolder } from './harness.mjs';
import { sourceColour } from '../../www/palette.js';

const app = useApp({ viewport: { width: 1366, height: 900 } });
const temp = useTempFolder('plagscope-downloads-');

/** Clicks the button `name` and saves the download it starts; returns its path and suggested name. */
async function download(page, name) {
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name }).click();
  const file = await started;
  const path = temp.path(file.suggestedFilename());
  await file.saveAs(path);
  return { path, name: file.suggestedFilename() };
}

test('the HTML report downloads and opens offline with its highlights; the JSON holds the report', async (t) => {
  const page = await app.openApp(t);
  await act(page, '#example');
  await page.fill('#paper-title', 'Essay <b>one</b>');
  await act(page, '#check');
  const sources = await sourceTitles(page);
  assert.equal(sources.length, 2);

  const html = await download(page, 'Download report (HTML)');
  assert.equal(html.name, 'plagscope-report-Essay-b-one-b.html');
  const context = await app.browser.newContext({ offline: true, javaScriptEnabled: false });
  t.after(() => context.close());
  const report = await context.newPage();
  const requests = [];
  report.on('request', (request) => request.url().startsWith('file:') || requests.push(request.url()));
  await report.goto(pathToFileURL(html.path).href);
  assert.deepEqual(requests, []);
  assert.equal(await report.locator('script').count(), 0);
  assert.equal(await report.locator('h1').textContent(), 'Essay <b>one</b>');
  const marks = report.locator('mark');
  assert.ok((await marks.count()) >= 2);
  const colours = await marks.evaluateAll((all) => [...new Set(all.map((m) => getComputedStyle(m).backgroundColor))]);
  const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  for (const colour of [sourceColour(0), sourceColour(1)]) assert.ok(colours.includes(rgb(colour)), `${colour} in ${colours}`);
  for (const title of sources) assert.ok((await report.locator('body').textContent()).includes(title), title);

  const json = await download(page, 'Download data (JSON)');
  const data = JSON.parse(readFileSync(json.path, 'utf8'));
  assert.equal(data.paper.title, 'Essay <b>one</b>');
  assert.deepEqual(data.report.sources.map((s) => s.title), sources);
  assert.equal(data.options.align.minWords, 12);
  assert.match(data.checkedAt, /^\d{4}-\d\d-\d\dT/);
});

test('a source left out by hand is named in the HTML report and the JSON, not only counted', async (t) => {
  const page = await app.openApp(t);
  await act(page, '#example');
  await act(page, '#check');
  const [title] = await sourceTitles(page);
  await act(page, () => page.getByRole('button', { name: `Leave out ${title}` }).click());
  const html = await download(page, 'Download report (HTML)');
  const entities = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  const text = readFileSync(html.path, 'utf8').replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => entities[e]);
  assert.ok(text.includes('1 reference set aside by hand'), 'counted among the options');
  assert.ok(text.includes(`Set aside by hand, so not compared with the paper: “${title}”.`), 'named');
  const data = JSON.parse(readFileSync((await download(page, 'Download data (JSON)')).path, 'utf8'));
  assert.equal(data.setAside.length, 1);
  assert.equal(data.setAside[0].title, title);
  assert.deepEqual(data.options.ignoreReferences, [data.setAside[0].id]);
});
