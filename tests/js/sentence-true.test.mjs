// Reports true to sentences (issue 42) in the CLI's text output and the downloadable HTML report:
// the case of tests/data/interleaved.json (a library article; a paper that copies its first
// sentences, has two sentences of the writer's own, then paraphrases the article's end). Neither
// output marks or quotes the writer's own sentences as copied.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checker, version } from 'plagscope';
import { reportHtml } from '../../www/report-html/report.js';
import { evidencePhrases } from '../../js/words/evidence.js';
import { t } from '../../js/words/i18n.js';

const CASE = JSON.parse(readFileSync(new URL('../data/interleaved.json', import.meta.url), 'utf8'));
const SENTENCES = CASE.source.text.split(/(?<=\.) /);
const COPIED = SENTENCES.slice(0, CASE.copied).join(' ');
const PAPER = `${COPIED} ${CASE.own} ${CASE.paraphrase}`;
const cli = new URL('../../bin/plagscope.mjs', import.meta.url).pathname;

let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'plagscope-sentence-true-'));
  mkdirSync(join(dir, 'refs'));
  writeFileSync(join(dir, 'refs', `${CASE.source.id}.txt`), CASE.source.text);
  writeFileSync(join(dir, 'paper.txt'), PAPER);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const own = { start: PAPER.indexOf(CASE.own), end: PAPER.indexOf(CASE.own) + CASE.own.length };

test('the engine: no passage touches the own sentences, and the copied ones are covered', () => {
  const checker = new Checker();
  checker.addReference({ id: CASE.source.id, title: CASE.source.title, text: CASE.source.text });
  const report = checker.check(PAPER);
  const passages = report.sources.flatMap((s) => s.passages);
  assert.ok(passages.length >= 2, JSON.stringify(passages));
  for (const p of passages) assert.ok(p.end <= own.start || p.start >= own.end, `${PAPER.slice(p.start, p.end)}`);
  assert.ok(passages.some((p) => p.start <= 1 && p.end >= COPIED.length - 1), 'the copied sentences are one passage');
});

test('the CLI quotes no own sentence as a copy', () => {
  const result = spawnSync(process.execPath, [cli, 'check', 'paper.txt', '--refs', 'refs'], { encoding: 'utf8', cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  for (const ownWords of ['Iceland', 'puffins', 'Reykjavik']) assert.ok(!result.stdout.includes(ownWords), result.stdout);
  assert.match(result.stdout, /Johannes Gutenberg began/);
});

test('the HTML report marks no own sentence', () => {
  const checker = new Checker();
  checker.addReference({ id: CASE.source.id, title: CASE.source.title, text: CASE.source.text });
  const report = checker.check(PAPER);
  const html = reportHtml({ report, paper: { title: 'Essay', text: PAPER }, sources: [CASE.source], version: version(), date: new Date(0) });
  const marked = [...html.matchAll(/<mark[^>]*>([^<]*)<\/mark>/g)].map((m) => m[1]).join(' ');
  assert.ok(marked.includes('Johannes Gutenberg'), 'the copy is marked');
  for (const ownWords of ['Iceland', 'puffins', 'Reykjavik']) assert.ok(!marked.includes(ownWords), `"${ownWords}" is marked`);
});

test('a copied block cut around the writer\'s sentence is two passages of one region, the second saying so', () => {
  const ownSentence = `${CASE.own.split('. ')[0]}.`;
  const paper = `${SENTENCES[0]} ${SENTENCES[1]} ${ownSentence} ${SENTENCES[2]}`;
  const checker = new Checker();
  checker.addReference({ id: CASE.source.id, title: CASE.source.title, text: CASE.source.text });
  const report = checker.check(paper);
  const [source] = report.sources;
  const passages = [...source.passages].sort((a, b) => a.start - b.start);
  assert.equal(passages.length, 2, JSON.stringify(passages.map((p) => paper.slice(p.start, p.end))));
  assert.equal(passages[0].region, passages[1].region);
  const own = paper.indexOf(ownSentence);
  assert.ok(passages[0].end <= own && passages[1].start >= own + ownSentence.length);
  const continues = t('evidence.continues');
  assert.ok(!evidencePhrases(passages[0], source.passages).includes(continues));
  assert.ok(evidencePhrases(passages[1], source.passages).includes(continues));
  // Without its source's passages, a passage says nothing of them.
  assert.ok(!evidencePhrases(passages[1]).includes(continues));
  // The CLI and the HTML report say it too.
  writeFileSync(join(dir, 'block.txt'), paper);
  const result = spawnSync(process.execPath, [cli, 'check', 'block.txt', '--refs', 'refs'], { encoding: 'utf8', cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout.split(continues).length - 1, 1, result.stdout);
  const html = reportHtml({ report, paper: { title: 'Essay', text: paper }, sources: [CASE.source], version: version(), date: new Date(0) });
  assert.equal(html.split(continues).length - 1, 1);
});
