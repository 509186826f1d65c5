// Engine and reader errors in the words the page shows (www/actions/*.js). Engine messages come from
// Rust in English and stay so for now (stable error codes will let the catalogue word them); the
// page's own framing of them is the catalogue's (js/i18n.js).
import { t } from '../../js/i18n.js';

/** An engine or reader error in the words the page shows: no field names in back-quotes. */
export function userMessage(error) {
  const message = error instanceof Error ? error.message : String(error);
  const tooLong = /^invalid `text`: it (is|becomes, normalized for matching,) ([\d.]+) MB \(\d+ bytes\), over the limit of (\d+) MB/.exec(message);
  if (tooLong) {
    const grows = tooLong[1] !== 'is' ? t('error.tooLongGrows') : '';
    // 64 MiB and one byte reads "64.0 MB": say "just over" rather than a size equal to the limit.
    const size = Number(tooLong[2]) <= Number(tooLong[3]) ? t('error.justOver', { limit: tooLong[3] }) : tooLong[2];
    return t('error.tooLong', { size, grows, limit: tooLong[3] });
  }
  // The page calls a saved index a library file.
  if (message.startsWith('cannot read the index file: ')) return t('error.libraryFile', { reason: message.slice(28) });
  const plain = message.replace(/^invalid `[^`]*`: /, '');
  // The engine's messages are sentences without their capital ("it is 70 MB; …", "cannot read
  // …"): give them one. A message that starts with a file's name (broken.pdf, binary-renamed.txt …)
  // keeps its case.
  return plain.replace(/^[a-z]+\b(?![.\w-])/, (word) => word[0].toUpperCase() + word.slice(1));
}
