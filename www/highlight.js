// Renders a text with highlighted ranges using text nodes only: user text is never parsed as HTML.

/**
 * Replaces the children of `container` with `text`, wrapping each range in a <mark>.
 * `ranges` are { start, end, passage } with UTF-16 offsets (end exclusive), sorted and disjoint;
 * `passage` is stored on the mark (data-passage) so a click can find the twin in the other text;
 * an optional `title` (the passage's evidence) becomes the mark's tooltip.
 */
export function renderHighlighted(container, text, ranges) {
  const fragment = document.createDocumentFragment();
  let at = 0;
  for (const { start, end, passage, title } of ranges) {
    if (start < at || end <= start) continue;
    if (start > at) fragment.append(document.createTextNode(text.slice(at, start)));
    const mark = document.createElement('mark');
    mark.textContent = text.slice(start, end);
    mark.dataset.passage = String(passage);
    if (title) mark.title = title;
    fragment.append(mark);
    at = end;
  }
  if (at < text.length) fragment.append(document.createTextNode(text.slice(at)));
  container.replaceChildren(fragment);
}

/** Sorted, disjoint ranges from possibly overlapping ones (the first range wins). */
export function disjoint(ranges) {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
  const result = [];
  for (const range of sorted) {
    const last = result[result.length - 1];
    if (last && range.start < last.end) {
      if (range.end > last.end) result.push({ ...range, start: last.end });
    } else {
      result.push(range);
    }
  }
  return result;
}

/**
 * Non-overlapping pieces of `ranges` ({ start, end, layer, ... }): where ranges overlap, the one
 * with the lowest `layer` wins (the first given on a tie). Each piece keeps its range's other
 * fields; pieces are sorted and adjacent pieces of one range are merged.
 */
export function flatten(ranges) {
  const items = ranges.filter((r) => r.end > r.start).map((range, order) => ({ range, order }));
  const bounds = [...new Set(items.flatMap(({ range }) => [range.start, range.end]))].sort((a, b) => a - b);
  items.sort((a, b) => a.range.start - b.range.start);
  const pieces = [];
  const origins = new WeakMap(); // piece -> the range it comes from, to merge neighbours
  let active = [];
  let next = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [from, to] = [bounds[i], bounds[i + 1]];
    active = active.filter(({ range }) => range.end > from);
    while (next < items.length && items[next].range.start <= from) active.push(items[next++]);
    if (!active.length) continue;
    const top = active.reduce((best, item) =>
      item.range.layer < best.range.layer || (item.range.layer === best.range.layer && item.order < best.order) ? item : best,
    );
    const last = pieces.at(-1);
    if (last && origins.get(last) === top.range && last.end === from) last.end = to;
    else {
      const piece = { ...top.range, start: from, end: to };
      origins.set(piece, top.range);
      pieces.push(piece);
    }
  }
  return pieces;
}

/**
 * Renders `text` into `container` with `pieces` (sorted, disjoint, UTF-16 offsets; an array, or a
 * function that makes a fresh iterator of them) wrapped in elements made by `wrap(piece,
 * pieceText)`, about `chunk` characters or `elements` pieces per task (whichever comes first) so
 * that a long paper never blocks the page for long. Each chunk is a block of its own that ends at a
 * line break, laid out and painted only near the window (`content-visibility: auto`, style.css; its
 * height guessed from its lines until then), so a frame costs the same at the end of a long paper as
 * at its start. Only text nodes and the elements `wrap` makes are
 * created: the text is never parsed as HTML. Returns a function that stops the rendering.
 */
