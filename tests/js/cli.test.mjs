// The CLI as a user runs it: files and folders in, a readable report or JSON out, exit codes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDocx, makePdf } from '../fixtures.mjs';
import { wordZipBomb } from '../zip-fixtures.mjs';
import { isUsageError, UsageError } from '../../js/cli/options.js';
import { NORIAS_EN, NORIAS_ZH } from '../translation.mjs';

const cli = new URL('../../bin/plagscope.mjs', import.meta.url).pathname;
const corpus = new URL('../../target/corpus/en/', import.meta.url);
const brown = (name) => readFileSync(new URL(`brown-${name}.txt`, corpus), 'utf8');
const words = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');
let dir;

function run(...args) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'plagscope-cli-'));
  mkdirSync(join(dir, 'refs', 'more'), { recursive: true });
  writeFileSync(join(dir, 'refs', 'politics.txt'), brown('ca01'));
  writeFileSync(join(dir, 'refs', 'more', 'science.md'), brown('cj01'));
  writeFileSync(join(dir, 'refs', 'page.html'), `<html><body><h1>Title</h1><p>${words(brown('cg01'), 0, 300)}</p><script>var x = 1;</script></body></html>`);
  writeFileSync(join(dir, 'refs', 'ignored.bin'), Buffer.from([0, 1, 2, 3]));
  writeFileSync(join(dir, 'paper.txt'), `${words(brown('cb01'), 0, 200)}\n\n${words(brown('cj01'), 100, 120)}\n\n${words(brown('cb02'), 0, 100)}`);
  writeFileSync(join(dir, 'binary.txt'), Buffer.from([0x50, 0, 0x4b]));
  writeFileSync(join(dir, 'essay.rtf'), '{\\rtf1 text}');
  writeFileSync(join(dir, 'empty.txt'), '');
  // Russian in Windows-1251, a code page plagscope does not guess.
  writeFileSync(join(dir, 'russian.txt'), Buffer.from('ddf2ee20eee1fbf7edfbe920f0f3f1f1eae8e920f2e5eaf1f220e220f1f2e0f0eee920eaeee4e8f0eee2eae52057696e646f77732c20e1e5e720e5e4e8edeee920ebe0f2e8edf1eaeee920e1f3eae2fb2e', 'hex'));
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('check prints a readable report naming the source and the passage', () => {
  const { code, out } = run('check', 'paper.txt', '--refs', 'refs');
  assert.equal(code, 0);
  assert.match(out, /^paper\.txt: \d+\.\d% similar \(\d+ words checked\), 1 source/);
  assert.match(out, /science\.md \[more\/science\.md\]\s+1 passage, /);
  // Each passage says why it was reported.
  assert.match(out, /\n\s+(\d+) of \1 words in exact shared runs \(100\.0%\), longest exact run: \1 words\n/);
});

test('a Chinese passage counts characters and names a Traditional/Simplified copy', () => {
  mkdirSync(join(dir, 'zh'), { recursive: true });
  const traditional = '第一條　為了保護個人資訊權益，規範個人資訊處理活動，促進個人資訊合理利用，根據憲法，制定本法。';
  writeFileSync(join(dir, 'zh', 'tw.txt'), traditional);
  writeFileSync(join(dir, 'zh-paper.txt'), '引言。为了保护个人资讯权益，规范个人资讯处理活动，促进个人资讯合理利用，根据宪法，制定本法。');
  const { code, out } = run('check', 'zh-paper.txt', '--refs', 'zh');
  assert.equal(code, 0);
  assert.match(out, /\n\s+(\d+) of \1 characters in exact shared runs \(100\.0%\), longest exact run: \1 characters, copied across Traditional\/Simplified Chinese characters\n/);
});

test('check --json gives the report with offsets into the paper', () => {
  const { code, out } = run('check', 'paper.txt', '--refs', 'refs', '--json');
  assert.equal(code, 0);
  const report = JSON.parse(out);
  const paper = readFileSync(join(dir, 'paper.txt'), 'utf8');
  const [passage] = report.sources[0].passages;
  assert.equal(paper.slice(passage.start, passage.end), words(brown('cj01'), 100, 120));
  assert.ok(report.similarity > 0.25 && report.similarity < 0.35);
});

