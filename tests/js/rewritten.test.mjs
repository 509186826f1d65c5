// A rewritten (paraphrased) passage in the CLI's text output and in the downloadable HTML report,
// issue 27: the paper of tests/paraphrase.mjs rewrites seven sentences of the demo set's Norway
// profile by hand, with a sentence of its own after the fourth, beside the demo example's exact
// copies. The own sentence cuts the copy in two (issue 42: reports true to sentences). The CLI says
// "rewritten: 4 of 4 sentences match" before the exact-run evidence of the first passage, and only
// of the rewritten ones; the HTML report gives it the same label, dashes it in the paper (with a legend), and shows its sentence
// pairs, each paper sentence beside its source sentence with the shared words marked, escaped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checker, sharedNgrams, version } from 'plagscope';
import { reportHtml } from '../../www/report-html/report.js';
import { evidencePhrases, rewrittenLabel } from '../../js/words/evidence.js';
import { OWN_SENTENCE, REWRITTEN, REWRITTEN_ID, REWRITTEN_PAPER } from '../paraphrase.mjs';

const demo = JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url), 'utf8'));
const norway = demo.references.find((r) => r.id === REWRITTEN_ID);
const cli = new URL('../../bin/plagscope.mjs', import.meta.url).pathname;
// The demo example (exact copies from France and Japan) and the rewritten copy, in one paper.
const PAPER = `${demo.example}\n\n${REWRITTEN_PAPER}`;

const unescape = (s) => s.replace(/&(lt|gt|quot|#39|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]);
const plainText = (html) => unescape(html.replace(/<[^>]*>/g, ''));

function check(text) {
  const checker = new Checker();
  for (const reference of demo.references) checker.addReference(reference);
  return checker.check(text);
}

let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'plagscope-rewritten-'));
  mkdirSync(join(dir, 'refs'));
  for (const reference of demo.references) writeFileSync(join(dir, 'refs', `${reference.id}.txt`), reference.text);
  writeFileSync(join(dir, 'paper.txt'), PAPER);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('the fixture: a paraphrase sharing one short run with its source, which the engine reports as rewritten', () => {
  // The only 5 consecutive words the rewritten sentences share with the Norway profile: one run
  // across two sentences. The profile is a candidate without it too, through the fingerprints of
  // its sentences.
  const shared = sharedNgrams(REWRITTEN.join(' '), norway.text, 5);
  assert.deepEqual(shared.a.map(({ start, end }) => REWRITTEN.join(' ').slice(start, end)), ['more than four centuries. In 1814']);
  const withoutRun = REWRITTEN_PAPER.replace('more than four centuries', 'over four hundred years');
  assert.equal(sharedNgrams(withoutRun, norway.text, 5).a.length, 0);
  const found = check(withoutRun).sources.find((s) => s.id === REWRITTEN_ID);
  assert.deepEqual(found?.passages.map((p) => p.evidence), ['rewritten', 'rewritten']);
  const report = check(PAPER);
  const source = report.sources.find((s) => s.id === REWRITTEN_ID);
  // The paper's own sentence after the fourth rewritten one cuts the copy in two.
  assert.deepEqual(source.passages.map((p) => [p.evidence, p.sentences]), [['rewritten', 4], ['rewritten', 3]]);
  const own = PAPER.indexOf(OWN_SENTENCE);
  assert.ok(source.passages.every((p) => p.end <= own || p.start >= own + OWN_SENTENCE.length), 'the own sentence is not marked');
  const pairs = source.passages.flatMap((p) => p.sentencePairs);
  assert.deepEqual(pairs.map((p) => PAPER.slice(p.start, p.end)), REWRITTEN.map((s) => s.replace(/\.$/, '')));
  const [passage] = source.passages;
  assert.ok(source.passages.every((p) => p.longestRun < 12), 'no exact run long enough to make a passage by itself');
  for (const other of report.sources.filter((s) => s.id !== REWRITTEN_ID)) {
    assert.ok(other.passages.every((p) => p.evidence === 'exact'), `${other.id}: the demo example's copies are exact`);
  }
  assert.equal(rewrittenLabel(passage), 'rewritten: 4 of 4 sentences match');
  assert.equal(evidencePhrases(source.passages[1])[0], 'rewritten: 3 of 3 sentences match');
  assert.equal(rewrittenLabel(report.sources.find((s) => s.id === 'factbook-fr').passages[0]), '');
});

