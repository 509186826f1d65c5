// The shared words for numbers (js/words.js): one rounding and one plural for the page, the HTML
// report and the CLI; the nouns are the catalogue's (js/i18n.js), named by key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { percent, plural } from '../../js/words.js';

test('a share is a percentage with one decimal by default, clamped, and never NaN', () => {
  assert.equal(percent(0.1234), '12.3%');
  assert.equal(percent(0.125, 0), '13%');
  assert.equal(percent(1.2), '100.0%');
  assert.equal(percent(-0.1), '0.0%');
  assert.equal(percent(undefined), '0.0%');
});

test('a count has its noun, singular for one, with thousands separated', () => {
  assert.equal(plural(1, 'count.match'), '1 match');
  assert.equal(plural(2, 'count.match'), '2 matches');
  assert.equal(plural(0, 'count.passage'), '0 passages');
  assert.equal(plural(1200, 'count.word'), '1,200 words');
});