test('HTML references are read as text', () => {
  writeFileSync(join(dir, 'html-paper.txt'), words(brown('cg01'), 50, 100));
  const report = JSON.parse(run('check', 'html-paper.txt', '--refs', 'refs', '--json').out);
  assert.equal(report.sources[0].id, 'page.html');
});

test('index once, check against the saved index', () => {
  const built = run('index', 'refs', '-o', 'refs.idx');
  assert.equal(built.code, 0);
  // Thousands are separated, as the language writes numbers (the three references hold over 1,000 words).
  assert.match(built.out, /indexed 3 documents \(\d{1,3}(?:,\d{3})+ words\) into refs\.idx: \d{1,3}(?:,\d{3})+ bytes/);
  const fromIndex = JSON.parse(run('check', 'paper.txt', '--index', 'refs.idx', '--json').out);
  const fromFiles = JSON.parse(run('check', 'paper.txt', '--refs', 'refs', '--json').out);
  assert.deepEqual(fromIndex, fromFiles);
});

test('pairs finds who copied from whom', () => {
  const { code, out } = run('pairs', 'refs', 'paper.txt');
  assert.equal(code, 0);
  assert.match(out, /^4 documents, 1 pair at or above 5\.0%/);
  assert.match(out, /more\/science\.md\s+<->\s+paper\.txt/);
  const pairs = JSON.parse(run('pairs', 'refs', 'paper.txt', '--json').out);
  assert.equal(pairs.length, 1);
});

test('options reach the engine: every option is a flag, made from the engine declarations', () => {
  const strict = JSON.parse(run('check', 'paper.txt', '--refs', 'refs', '--json', '--min-words', '500').out);
  assert.equal(strict.sources.length, 0);
  const found = JSON.parse(run('check', 'paper.txt', '--refs', 'refs', '--json').out);
  assert.ok(found.sources.length > 0);
  const above = (share) => JSON.parse(run('check', 'paper.txt', '--refs', 'refs', '--json', '--min-source-similarity', String(share)).out);
  assert.equal(above(found.sources[0].similarity + 0.001).sources.length, 0);
  assert.equal(above(found.sources[0].similarity + 0.001).similarity, found.similarity);
  const quotesKept = JSON.parse(run('check', 'paper.txt', '--refs', 'refs', '--json', '--no-exclude-quotes').out);
  assert.ok(quotesKept.excluded.every((x) => x.kind !== 'quote'));
  const loose = run('pairs', 'refs', 'paper.txt', '--min-similarity', '0', '--shingle-words', '4');
  assert.equal(loose.code, 0, loose.err);
  const help = run('--help').out;
  for (const flag of ['--shingle-words N', '--guarantee-words N', '--[no-]exclude-quotes', '--min-words N', '--min-similarity X', '--minhash-scheme NAME']) {
    assert.ok(help.includes(flag), flag);
  }
});

