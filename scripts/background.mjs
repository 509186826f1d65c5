// Builds src/sketch/data/background-en.txt, the English word frequencies the engine weighs terms by
// when a library is too small for its own document frequencies (src/sketch/background.rs):
//   target/corpus/downloads/wordfreq-3.1.1-py3-none-any.whl  the PyPI package wordfreq 3.1.1 (Robyn
//                                                            Speer; code Apache-2.0, data CC BY-SA 4.0)
//   wordfreq/data/small_en.msgpack.gz inside it              words by frequency, in centibels
// The output keeps the words written in lowercase letters a-z (an apostrophe inside allowed) with a
// frequency of at least 10^-4.5 (about 3,000 words; rarer words weigh as unseen ones, see the
// module), one line per centibel step: "<centibels> word word ...", after a header naming the
// source and its licence. Run by hand (`npm ci --prefix bench && node scripts/background.mjs`);
// the file is committed, so neither the build nor the tests download the 57 MB wheel.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { benchRequire, root, unzipEntry, wheel } from './corpus-fetch.mjs';

const WORDFREQ = {
  spec: 'wordfreq==3.1.1',
  file: 'wordfreq-3.1.1-py3-none-any.whl',
  sha256: '4b1c6ecffc6198be3396d5cf871c4423ca71c907c231348d352dd54d62b97473',
};
/** Least frequency kept, in centibels below 1 (450: 10^-4.5). */
const RAREST_CENTIBELS = 450;
const WORD = /^[a-z]+(?:'[a-z]+)?$/;
const OUTPUT = join(root, 'src', 'sketch', 'data', 'background-en.txt');

const { decode } = benchRequire('@msgpack/msgpack');
const packed = gunzipSync(unzipEntry(wheel(WORDFREQ), 'wordfreq/data/small_en.msgpack.gz'));
const [header, ...buckets] = decode(packed);
if (header?.format !== 'cB' || header?.version !== 1) {
  throw new Error(`small_en.msgpack.gz: unknown format ${JSON.stringify(header)}`);
}
const lines = [
  '# English word frequencies from wordfreq 3.1.1 (https://github.com/rspeer/wordfreq), small_en list,',
  '# by Robyn Speer; the data is under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/).',
  `# Reduced by scripts/background.mjs: words of letters a-z at 10^-${RAREST_CENTIBELS / 100} or more;`,
  '# each line is "<centibels> <words>": a frequency of 10^(-centibels/100) in running text.',
];
let words = 0;
buckets.slice(0, RAREST_CENTIBELS).forEach((bucket, centibels) => {
  const kept = bucket.filter((w) => WORD.test(w)).sort();
  if (kept.length === 0) return;
  words += kept.length;
  lines.push(`${centibels} ${kept.join(' ')}`);
});
writeFileSync(OUTPUT, `${lines.join('\n')}\n`);
console.log(`${OUTPUT}: ${words} words`);
