// The page's words for engine and reader errors (www/actions/errors.js `userMessage`): chosen by the
// error's stable code, never by its wording; a message that begins with a file's name keeps the
// name as the user wrote it; an engine sentence gets its capital; index.html's loading shell is said in
// the page's language as soon as the script runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Checker } from 'plagscope';
import { readFileSync } from 'node:fs';
import { refusalMessage, userMessage } from '../../www/actions/errors.js';
import { localizeShell } from '../../www/language.js';
import { withLanguage } from '../../js/words/i18n.js';

const MIB = 1024 * 1024;

test('a message that starts with a file name keeps its case; a sentence gets its capital', () => {
  assert.equal(userMessage(new Error('binary-renamed.txt: this file is not text')), 'binary-renamed.txt: this file is not text');
  assert.equal(userMessage(new Error('broken.pdf cannot be read')), 'broken.pdf cannot be read');
  assert.equal(userMessage(new Error('my_notes: empty')), 'my_notes: empty');
  assert.equal(userMessage(new Error('it is 70 MB; split it')), 'It is 70 MB; split it');
});

/** The engine's own error for `call`, then the same error with its message reworded. */
function realAndReworded(call) {
  let real;
  try {
    call();
  } catch (error) {
    real = error;
  }
  assert.ok(real?.code, 'the engine threw a coded error');
  const reworded = Object.assign(new Error('Something else entirely, in other words.'), { ...real, message: 'Something else entirely.' });
  return [real, reworded];
}

test('the page words engine errors by code: a reworded message changes nothing', () => {
  const [damaged, damagedReworded] = realAndReworded(() => Checker.importIndex(new Uint8Array([1, 2, 3])));
  assert.match(userMessage(damaged), /^This library file cannot be opened: /);
  assert.equal(userMessage(damagedReworded), userMessage(damaged));

  const [long, longReworded] = realAndReworded(() => new Checker().check('a'.repeat(64 * MIB + 1)));
  const expected = 'This text is too long to check at once: it is just over 64 MB, and plagscope checks up to 64 MB. Split it into smaller parts.';
  assert.equal(userMessage(long), expected);
  assert.equal(userMessage(longReworded), expected);
  const grown = { ...longReworded, size: 70 * MIB, normalized: true };
  assert.match(userMessage(grown), /it is 70\.0 MB once prepared for matching/);

  // Without the code, the same words are only a message: shown as they are.
  assert.equal(userMessage(new Error('cannot read the index file: it is truncated')), 'Cannot read the index file: it is truncated');
});

test('a full reference set is worded by code, with its size and limit, in both languages', () => {
  const full = { code: 'PLAGSCOPE_SET_FULL', message: 'Anything at all.', size: 256 * MIB + 5 * MIB, limit: 256 * MIB };
  assert.equal(userMessage(full), 'The reference set is full: with this text it would hold 261.0 MB, and plagscope keeps up to 256 MB. Remove references, or split the set in two and check against each.');
  assert.match(withLanguage('zh-Hans', () => userMessage(full)), /^参考文献库已满：加上这篇文本将有 261\.0 MB/);
});

test('an internal failure and a batch of refused references are worded by the page', () => {
  const restarted = { code: 'PLAGSCOPE_ENGINE_RESTARTED', message: 'whatever the guard says' };
  assert.equal(userMessage(restarted, 'error.notAdded'), 'The checker ran into an internal error and restarted itself; it was not added.');
  const duplicate = { code: 'PLAGSCOPE_DUPLICATE_ID', message: 'invalid `id`: a reference with id "a" already exists', reason: 'a reference with id "a" already exists' };
  assert.equal(refusalMessage({ error: duplicate, titles: ['a'] }), 'a: A reference with id "a" already exists');
  const many = refusalMessage({ error: duplicate, titles: ['a', 'b', 'c', 'd', 'e', 'f'] });
  assert.equal(many, 'a, b, c and 3 more: A reference with id "a" already exists');
});

test("index.html's loading shell is said in the page's language as soon as the script runs", () => {
  const shell = { '.tagline': { textContent: 'A plagiarism check…' }, '#status': { textContent: 'Loading the checker…' } };
  withLanguage('zh-Hans', () => localizeShell({ querySelector: (selector) => shell[selector] ?? null }));
  assert.equal(shell['#status'].textContent, '正在加载查重引擎…');
  assert.match(shell['.tagline'].textContent, /^查重完全在本页面内进行/);
  // The index.html that holds them: both still there, the no-script notice in both languages.
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  assert.match(html, /<p class="tagline">[^<]+<\/p>/);
  assert.match(html, /<p id="status" role="status">[^<]+<\/p>/);
  assert.match(html, /<noscript>[^]*lang="en"[^]*lang="zh-Hans"[^]*<\/noscript>/);
});
