// The sentence pairs of one passage, for the side-by-side view: each paper sentence beside the
// source sentence it was rewritten from, the words whose content both share marked, and how
// similar the two are. This is all the evidence of a rewritten (paraphrased) passage, which has
// few exact runs to highlight; an exact passage lists the sentences it grew over. The texts are
// Preact text children, never parsed as HTML.
import { html } from '../../pkg/vendor/ui.js';
import { t } from '../../js/words/i18n.js';
import { markedPieces, pairsExplained, pairSimilarity, pairsHeading, sentenceEnd, sentencePairsOf } from '../../js/words/evidence.js';

/** The id of the sentence pairs' section, which the match list's "Go to the sentence pairs" focuses. */
export const PAIRS_ID = 'sentence-pairs';

/** The sentence `text[start, end)`, its closing punctuation included, its `words` ({ start, end }) in <mark>s of the source's colour. */
function Sentence({ text, start, end, words, colour }) {
  return markedPieces(text, start, sentenceEnd(text, end), words).map((piece) =>
    piece.marked ? html`<mark class="shared" ref=${(el) => el?.style.setProperty('--mark', colour)}>${piece.text}</mark>` : piece.text,
  );
}

/**
 * The pairs of `passage` between the texts `paper` and `source` (strings), marked in `colour`;
 * the sides are the paper and the source, or two documents of a batch named by their `titles`.
 * Nothing for a passage without pairs.
 */
export function SentencePairs({ passage, paper, source, colour, titles }) {
  const pairs = sentencePairsOf(passage);
  if (!pairs.length) return null;
  const sides = titles ? titles.map((title) => t('pairs.inTitle', { title })) : [t('pairs.inPaper'), t('pairs.inSource')];
  return html`<section class="sentence-pairs" id=${PAIRS_ID} tabindex="-1" aria-labelledby="sentence-pairs-heading">
    <h3 id="sentence-pairs-heading">${pairsHeading(passage)}</h3>
    <p class="muted small">${pairsExplained(titles, passage)}</p>
    <ol class="pair-list">
      ${pairs.map((pair) => html`<li key=${`${pair.start}:${pair.sourceStart}`}>
        <div class="pair-side">
          <span class="pair-label">${sides[0]}</span>
          <p><${Sentence} text=${paper} start=${pair.start} end=${pair.end} words=${pair.sharedWords} colour=${colour} /></p>
        </div>
        <div class="pair-side">
          <span class="pair-label">${sides[1]}</span>
          <p><${Sentence} text=${source} start=${pair.sourceStart} end=${pair.sourceEnd} words=${pair.sourceSharedWords} colour=${colour} /></p>
        </div>
        <p class="pair-similarity">${pairSimilarity(pair)}</p>
      </li>`)}
    </ol>
  </section>`;
}