test('CLI: the rewritten passages say "rewritten: 4 of 4 sentences match", the exact ones their exact runs', () => {
  const result = spawnSync(process.execPath, [cli, 'check', 'paper.txt', '--refs', 'refs'], { encoding: 'utf8', cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.split('\n');
  const norwayAt = lines.findIndex((line) => line.includes(`[${REWRITTEN_ID}.txt]`));
  assert.ok(norwayAt > 0, result.stdout);
  // Its passage: the paper's excerpt, the source's, then the evidence.
  assert.match(lines[norwayAt + 3], /^\s+rewritten: 4 of 4 sentences match, \d+ of \d+ words in exact shared runs \([\d.]+%\), longest exact run: \d+ words$/);
  const evidence = lines.filter((line) => /in exact shared runs/.test(line));
  assert.equal(evidence.length, 4, 'one evidence line per passage');
  assert.equal(evidence.filter((line) => /^\s+rewritten:/.test(line)).length, 2, 'only the rewritten passages say so');
  for (const line of evidence.filter((l) => !/rewritten/.test(l))) {
    assert.match(line, /^\s+\d+ of \d+ words in exact shared runs \([\d.]+%\), longest exact run: \d+ words$/);
  }
});

test('CLI pairs: a classmate who rewrote another essay is a pair whose passage is rewritten', () => {
  const batch = join(dir, 'batch');
  mkdirSync(batch);
  writeFileSync(join(batch, 'ann.txt'), norway.text);
  writeFileSync(join(batch, 'bob.txt'), REWRITTEN_PAPER);
  const result = spawnSync(process.execPath, [cli, 'pairs', 'batch'], { encoding: 'utf8', cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.trim().split('\n');
  assert.match(lines[0], /^2 documents, 1 pair at or above/);
  // Seen from Ann's essay (the pair's first side), whose sentences Bob rewrote in order: one stretch
  // of hers, but two passages, as Bob's own sentences between his two rewritten groups (4 and 3
  // sentences, as a check of his essay finds them) are not marked on his side either.
  assert.match(lines[1], /^\s+[\d.]+%\s+ann\.txt\s+<->\s+bob\.txt\s+\(2 passages, 2 rewritten; /);
});

/** The article comparing passage `index` (0-based) of source number `n`. */
function article(html, n, index) {
  const from = html.indexOf(`<article class="passage" id="s${n}-${index + 1}"`);
  assert.ok(from >= 0, `passage ${n}-${index + 1} has a comparison`);
  return html.slice(from, html.indexOf('</article>', from));
}

test('HTML report: the label, the dashed passage, and the sentence pairs with the shared words marked', () => {
  const text = PAPER.replace('adopted Christianity', '<b>adopted</b> Christianity');
  const report = check(text);
  const rank = report.sources.findIndex((s) => s.id === REWRITTEN_ID);
  const passage = report.sources[rank].passages[0];
  assert.equal(passage.evidence, 'rewritten');
  const html = reportHtml({ report, paper: { title: 'Essay', text }, sources: demo.references, version: version(), date: new Date(0) });
  const n = rank + 1;
  const comparison = article(html, n, 0);
  assert.match(comparison, /<p class="evidence"><strong>Rewritten: 4 of 4 sentences match<\/strong> · \d+ of \d+ words in exact shared runs \([\d.]+%\) · longest exact run: \d+ words<\/p>/);
  assert.doesNotMatch(comparison, /<div class="side">/, 'its pairs replace the two excerpts');
  const items = [...comparison.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]);
  assert.equal(items.length, 4);
  items.forEach((item, i) => {
    const pair = passage.sentencePairs[i];
    const [paperSide, sourceSide] = [...item.matchAll(/<p class="ex">([\s\S]*?)<\/p>/g)].map((m) => m[1]);
    // Whole sentences, with their full stop; the pasted markup escaped, never a tag.
    assert.equal(unescape(paperSide.replace(/<\/?mark>/g, '')), text.slice(pair.start, pair.end + 1));
    assert.ok(norway.text.startsWith(unescape(sourceSide.replace(/<\/?mark>/g, '')), pair.sourceStart));
    const marked = (side) => [...side.matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => unescape(m[1]));
    assert.deepEqual(marked(paperSide), pair.sharedWords.map((w) => text.slice(w.start, w.end)));
    assert.deepEqual(marked(sourceSide), pair.sourceSharedWords.map((w) => norway.text.slice(w.start, w.end)));
    assert.match(item, new RegExp(`<p class="sim">${Math.round(pair.similarity * 100)}% similar</p>`));
  });
  assert.ok(items[0].includes('&lt;b&gt;') && !/<b>/.test(comparison), 'pasted markup is text');
  // In the paper: dashed, with a legend; in the source list: counted.
  assert.match(html, new RegExp(`<mark class="c${rank} rw" data-source="${n}"`));
  assert.match(plainText(html), /A dashed underline marks a rewritten passage/);
  assert.match(plainText(html), /2 passages \(2 rewritten\)/);
  assert.ok(!new RegExp(`<mark[^>]*>[^<]*${OWN_SENTENCE.slice(0, 20)}`).test(html), 'the own sentence is not marked');
  assert.match(plainText(html), /A rewritten passage shows its sentence pairs instead\./);
  // The exact passages keep their excerpts, without the rewritten label.
  const france = report.sources.findIndex((s) => s.id === 'factbook-fr') + 1;
  const exact = article(html, france, 0);
  assert.equal(exact.split('<div class="side">').length, 3);
  assert.doesNotMatch(exact, /Rewritten|class="pairs"/);
});

test('HTML report: a rewritten passage whose source text is missing still lists its paper sentences', () => {
  const report = check(REWRITTEN_PAPER);
  const html = reportHtml({ report, paper: { title: 'Essay', text: REWRITTEN_PAPER }, sources: [], version: version(), date: new Date(0) });
  const comparison = article(html, 1, 0);
  assert.equal([...comparison.matchAll(/<li>/g)].length, 4);
  assert.ok(plainText(comparison).includes(REWRITTEN[2]));
  assert.ok(!plainText(comparison).includes(OWN_SENTENCE), 'only the matching sentences are paired');
  assert.match(comparison, /The source's text is not part of this report\./);
});
