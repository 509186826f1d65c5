// End-to-end: the page in Simplified Chinese. A browser whose language is zh-CN gets the page in
// zh-Hans: every view (the paper, the report with a passage side by side, the library, a batch, the
// library's pairs, the options, the downloads and the downloaded HTML report) shows no English word
// of its own (what users typed or opened, and the names of file types and formats, excepted). The
// page, the HTML report and the CLI say the same evidence sentence, the one js/words/evidence.js writes.
// The switch in the header brings English back at once, keeping the paper and the report, and is
// remembered after a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Checker } from 'plagscope';
import { act, comparePanes, demoExcerpt, openOptions, richReport, squash, useApp, useTempFolder } from './harness.mjs';
import { capitalized, evidenceLine } from '../../js/words/evidence.js';
import { t as word, withLanguage } from '../../js/words/i18n.js';
import { checkOptions, defaultValues } from '../../www/options.js';

const app = useApp();
const temp = useTempFolder('plagscope-i18n-');
const cli = new URL('../../bin/plagscope.mjs', import.meta.url).pathname;

/** Where users' own text is shown: the paper, the references' titles and texts, file names. */
const USER_TEXT = [
  'textarea', 'input', '#language', '.paper-text', '.view', '.ref-title', '.source-title', '.match-text', '.excerpt',
  '.document-name', '.preview', '.pair-side p', '.heatmap-key', '.batch-table td', 'table.pairs td', '.pane h3',
  '.report-main > div > h3', '.print-only', 'abbr', 'footer', 'h1', 'bdi', '.doc', '.ex', '.quotes', '.sources .line',
];

/** English words that are names, not English: the product, formats, keys, hashing methods. */
const ALLOWED = new Set(['plagscope', 'PDF', 'DOCX', 'docx', 'HTML', 'html', 'htm', 'JSON', 'Word', 'Markdown', 'markdown',
  'txt', 'text', 'pdf', 'idx', 'Ctrl', 'Enter', 'Tab', 'SimHash', 'MinHash', 'English',
  // The archive address field's example, `archive/`: the demo archive's folder, a path.
  'archive']);

/**
 * The English words of what `page` shows: its visible text outside USER_TEXT, and the aria-label,
 * title and placeholder of every element, with `userStrings` (titles, file names) taken out first.
 */
async function englishWords(page, userStrings) {
  const found = await page.evaluate(([selectors, strings]) => {
    const userText = selectors.join(',');
    const strip = (text) => strings.reduce((rest, s) => rest.split(s).join(' '), text);
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(userText) || !parent.checkVisibility?.({ visibilityProperty: true })) continue;
      if (parent.closest('[hidden], .visually-hidden, .sr') && !parent.closest('.visually-hidden, .sr')) continue;
      out.push(strip(node.textContent));
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) if (element.hasAttribute(name)) out.push(strip(element.getAttribute(name)));
    }
    return out;
  }, [USER_TEXT, userStrings]);
  const words = found.join(' ').match(/[A-Za-z]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w)))];
}

/** Fails with the English words `page` shows in the view `view`. */
async function assertChinese(page, view, userStrings) {
  assert.deepEqual(await englishWords(page, userStrings), [], `${view}: English words shown in zh-Hans`);
}

/** What users put in: every reference title, the paper's title, the batch's file names. */
async function userStringsOf(page, extra = []) {
  const titles = await page.locator('.library .ref .ref-title').allTextContents();
  return [...extra, ...titles].sort((a, b) => b.length - a.length);
}

/** Clicks `button` and resolves with the text of the file it downloads. */
async function downloaded(page, button) {
  const started = page.waitForEvent('download');
  await button.click();
  const file = await started;
  const path = temp.path(file.suggestedFilename());
  await file.saveAs(path);
  return readFileSync(path, 'utf8');
}

/** The first passage, in paper order, that the engine reports for `text` against the demo set with the page's options. */
function firstPassage(text) {
  const demo = JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url), 'utf8'));
  const checker = new Checker();
  for (const reference of demo.references) checker.addReference(reference);
  const report = checker.check(text, checkOptions(defaultValues()));
  const passages = report.sources.flatMap((source) => source.passages).sort((a, b) => a.start - b.start);
  return { passage: passages[0], references: demo.references };
}

/**
 * The page, the HTML report it downloads and the CLI (`--lang zh-Hans`) say the same evidence
 * sentence for the first passage of `text`, the one js/words/evidence.js writes; resolves with the report.
 */
