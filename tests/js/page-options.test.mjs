// The page's options (www/options.js) against the engine: every default is the engine's own
// (`defaults()`), every range is the one the engine enforces (the ends accepted, one past refused),
// and remembered values are validated on the way back in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Checker, defaults } from 'plagscope';
import { OPTIONS, available, checkOptions, pairsOptions, defaultValues, loadValues, saveValues, textOptions } from '../../www/options.js';

const engine = defaults();
const engineDefault = (option) =>
  option.kind === 'text' ? engine.checker.text[option.name] : option.kind === 'align' ? engine.check.align[option.name] : engine.check[option.name];

test('every page option has the engine default', () => {
  for (const option of OPTIONS) assert.equal(option.default, engineDefault(option), option.name);
  assert.deepEqual(checkOptions(defaultValues()).align, { minWords: engine.check.align.minWords, maxGap: engine.check.align.maxGap, translated: false, meaningSearch: false });
  // Translated copies need the sentence model: asked for only once it is loaded, never for all pairs.
  const wanted = { ...defaultValues(), translated: true };
  assert.equal(checkOptions(wanted).align.translated, false);
  assert.equal(checkOptions(wanted, 'loading').align.translated, false);
  assert.equal(checkOptions(wanted, 'ready').align.translated, true);
  assert.equal('translated' in pairsOptions(wanted).align, false);
  // The search by meaning widens translated copies: on only with them, and with the model.
  const meaning = OPTIONS.find((o) => o.name === 'meaningSearch');
  const both = { ...wanted, meaningSearch: true };
  assert.equal(checkOptions(both, 'ready').align.meaningSearch, true);
  assert.equal(checkOptions(both, 'loading').align.meaningSearch, false);
  assert.equal(checkOptions({ ...both, translated: false }, 'ready').align.meaningSearch, false);
  assert.equal('meaningSearch' in pairsOptions(both).align, false);
  assert.equal(available(meaning, both, 'ready'), true);
  assert.equal(available(meaning, both, 'absent'), false);
  assert.equal(available(meaning, { ...both, translated: false }, 'ready'), false);
  assert.deepEqual(textOptions(defaultValues()), { ignoreCase: true, ignorePunctuation: true, ignoreNumbers: false });
});

test('every number range is the engine range: the ends are accepted, one past is refused', () => {
  const checker = new Checker();
  checker.addReference({ id: 'a', text: 'some reference text' });
  for (const option of OPTIONS.filter((o) => o.type === 'number')) {
    const run = (value) => checker.check('a paper', { align: { [option.name]: value } });
    assert.doesNotThrow(() => run(option.min), option.name);
    assert.doesNotThrow(() => run(option.max), option.name);
    assert.throws(() => run(option.min - 1), { message: new RegExp(option.name) });
    assert.throws(() => run(option.max + 1), { message: new RegExp(option.name) });
  }
});

test('remembered values come back only when valid', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  assert.deepEqual(loadValues(storage), defaultValues());
  saveValues({ ...defaultValues(), minWords: 20, ignoreNumbers: true }, storage);
  assert.deepEqual(loadValues(storage), { ...defaultValues(), minWords: 20, ignoreNumbers: true });
  store.set('plagscope.options', JSON.stringify({ minWords: -5, maxGap: 2.5, excludeQuotes: 'yes', unknown: 1 }));
  assert.deepEqual(loadValues(storage), defaultValues());
  store.set('plagscope.options', '{not json');
  assert.deepEqual(loadValues(storage), defaultValues());
});
