// The shared words for numbers: one rounding of a share (js/words/percent.js) and one plural (js/words/i18n.js
// `count`) for the page, the HTML report and the CLI; the nouns are the catalogue's, named by key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { percent } from '../../js/words/percent.js';
import { count } from '../../js/words/i18n.js';

test('a share is a percentage with one decimal by default, clamped, and never NaN', () => {
  assert.equal(percent(0.1234), '12.3%');
  assert.equal(percent(0.125, 0), '13%');
  assert.equal(percent(1.2), '100.0%');
  assert.equal(percent(-0.1), '0.0%');
  assert.equal(percent(undefined), '0.0%');
  // Above zero but under half the last digit: not "0.0%", which reads as nothing matched (issue 43, item 11).
  assert.equal(percent(0.0004), '< 0.1%');
  assert.equal(percent(0.0004, 0), '< 1%');
  assert.equal(percent(0.004, 0), '< 1%');
  assert.equal(percent(0.0005), '0.1%');
  assert.equal(percent(0), '0.0%');
});

test('a count has its noun, singular for one, with thousands separated', () => {
  assert.equal(count('count.match', 1), '1 match');
  assert.equal(count('count.match', 2), '2 matches');
  assert.equal(count('count.passage', 0), '0 passages');
  assert.equal(count('count.word', 1200), '1,200 words');
});
