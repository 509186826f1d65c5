// The documented size limits through the npm API: a text over 64 MiB, or one that normalization
// for matching expands past 64 MiB, is refused with a message naming the limit, and the same
// Checker keeps its references and goes on working. Checks of behaviour, not measurements (those
// are bench/limits.mjs); the expanding text is the slow part (~10 s per call on a 2-core machine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Checker, analyze } from 'plagscope';
import { MAX_FILE_BYTES } from '../../js/read/document.js';

const MiB = 1 << 20;
const SOURCE =
  'Winnowing selects fingerprints from the hashes of overlapping word sequences so that every shared run of sufficient length between two documents is guaranteed to be detected.';
const PAPER = `Our own introduction comes first. ${SOURCE} Our own conclusion comes last.`;

function workingChecker() {
  const checker = new Checker();
  checker.addReference({ id: 'src', text: SOURCE });
  return checker;
}

/** The checker still holds exactly its references, finds the copy, and takes a new reference. */
function assertStillWorks(checker, ids) {
  assert.deepEqual(checker.references().map((r) => r.id), ids, 'a refused add must leave no trace');
  assert.deepEqual(checker.check(PAPER).sources.map((s) => s.id), ['src']);
  const id = `after ${ids.length}`;
  checker.addReference({ id, text: 'Rivers carry sediment to their deltas, where it settles and builds new land over the centuries.' });
  assert.equal(checker.getReference(id).id, id);
  return [...ids, id];
}

test('a text just over 64 MiB is refused before any work, naming the limit; the Checker keeps working', () => {
  const checker = workingChecker();
  let ids = ['src'];
  const big = 'a'.repeat(64 * MiB + 1);
  const tooBig = { message: /^invalid `text`: .*over the limit of 64 MB \(67108864 bytes\)/ };
  // Refused up front, before any work: a check that began would report its progress.
  let progress = 0;
  assert.throws(() => checker.check(big, {}, () => { progress++; }), tooBig);
  assert.equal(progress, 0, 'the check reported progress: it began before refusing the text');
  ids = assertStillWorks(checker, ids);
  assert.throws(() => checker.addReference({ id: 'big', text: big }), tooBig);
  ids = assertStillWorks(checker, ids);
  assert.throws(() => analyze(big), { message: /^invalid `text`: it is 64\.0 MB \(67108865 bytes\), over the limit of 64 MB \(67108864 bytes\); split it into smaller documents$/ });
  // Exactly 64 MiB is within the limit (analyze only: a check of it is a measurement).
  const atLimit = analyze(`${'a'.repeat(64 * MiB - 4)} end`);
  assert.equal(atLimit.normalized.length, 64 * MiB);
  assert.equal(atLimit.tokens.at(-1).start, 64 * MiB - 3);
});

test('the limit counts UTF-8 bytes: 23 million Chinese characters (69 MB) are over it', () => {
  const checker = workingChecker();
  const chinese = '中'.repeat(23_000_000);
  assert.ok(chinese.length < 64 * MiB && Buffer.byteLength(chinese) > 64 * MiB);
  assert.throws(() => checker.check(chinese), { message: /^invalid `text`: .*over the limit of 64 MB \(67108864 bytes\)/ });
  assertStillWorks(checker, ['src']);
});

test("the files plagscope reads (and what a Word file may unpack to) stop at the engine's own limit", () => {
  // The engine says its limit in bytes (`error.limit`) when it refuses a text one byte over js/read/document.js's.
  const error = (() => {
    try {
      analyze('a'.repeat(MAX_FILE_BYTES + 1));
    } catch (thrown) {
      return thrown;
    }
    return null;
  })();
  assert.equal(error?.code, 'PLAGSCOPE_TEXT_TOO_LONG');
  assert.equal(MAX_FILE_BYTES, error.limit);
});

test('a text that normalization expands past 64 MiB is refused, naming the limit; the Checker keeps working', () => {
  // U+FDFA becomes 18 characters (33 bytes) under NFKC: 4 million of them are 11 MiB as given and
  // would be 126 MiB normalized. Before the fix this trapped ("capacity overflow") and left the
  // instance unusable.
  const expanding = '\uFDFA'.repeat(4_000_000);
  assert.ok(Buffer.byteLength(expanding) < 64 * MiB);
  const expanded = { message: /^invalid `text`: it becomes, normalized for matching, 64\.\d MB \(\d+ bytes\), over the limit of 64 MB \(67108864 bytes\); split it into smaller documents$/ };
  const checker = workingChecker();
  assert.throws(() => checker.check(expanding), expanded);
  const ids = assertStillWorks(checker, ['src']);
  assert.throws(() => checker.addReference({ id: 'expanding', text: expanding }), expanded);
  assertStillWorks(checker, ids);
});

test('a reference set is refused past 256 MiB of text with a clear message; removing one makes room', () => {
  const checker = workingChecker();
  let ids = ['src'];
  // Blank texts reach the limit quickly and count like any other text.
  const blank = ' '.repeat(64 * MiB);
  for (let i = 0; i < 3; i++) checker.addReference({ id: `blank${i}`, text: blank });
  checker.addReference({ id: 'blank3', text: blank.slice(SOURCE.length) });
  ids = [...ids, 'blank0', 'blank1', 'blank2', 'blank3'];
  const full = {
    message:
      /^invalid `text`: the reference set is full: its 5 references hold 256\.0 MB of text, and the limit is 256 MB; remove references, or split the set in two and check against each$/,
    code: 'PLAGSCOPE_SET_FULL',
    size: 256 * MiB + 'one more reference'.length,
    limit: 256 * MiB,
  };
  assert.throws(() => checker.addReference({ id: 'more', text: 'one more reference' }), full);
  assert.deepEqual(checker.check(PAPER).sources.map((s) => s.id), ['src']);
  assert.equal(checker.removeReference('blank0'), true);
  assertStillWorks(checker, ids.filter((id) => id !== 'blank0'));
});
