// The quotations a check left out that match a source, in plain words, shared by the page, the HTML
// report and the CLI: "quotation, 140 characters, matches source 3, “Title”". A copy wrapped in
// quote marks is left out of the similarity like any quotation, but never out of sight: the reader
// sees which source it matches and how long it is. The words are the catalogue's (js/i18n.js).
import { count, t } from './i18n.js';

/** Characters of `text` from `start` to `end` as a reader counts them: an emoji is one. */
export function characters(text, start, end) {
  let count = 0;
  for (const _ of String(text).slice(start, end)) count += 1;
  return count;
}

/**
 * The left-out quotations of `report` (a plagscope Report) that match a source, in paper order:
 * `{ start, end, characters, id, number, title }`. `number` is the source's number as the reader
 * sees it (`numberOf(id)`; by default its rank in `report.sources`, from 1), or null when the source
 * has no passage of its own in the report; `title` comes from `report.sources`, else `titles[id]`,
 * else the id.
 */
export function matchedQuotations(report, text, { numberOf, titles = {} } = {}) {
  const listed = new Map((report.sources ?? []).map((source, rank) => [source.id, { source, rank }]));
  const number = numberOf ?? ((id) => (listed.has(id) ? listed.get(id).rank + 1 : null));
  return (report.excluded ?? [])
    .filter((exclusion) => exclusion.kind === 'quote' && typeof exclusion.source === 'string')
    .map(({ start, end, source: id }) => ({
      start,
      end,
      characters: characters(text, start, end),
      id,
      number: listed.has(id) ? number(id) ?? null : null,
      title: String(listed.get(id)?.source.title || titles[id] || id),
    }));
}

/**
 * What a matched quotation is, after its kind: "140 characters, matches source 3, “Title”", or
 * "52 characters, matches “Title”, which has no other match" for a source the report does not list.
 */
export function quotationMatch(quotation) {
  const length = count('count.character', quotation.characters);
  return quotation.number === null
    ? t('quotation.matchesUnlisted', { length, title: quotation.title })
    : t('quotation.matchesSource', { length, number: quotation.number, title: quotation.title });
}

/** One matched quotation in words: "quotation, 140 characters, matches source 3, “Title”". */
export const quotationPhrase = (quotation) => t('quotation.phrase', { match: quotationMatch(quotation) });
