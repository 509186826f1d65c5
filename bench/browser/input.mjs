// Builds the browser benchmark's input from the real-text corpus (target/corpus) and writes it to
// target/bench/input/, where the bench page (served) and the native bench (benches/same_input.rs)
// both read it, so Chromium and native measure exactly the same text. Every file holds records
// separated by U+001E (RECORD SEPARATOR), which no corpus text contains.
//
//   en.txt, zh.txt   real English / Chinese documents, one record each, >= MIN_BYTES of UTF-8 each
//   refs.txt         unique reference texts: English 2,000-word chunks first, then Chinese chunks of
//                    3,334 characters (about 2,000 word equivalents at 0.6 per Han character)
//   paper.txt        one 5,000-word English paper: 800 words from each of five held-out Brown corpus
//                    documents (text no reference holds), each followed by a 200-word passage copied
//                    from one of the first 1,000 references
//   pairs.txt        10,000 documents of 1,000 words for `pairs()`: English 1,000-word chunks, then
//                    Chinese 1,000-character chunks (each Han character is a word to plagscope): 6,910
//                    unique; the rest are the English cut again 500 words later, so each of those
//                    shares half its text with each of two others (pairs to find and align)
//   input.json       sizes and counts, and how the reference sets are made
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SEPARATOR = '\u001e';
const MIN_BYTES = 10e6;
const REFERENCE_WORDS = 2000;
const CHINESE_CHUNK_CHARS = 3334;
const PAIRS_DOCUMENTS = 10_000;
const PAIRS_WORDS = 1000;
const corpusDir = new URL('../../target/corpus/', import.meta.url);
export const inputDir = new URL('../../target/bench/input/', import.meta.url);

const bytes = (text) => Buffer.byteLength(text, 'utf8');

/** The .txt documents of target/corpus/<dir>, sorted by name, separators removed; `keep` filters by name. */
function documents(dir, keep = () => true) {
  const url = new URL(`${dir}/`, corpusDir);
  return readdirSync(url)
    .filter((name) => name.endsWith('.txt') && keep(name))
    .sort()
    .map((name) => readFileSync(new URL(name, url), 'utf8').replaceAll(SEPARATOR, ' ').trim())
    .filter(Boolean);
}

// Five Brown documents of different genres, never in a reference: the paper's own prose. (News of
// bench-en would not do: stories and boilerplate recur across its articles and outlets.)
const HELD_OUT = new Set(['brown-ca05.txt', 'brown-cf10.txt', 'brown-cg20.txt', 'brown-cj30.txt', 'brown-cn10.txt']);

/** The first documents of `list` whose UTF-8 size reaches `min` bytes. */
function atLeast(list, min) {
  const out = [];
  let total = 0;
  for (const text of list) {
    if (total >= min) break;
    out.push(text);
    total += bytes(text);
  }
  if (total < min) throw new Error(`the corpus has only ${(total / 1e6).toFixed(1)} MB, not ${min / 1e6} MB`);
  return out;
}

/** Cuts `text` after every `size`-th whitespace-separated word, keeping its own line breaks. */
function wordChunks(text, size) {
  const chunks = [];
  const word = /\S+/g;
  let start = 0;
  let count = 0;
  for (let match = word.exec(text); match; match = word.exec(text)) {
    if (++count === size) {
      chunks.push(text.slice(start, word.lastIndex).trim());
      start = word.lastIndex;
      count = 0;
    }
  }
  return chunks;
}

/** Cuts `text` into pieces of `size` code points (the last, shorter piece dropped). */
function charChunks(text, size) {
  const chars = [...text.replace(/\s+/g, (s) => (s.includes('\n') ? '\n' : s))];
  const chunks = [];
  for (let i = 0; i + size <= chars.length; i += size) chunks.push(chars.slice(i, i + size).join('').trim());
  return chunks;
}

const words = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');

/** 5,000 words: 800 words of each held-out document, each followed by a copied 200-word passage. */
function makePaper(heldOut, references) {
  const parts = [];
  for (let i = 0; i < 5; i++) {
    parts.push(words(heldOut[i], 0, 800));
    parts.push(words(references[i * 97 + 31], 300, 200)); // Brown chunks: the Factbook's shared phrasing would match dozens
  }
  return parts.join('\n\n');
}

export function buildInput() {
  const english = [...documents('en', (name) => !HELD_OUT.has(name)), ...documents('bench-en')];
  const heldOut = documents('en', (name) => HELD_OUT.has(name));
  const chinese = [...documents('zh'), ...documents('bench-zh')];
  const en = atLeast(english, MIN_BYTES);
  const zh = atLeast(chinese, MIN_BYTES);
  const englishChunks = wordChunks(english.join('\n\n'), REFERENCE_WORDS);
  const chineseChunks = charChunks(chinese.join('\n\n'), CHINESE_CHUNK_CHARS);
  const refs = [...englishChunks, ...chineseChunks];
  const paper = makePaper(heldOut, englishChunks);
  const englishText = english.join('\n\n');
  const halfWay = englishText.replace(new RegExp(`^\\s*(\\S+\\s+){${PAIRS_WORDS / 2}}`), '');
  const pairsUnique = [...wordChunks(englishText, PAIRS_WORDS), ...charChunks(chinese.join('\n\n'), PAIRS_WORDS)];
  const pairs = [...pairsUnique, ...wordChunks(halfWay, PAIRS_WORDS)].slice(0, PAIRS_DOCUMENTS);
  const manifest = {
    en: { documents: en.length, bytes: en.reduce((n, t) => n + bytes(t), 0), from: 'target/corpus/en (Brown, Factbook) then bench-en (news, 2017)' },
    zh: { documents: zh.length, bytes: zh.reduce((n, t) => n + bytes(t), 0), from: 'target/corpus/zh (classical Chinese) then bench-zh (Chinese laws)' },
    references: {
      unique: refs.length,
      english: englishChunks.length,
      chinese: chineseChunks.length,
      bytes: refs.reduce((n, t) => n + bytes(t), 0),
      how: `English: en + bench-en concatenated in order, cut every ${REFERENCE_WORDS} words (${[...HELD_OUT].join(', ')} held out for the paper); Chinese: zh + bench-zh cut every ${CHINESE_CHUNK_CHARS} characters`,
    },
    paper: { words: paper.split(/\s+/).filter(Boolean).length, bytes: bytes(paper), copied: '5 passages of 200 words from references 31, 128, 225, 322, 419 (Brown corpus chunks)' },
    pairs: {
      documents: pairs.length,
      unique: pairsUnique.length,
      words: PAIRS_WORDS,
      how: `English (en + bench-en) cut every ${PAIRS_WORDS} words, then Chinese (zh + bench-zh) every ${PAIRS_WORDS} characters (${pairsUnique.length} documents); then the English cut again ${PAIRS_WORDS / 2} words later, each sharing half its text with two of the first`,
    },
  };
  mkdirSync(inputDir, { recursive: true });
  const write = (name, records) => writeFileSync(new URL(name, inputDir), records.join(SEPARATOR));
  write('en.txt', en);
  write('zh.txt', zh);
  write('refs.txt', refs);
  write('paper.txt', [paper]);
  write('pairs.txt', pairs);
  writeFileSync(new URL('input.json', inputDir), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(buildInput(), null, 2));
