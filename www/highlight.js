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