test('usage errors exit 2, failures exit 1, each with a one-line message', () => {
  const cases = [
    [['check'], 2, /check needs exactly one PAPER/],
    [['check', 'paper.txt'], 2, /check needs --refs or --index/],
    [['frobnicate'], 2, /unknown command: frobnicate/],
    [['check', 'paper.txt', '--refs', 'refs', '--min-words', 'many'], 2, /--min-words must be an integer/],
    [['check', 'paper.txt', '--bogus'], 2, /Unknown option '--bogus'/],
    [['check', 'missing.txt', '--refs', 'refs'], 1, /cannot read missing\.txt: no such file/],
    [['check', 'paper.txt', '--refs', 'nowhere'], 1, /nowhere: no such file or folder/],
    [['check', 'binary.txt', '--refs', 'refs'], 1, /^plagscope: binary\.txt does not contain text, although its name ends in \.txt: it is probably a picture/],
    [['check', 'essay.rtf', '--refs', 'refs'], 1, /^plagscope: essay\.rtf cannot be opened: plagscope reads plain text or Markdown \(\.txt, \.md, \.markdown, \.text\), web page/],
    [['check', 'empty.txt', '--refs', 'refs'], 1, /^plagscope: empty\.txt is empty\. Check that you chose the right file/],
    [['check', 'russian.txt', '--refs', 'refs'], 1, /^plagscope: russian\.txt is written in a text encoding plagscope cannot recognise\./],
    [['check', 'refs', '--refs', 'refs'], 1, /^plagscope: cannot read refs: it is a folder/],
    [['index', 'refs'], 2, /index needs -o FILE/],
    [['check', 'paper.txt', '--refs', 'refs', '--shingle-words', '99'], 2, /--shingle-words must be an integer in 2\.\.16, got 99/],
    [['check', 'paper.txt', '--refs', 'refs', '--min-similarity', '0.5'], 2, /--min-similarity does not apply to check/],
    [['check', 'paper.txt', '--index', 'refs.idx', '--ignore-case'], 2, /the index keeps the options it was made with/],
    // Refused by the engine (PLAGSCOPE_INVALID_OPTION), not by the flag parser: still the user's flags.
    [['check', 'paper.txt', '--refs', 'refs', '--shingle-words', '5', '--guarantee-words', '3'], 2, /invalid `guaranteeWords`: must be at least the shingle length/],
  ];
  for (const [args, code, message] of cases) {
    const result = run(...args);
    assert.equal(result.code, code, `${args.join(' ')}: ${result.err}`);
    assert.match(result.err, message);
    assert.equal(result.err.trim().split('\n').length, 1, result.err);
  }
  writeFileSync(join(dir, 'broken.idx'), readFileSync(join(dir, 'refs.idx')).subarray(0, 64));
  const broken = run('check', 'paper.txt', '--index', 'broken.idx');
  assert.equal(broken.code, 1);
  assert.match(broken.err, /cannot read the index file: the file is truncated/);
  // Worded by its code (PLAGSCOPE_INVALID_INDEX) in the CLI's language.
  const chinese = run('check', 'paper.txt', '--index', 'broken.idx', '--lang', 'zh-Hans');
  assert.equal(chinese.code, 1);
  assert.match(chinese.err, /^plagscope: 无法读取索引文件：the file is truncated/);
});

test('Word and PDF papers are read; damaged ones are clear errors', async () => {
  const paragraphs = [words(brown('cb01'), 0, 150), words(brown('cj01'), 100, 120), words(brown('cb02'), 0, 100)];
  writeFileSync(join(dir, 'paper.docx'), await makeDocx(paragraphs));
  writeFileSync(join(dir, 'paper.pdf'), await makePdf(paragraphs));
  for (const file of ['paper.docx', 'paper.pdf']) {
    const result = run('check', file, '--refs', 'refs', '--json');
    assert.equal(result.code, 0, result.err);
    const report = JSON.parse(result.out);
    assert.equal(report.sources[0].id, 'more/science.md', file);
    assert.ok(report.sources[0].passages[0].words >= 110, `${file}: ${report.sources[0].passages[0].words} words`);
  }
  writeFileSync(join(dir, 'broken.docx'), 'this is not a zip file');
  writeFileSync(join(dir, 'broken.pdf'), '%PDF-1.7\nthis is not a real PDF');
  // The page's sentences, word for word.
  const docx = run('check', 'broken.docx', '--refs', 'refs');
  assert.equal(docx.code, 1);
  assert.equal(docx.err, 'plagscope: broken.docx is not a Word document, although its name ends in .docx. Open the original document, or paste the text instead.\n');
  const pdf = run('check', 'broken.pdf', '--refs', 'refs');
  assert.equal(pdf.code, 1);
  assert.equal(pdf.err, 'plagscope: broken.pdf is damaged or is not really a PDF, so plagscope cannot read it. Open it in a PDF reader and save or print a new copy as PDF, or paste the text instead.\n');
  writeFileSync(join(dir, 'cut.docx'), (await makeDocx(paragraphs)).subarray(0, 2000));
  assert.match(run('check', 'cut.docx', '--refs', 'refs').err, /^plagscope: cut\.docx is damaged, so it cannot be read as a Word document\./);
});

