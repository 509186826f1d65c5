// The page's highlight geometry (www/highlight.js): overlapping passages become disjoint pieces
// where the lowest layer (the most similar source) wins, and decorations (disguised letters) are
// laid over them without losing or duplicating any character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flatten, overlay } from '../../www/highlight.js';

/** Which range owns each position 0..length-1 (undefined where none), by brute force. */
function owners(ranges, length, key) {
  return Array.from({ length }, (_, i) => {
    const covering = ranges.filter((r) => r.start <= i && i < r.end);
    return covering.sort((a, b) => a.layer - b.layer)[0]?.[key];
  });
}

function random(seed) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

test('flatten: disjoint, sorted pieces owned by the lowest layer, checked against brute force', () => {
  const rand = random(7);
  for (let round = 0; round < 200; round++) {
    const ranges = Array.from({ length: 1 + Math.floor(rand() * 8) }, (_, id) => {
      const start = Math.floor(rand() * 60);
      return { start, end: start + Math.floor(rand() * 25), layer: Math.floor(rand() * 4), id };
    });
    const pieces = flatten(ranges);
    for (let i = 1; i < pieces.length; i++) assert.ok(pieces[i - 1].end <= pieces[i].start, 'disjoint and sorted');
    const expected = owners(ranges.map((r, order) => ({ ...r, layer: r.layer + order / 100 })), 90, 'id');
    assert.deepEqual(owners(pieces.map((p) => ({ ...p, layer: 0 })), 90, 'id'), expected);
  }
});

test('overlay: pieces cut at the marks, marked parts carry the mark, nothing lost or doubled', () => {
  const pieces = [{ start: 0, end: 10, source: 1 }, { start: 20, end: 30, source: 2 }];
  const marks = [{ start: 5, end: 25, disguise: 'letters' }, { start: 40, end: 41, disguise: 'invisible' }];
  assert.deepEqual(overlay(pieces, marks), [
    { start: 0, end: 5, source: 1 },
    { start: 5, end: 10, source: 1, disguise: 'letters' },
    { start: 10, end: 20, disguise: 'letters' },
    { start: 20, end: 25, source: 2, disguise: 'letters' },
    { start: 25, end: 30, source: 2 },
    { start: 40, end: 41, disguise: 'invisible' },
  ]);
  assert.deepEqual(overlay(pieces, []), pieces);
  assert.deepEqual(overlay([], [{ start: 3, end: 3, disguise: 'letters' }]), []);
});
