// Renders a text with highlighted spans using text nodes only: user text is never parsed as HTML.

/**
 * Replaces the children of `container` with `text`, wrapping each span in a <mark>.
 * Spans are UTF-16 offsets { start, end } (end exclusive), sorted and disjoint, as the engine returns.
 */
export function renderHighlighted(container, text, spans) {
  const fragment = document.createDocumentFragment();
  let at = 0;
  spans.forEach(({ start, end }, index) => {
    if (start > at) fragment.append(document.createTextNode(text.slice(at, start)));
    const mark = document.createElement('mark');
    mark.textContent = text.slice(start, end);
    mark.dataset.index = String(index);
    fragment.append(mark);
    at = end;
  });
  if (at < text.length) fragment.append(document.createTextNode(text.slice(at)));
  container.replaceChildren(fragment);
}