test('a .docx that inflates past 64 MB is refused with the limit, as a paper and as a reference', () => {
  mkdirSync(join(dir, 'bomb-refs'), { recursive: true });
  writeFileSync(join(dir, 'bomb.docx'), wordZipBomb(200));
  writeFileSync(join(dir, 'bomb-refs', 'bomb.docx'), wordZipBomb(200));
  const message = (name) => `plagscope: ${name} expands to more than 64 MB when unpacked (a Word file is compressed), and plagscope reads documents of up to 64 MB. Split it into smaller documents, or paste the part you want to check.\n`;
  const paper = run('check', 'bomb.docx', '--refs', 'refs');
  assert.equal(paper.code, 1);
  assert.equal(paper.err, message('bomb.docx'));
  const reference = run('check', 'paper.txt', '--refs', 'bomb-refs');
  assert.equal(reference.code, 1);
  assert.equal(reference.err, message('bomb-refs/bomb.docx'));
});

test('UTF-16 and Windows-1252 papers are read like UTF-8 ones', () => {
  const paper = words(brown('cj01'), 100, 120);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(paper, 'utf16le')]);
  writeFileSync(join(dir, 'utf16.txt'), utf16);
  writeFileSync(join(dir, 'latin.txt'), Buffer.from(`Caf\xe9 \x96 ${paper}`, 'latin1'));
  const expected = JSON.parse(run('check', 'paper.txt', '--refs', 'refs', '--json').out).sources[0].id;
  for (const file of ['utf16.txt', 'latin.txt']) {
    const result = run('check', file, '--refs', 'refs', '--json');
    assert.equal(result.code, 0, result.err);
    const [source] = JSON.parse(result.out).sources;
    assert.equal(source.id, expected, file);
    assert.ok(source.passages[0].words >= 110, `${file}: ${source.passages[0].words} words`);
  }
});

test('odd entries under --refs are skipped with one warning each; the rest is checked', () => {
  const odd = join(dir, 'odd');
  mkdirSync(join(odd, 'deeper'), { recursive: true });
  writeFileSync(join(odd, 'politics.txt'), brown('ca01'));
  // A name that is not UTF-8 (Latin-1 "café"), read through its bytes.
  writeFileSync(Buffer.from(`${odd}/caf\xe9.txt`, 'latin1'), brown('cj01'));
  symlinkSync('gone.txt', join(odd, 'dangling.txt'));
  symlinkSync('gone.bin', join(odd, 'dangling.bin'));
  symlinkSync('loop-b', join(odd, 'loop-a'));
  symlinkSync('loop-a', join(odd, 'loop-b'));
  symlinkSync('..', join(odd, 'deeper', 'up'));
  // A named pipe is no file to read (before: "is empty", or a wait for a writer).
  execFileSync('mkfifo', [join(odd, 'pipe.txt')]);
  writeFileSync(join(dir, 'odd-paper.txt'), `${words(brown('ca01'), 0, 120)}\n\n${words(brown('cj01'), 100, 120)}`);
  const { code, out, err } = run('check', 'odd-paper.txt', '--refs', 'odd', '--json');
  assert.equal(code, 0, err);
  const ids = JSON.parse(out).sources.map((source) => source.id).sort();
  assert.deepEqual(ids, ['caf\uFFFD.txt', 'politics.txt']);
  const warnings = err.trim().split('\n').sort();
  assert.deepEqual(warnings, [
    'plagscope: skipped odd/dangling.bin: it is a link to gone.bin, which does not exist',
    'plagscope: skipped odd/dangling.txt: it is a link to gone.txt, which does not exist',
    'plagscope: skipped odd/deeper/up: it is a link back to a folder that is already being read (a loop)',
    'plagscope: skipped odd/loop-a: it is a link that leads round in a loop of links',
    'plagscope: skipped odd/loop-b: it is a link that leads round in a loop of links',
    'plagscope: skipped odd/pipe.txt: it is not a regular file but a named pipe',
  ]);
});

