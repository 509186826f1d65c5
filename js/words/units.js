// What counts are counted in. The engine counts tokens: a word in space-separated scripts, one
// character in Chinese and Japanese; every report and passage says which (`unit`), so "38 words"
// is not shown for 38 hanzi. Only a text not yet checked (the size shown before a check) has its
// unit guessed here. The nouns are the catalogue's (js/words/i18n.js).

const CHARACTER_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LETTER = /\p{L}/u;

/**
 * The unit a text not yet checked will be counted in: "characters" when most letters of `text`
 * belong to scripts written without spaces, else "words". A report's own `unit` is the engine's.
 */
export function guessUnit(text) {
  // The page asks again on every render of the same paper: the last answer is kept.
  if (text !== lastGuess.text) lastGuess = { text, unit: countedUnit(text) };
  return lastGuess.unit;
}

let lastGuess = { text: null, unit: null };

function countedUnit(text) {
  let characters = 0;
  let letters = 0;
  for (const c of text) {
    if (!LETTER.test(c)) continue;
    letters += 1;
    if (CHARACTER_SCRIPT.test(c)) characters += 1;
  }
  return characters * 2 > letters ? 'characters' : 'words';
}

/** The catalogue's plural message for a count in `unit` ('words' or 'characters'): "12 words", "12 字". */
export const unitKey = (unit) => (unit === 'characters' ? 'count.character' : 'count.word');
