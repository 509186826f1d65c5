// Why a passage was reported, in plain words, shared by the page (match list, paper, side by side),
// the downloadable HTML report and the CLI, so that the three say the same thing. A passage is
// found by one of two kinds of evidence: exact shared runs (pasted or lightly edited text), or
// sentences rewritten from the source's (paraphrased or heavily edited text, few exact runs); a
// rewritten passage says how many of its sentences match, beside the exact-run evidence it has.
import { unitKey } from './units.js';
import { percent } from './percent.js';
import { count, language, t } from './i18n.js';

const clamp01 = (x) => Math.max(0, Math.min(1, Number(x) || 0));

/** Whether `passage` was found by its rewritten sentences rather than by exact runs. */
export const isRewritten = (passage) => passage?.evidence === 'rewritten';

/** Whether `passage` was found as a translation of a source in another language. */
export const isTranslated = (passage) => passage?.evidence === 'translated';

/** "translated from English: 7 sentences match the source's, 78% alike on average". */
export function translatedLabel(passage) {
  const pairs = sentencePairsOf(passage);
  const mean = pairs.reduce((sum, pair) => sum + clamp01(pair.similarity), 0) / Math.max(1, pairs.length);
  const name = languageName(passage.languages?.source);
  return t('evidence.translated', { count: pairs.length, language: name, similarity: percent(mean) });
}

/**
 * The name of the language `tag` (BCP 47, as a report gives it) in the reader's language: the
 * catalogue's for English and Chinese, the host's `Intl.DisplayNames` for the others the search by
 * meaning finds ("de" is "German", "德文"); English when a host has no name for it.
 */
export function languageName(tag) {
  if (tag === 'zh') return t('language.zh');
  if (typeof tag !== 'string' || tag === 'en') return t('language.en');
  try {
    return new Intl.DisplayNames([language()], { type: 'language' }).of(tag) ?? t('language.en');
  } catch {
    return t('language.en');
  }
}

/** The sentence pairs of `passage`: each paper sentence and the source sentence it matches. */
export const sentencePairsOf = (passage) => (Array.isArray(passage?.sentencePairs) ? passage.sentencePairs : []);

/** `phrase` with its first letter in upper case, for the start of a line (Chinese has no case). */
export const capitalized = (phrase) => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/** "rewritten: 7 of 9 sentences match" for a rewritten passage, '' for an exact one. */
export function rewrittenLabel(passage) {
  if (!isRewritten(passage)) return '';
  const pairs = sentencePairsOf(passage).length;
  const sentences = Math.max(pairs, Number(passage.sentences) || 0);
  return t('evidence.rewritten', { count: pairs, sentences: count('count.sentence', sentences) });
}

/**
 * Whether `passage` continues an earlier one of `passages` (its source's): the two are pieces of
 * one copied block (`region`), cut around the sentences between them that the source does not
 * explain, which the report leaves unmarked.
 */
export const continuesBlock = (passage, passages = []) =>
  Number.isInteger(passage?.region) && passages.some((other) => other !== passage && other.region === passage.region && other.start < passage.start);

/**
 * Every phrase of the evidence of `passage`: a rewritten passage's label first, then the
 * exact-run evidence, its counts in the unit the engine says they count (`passage.unit`: words,
 * or characters for Chinese and Japanese), and whether it continues an earlier passage of its
 * source (`passages`). Each medium joins them its own way (the page and the HTML report with
 * " · ", the CLI with the language's comma).
 */
export function evidencePhrases(passage, passages = []) {
  const continues = continuesBlock(passage, passages) ? [t('evidence.continues')] : [];
  // A translation shares no exact run with its source: its sentence pairs are all its evidence.
  if (isTranslated(passage)) return [translatedLabel(passage), ...continues];
  const key = unitKey(passage.unit);
  const label = rewrittenLabel(passage);
  const phrases = [
    ...(label ? [label] : []),
    t('evidence.matched', {
      matched: passage.matchedWords,
      matchedUnits: count(key, passage.matchedWords),
      total: count(key, passage.words),
      share: percent(passage.matchedShare),
    }),
    t('evidence.longest', { run: count(key, passage.longestRun) }),
  ];
  if (passage.convertedScript) phrases.push(t('evidence.converted'));
  // An exact passage that grew over rewritten sentences beside its runs says how many.
  const grown = label ? 0 : sentencePairsOf(passage).length;
  if (grown) phrases.push(t('evidence.grown', { sentences: count('count.sentence', grown) }));
  return [...phrases, ...continues];
}

