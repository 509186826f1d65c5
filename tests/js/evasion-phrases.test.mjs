// Every disguise the engine reports is put into words for the user: for each disguised paper of the
// shared evasion cases, the page's and the CLI's description (js/words/evasion.js) names the report field
// that the case says must name it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { analyze } from 'plagscope';
import { EVASION_FIELDS, evasionPhrases } from '../../js/words/evasion.js';

const cases = JSON.parse(readFileSync(new URL('../data/evasion-cases.json', import.meta.url), 'utf8'));

test('each disguise is described in plain words', () => {
  for (const { class: name, paper, report } of cases.disguised) {
    const evasion = analyze(paper).evasion;
    const field = report.split('.')[0];
    assert.ok(EVASION_FIELDS.includes(field), `${name}: ${field} has no description`);
    const alone = { ...Object.fromEntries(Object.keys(evasion).map((k) => [k, Array.isArray(evasion[k]) ? [] : typeof evasion[k] === 'number' ? 0 : {}])), [field]: evasion[field] };
    assert.equal(evasionPhrases(alone).length > 0, true, `${name}: nothing said about ${field}`);
  }
});

test('honest text gets no description', () => {
  for (const { name, text } of cases.honest) assert.deepEqual(evasionPhrases(analyze(text).evasion), [], name);
});

test('replaced letters are named once, in plain words, whatever their kind', () => {
  assert.deepEqual(evasionPhrases({ replacedLetters: { 'Latin look-alike': 36 } }), ['36 phonetic, small-capital or long-s letters imitating Latin ones']);
  // Issue 43, items 14 and 16: letters of more scripts, Chinese characters and Japanese forms.
  assert.deepEqual(evasionPhrases({ replacedLetters: { 'Han look-alike': 3, 'Japanese form': 1, Katakana: 2, Bopomofo: 1, Hangul: 1, 'Canadian Aboriginal': 2 } }), [
    '3 Chinese characters imitating Latin letters', '1 Japanese character form in Chinese text', '2 Katakana look-alike letters',
    '1 Bopomofo look-alike letter', '1 Hangul look-alike letter', '2 Canadian syllabics look-alike letters']);
  // Latin letters inside Cyrillic words and phonetic letters inside Latin ones are two kinds, in two
  // different phrases (issue 43, item 12: both read "Latin look-alike letters").
  const both = evasionPhrases({ replacedLetters: { Latin: 2, 'Latin look-alike': 1 } });
  assert.equal(new Set(both.map((phrase) => phrase.replace(/^\d+ /, '').replace(/s\b/g, ''))).size, 2, both.join(' | '));
  assert.deepEqual(evasionPhrases({ replacedLetters: { Common: 1 } }), ['1 symbol imitating letters']);
  assert.deepEqual(evasionPhrases({ replacedLetters: { Cyrillic: 2, Greek: 1 } }), ['2 Cyrillic look-alike letters', '1 Greek look-alike letter']);
  assert.deepEqual(evasionPhrases({ replacedLetters: { Han: 3 } }), ['3 look-alike ideographs (compatibility forms or radicals)']);
  for (const phrase of evasionPhrases({ replacedLetters: { 'Latin look-alike': 2, Common: 2, Styled: 2, Han: 2, Armenian: 2 } })) {
    assert.doesNotMatch(phrase, /look-alike look-alike|Common/, phrase);
  }
});
