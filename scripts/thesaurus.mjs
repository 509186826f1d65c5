// Parsing the paraphrase kind's thesauri (scripts/corpus.mjs --bench fetches them): WordNet 3.0's
// database files into synsets and each lemma's ranked senses, its exception lists into irregular forms,
// and Cilin (extended) into its lines. Pure functions of the files' text, so they can be
// checked without the packages.

/** WordNet 3.0 as Debian packs it (licence: WordNet 3.0, Princeton, free to use and redistribute). */
export const WORDNET = {
  spec: 'wordnet-base=1:3.0-37',
  file: 'wordnet-base_1%3a3.0-37_all.deb',
  sha256: '61060d960f9ada8fa120872312eccd3ecebfbab8c4579e4f5a74e1cf67620752',
  dir: 'usr/share/wordnet',
};

const WORDNET_POS = [['n', 'noun'], ['v', 'verb'], ['a', 'adj'], ['r', 'adv']];
const oneWord = (word) => /^[a-z]+$/.test(word);

/** "pos\toffset\tword word ..." lines: the synsets of the data.<pos> files with at least two one-word
 *  lowercase lemmas (adjective markers such as "(p)" cut; capitalized lemmas are names, phrases have "_"). */
export function wordnetSynsets(read) {
  const lines = [];
  for (const [pos, name] of WORDNET_POS) {
    for (const line of read(`data.${name}`).split('\n')) {
      // The licence header's lines begin with spaces.
      if (!line || line.startsWith(' ')) continue;
      const fields = line.split(' ');
      const count = parseInt(fields[3], 16);
      const words = [];
      for (let i = 0; i < count; i++) words.push(fields[4 + 2 * i].replace(/\(.*\)$/, ''));
      const plain = [...new Set(words.filter(oneWord))];
      if (plain.length >= 2) lines.push(`${pos}\t${fields[0]}\t${plain.join(' ')}`);
    }
  }
  return lines;
}

/** "pos\tlemma\ttagged\toffset offset ..." lines for every one-word lemma of the index.<pos> files: its
 *  senses' synsets, most frequent first when `tagged` (tagsense_cnt) is above 0; otherwise WordNet's
 *  order says nothing about use. */
export function wordnetIndex(read) {
  const lines = [];
  for (const [pos, name] of WORDNET_POS) {
    for (const line of read(`index.${name}`).split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const [lemma, , senses, pointers] = fields;
      const at = 4 + Number(pointers);
      const offsets = fields.slice(at + 2, at + 2 + Number(senses));
      if (oneWord(lemma)) lines.push(`${pos}\t${lemma}\t${fields[at + 1]}\t${offsets.join(' ')}`);
    }
  }
  return lines;
}

/** "pos\tinflected\tbase" lines from WordNet's exception lists (one-word forms only). */
export function wordnetIrregular(read) {
  const lines = [];
  for (const [pos, name] of WORDNET_POS) {
    for (const line of read(`${name}.exc`).split('\n')) {
      const [form, ...bases] = line.trim().split(' ');
      for (const base of bases.filter(oneWord)) if (oneWord(form)) lines.push(`${pos}\t${form}\t${base}`);
    }
  }
  return lines;
}

/** Cilin (extended)'s lines, whitespace normalized; refuses a file that is not the whole thesaurus. */
export function cilinLines(text) {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (lines.length < 17000) throw new Error(`cilin_ex.txt has ${lines.length} lines, not the 17,817 of Cilin (extended)`);
  return lines;
}

/** The files of target/corpus/bench-thesaurus, from WordNet's files (`read(name)`) and Cilin's text. */
export function thesaurusFiles(read, cilin) {
  const text = (lines) => `${lines.join('\n')}\n`;
  return [
    { name: 'en-synsets', text: text(wordnetSynsets(read)) },
    { name: 'en-senses', text: text(wordnetIndex(read)) },
    { name: 'en-irregular', text: text(wordnetIrregular(read)) },
    { name: 'zh-cilin', text: text(cilinLines(cilin)) },
  ];
}