test('a paper whose file name is not UTF-8 is read and checked', () => {
  const paper = join(dir, 'odd-paper-names');
  mkdirSync(paper, { recursive: true });
  writeFileSync(Buffer.from(`${paper}/r\xe9sum\xe9.txt`, 'latin1'), words(brown('cj01'), 100, 120));
  // The shell passes the name's bytes as they are; Node reads them with U+FFFD in place of \xe9.
  const result = spawnSync('bash', ['-c', `exec "$0" "$1" check $'odd-paper-names/r\\xe9sum\\xe9.txt' --refs refs --json`, process.execPath, cli], { encoding: 'utf8', cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.equal(report.paper, 'odd-paper-names/r\uFFFDsum\uFFFD.txt');
  assert.equal(report.sources[0].id, 'more/science.md');
  assert.equal(result.stderr, '');
});

test('--help and --version', () => {
  assert.match(run('--help').out, /Usage:\n {2}plagscope check PAPER --refs FILE_OR_DIR/);
  assert.match(run('--version').out, /^\d+\.\d+\.\d+\n$/);
  // The help and the parser come from one list: every flag the help names is accepted, short
  // forms too.
  const own = run('--help').out.split('\nMatching options')[0];
  const named = [...own.matchAll(/^ {2}(?:-(\w), )?--([\w-]+)/gm)];
  assert.ok(named.length >= 7, own);
  for (const [, short, long] of named) {
    assert.doesNotMatch(run(`--${long}`, '--help').err ?? '', /Unknown option/, long);
    if (short) assert.doesNotMatch(run(`-${short}`, '--help').err ?? '', /Unknown option/, short);
  }
});

test('the CLI tells usage errors from failures by code: a reworded message changes nothing', () => {
  const engine = (code, message) => Object.assign(new Error(message), { code });
  assert.equal(isUsageError(engine('PLAGSCOPE_INVALID_OPTION', 'invalid `guaranteeWords`: must be at least 5')), true);
  assert.equal(isUsageError(engine('PLAGSCOPE_INVALID_OPTION', 'Völlig andere Worte.')), true);
  assert.equal(isUsageError(engine('PLAGSCOPE_TEXT_TOO_LONG', 'invalid `options`: looks like an option error')), false);
  assert.equal(isUsageError(engine('PLAGSCOPE_INVALID_INDEX', 'unknown option --bogus')), false);
  assert.equal(isUsageError(new UsageError('anything')), true);
});

test('check --translated finds a translation with the sentence model (--model), in either language', () => {
  mkdirSync(join(dir, 'en-refs'), { recursive: true });
  writeFileSync(join(dir, 'en-refs', 'norias.txt'), NORIAS_EN);
  writeFileSync(join(dir, 'zh-translation.txt'), NORIAS_ZH);
  const model = new URL('../../target/model/', import.meta.url).pathname;
  const { code, out } = run('check', 'zh-translation.txt', '--refs', 'en-refs', '--translated', '--model', model);
  assert.equal(code, 0, out);
  assert.match(out, /norias\.txt/);
  assert.match(out, /translated from English: \d+ sentences match the source's, \d+\.\d% alike on average/);
  const zh = run('check', 'zh-translation.txt', '--refs', 'en-refs', '--translated', '--model', model, '--lang', 'zh-Hans');
  assert.match(zh.out, /译自英文：\d+ 句与来源的句子对应/);
  // Without the option, no source; with a folder that holds no model, a clear error.
  assert.match(run('check', 'zh-translation.txt', '--refs', 'en-refs').out, /0 sources|no source/);
  const missing = run('check', 'zh-translation.txt', '--refs', 'en-refs', '--translated', '--model', join(dir, 'nowhere'));
  assert.equal(missing.code, 1);
  assert.match(missing.err, /no sentence model in .*nowhere/);
});
