// Quotations against the sources, through the built package, the CLI and the HTML report: a copy
// whose closing quote mark pairs with an opening mark of the paper is reported whole, a genuine
// quotation of a source is left out and named with that source and its length, as text, and marks
// pair as each language writes them (German »…«, Polish „…”, Swedish ”…” and »…», English ‘…’).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checker } from 'plagscope';
import { matchedExclusions, exclusionPhrase } from '../../js/words/left-out.js';
import { reportHtml } from '../../www/report-html/report.js';
import { referenceList } from '../fixtures.mjs';

const corpus = new URL('../../target/corpus/en/', import.meta.url);
const brown = (name) => readFileSync(new URL(`brown-${name}.txt`, corpus), 'utf8').replace(/["“”]/g, '');
const words = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');
const cli = new URL('../../bin/plagscope.mjs', import.meta.url).pathname;

// A news report that quotes a regulation and goes on (as in tests/quotations.rs).
const NEWS = '新修订的《个人信息保护条例》明确提出：“各级人民政府应当加强对个人信息保护工作的领导，将个人信息保护工作纳入国民经济和' +
  '社会发展规划，建立健全个人信息保护工作协调机制，及时研究解决个人信息保护工作中的重大问题，所需经费列入本级预算；县级以上' +
  '人民政府有关部门应当在各自职责范围内做好个人信息保护工作，加强对本行业、本领域个人信息处理活动的指导和监督。”这一规定在' +
  '全国范围内尚属首例。条例还要求网信部门会同有关部门建立投诉举报机制，对违法处理个人信息的行为依法及时处理。';
const OWN = '近年来，随着移动互联网的普及，个人信息泄露事件频繁发生，引起了社会各界的广泛关注。本文讨论地方政府的作用。\n';
const between = (text, from, to) => text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)) + to.length);

test('an opening mark of the paper pairing with a closing mark inside a Chinese copy cannot hide it', () => {
  const checker = new Checker();
  checker.addReference({ id: 'news', title: 'Regional news', text: NEWS });
  const copy = between(NEWS, '各级人民政府', '尚属首例。');
  const paper = `${OWN}王教授在接受采访时谈到“${copy}\n我们认为，地方立法的探索积累了经验。`;
  const report = checker.check(paper);
  assert.deepEqual(report.sources.map((s) => s.id), ['news']);
  const [passage] = report.sources[0].passages;
  assert.equal(paper.slice(passage.start, passage.end), copy.replace(/。$/, ''));
  assert.deepEqual(report.excluded.filter((e) => e.kind === 'quote'), []);
  // The copy counts in full, as if quotations were not left out at all (today's marks alone left
  // 153 of its 169 characters in a "quotation" and the 14 others too few to report).
  const quotesKept = checker.check(paper, { excludeQuotes: false });
  assert.equal(quotesKept.similarity, report.similarity);
});

test('a genuine quotation of a source is left out and listed with the source and its length', () => {
  const checker = new Checker();
  checker.addReference({ id: 'news', title: 'Regional news', text: NEWS });
  const quoted = `“${between(NEWS, '各级人民政府', '发展规划')}”`;
  const paper = `${OWN}条例第三条规定：${quoted}。笔者认为，这一要求有助于明确政府责任。`;
  const report = checker.check(paper);
  assert.deepEqual(report.sources, []);
  const start = paper.indexOf(quoted);
  assert.deepEqual(report.excluded, [{ kind: 'quote', start, end: start + quoted.length, source: 'news' }]);
  const [quotation] = matchedExclusions(report, paper, { titles: { news: 'Regional news' } });
  assert.equal(exclusionPhrase(quotation), `quotation, ${quoted.length} characters, matches “Regional news”, which has no other match`);
});

// Quotation marks as each language writes them (as in tests/quotation_conventions.rs).
const GERMAN = 'Die Aktion »mask« hält den Zustand der Warteschlange fest, bis er nach einem »unmask« korrekt ' +
  'wiederhergestellt wird. Während dieser Zeit nimmt der Dienst keine neuen Aufträge an, beantwortet aber weiterhin ' +
  'alle Anfragen nach dem Status der laufenden Arbeiten. Wer die Warteschlange länger als eine Stunde anhält, sollte ' +
  'die Benutzer vorher informieren.';
const quotes = (report, paper) => report.excluded.filter((e) => e.kind === 'quote').map((e) => [paper.slice(e.start, e.end), e.source]);

