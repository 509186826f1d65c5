// Writes the scale benchmark's planted papers: K papers of ~5,000 words, each copying 2-3 passages
// of 100-300 words (verbatim, or lightly edited) from documents of corpus-N, the rest made of
// held-out sentences (pool.mjs: never in any document). The ground truth is the generator's own
// record of what it copied, never plagscope's output.
//
//   node bench/scale/papers.mjs N [--papers K] [--seed S] [--out target/scale]
//     -> target/scale/papers-N/paper-01.txt ... and truth.json:
//        { "paper-01.txt": { "sources": [ids], "passages": [{ source, words, edited }] }, ... }
//
// The sources' texts are made again from the corpus's seed (a document is a function of the seed
// and its number), so the papers need no pass over the corpus files.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentId, drawText, loadPool, makeDocument, rng, sentencesOf } from './pool.mjs';

const PAPER_WORDS = 5000;
/** Words edited in a lightly edited passage: each replaced or dropped. */
const LIGHT_EDIT = 0.06;

function parseArgs(argv) {
  const args = { count: Number(argv[0]), papers: 20, seed: 31, out: 'target/scale' };
  for (let i = 1; i < argv.length; i += 2) {
    const value = argv[i + 1];
    if (argv[i] === '--papers') args.papers = Number(value);
    else if (argv[i] === '--seed') args.seed = Number(value);
    else if (argv[i] === '--out') args.out = value;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!Number.isInteger(args.count) || args.count < 100) throw new Error('usage: papers.mjs N [--papers K] [--seed S] [--out DIR]');
  return args;
}

/** Whole sentences of `text` from a random one, until `target` words: the passage's words. */
function passageOf(text, target, random) {
  const sentences = sentencesOf(text);
  let start = Math.floor(random() * sentences.length);
  // Start early enough that the document has the words left.
  let left = 0;
  for (let i = sentences.length - 1; i >= 0 && left < target; i--) { left += sentences[i].length; start = Math.min(start, i); }
  const words = [];
  for (let i = start; i < sentences.length && words.length < target; i++) words.push(...sentences[i]);
  return words;
}

/** A light edit: LIGHT_EDIT of the words replaced by a pool word or dropped. */
function lightlyEdited(words, pool, random) {
  const out = [];
  for (const w of words) {
    if (random() >= LIGHT_EDIT) out.push(w);
    else if (random() < 0.5) out.push(pool.words[Math.floor(random() * pool.words.length)]);
  }
  return out;
}

/** Paper `k`: its text and its truth. Sources are distinct documents drawn from 0 .. count-1. */
function makePaper(pool, args, k) {
  const random = rng(args.seed ^ 0x5eed, 1_000_000_000 + k);
  const planted = 2 + Math.floor(random() * 2);
  const sources = new Set();
  while (sources.size < planted) sources.add(Math.floor(random() * args.count));
  const passages = [...sources].map((index) => {
    const source = makeDocument(pool, args.seed, index);
    const edited = random() < 0.5;
    let words = passageOf(source.text, 100 + Math.floor(random() * 201), random);
    if (edited) words = lightlyEdited(words, pool, random);
    return { source: documentId(index), words: words.length, edited, text: words.join(' ') };
  });
  const own = PAPER_WORDS - passages.reduce((sum, p) => sum + p.words, 0);
  // The paper's own text: held-out sentences as they are (real sentences in no document).
  const segments = passages.length + 1;
  const parts = [];
  for (let s = 0; s < segments; s++) {
    parts.push(drawText(pool, pool.heldOut, random, Math.round(own / segments), 0));
    if (s < passages.length) parts.push(passages[s].text);
  }
  const truth = { sources: passages.map((p) => p.source), passages: passages.map(({ text, ...p }) => p) };
  return { text: parts.join('\n\n') + '\n', truth };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const pool = loadPool();
  const dir = join(args.out, `papers-${args.count}`);
  mkdirSync(dir, { recursive: true });
  const truth = {};
  for (let k = 1; k <= args.papers; k++) {
    const name = `paper-${String(k).padStart(2, '0')}.txt`;
    const paper = makePaper(pool, args, k);
    writeFileSync(join(dir, name), paper.text);
    truth[name] = { words: paper.text.split(/\s+/).filter(Boolean).length, ...paper.truth };
  }
  writeFileSync(join(dir, 'truth.json'), JSON.stringify(truth, null, 1) + '\n');
  const sources = Object.values(truth).reduce((n, t) => n + t.sources.length, 0);
  console.log(`${dir}: ${args.papers} papers, ${sources} planted sources, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main();
