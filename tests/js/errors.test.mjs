// Errors carry a stable `code` and the `path` they are about (README "Errors"): callers match on
// them, never on the wording. Each code here comes from a real failing call through the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Checker, minhash, sharedNgrams } from 'plagscope';
import schema from '../../pkg/schema.js';

/** The error `call` throws. */
function thrown(call) {
  try {
    call();
  } catch (error) {
    return error;
  }
  assert.fail('no error thrown');
}

test('every engine error has a declared code and, where it is about one, the path', () => {
  const declared = new Set(schema.$defs.ErrorCode.oneOf.map((choice) => choice.const));
  const checker = new Checker();
  checker.addReference({ id: 'a', text: 'the first reference text is here' });
  checker.addReference({ id: 'b', text: 'the second reference text is here' });
  const cases = [
    [() => new Checker({ shingleWords: 0 }), 'PLAGSCOPE_INVALID_OPTION', 'shingleWords'],
    [() => checker.check('paper', { align: { minWords: 'many' } }), 'PLAGSCOPE_INVALID_OPTION', 'options.align.minWords'],
    [() => sharedNgrams('a', 'b', 0), 'PLAGSCOPE_INVALID_OPTION', 'n'],
    [() => checker.check('paper', {}, 'not a function'), 'PLAGSCOPE_INVALID_OPTION', 'onProgress'],
    [() => checker.addReference({ id: '', text: 'x' }), 'PLAGSCOPE_INVALID_INPUT', 'id'],
    [() => checker.addReference({ id: 'c', text: 7 }), 'PLAGSCOPE_INVALID_INPUT', 'reference.text'],
    [() => minhash(42), 'PLAGSCOPE_INVALID_INPUT', 'input'],
    [() => checker.addReference({ id: 'a', text: 'again' }), 'PLAGSCOPE_DUPLICATE_ID', 'id'],
    [() => Checker.importIndex(new Uint8Array([1, 2, 3])), 'PLAGSCOPE_INVALID_INDEX', undefined],
    [() => checker.mergeIndex(new Checker({ shingleWords: 4 }).exportIndex()), 'PLAGSCOPE_INDEX_MISMATCH', 'shingleWords'],
    [() => checker.check('paper', {}, () => { throw new Error('stop'); }), 'PLAGSCOPE_STOPPED', 'onProgress'],
  ];
  for (const [call, code, path] of cases) {
    const error = thrown(call);
    assert.ok(error instanceof Error, `${code}: an Error`);
    assert.equal(error.code, code, error.message);
    assert.ok(declared.has(error.code), error.code);
    assert.equal(error.path, path, error.message);
  }
  // The checker is unharmed by all of them.
  assert.equal(checker.size, 2);
});

test('a text too long says its size and the limit, in bytes', () => {
  const limit = 64 * 1024 * 1024;
  const error = thrown(() => new Checker().check('a'.repeat(limit + 1)));
  assert.equal(error.code, 'PLAGSCOPE_TEXT_TOO_LONG');
  assert.deepEqual([error.path, error.size, error.limit, error.normalized], ['text', limit + 1, limit, false]);
});
