// What is generated from the Rust declarations (pkg/schema.js, from src/schema.rs) follows them:
// a changed default or range, or a new option, shows up in the TypeScript, the CLI's flags and
// help, the page's option controls and the README's tables with no edit of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import schema from '../../pkg/schema.js';
import { defaults } from 'plagscope';
import { flagHelp, optionFlags, optionsFromFlags } from '../../js/cli/options.js';
import { declared, OPTIONS } from '../../www/options.js';
import { declarations } from '../../scripts/types.mjs';
import { optionTable, withTables } from '../../scripts/docs.mjs';
import { pythonTypes } from '../../scripts/pytypes.mjs';

/** The schema with `AlignOptions.minWords` at default 17, range 2..999, and a new `CheckOptions.fooBar`. */
function edited() {
  const copy = structuredClone(schema);
  Object.assign(copy.$defs.AlignOptions.properties.minWords, { default: 17, minimum: 2, maximum: 999 });
  copy.$defs.CheckOptions.properties.fooBar = { type: 'integer', default: 3, minimum: 1, maximum: 9, description: 'A new option.' };
  return copy;
}

test('the schema is the engine: its defaults are the defaults() the engine fills in', () => {
  const engine = defaults();
  const leaf = (type, path) => path.reduce((node, name) => node.$defs[type].properties[name], schema);
  assert.equal(leaf('AlignOptions', ['minWords']).default, engine.check.align.minWords);
  assert.equal(leaf('CheckerOptions', ['shingleWords']).default, engine.checker.shingleWords);
  assert.equal(leaf('PairsOptions', ['minSimilarity']).default, engine.pairs.minSimilarity);
});

test('a changed default and range, and a new option, reach the TypeScript', async () => {
  const types = await declarations(edited());
  assert.match(types, /Fewest matched words[^*]*Default 17\. From 2 to 999\.\s*\*\/\s*minWords\?: number/);
  assert.match(types, /A new option\. Default 3\. From 1 to 9\.\s*\*\/\s*fooBar\?: number/);
  assert.doesNotMatch(types, /AlignOptions1/, 'one interface per type');
});

test('a changed default and range, and a new option, reach the CLI flags and help', () => {
  const flags = optionFlags(edited());
  const help = flagHelp(flags).join('\n');
  assert.match(help, /--min-words N +Fewest matched words in a reported passage \(default 17; 2\.\.999; check, pairs only\)/);
  assert.match(help, /--foo-bar N +A new option \(default 3; 1\.\.9; check only\)/);
  assert.deepEqual(optionsFromFlags({ 'foo-bar': '4', 'min-words': '900' }, 'check', undefined, flags).check, { fooBar: 4, align: { minWords: 900 } });
  assert.throws(() => optionsFromFlags({ 'min-words': '1000' }, 'check', undefined, flags), /--min-words must be an integer in 2\.\.999, got 1000/);
});

test('every option of the engine is a CLI flag, and each serves the commands its type serves', () => {
  const flags = new Map(optionFlags().map((f) => [f.flag, f]));
  for (const flag of ['shingle-words', 'guarantee-words', 'num-perm', 'minhash-scheme', 'ignore-case', 'min-words', 'max-doc-frequency', 'exclude-quotes', 'max-sources', 'combined-text-weight', 'min-similarity']) {
    assert.ok(flags.has(flag), flag);
  }
  const options = optionsFromFlags({ 'no-exclude-quotes': true, 'min-words': '20', 'shingle-words': '4' }, 'check');
  assert.deepEqual(options, { checker: { shingleWords: 4 }, check: { excludeQuotes: false, align: { minWords: 20 } }, pairs: {} });
  assert.deepEqual(optionsFromFlags({ 'min-words': '20', 'min-similarity': '0.2' }, 'pairs').pairs, { align: { minWords: 20 }, minSimilarity: 0.2 });
  assert.throws(() => optionsFromFlags({ 'min-similarity': '0.2' }, 'check'), /--min-similarity does not apply to check/);
  assert.throws(() => optionsFromFlags({ 'minhash-scheme': 'fast' }, 'index'), /must be one of onePermutation, classic/);
});

test('a changed default and range reach the page controls', () => {
  const minWords = declared({ where: 'AlignOptions.minWords', label: 'Smallest match' }, edited());
  assert.deepEqual([minWords.default, minWords.min, minWords.max, minWords.kind], [17, 2, 999, 'align']);
  assert.throws(() => declared({ where: 'AlignOptions.minWord' }), /the engine has no option AlignOptions.minWord/);
  assert.ok(OPTIONS.every((option) => option.default !== undefined));
});

test('the README tables are the declarations (run `npm run docs` after changing an option)', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  assert.equal(withTables(readme, schema), readme);
  assert.match(optionTable(edited(), 'CheckOptions'), /\| `align\.minWords` \| `17` \| 2\.\.=999 \| Fewest matched words/);
  assert.match(optionTable(edited(), 'CheckOptions'), /\| `fooBar` \| `3` \| 1\.\.=9 \| A new option\. \|/);
});

test('the Python typed dicts are the declarations (run `npm run docs` after changing one)', () => {
  const made = readFileSync(new URL('../../bindings/python/python/plagscope/types.py', import.meta.url), 'utf8');
  assert.equal(pythonTypes(schema), made);
  const withFooBar = pythonTypes(edited());
  assert.match(withFooBar, /class CheckOptions\(TypedDict, total=False\):[\s\S]*?# A new option\.\n    fooBar: int\n/);
  assert.match(withFooBar, /class Report\(TypedDict\):/);
});
