// The workload of the library-scale benchmark (bench/library-scale.mjs), the same in Node and in
// Chromium: reference `i` is document `i` of the scale corpus (bench/scale/pool.mjs, seed 31: real
// sentences recombined, ~2,870 words, as `node bench/scale/corpus.mjs N` writes them), or, with a
// fixed length, `words` words of the same sentences; and a planted paper of ~5,000 words of held-out
// sentences (in no reference) with three 200-word passages copied verbatim from references spread
// over the library (early, middle, last), whose ids the check must report.
import { fileURLToPath } from 'node:url';
import { documentId, drawText, loadPool, makeDocument, rng, sentencesOf } from '../scale/pool.mjs';

export const SEED = 31;
const PAPER_WORDS = 5000;
const PASSAGE_WORDS = 200;

/** The sentence pool, from target/corpus (scripts/corpus.mjs --bench). */
export function pool() {
  return loadPool(fileURLToPath(new URL('../../target/corpus', import.meta.url)));
}

/** Reference `index`: a scale corpus document, or `words` words of its sentences when given. */
export function reference(sentences, index, words = 0) {
  if (!words) return makeDocument(sentences, SEED, index);
  const text = drawText(sentences, sentences.corpus, rng(SEED, index), words);
  return { id: documentId(index), title: text.split(/\s+/, 8).join(' '), text };
}

/** `count` references from `first`. */
export function references(sentences, first, count, words = 0) {
  return Array.from({ length: count }, (_, k) => reference(sentences, first + k, words));
}

/** The whole sentences of `text` from the middle on, until PASSAGE_WORDS words (or the end). */
function passage(text) {
  const all = sentencesOf(text);
  const out = [];
  for (let i = Math.floor(all.length / 3); i < all.length && out.length < PASSAGE_WORDS; i++) out.push(...all[i]);
  return out.join(' ');
}

/**
 * The papers checked against a library of `held` references: `{ text, sources }`, `sources` the
 * ids of the three references it copies a 200-word passage from (5%, 50% and the last of the
 * library), and `clean`, the same paper without the passages (its own text is the same at every
 * N, so only what is copied changes): a check of it has only chance candidates, so its time is
 * the check's cost apart from the candidates.
 */
export function plantedPaper(sentences, held, words = 0) {
  const indices = [...new Set([Math.floor(held * 0.05), Math.floor(held * 0.5), held - 1])];
  const copied = indices.map((i) => passage(reference(sentences, i, words).text));
  const random = rng(SEED ^ 0x5eed, 2_000_000_000);
  const own = Array.from({ length: 4 }, () => drawText(sentences, sentences.heldOut, random, (PAPER_WORDS - 3 * PASSAGE_WORDS) / 4, 0));
  const text = own.flatMap((part, s) => (s < copied.length ? [part, copied[s]] : [part])).join('\n\n') + '\n';
  return { text, sources: indices.map(documentId), clean: own.join('\n\n') + '\n' };
}

/** Which of `sources` a report found (ids of its sources). */
export function found(report, sources) {
  const ids = new Set(report.sources.map((s) => s.id));
  return sources.filter((id) => ids.has(id));
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1];