test('German »…« enclose the quotation: a copy between two of the paper\'s own is found', () => {
  const checker = new Checker();
  checker.addReference({ id: 'manual', text: GERMAN });
  const copy = 'Während dieser Zeit nimmt der Dienst keine neuen Aufträge an, beantwortet aber weiterhin alle ' +
    'Anfragen nach dem Status der laufenden Arbeiten.';
  const paper = `In dieser Arbeit geht es um Wartungsfenster. Nach der Aktion »pause« gilt das Folgende. ${copy} ` +
    'Erst ein »resume« beendet diesen Zustand wieder.';
  const report = checker.check(paper);
  // Read backwards, « … » made the copy a "quotation" of the source, and it vanished.
  assert.deepEqual(quotes(report, paper), [['»pause«', undefined], ['»resume«', undefined]]);
  assert.deepEqual(report.sources.map((s) => s.id), ['manual']);
  assert.ok(report.sources[0].passages.some((p) => paper.slice(p.start, p.end).includes('keine neuen Aufträge')));
});

test('Polish „…”, Swedish ”…” and »…», English ‘…’ quotations are left out; apostrophes pair with nothing', () => {
  const swedish = 'Kommunen har beslutat att bygga en ny skola i den norra delen av staden, där antalet barn har ökat ' +
    'snabbt de senaste åren, och skolan ska stå klar om tre år med plats för fyrahundra elever.';
  const polish = 'Rada miasta przyjęła wczoraj nowy plan zagospodarowania terenów nad rzeką, który przewiduje budowę ' +
    'parku, dwóch szkół i ścieżki rowerowej wzdłuż całego brzegu, a także remont starego mostu kolejowego.';
  const english = 'The committee found that the new library had reduced waiting times for every service it offered, ' +
    'that visitors stayed longer than before, and that the reading rooms were full on most weekday afternoons.';
  for (const [open, close, source, before, after] of [
    ['„', '”', polish, 'Jak podano w sprawozdaniu,', 'Plan budzi jednak spory.'],
    ['”', '”', swedish, 'Enligt beslutet', 'Alla är inte nöjda.'],
    ['»', '»', swedish, 'Enligt beslutet', 'Alla är inte nöjda.'],
    ['‘', '’', english, 'The students’ survey didn’t agree: the report said', 'Others’ views differed.'],
  ]) {
    const checker = new Checker();
    checker.addReference({ id: 'source', text: source });
    const quoted = `${open}${source.split(' ').slice(3, 28).join(' ')}${close}`;
    const paper = `${before} ${quoted} ${after}`;
    const report = checker.check(paper);
    assert.deepEqual(report.sources, [], `${open}…${close}`);
    assert.deepEqual(quotes(report, paper), [[quoted, 'source']], `${open}…${close}`);
  }
});

let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'plagscope-quotes-'));
  mkdirSync(join(dir, 'refs'));
  writeFileSync(join(dir, 'refs', 'science.md'), brown('cj01'));
  writeFileSync(join(dir, 'refs', 'politics.txt'), brown('ca01'));
  const own = brown('cb01');
  const quoted = words(brown('cj01'), 300, 30);
  writeFileSync(join(dir, 'quoting.txt'), `${words(own, 0, 150)} As the study put it, “${quoted}” ${words(own, 150, 100)}`);
  // The same quotation, a copy of the other source left unquoted, and a quotation of that source.
  writeFileSync(join(dir, 'copying.txt'), `${words(own, 0, 150)} ${words(brown('ca01'), 500, 80)} As the study put it, “${quoted}” ` +
    `${words(own, 150, 100)} And in politics: “${words(brown('ca01'), 900, 25)}”.`);
});
after(() => rmSync(dir, { recursive: true, force: true }));

function run(...args) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