/** The evidence of `passage` as one line, its phrases joined by `separator`. */
export function evidenceLine(passage, separator = ' · ', passages = []) {
  return evidencePhrases(passage, passages).join(separator);
}

/**
 * The heading of the sentence pairs of `passage`: a rewritten passage's label
 * ("Rewritten: 7 of 9 sentences match"), or "The 7 matching sentences" when `labelled` (the
 * label is shown just above); for an exact passage, the sentences it grew over.
 */
export function pairsHeading(passage, { labelled = false } = {}) {
  const n = sentencePairsOf(passage).length;
  if (isTranslated(passage)) return labelled ? count('evidence.pairsMatching', n) : capitalized(translatedLabel(passage));
  if (!isRewritten(passage)) return count('evidence.pairsGrown', n);
  return labelled ? count('evidence.pairsMatching', n) : capitalized(rewrittenLabel(passage));
}

/** How similar the two sentences of a pair are, e.g. "82% similar" (tf·idf cosine of their content words). */
export const pairSimilarity = (pair) =>
  t('evidence.pairSimilarity', { share: t('number.percent', { value: Math.round(clamp01(pair?.similarity) * 100) }) });

/**
 * What the sentence pairs of a passage show, said once above them: a paper's sentences beside the
 * source sentences they were rewritten from (or translate, for a translated `passage`), or, for two documents of a batch (`titles`), whose
 * copy is whose being unknown, each sentence of the first beside the one of the second it matches.
 */
export function pairsExplained(titles, passage) {
  if (isTranslated(passage)) return t('evidence.pairsTranslated');
  if (!titles) return t('evidence.pairsExplained');
  return t('evidence.pairsExplainedTitles', { first: titles[0], second: titles[1] });
}

/** How a rewritten passage is marked in the paper, for a legend. */
export const rewrittenMarked = () => t('evidence.rewrittenMarked');

/** Closing punctuation that ends a sentence ("." "?" "。" and closing quotes or brackets). */
const CLOSING = /[\p{Pe}\p{Pf}.!?;:\u2026\u3002\uFF01\uFF1F\uFF1B"']/u;

/**
 * Where the sentence ending at `end` (its last word's end, as the engine gives it) ends once its
 * closing punctuation is included, so that a sentence pair reads as whole sentences.
 */
export function sentenceEnd(text, end) {
  let at = Math.max(0, Math.min(text.length, end));
  while (at < text.length && at - end < 8 && CLOSING.test(text[at])) at += 1;
  return at;
}

/**
 * `text[start, end)` cut into pieces at `marks` ({ start, end }, UTF-16, in any order, possibly
 * overlapping or reaching outside): `[{ text, marked }]`, so that each medium wraps the marked
 * ones its own way (the page in <mark> elements, the HTML report in escaped text and <mark> tags).
 */
export function markedPieces(text, start, end, marks = []) {
  start = Math.max(0, Math.min(text.length, Math.trunc(Number(start)) || 0));
  end = Math.max(start, Math.min(text.length, Math.trunc(Number(end)) || 0));
  const clamp = (x) => Math.max(start, Math.min(end, Math.trunc(Number(x)) || 0));
  const inside = marks.map((m) => [clamp(m.start), clamp(m.end)]).filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const pieces = [];
  let at = start;
  for (const [a, b] of inside) {
    if (b <= at) continue;
    if (a > at) pieces.push({ text: text.slice(at, a), marked: false });
    pieces.push({ text: text.slice(Math.max(a, at), b), marked: true });
    at = b;
  }
  if (at < end) pieces.push({ text: text.slice(at, end), marked: false });
  return pieces;
}
