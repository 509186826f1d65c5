// Checking against an archive (issue 31) from the npm package and the CLI: an archive of Brown
// corpus texts built by the core (examples/build-archive.rs, the files the cluster job writes),
// read from a folder and over HTTP; the planted sources found with a local check's passages, only
// part of the archive read, damage named and the rest reported, a library checked beside it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checker, checkArchive, loadSentenceModel } from '../../js/node.js';
import { rememberingReader } from '../../js/archive.js';

const root = new URL('../../', import.meta.url).pathname;
const corpus = join(root, 'target/corpus/en');
const words = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');
const NAMES = readdirSync(corpus).filter((n) => n.startsWith('brown') && n.endsWith('.txt')).sort().slice(0, 80);
const text = (name) => readFileSync(join(corpus, name), 'utf8');
let dir;
let archive;
let paper;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'plagscope-archive-'));
  mkdirSync(join(dir, 'docs'));
  for (const name of NAMES) copyFileSync(join(corpus, name), join(dir, 'docs', name));
  archive = join(dir, 'archive');
  // 64 partitions, groups of 4 documents.
  execFileSync('cargo', ['run', '--quiet', '--example', 'build-archive', '--', join(dir, 'docs'), archive, '6', '4'], { cwd: root, stdio: 'pipe' });
  paper = `An opening of my own. ${words(text(NAMES[7]), 200, 140)} Then some more words of mine. ${words(text(NAMES[61]), 500, 130)}`;
  writeFileSync(join(dir, 'paper.txt'), paper);
});

after(() => rmSync(dir, { recursive: true, force: true }));

/** The report's sources as (id, passages), to compare with a local check. */
const passages = (report) => report.sources.map((s) => [s.id, s.similarity, s.passages]);

function localCheck(names) {
  const checker = new Checker();
  for (const name of names) checker.addReference({ id: name, title: name.replace(/\.txt$/, ''), text: text(name) });
  return checker.check(paper);
}

test('a paper checked against an archive folder finds its sources with the passages of a local check', async () => {
  const { report, archive: traffic, sources } = await checkArchive(archive, paper);
  assert.deepEqual(report.sources.map((s) => s.id).sort(), [NAMES[7], NAMES[61]].sort());
  assert.equal(report.sources.find((s) => s.id === NAMES[7]).title, NAMES[7].replace(/\.txt$/, ''));
  assert.deepEqual(passages(report), passages(localCheck([NAMES[7], NAMES[61]])));
  assert.deepEqual(traffic.failures, []);
  assert.equal(traffic.partitions, 64);
  assert.ok(traffic.partitionsRequested < 64, `${traffic.partitionsRequested} partitions`);
  const total = filesUnder(archive).reduce((sum, f) => sum + statSync(f).size, 0);
  assert.ok(traffic.bytes < total / 2, `${traffic.bytes} of ${total} bytes read`);
  // The archive's sources come back with their texts, for showing them side by side.
  assert.deepEqual(sources.map((s) => s.id), report.sources.map((s) => s.id));
  assert.equal(sources.find((s) => s.id === NAMES[7]).text, text(NAMES[7]));
  // The check's common phrasing is the query's too (one definition): accepted, same sources.
  const strict = await checkArchive(archive, paper, { check: { align: { maxDocFrequency: 1 } } });
  assert.deepEqual(strict.report.sources.map((s) => s.id).sort(), [NAMES[7], NAMES[61]].sort());
  await assert.rejects(checkArchive(archive, paper, { query: { maxDocFrequency: 0 } }), { code: 'PLAGSCOPE_INVALID_OPTION', path: 'maxDocFrequency' });
});

