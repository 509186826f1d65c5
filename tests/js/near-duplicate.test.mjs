// The near-duplicate verdict (js/words/near-duplicate.js) on real checks: a whole copy, a lightly edited
// copy and a Chinese copy are near-duplicates, a paper that copies one passage among its own text
// is not; each reason names its method.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Checker } from 'plagscope';
import { JACCARD_NEAR, SIMHASH_NEAR, nearDuplicateReasons, nearDuplicateText } from '../../js/words/near-duplicate.js';

const { references, example } = JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url)));
const checker = new Checker();
for (const reference of references) checker.addReference(reference);
const top = (paper) => checker.check(paper).sources[0];

test('a whole copy is a near-duplicate; a paper copying passages is not', () => {
  const whole = top(references[3].text);
  assert.equal(whole.id, references[3].id);
  assert.ok(nearDuplicateReasons(whole).length >= 2, nearDuplicateText(whole));
  assert.match(nearDuplicateText(whole), /^Near-duplicate: their SimHash fingerprints differ in 0 of 64 bits/);
  const partial = checker.check(example).sources;
  assert.ok(partial.length >= 2);
  for (const source of partial) assert.deepEqual(nearDuplicateReasons(source), [], source.title);
});

test('each method decides at its published threshold', () => {
  const base = { simhashDistance: 40, jaccard: 0.1, scores: { chineseNgram: { duplicate: false, share: 0.2 } } };
  assert.equal(nearDuplicateText(base), '');
  assert.equal(nearDuplicateReasons({ ...base, simhashDistance: SIMHASH_NEAR }).length, 1);
  assert.equal(nearDuplicateReasons({ ...base, simhashDistance: SIMHASH_NEAR + 1 }).length, 0);
  assert.equal(nearDuplicateReasons({ ...base, jaccard: JACCARD_NEAR }).length, 1);
  assert.equal(nearDuplicateReasons({ ...base, jaccard: JACCARD_NEAR - 0.01 }).length, 0);
  assert.match(nearDuplicateText({ ...base, scores: { chineseNgram: { duplicate: true, share: 0.75 } } }), /75% of the paper's sampled Chinese/);
});

test('a Chinese copy is found a near-duplicate by the Chinese 4-gram method', () => {
  const zh = new Checker();
  const source = '我们今天在这里讨论中文文本的相似度检测方法，以及如何判断两篇文章是否来自同一个作者。研究表明，使用四字符片段的采样方法可以在大规模语料中快速找到重复的内容，并且对小的修改具有一定的鲁棒性。'.repeat(3);
  zh.addReference({ id: 'zh', text: source });
  const [report] = zh.check(source.replace('今天', '明天')).sources;
  assert.equal(report.scores.chineseNgram.duplicate, true);
  assert.ok(nearDuplicateReasons(report).some((r) => r.includes('Chinese 4-character')));
});

test('the HTML report and the CLI name a near-duplicate, and only then', async () => {
  const { reportHtml } = await import('../../www/report-html/report.js');
  const page = (paper) => {
    const report = checker.check(paper);
    const sources = report.sources.map((s) => checker.getReference(s.id));
    return reportHtml({ report, paper: { title: 'Paper', text: paper }, sources, options: {}, version: 'test', date: 'today' });
  };
  assert.match(page(references[3].text), /<p class="near"><strong>Near-duplicate:<\/strong> their SimHash fingerprints differ in 0 of 64 bits/);
  assert.doesNotMatch(page(example), /class="near"/);

  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'plagscope-near-'));
  try {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'refs'));
    writeFileSync(join(dir, 'paper.txt'), references[3].text);
    writeFileSync(join(dir, 'refs', 'source.txt'), references[3].text);
    writeFileSync(join(dir, 'refs', 'other.txt'), references[4].text);
    const out = execFileSync(process.execPath, [new URL('../../bin/plagscope.mjs', import.meta.url).pathname, 'check', join(dir, 'paper.txt'), '--refs', join(dir, 'refs')], { encoding: 'utf8' });
    assert.match(out, /\n {6}Near-duplicate: their SimHash fingerprints differ in 0 of 64 bits/);
    assert.equal(out.match(/Near-duplicate/g).length, 1, out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
