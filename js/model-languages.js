// Which languages the sentence model reads, by the scripts of its files: the main file holds the
// pieces of the Latin and Han scripts, each part of the manifest (`parts`) one more script's. A
// host tells the scripts of a paper and its library by these patterns, to load only the parts they
// need, and names the languages the loaded model reads. Shared by the page and Node.

/**
 * Each script of the model: `part`, the manifest's name of the part that holds its pieces (null:
 * the main file); `pattern`, text written in it; `languages`, the BCP 47 tags of the languages in
 * it that the model (Universal Sentence Encoder Multilingual v3) was trained on. A pattern asks for
 * two letters in a row: a look-alike letter alone inside a Latin word, as an evasion puts there,
 * loads no part.
 */
export const MODEL_SCRIPTS = Object.freeze([
  { part: null, languages: ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'tr', 'zh'] },
  { part: 'cyrillic', pattern: /\p{Script=Cyrillic}{2}/u, languages: ['ru'] },
  // Japanese is written in Han too (the main file's); its kana are the part's.
  { part: 'japanese', pattern: /[\p{Script=Hiragana}\p{Script=Katakana}]{2}/u, languages: ['ja'] },
  { part: 'korean', pattern: /\p{Script=Hangul}{2}/u, languages: ['ko'] },
  { part: 'arabic', pattern: /\p{Script=Arabic}{2}/u, languages: ['ar'] },
  { part: 'thai', pattern: /\p{Script=Thai}{2}/u, languages: ['th'] },
].map(Object.freeze));

/** The parts (names) of the scripts some of `text` is written in, in the table's order. */
export function partsOf(text) {
  const value = String(text ?? '');
  return MODEL_SCRIPTS.filter((script) => script.part && script.pattern.test(value)).map((script) => script.part);
}

/** The languages (BCP 47 tags) read by the main file with the parts `parts`, in the table's order. */
export function modelLanguages(parts = []) {
  return MODEL_SCRIPTS.filter((script) => script.part === null || parts.includes(script.part)).flatMap((script) => script.languages);
}
