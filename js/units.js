// What a passage's counts are counted in. The engine counts tokens: a word in space-separated
// scripts, one character in Chinese and Japanese; reports say which, so "38 words" is not shown
// for 38 hanzi. Shared by the CLI and the page; the nouns are the catalogue's (js/i18n.js).

const CHARACTER_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LETTER = /\p{L}/u;

/** "characters" when most letters of `text` belong to scripts written without spaces, else "words". */
export function unitName(text) {
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
