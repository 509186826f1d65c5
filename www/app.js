// The page: reads the two texts, asks the engine worker for shared n-grams, shows both texts highlighted.
import { startEngine } from './engine.js';
import { renderHighlighted } from './highlight.js';

const $ = (id) => document.getElementById(id);
const form = $('compare-form');
const button = $('compare');
const status = $('status');
const errorBox = $('error');

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = !message;
}

const percent = (part, whole) => (whole === 0 ? 0 : Math.round((100 * part) / whole));

/** One sentence about evasion traces in a text, or '' when there are none. */
function describeEvasion(label, report) {
  const parts = [];
  if (report.invisibleCharacters) parts.push(`${report.invisibleCharacters} invisible character(s) inside words`);
  if (report.blankSubstitutes) parts.push(`${report.blankSubstitutes} blank look-alike(s) used as spaces`);
  for (const [script, count] of Object.entries(report.replacedLetters)) {
    parts.push(`${count} ${script} look-alike letter(s)`);
  }
  return parts.length ? `${label}: ${parts.join(', ')} (ignored for matching).` : '';
}

async function main() {
  let engine;
  try {
    engine = await startEngine();
  } catch (error) {
    status.textContent = '';
    showError(error.message);
    return;
  }
  status.textContent = `Engine ready (plagscope ${engine.version}).`;
  button.disabled = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const a = $('text-a').value;
    const b = $('text-b').value;
    const n = Number($('ngram').value);
    showError('');
    if (!a.trim() || !b.trim()) {
      showError('Paste text into both boxes first.');
      return;
    }
    button.disabled = true;
    status.textContent = 'Comparing…';
    try {
      const result = await engine.request('sharedNgrams', { a, b, n });
      renderHighlighted($('view-a'), a, result.a);
      renderHighlighted($('view-b'), b, result.b);
      $('summary').textContent = result.shared === 0
        ? `No shared ${result.n}-word sequences.`
        : `${percent(result.sharedWordsA, result.wordsA)}% of the paper ` +
          `(${result.sharedWordsA} of ${result.wordsA} words, ${result.a.length} passage(s)) and ` +
          `${percent(result.sharedWordsB, result.wordsB)}% of the source ` +
          `(${result.sharedWordsB} of ${result.wordsB} words) are in ${result.shared} shared ${result.n}-word sequences.`;
      const evasion = [describeEvasion('Paper', result.evasionA), describeEvasion('Source', result.evasionB)]
        .filter(Boolean)
        .join(' ');
      $('evasion').textContent = evasion;
      $('evasion').hidden = !evasion;
      $('results').hidden = false;
      status.textContent = 'Done.';
    } catch (error) {
      showError(error.message);
      status.textContent = 'Failed.';
    } finally {
      button.disabled = false;
      // Lets tests (and scripts) wait for a request to finish, whatever its outcome.
      form.dataset.completed = String(Number(form.dataset.completed) + 1);
    }
  });
}

main();