async function assertSameEvidence(page, text) {
  await page.locator('.match-list li').nth(0).locator('button.match').click();
  const { passage, references } = firstPassage(text);
  const sentence = withLanguage('zh-Hans', () => capitalized(evidenceLine(passage)));
  assert.ok(squash(await page.locator('.match-list .evidence').textContent()).startsWith(sentence), sentence);
  const report = await downloaded(page, page.getByRole('button', { name: '下载报告（HTML）' }));
  assert.match(report, /^<!DOCTYPE html>\n<html lang="zh-Hans">/);
  assert.ok(report.includes(`<p class="evidence">${sentence}</p>`) || report.includes(`${sentence}</strong>`), 'the HTML report says the sentence');
  mkdirSync(temp.path('refs'));
  for (const reference of references) writeFileSync(temp.path(join('refs', `${reference.id}.txt`)), reference.text);
  writeFileSync(temp.path('paper.txt'), text);
  const run = spawnSync(process.execPath, [cli, 'check', temp.path('paper.txt'), '--refs', temp.path('refs'), '--lang', 'zh-Hans'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.ok(run.stdout.includes(withLanguage('zh-Hans', () => evidenceLine(passage, word('list.comma')))), run.stdout);
  return report;
}

test('in a Chinese browser every view is in Simplified Chinese, and the switch brings English back', async (t) => {
  const context = await app.browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  t.after(() => context.close());
  const page = await app.openApp(t, { context });
  assert.equal(await page.locator('html').getAttribute('lang'), 'zh-Hans');
  assert.equal(await page.locator('#language').inputValue(), 'zh-Hans');
  await assertChinese(page, 'start', []);

  const text = await richReport(page);
  const paperTitle = 'Comparative politics essay';
  let strings = await userStringsOf(page, [paperTitle]);
  await openOptions(page);
  await assertChinese(page, 'paper, library, options and report', strings);

  await page.locator('.match-list li').nth(1).locator('button.match').click();
  await comparePanes(page);
  await assertChinese(page, 'side by side', strings);

  const report = await assertSameEvidence(page, text);

  // The downloaded report, opened as a file: no English of its own either.
  const reportPage = await context.newPage();
  await reportPage.setContent(report);
  await assertChinese(reportPage, 'HTML report', strings);
  await reportPage.close();

  // A batch of papers, then the library's pairs with a pair side by side.
  const papers = ['essay-a.txt', 'essay-b.txt'];
  const shared = demoExcerpt('factbook-no', 10, 60);
  await act(page, () => page.setInputFiles('#batch-files', papers.map((name, i) =>
    ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${shared} ${demoExcerpt('factbook-fr', 100 * i, 40)}`) }))));
  strings = [...papers, ...strings];
  await assertChinese(page, 'batch', strings);
  await act(page, '#pairs');
  await page.locator('table.pairs button.link').first().click();
  await comparePanes(page);
  await assertChinese(page, 'library pairs side by side', strings);

  // Back to English at once: the paper, the library and the results stay; remembered after a reload.
  await page.selectOption('#language', 'en');
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  assert.equal(await page.locator('#library-heading').evaluate((h) => h.firstChild.textContent.trim()), 'Library');
  assert.equal(await page.locator('#paper').inputValue(), text);
  assert.ok((await page.locator('.library .ref').count()) >= 30);
  assert.equal(await page.getByRole('button', { name: 'Pairs in the library' }).getAttribute('aria-pressed'), 'true');
  await page.getByRole('button', { name: 'Report' }).click();
  assert.equal(await page.locator('#report-heading').textContent(), 'Report');
  await page.reload();
  await page.locator('body[data-ready="true"]').waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  assert.equal(await page.locator('#check').textContent(), 'Check the paper');
});

test('an untitled paper is named in the language of the moment: "Paper", then 论文 after a live switch', async (t) => {
  // Issue 43, item 10 (one of its parts): the default title stayed English after a switch.
  const page = await app.openApp(t, { viewport: { width: 1366, height: 900 } });
  await act(page, '#demo');
  await page.fill('#paper', demoExcerpt('factbook-fr', 100, 80));
  await act(page, '#check');
  const title = () => page.locator('.report .report-main h3').first().textContent();
  assert.equal(await title(), 'Paper');
  assert.equal(await page.locator('#status').textContent(), 'Done.');
  await page.selectOption('#language', 'zh-Hans');
  assert.equal(await title(), '论文');
  // The status line's "Done." was English: it gives way to a line in the new language.
  assert.equal(await page.locator('#status').textContent(), '页面现在使用简体中文。');
  await assertChinese(page, 'the report after a live switch', await userStringsOf(page));
  await page.selectOption('#language', 'en');
  assert.equal(await title(), 'Paper');
  assert.equal(await page.locator('#status').textContent(), 'The page is now in English.');
});

test('a Chinese heading never leaves its last character alone on a line, at any phone width', async (t) => {
  // Issue 43, item 10: "…与 2 个来源相符" wrapped a lone 符 onto its own line on a phone.
  const context = await app.browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  t.after(() => context.close());
  const page = await app.openApp(t, { context });
  await act(page, '#example');
  await act(page, '#check');
  const alone = [];
  for (let width = 300; width <= 460; width += 4) {
    await page.setViewportSize({ width, height: 844 });
    // Where the heading's last two characters are laid out: on two lines when the last is alone.
    const lines = await page.locator('.report .overall').evaluate((heading) => {
      const text = heading.lastChild;
      const range = document.createRange();
      const top = (at) => (range.setStart(text, at), range.setEnd(text, at + 1), range.getBoundingClientRect().top);
      return [top(text.length - 2), top(text.length - 1)];
    });
    if (lines[1] > lines[0] + 1) alone.push(width);
  }
  assert.deepEqual(alone, [], `widths at which the heading's last character stands alone: ${alone.join(', ')}`);
});