test('over HTTP the archive gives the same report, and a cover of random partitions is fetched too', async (t) => {
  const asked = [];
  const server = createServer((request, response) => {
    asked.push(request.url);
    try {
      // As a static host does, the query (a segment file's version) is not part of the file's path.
      response.end(readFileSync(join(archive, decodeURIComponent(new URL(request.url, 'http://x').pathname))));
    } catch {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${server.address().port}/`;
  const plain = await checkArchive(url, paper);
  assert.deepEqual(passages(plain.report), passages((await checkArchive(archive, paper)).report));
  assert.equal(asked.length, plain.archive.requests);
  assert.ok(asked.every((path) => !path.includes('paper')), 'only the archive\'s own files are asked for');
  // A segment's files carry its version, so caches may keep them: the manifest never does.
  assert.ok(asked.filter((path) => path.startsWith('/s0000/')).every((path) => /\?v=[0-9a-f]{32}$/.test(path)), asked.join(' '));
  assert.ok(asked.includes('/manifest.json'));
  const covered = await checkArchive(url, paper, { query: { cover: 10, seed: 42 } });
  assert.equal(covered.archive.partitionsRequested, Math.min(64, plain.archive.partitionsRequested + 10));
  assert.deepEqual(passages(covered.report), passages(plain.report));
});

test('a damaged group is named and the other source is still reported', async () => {
  const damaged = join(dir, 'damaged');
  copyTree(archive, damaged);
  const group = `s0000/d/${(61 >> 2).toString(16).padStart(5, '0')}.bin`;
  const bytes = readFileSync(join(damaged, group));
  bytes[30] ^= 1;
  writeFileSync(join(damaged, group), bytes);
  const { report, archive: traffic } = await checkArchive(damaged, paper);
  assert.deepEqual(report.sources.map((s) => s.id), [NAMES[7]]);
  assert.equal(traffic.failures.length, 1);
  assert.match(traffic.failures[0], new RegExp(`^${group}: .*checksum`));
});

test('no manifest, or a foreign one, is a clear error', async () => {
  await assert.rejects(checkArchive(join(dir, 'nowhere'), paper), { code: 'PLAGSCOPE_INVALID_INDEX', message: /manifest\.json cannot be read/ });
  const foreign = join(dir, 'foreign');
  mkdirSync(foreign);
  writeFileSync(join(foreign, 'manifest.json'), JSON.stringify({ format: 'zip' }));
  await assert.rejects(checkArchive(foreign, paper), { code: 'PLAGSCOPE_INVALID_INDEX' });
});

test('bad arguments and options are clear errors, and the archive is still usable', async () => {
  await assert.rejects(checkArchive(archive, 42), { code: 'PLAGSCOPE_INVALID_INPUT', message: /`paper`: expected a string or \{ text, meta \}, got number/ });
  await assert.rejects(checkArchive(archive, paper, { library: {} }), { code: 'PLAGSCOPE_INVALID_INPUT', message: /`library`: expected a Checker/ });
  await assert.rejects(checkArchive(archive, paper, { query: { maxCandidates: 0 } }), { code: 'PLAGSCOPE_INVALID_OPTION', message: /maxCandidates.*1\.\.=1000/ });
  await assert.rejects(checkArchive(archive, paper, { query: { maxCandidate: 3 } }), { code: 'PLAGSCOPE_INVALID_OPTION', message: /unknown option `maxCandidate`/ });
  const wrongVersion = join(dir, 'wrong-version');
  copyTree(archive, wrongVersion);
  const manifest = JSON.parse(readFileSync(join(wrongVersion, 'manifest.json'), 'utf8'));
  writeFileSync(join(wrongVersion, 'manifest.json'), JSON.stringify({ ...manifest, version: 9 }));
  await assert.rejects(checkArchive(wrongVersion, paper), { code: 'PLAGSCOPE_INVALID_INDEX', message: /^the archive is of format version 9/ });
  const { report } = await checkArchive(archive, paper);
  assert.equal(report.sources.length, 2);
});

test('a library is checked together with the archive', async () => {
  const library = new Checker();
  library.addReference({ id: 'local', title: 'A local reference', text: `Local words. ${words(text('brown-cj01.txt'), 0, 300)}` });
  const both = `${paper} ${words(text('brown-cj01.txt'), 50, 120)}`;
  const before = library.exportIndex();
  const { report, sources } = await checkArchive(archive, both, { library });
  assert.deepEqual(report.sources.map((s) => s.id).sort(), ['local', NAMES[7], NAMES[61]].sort());
  assert.deepEqual(sources.map((s) => s.id).sort(), [NAMES[7], NAMES[61]].sort(), 'the archive\'s sources, not the library\'s');
  assert.deepEqual(library.exportIndex(), before, 'the library is as it was, nothing copied into it');
});

test('the CLI checks against an archive and says what it read', () => {
  const cli = join(root, 'bin/plagscope.mjs');
  const result = spawnSync(process.execPath, [cli, 'check', join(dir, 'paper.txt'), '--archive', archive], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /2 sources/);
  assert.match(result.stderr, /archive: \d+ files read \([\d.]+ MB\), \d+ of its 64 partitions/);
  const json = spawnSync(process.execPath, [cli, 'check', join(dir, 'paper.txt'), '--archive', archive, '--json'], { encoding: 'utf8' });
  assert.equal(JSON.parse(json.stdout).sources.length, 2);
  const missing = spawnSync(process.execPath, [cli, 'check', join(dir, 'paper.txt'), '--archive', join(dir, 'nowhere')], { encoding: 'utf8' });
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot read the archive .*nowhere: the archive's manifest\.json cannot be read/);
});

function filesUnder(folder) {
  return readdirSync(folder, { recursive: true }).map((f) => join(folder, f)).filter((f) => statSync(f).isFile());
}

function copyTree(from, to) {
  for (const file of readdirSync(from, { recursive: true })) {
    const source = join(from, file);
    if (statSync(source).isDirectory()) mkdirSync(join(to, file), { recursive: true });
    else {
      mkdirSync(join(to, file, '..'), { recursive: true });
      copyFileSync(source, join(to, file));
    }
  }
}

test('with the sentence model, the candidates are checked in its engine, from the API and the CLI', async () => {
  const model = await loadSentenceModel(join(root, 'target/model'));
  const check = { align: { translated: true } };
  const library = new model.Checker();
  const { report } = await checkArchive(archive, paper, { library, check });
  const local = new model.Checker();
  for (const name of [NAMES[7], NAMES[61]]) local.addReference({ id: name, title: name.replace(/\.txt$/, ''), text: text(name) });
  assert.deepEqual(passages(report), passages(local.check(paper, check)));
  assert.equal(library.size, 0, 'the candidates left the library after the check');
  const cli = spawnSync(process.execPath, [join(root, 'bin/plagscope.mjs'), 'check', join(dir, 'paper.txt'), '--archive', archive,
    '--translated', '--model', join(root, 'target/model')], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.match(cli.stdout, /2 sources/);
});

test('a remembering reader reads a segment file once, forgets the oldest past its limit, and the manifest always', async () => {
  const reads = [];
  const read = rememberingReader(async (path) => (reads.push(path), new Uint8Array(100)), 250);
  await read('manifest.json');
  await read('manifest.json');
  await read('s0/p/00001.bin', 'v1');
  await read('s0/p/00001.bin', 'v1');
  await read('s0/p/00001.bin', 'v2'); // another version of the segment: another file
  assert.deepEqual(reads, ['manifest.json', 'manifest.json', 's0/p/00001.bin', 's0/p/00001.bin']);
  await read('s0/p/00002.bin', 'v1'); // 300 bytes kept: the least recently used goes
  await read('s0/p/00001.bin', 'v2');
  await read('s0/p/00001.bin', 'v1');
  assert.equal(reads.length, 6, reads.join(' '));
  assert.equal(reads.at(-1), 's0/p/00001.bin');
});
