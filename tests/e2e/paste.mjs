// A large paper pasted into the page, for the end-to-end tests that need one (a paste over 300,000
// characters is shown as a document, www/views/large-paper.js). Not a test file: only imported.
import { brown } from './harness.mjs';

/** About `size` characters of English in paragraphs (Brown corpus texts), with `copied` after the first few. */
export function longText(size, copied = '') {
  const text = ['ca02', 'cb02', 'cf02', 'cg02', 'cj02'].map(brown).join('\n\n');
  let long = `${text.slice(0, 4000)}\n\n${copied}\n\n`;
  while (long.length < size) long += `${text}\n\n`;
  return long;
}

/** Pastes `text` into the paper box as a paste from the clipboard does (a paste event with its text). */
export function paste(page, text) {
  return page.locator('#paper').evaluate((box, text) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    box.focus();
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}