export function renderPieces(container, text, pieces, wrap, { chunk = 50_000, elements = 1_500, onDone = () => {} } = {}) {
  container.replaceChildren();
  const lineEnd = (from) => {
    const newline = text.indexOf('\n', from);
    return newline < 0 ? text.length : newline + 1;
  };
  // Pieces are drawn as they come: a lazy sequence (`overlaid`) is worked out a block at a time too.
  const sequence = typeof pieces === 'function' ? pieces() : pieces[Symbol.iterator]();
  let piece = sequence.next().value;
  let at = 0;
  let stopped = false;
  const step = () => {
    if (stopped) return;
    const block = document.createElement('div');
    block.className = 'chunk';
    const from = at;
    let limit = lineEnd(at + chunk);
    // A stretch dense with highlights (a disguised letter in every word) ends its block early.
    let drawn = 0;
    while (at < limit) {
      if (drawn >= elements && piece?.start >= at) limit = lineEnd(at);
      if (!piece || piece.start >= limit) {
        block.append(document.createTextNode(text.slice(at, limit)));
        at = limit;
        break;
      }
      if (piece.start > at) block.append(document.createTextNode(text.slice(at, piece.start)));
      block.append(wrap(piece, text.slice(piece.start, piece.end)));
      at = piece.end;
      drawn += 1;
      piece = sequence.next().value;
      if (at > limit) limit = lineEnd(at);
    }
    block.style.setProperty('--lines', String(linesAbout(text, from, at)));
    container.append(block);
    if (at < text.length) setTimeout(step, 0);
    else onDone();
  };
  // A text of several chunks starts in a task of its own: the page around it (a new report) is
  // laid out and painted first, then the chunks one by one.
  if (text.length > chunk) setTimeout(step, 0);
  else step();
  return () => {
    stopped = true;
  };
}

/** Characters on a line of a view, about: what a chunk's height is guessed from before it is drawn. */
const LINE_CHARACTERS = 90;

/** About how many lines `text` from `from` to `to` takes in a view: its line breaks and its long lines wrapped. */
export function linesAbout(text, from, to) {
  let lines = 0;
  for (let at = from; at < to; ) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 || newline >= to ? to : newline;
    lines += Math.max(1, Math.ceil((end - at) / LINE_CHARACTERS));
    at = end + 1;
  }
  return lines;
}

/**
 * `pieces` (sorted, disjoint) with `marks` ({ start, end, ...fields }) laid over them: pieces are
 * cut where a mark begins or ends, the parts inside a mark get its fields, and marked text outside
 * every piece becomes a piece of its own. Used for decorations that may fall inside a highlight
 * or outside all of them (disguised letters). Where marks overlap, the one that starts first wins.
 */
export const overlay = (pieces, marks) => [...overlaid(pieces, disjoint(marks.filter((m) => m.end > m.start)))];

/**
 * Ranges sorted by start (the longer first on a tie) made disjoint as they are read, the first
 * winning where they overlap: `disjoint` without a sort or a copy, for a paper that may carry
 * hundreds of thousands of marks (a disguised letter in every word).
 */
export function* disjointInOrder(ranges) {
  let last = null;
  for (const range of ranges) {
    if (range.end <= range.start) continue;
    if (last && range.start < last.end) {
      if (range.end > last.end) {
        yield last;
        last = { ...range, start: last.end };
      }
    } else {
      if (last) yield last;
      last = range;
    }
  }
  if (last) yield last;
}

/**
 * [`overlay`] of `pieces` and `cuts` (sorted, disjoint marks: an array or any iterable), as a lazy
 * sequence in one pass over both, for `renderPieces` to work out a block at a time.
 */
export function* overlaid(pieces, cuts) {
  const marks = cuts[Symbol.iterator]();
  let cut = marks.next().value;
  let pending = null; // the piece being grown, given out once the next one differs
  let origin = [];
  let p = 0;
  let at = Math.min(pieces[0]?.start ?? Infinity, cut?.start ?? Infinity);
  while (at < Infinity) {
    while (p < pieces.length && pieces[p].end <= at) p++;
    while (cut && cut.end <= at) cut = marks.next().value;
    const piece = pieces[p]?.start <= at ? pieces[p] : null;
    const mark = cut?.start <= at ? cut : null;
    const next = Math.min(pieces[p]?.start > at ? pieces[p].start : Infinity, cut?.start > at ? cut.start : Infinity);
    if (!piece && !mark) {
      at = next;
      continue;
    }
    const to = Math.min(piece?.end ?? Infinity, mark?.end ?? Infinity, next);
    if (pending && pending.end === at && origin[0] === piece && origin[1] === mark) pending.end = to;
    else {
      if (pending) yield pending;
      const { start, end, ...fields } = mark ?? {};
      pending = { ...(piece ?? {}), ...fields, start: at, end: to };
      origin = [piece, mark];
    }
    at = to;
  }
  if (pending) yield pending;
}
