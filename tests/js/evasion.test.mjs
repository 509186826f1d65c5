// Evasion through the npm API, driven by the shared case file tests/data/evasion-cases.json (the same
// cases the Rust suite and the page test use): each disguised copy of the source is still found and
// the disguise is named in `analyze(paper).evasion`; honest text in other scripts reports nothing.
// EVASION_CASES=<path> runs the suite against another file in the same format (e.g. a draft of
// new cases) without touching the committed one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Checker, analyze } from 'plagscope';

const casesPath = process.env.EVASION_CASES ?? new URL('../data/evasion-cases.json', import.meta.url);
const { source, disguised, honest } = JSON.parse(readFileSync(casesPath, 'utf8'));

/** The value at a dotted path (`replacedLetters.Armenian`); keys may contain spaces. */
const at = (object, path) => path.split('.').reduce((value, key) => value?.[key], object);

/** Whether a report value says something was found: a positive count, a non-empty list or map. */
function found(value) {
  if (typeof value === 'number') return value > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return value === true;
}

/**
 * The fields of an evasion report that say something was found. Generic on purpose: a field added
 * to the report later is covered without touching this test. `invisibleRemovedTotal` counts harmless
 * characters too (a byte order mark, joiners in Arabic or Indic script), so it is not a signal.
 */
function signals(evasion) {
  return Object.entries(evasion)
    .filter(([key]) => key !== 'invisibleRemovedTotal')
    .filter(([key, value]) => {
      assert.ok(
        ['number', 'boolean', 'object'].includes(typeof value) && value !== null,
        `evasion.${key} is a ${typeof value}; teach this test what "clean" means for it`,
      );
      return found(value);
    })
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
}

test('the case file has disguised and honest cases', () => {
  assert.ok(source.split(/\s+/).length >= 20, 'the source is a passage, not a phrase');
  assert.ok(disguised.length > 0 && honest.length > 0);
  for (const { class: name, paper, report } of disguised) {
    assert.ok(name && paper && report, JSON.stringify({ name, report }));
    assert.notEqual(paper, source, `${name}: the paper is not disguised`);
  }
});

for (const { class: name, paper, report } of disguised) {
  test(`disguised: ${name} — the copy is found and ${report} reported`, () => {
    const checker = new Checker();
    checker.addReference({ id: 'src', text: source });
    const result = checker.check(paper);
    assert.equal(result.sources[0]?.id, 'src', `${name}: the source is not found`);
    assert.ok(result.sources[0].sourceCoverage > 0.8, `${name}: coverage ${result.sources[0].sourceCoverage}`);
    const { evasion } = analyze(paper);
    assert.ok(found(at(evasion, report)), `${name}: ${report} is ${JSON.stringify(at(evasion, report))} in ${JSON.stringify(evasion)}`);
    // The same report comes with the check, which is what the page and the CLI show.
    assert.deepEqual(result.evasion, evasion);
    // A disguise is never "clean", so the honest cases below test something.
    assert.notDeepEqual(signals(evasion), []);
  });
}

for (const { name, text } of honest) {
  test(`honest: ${name} reports nothing`, () => {
    assert.deepEqual(signals(analyze(text).evasion), [], `${name}: ${text}`);
  });
}
