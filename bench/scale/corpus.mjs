// Writes the scale benchmark's corpus: N documents recombined from real sentences (pool.mjs),
// deterministic from a seed, as JSON-lines shards (one `{id, title, text}` a line) that
// cluster/build_archive.py reads as a folder; and the 1% more documents an incremental build adds.
//
//   node bench/scale/corpus.mjs N [--seed S] [--out target/scale]
//     -> target/scale/corpus-N/shard-0000.jsonl ...   documents 0 .. N-1
//        target/scale/corpus-N-add/shard-0000.jsonl   documents N .. N + N/100 - 1
//        target/scale/corpus-N/corpus.json            what was generated (a rerun with the same
//                                                     arguments and generator skips the work)
//
// Why Node and not Python: the generator is a loop over ~10^8-10^9 words, and the machines have no
// numpy; V8 runs the per-word work several times faster than CPython, with no dependency added.
// Memory is constant in N: documents are made one at a time and written in 4 MB batches.

import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { LENGTH, SUBSTITUTION, loadPool, makeDocument } from './pool.mjs';

/** Documents per shard file. */
const SHARD_DOCUMENTS = 10_000;

/** Bump when the generator's output changes, so that old corpora are made again. */
const GENERATOR_VERSION = 1;

function parseArgs(argv) {
  const args = { count: Number(argv[0]), seed: 31, out: 'target/scale' };
  for (let i = 1; i < argv.length; i += 2) {
    if (argv[i] === '--seed') args.seed = Number(argv[i + 1]);
    else if (argv[i] === '--out') args.out = argv[i + 1];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!Number.isInteger(args.count) || args.count < 100) throw new Error('usage: corpus.mjs N (N >= 100) [--seed S] [--out DIR]');
  return args;
}

/**
 * Writes documents `first .. first + count - 1` as shards into `dir` (through a temporary folder
 * renamed at the end: a stopped run leaves no corpus that looks whole). Returns the words written.
 */
function writeShards(pool, seed, dir, first, count) {
  const temporary = `${dir}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  let words = 0;
  for (let shard = 0; shard * SHARD_DOCUMENTS < count; shard++) {
    const fd = openSync(join(temporary, `shard-${String(shard).padStart(4, '0')}.jsonl`), 'w');
    let buffer = '';
    const end = Math.min(count, (shard + 1) * SHARD_DOCUMENTS);
    for (let n = shard * SHARD_DOCUMENTS; n < end; n++) {
      const document = makeDocument(pool, seed, first + n);
      words += document.text.split(/\s+/).length;
      buffer += JSON.stringify(document) + '\n';
      if (buffer.length > 4 << 20) { writeSync(fd, buffer); buffer = ''; }
    }
    writeSync(fd, buffer);
    closeSync(fd);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(temporary, dir);
  return words;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const dir = join(args.out, `corpus-${args.count}`);
  const added = Math.max(1, Math.floor(args.count / 100));
  const stamp = { generator: GENERATOR_VERSION, seed: args.seed, documents: args.count, added, substitution: SUBSTITUTION, length: LENGTH };
  const stampFile = join(dir, 'corpus.json');
  if (existsSync(stampFile)) {
    const old = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (JSON.stringify({ ...old, words: undefined, addedWords: undefined, seconds: undefined, pool: undefined }) ===
        JSON.stringify({ ...stamp, words: undefined, addedWords: undefined, seconds: undefined, pool: undefined })) {
      console.log(`${dir}: already generated (${old.documents} documents, ${old.words} words, ${old.seconds} s)`);
      return;
    }
  }
  const started = performance.now();
  const pool = loadPool();
  const poolInfo = { files: pool.files, corpusSentences: pool.corpus.length, heldOutSentences: pool.heldOut.length, replaceableWords: pool.words.length };
  console.log(`pool: ${JSON.stringify(poolInfo)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const words = writeShards(pool, args.seed, dir, 0, args.count);
  const addedWords = writeShards(pool, args.seed, `${dir}-add`, args.count, added);
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  writeFileSync(stampFile, JSON.stringify({ ...stamp, words, addedWords, seconds, pool: poolInfo }, null, 1) + '\n');
  console.log(`${dir}: ${args.count} documents, ${words} words; ${dir}-add: ${added} documents, ${addedWords} words; ${seconds} s`);
}

main();
