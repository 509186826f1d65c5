// Bringing what an action produced to the reader: a new report, a batch's results, the library's
// pairs, a chosen pair side by side. Its heading is scrolled to the top of the window and takes
// the focus, so a keyboard or screen-reader user carries on from there (not from the top of the
// page, where the focus falls when the button they pressed is disabled while the work runs).
import { useEffect } from '../../pkg/vendor/ui.js';

/** Focuses a heading (made focusable by script only) and scrolls it to the top of the window. */
export function reveal(element) {
  if (!element) return;
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'start' });
  keepAtTop(element);
}

/** How long a revealed heading is kept at the top while what follows it is drawn, in ms. */
const FOLLOW_MS = 2000;

/**
 * Keeps `element` at the top of the window for a moment: a long report is drawn in parts after its
 * heading, and until they are, the page can be too short to scroll the heading up. Stops as soon as
 * the reader scrolls.
 */
function keepAtTop(element) {
  let scrolled = window.scrollY;
  const until = performance.now() + FOLLOW_MS;
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const follow = () => {
    if (window.scrollY !== scrolled || performance.now() > until || !element.isConnected) return;
    if (Math.abs(element.getBoundingClientRect().top - margin) > 1) {
      element.scrollIntoView({ block: 'start' });
      scrolled = window.scrollY;
    }
    requestAnimationFrame(follow);
  };
  requestAnimationFrame(follow);
}

/**
 * Reveals `ref`'s element each time `key` changes to a new value that is not null, at the next
 * frame: focusing and scrolling lay the page out, which the frame does anyway, while in the task
 * that drew a long report it would add that layout to the task's own work.
 */
export function useReveal(key, ref) {
  useEffect(() => {
    if (key === null || key === undefined) return undefined;
    const frame = requestAnimationFrame(() => reveal(ref.current));
    return () => cancelAnimationFrame(frame);
  }, [key]);
}

/** Focuses the element `selector` finds once the page has drawn the change; `fallback` when none. */
export function focusAfterRender(selector, fallback) {
  requestAnimationFrame(() => (document.querySelector(selector) ?? document.querySelector(fallback))?.focus());
}

/** Waits for `work` (an action), then focuses what `selector` finds (else `fallback`). */
export async function keepFocus(work, selector, fallback = '#report-heading') {
  await work;
  focusAfterRender(selector, fallback);
}
