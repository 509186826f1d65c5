// The page's highlight geometry (www/highlight.js): overlapping passages become disjoint pieces
// where the lowest layer (the most similar source) wins, and decorations (disguised letters) are
// laid over them without losing or duplicating any character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { disjoint, disjointInOrder, flatten, linesAbout, overlay } from '../../www/highlight.js';
import { disguisedSpans, disguisedSpansInOrder } from '../../js/words/evasion.js';

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

test('overlay: each position carries its piece and the earliest-starting mark over it, checked against brute force', () => {
  let seed = 7;
  const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
  for (let round = 0; round < 300; round++) {
    const pieces = [];
    for (let at = random(5); at < 60; at += 1 + random(8)) {
      const end = at + 1 + random(6);
      pieces.push({ start: at, end, source: pieces.length });
      at = end;
    }
    const marks = Array.from({ length: random(12) }, (_, i) => {
      const start = random(70);
      return { start, end: start + random(9), disguise: `m${i}` };
    });
    const result = overlay(pieces, marks);
    for (let i = 1; i < result.length; i++) assert.ok(result[i - 1].end <= result[i].start, 'sorted and disjoint');
    for (let at = 0; at < 80; at++) {
      const piece = pieces.find((p) => p.start <= at && at < p.end);
      const over = marks.filter((m) => m.start <= at && at < m.end).sort((a, b) => a.start - b.start || b.end - a.end)[0];
      const got = result.find((r) => r.start <= at && at < r.end);
      if (!piece && !over) {
        assert.equal(got, undefined, `round ${round}, position ${at}: nothing there`);
        continue;
      }
      assert.equal(got?.source, piece?.source, `round ${round}, position ${at}: piece`);
      assert.equal(got?.disguise, over?.disguise, `round ${round}, position ${at}: mark`);
    }
  }
});

test('disjointInOrder matches disjoint on ranges sorted by start, the longer first', () => {
  let seed = 11;
  const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
  for (let round = 0; round < 300; round++) {
    const ranges = Array.from({ length: random(15) }, (_, i) => {
      const start = random(50);
      return { start, end: start + 1 + random(10), id: i };
    }).sort((a, b) => a.start - b.start || b.end - a.end);
    assert.deepEqual([...disjointInOrder(ranges)], disjoint(ranges), `round ${round}`);
  }
});

test('disguisedSpansInOrder gives the spans of disguisedSpans, sorted by start, the longer first', () => {
  const evasion = {
    invisibleSpans: [{ start: 5, end: 6 }, { start: 40, end: 41 }],
    mixedScriptWords: [{ start: 0, end: 8 }, { start: 20, end: 30 }],
    replacedSpans: [{ start: 3, end: 4 }, { start: 20, end: 21 }, { start: 25, end: 26 }],
    reversedSpans: [{ start: 50, end: 60 }, { start: 44, end: 48 }],
  };
  const expected = disguisedSpans(evasion).sort((a, b) => a.start - b.start || b.end - a.end);
  assert.deepEqual([...disguisedSpansInOrder(evasion)], expected);
});

test('linesAbout counts each line once and a long line by its wrapped width, inside the range only', () => {
  const long = 'x'.repeat(200); // 3 lines of 90 characters
  const text = `one\n\n${long}\ntwo`;
  assert.equal(linesAbout(text, 0, text.length), 1 + 1 + 3 + 1);
  assert.equal(linesAbout(text, 0, 4), 1, 'a range ending after a line break holds that line alone');
  assert.equal(linesAbout(text, 5, 5 + 90), 1, 'a part of a long line');
  assert.equal(linesAbout(text, 3, 3), 0, 'an empty range');
});
