// What a check left out that matches a source (a quotation, a reference list, a table), in plain
// words, shared by the page, the HTML report and the CLI: "quotation, 140 characters, matches source
// 3, “Title”". A copy wrapped in quote marks is left out of the similarity like any quotation, and a
// reference list like any other, but never out of sight: the reader sees which source it matches
// and how long it is. The words are the catalogue's (js/words/i18n.js).
import { count, t } from './i18n.js';

/** Characters of `text` from `start` to `end` as a reader counts them: an emoji is one. */
export function characters(text, start, end) {
  let count = 0;
  for (const _ of String(text).slice(start, end)) count += 1;
  return count;
}

/**
 * The left-out spans of `report` (a plagscope Report) that match a source (quotations, reference
 * lists, tables), each once (a span inside another listed one is part of it), in paper order: `{ kind, start, end, characters, id, number, title }`. `number` is the source's number as the reader
 * sees it (`numberOf(id)`; by default its rank in `report.sources`, from 1), or null when the source
 * has no passage of its own in the report; `title` comes from `report.sources`, else `titles[id]`,
 * else the id.
 */
export function matchedExclusions(report, text, { numberOf, titles = {} } = {}) {
  const listed = new Map((report.sources ?? []).map((source, rank) => [source.id, { source, rank }]));
  const number = numberOf ?? ((id) => (listed.has(id) ? listed.get(id).rank + 1 : null));
  return outermost((report.excluded ?? []).filter((exclusion) => typeof exclusion.source === 'string'))
    .map(({ kind, start, end, source: id }) => ({
      kind,
      start,
      end,
      characters: characters(text, start, end),
      id,
      number: listed.has(id) ? number(id) ?? null : null,
      title: String(listed.get(id)?.source.title || titles[id] || id),
    }));
}

/**
 * `spans` in paper order without those inside another (a quoted title in a reference list is part
 * of the list): one pass over them sorted by start, the longer first at one start.
 */
function outermost(spans) {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  let coveredTo = -1;
  return sorted.filter((span) => {
    if (span.end <= coveredTo) return false;
    coveredTo = span.end;
    return true;
  });
}

/**
 * What a matched span is, after its kind: "140 characters, matches source 3, “Title”", or
 * "52 characters, matches “Title”, which has no other match" for a source the report does not list.
 */
export function exclusionMatch(matched) {
  const length = count('count.character', matched.characters);
  return matched.number === null
    ? t('quotation.matchesUnlisted', { length, title: matched.title })
    : t('quotation.matchesSource', { length, number: matched.number, title: matched.title });
}

/** The catalogue's phrase for each kind of matched span: "quotation, {match}". */
const PHRASES = { quote: 'quotation.phrase', bibliography: 'leftOut.phrase.bibliography', table: 'leftOut.phrase.table' };

/** One matched span in words: "quotation, 140 characters, matches source 3, “Title”". */
export const exclusionPhrase = (matched) => t(PHRASES[matched.kind] ?? 'quotation.phrase', { match: exclusionMatch(matched) });
