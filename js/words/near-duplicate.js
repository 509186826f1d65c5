// Whole-document verdicts from the published methods plagscope is built on, in plain words, shared
// by the page, the HTML report and the CLI: whether a paper and a source are near-duplicates (the
// same document, give or take edits), and why. Passages say where a paper copies; these say that
// the paper as a whole is the source.
import { percent } from './percent.js';
import { t } from './i18n.js';

/**
 * Hamming distance at or under which two 64-bit SimHash fingerprints are near-duplicates: Manku,
 * Jain and Das Sarma (WWW 2007) use 3 for web pages.
 */
export const SIMHASH_NEAR = 3;

/** MinHash Jaccard estimate of the word 5-shingle sets at or above which two documents are near-duplicates. */
export const JACCARD_NEAR = 0.8;

const wholePercent = (x) => percent(x, 0);

/**
 * The reasons `source` (a SourceReport) is a near-duplicate of the paper, one sentence each; empty
 * when it is not. Each reason names the method that decided.
 */
export function nearDuplicateReasons(source) {
  const reasons = [];
  if (source.simhashDistance <= SIMHASH_NEAR) {
    reasons.push(t('near.simhash', { bits: source.simhashDistance, most: SIMHASH_NEAR }));
  }
  if (source.jaccard >= JACCARD_NEAR) {
    reasons.push(t('near.minhash', { share: wholePercent(source.jaccard) }));
  }
  const chinese = source.scores?.chineseNgram;
  if (chinese?.duplicate) {
    reasons.push(t('near.chinese', { share: wholePercent(chinese.share) }));
  }
  return reasons;
}

/** "Near-duplicate: …" for a tooltip or a line of text, or '' when the source is not one. */
export function nearDuplicateText(source) {
  const reasons = nearDuplicateReasons(source);
  return reasons.length ? t('near.text', { label: t('near.label'), reasons: reasons.join(t('near.separator')) }) : '';
}
