// The page's words for engine and reader errors (www/actions.js `userMessage`): a message that
// begins with a file's name keeps the name as the user wrote it; an engine sentence gets its capital.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { userMessage } from '../../www/actions.js';

test('a message that starts with a file name keeps its case; a sentence gets its capital', () => {
  assert.equal(userMessage(new Error('binary-renamed.txt: this file is not text')), 'binary-renamed.txt: this file is not text');
  assert.equal(userMessage(new Error('broken.pdf cannot be read')), 'broken.pdf cannot be read');
  assert.equal(userMessage(new Error('my_notes: empty')), 'my_notes: empty');
  assert.equal(userMessage(new Error('cannot read the index file: it is truncated')), 'This library file cannot be opened: it is truncated');
  assert.equal(userMessage(new Error('it is 70 MB; split it')), 'It is 70 MB; split it');
});