test('the CLI names the source a left-out quotation matches, in text and in JSON', () => {
  const line = /\n {4}quotation, (\d+) characters, matches “science\.md”, which has no other match \[science\.md\]: "“/;
  const out = run('check', 'quoting.txt', '--refs', 'refs');
  assert.match(out, /, 0 sources\n/);
  assert.match(out, line, out);
  const json = JSON.parse(run('check', 'quoting.txt', '--refs', 'refs', '--json'));
  const [quote] = json.excluded.filter((e) => e.kind === 'quote');
  assert.equal(quote.source, 'science.md');
  assert.equal(Number(out.match(line)[1]), quote.end - quote.start);
  // A source with a passage of its own is named by its number.
  const both = run('check', 'copying.txt', '--refs', 'refs');
  assert.match(both, /\n {2}1\. .* politics\.txt \[politics\.txt\]/);
  assert.doesNotMatch(both, /science\.md \[science\.md\]\s+\d+ passage/);
  assert.match(both, /\n {4}quotation, \d+ characters, matches “science\.md”, which has no other match \[science\.md\]/);
  assert.match(both, /\n {4}quotation, \d+ characters, matches source 1, “politics\.txt” \[politics\.txt\]: "“/);
});

test('the HTML report lists the quotation with its source, every piece of text escaped', () => {
  const checker = new Checker();
  const title = '<img src=x onerror=alert(1)> News & more';
  checker.addReference({ id: 'news', title, text: NEWS });
  const quoted = `“${between(NEWS, '各级人民政府', '发展规划')}”`;
  const paper = `${OWN}<b>条例</b>第三条规定：${quoted}。笔者认为，这一要求有助于明确政府责任。`;
  const report = checker.check(paper);
  const page = reportHtml({ report, paper: { title: 'Paper', text: paper }, sources: [{ id: 'news', title }], version: 'test', date: 'today' });
  const escapedTitle = '&lt;img src=x onerror=alert(1)&gt; News &amp; more';
  assert.ok(page.includes(`<li>Quotation, ${quoted.length} characters, matches “${escapedTitle}”, which has no other match: <span class="ex">${quoted}</span></li>`), page);
  assert.ok(page.includes(`title="Left out: a quotation, ${quoted.length} characters, matches “${escapedTitle}”, which has no other match"`));
  assert.ok(!page.includes('<img') && !page.includes('<b>'));
});

test('a reference list left out is named with the source that shares it: engine, HTML report and CLI', () => {
  const classmate = `${words(brown('ca01'), 0, 400)}\n\nReferences\n${referenceList(brown('cg01'), 4, 24)}\n`;
  const paper = `${words(brown('cb01'), 0, 400)}\n\nReferences\n${referenceList(brown('cg01'), 0, 16)}\n`;
  const checker = new Checker();
  checker.addReference({ id: 'classmate', title: 'A classmate’s essay', text: classmate });
  const report = checker.check(paper);
  assert.deepEqual(report.sources, []);
  const [list] = report.excluded.filter((e) => e.kind === 'bibliography');
  assert.equal(list.source, 'classmate');
  const [matched] = matchedExclusions(report, paper, { titles: { classmate: 'A classmate’s essay' } });
  const length = [...paper.slice(list.start, list.end)].length;
  const phrase = `reference list, ${length.toLocaleString('en')} characters, matches “A classmate’s essay”, which has no other match`;
  assert.equal(exclusionPhrase(matched), phrase);
  const page = reportHtml({ report, paper: { title: 'Paper', text: paper }, sources: [{ id: 'classmate', title: 'A classmate’s essay' }], version: 'test', date: 'today' });
  assert.ok(page.includes(`<li>R${phrase.slice(1)}: <span class="ex">`), page);
  assert.ok(page.includes(`title="Left out: a ${phrase}"`));
  // The CLI names it under the report, with the reference's id.
  mkdirSync(join(dir, 'classmates'), { recursive: true });
  writeFileSync(join(dir, 'classmates', 'classmate.txt'), classmate);
  writeFileSync(join(dir, 'listing.txt'), paper);
  const out = run('check', 'listing.txt', '--refs', 'classmates');
  assert.match(out, /\n {4}reference list, [\d,]+ characters, matches “classmate\.txt”, which has no other match \[classmate\.txt\]: "/, out);
});

test('a quotation inside a reference list that is left out is listed once, as part of the list', () => {
  // Issue 43, item 11: the "Left out" list named the reference list, then each quoted title in it again.
  const text = 'Own words. References\nSmith, J. (2020). “A quoted title of a paper”. Journal.\nLee, K. (2019). “Another title”. Press.\n';
  const list = { kind: 'bibliography', start: text.indexOf('References'), end: text.length, source: 'a' };
  const quotes = ['A quoted title of a paper', 'Another title'].map((q) => ({ kind: 'quote', start: text.indexOf(q), end: text.indexOf(q) + q.length, source: 'b' }));
  const outside = { kind: 'quote', start: 0, end: 9, source: 'b' };
  const report = { sources: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }], excluded: [outside, list, ...quotes] };
  assert.deepEqual(matchedExclusions(report, text).map((m) => [m.kind, m.start]), [['quote', 0], ['bibliography', list.start]]);
  // A quotation inside a span left out without a source is the only word of its match: still listed.
  const unmatched = { ...report, excluded: [{ ...list, source: null }, ...quotes] };
  assert.deepEqual(matchedExclusions(unmatched, text).map((m) => m.kind), ['quote', 'quote']);
});
