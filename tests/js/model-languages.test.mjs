// The model's scripts (js/model-languages.js): which parts a text needs, by Unicode script, and
// which languages a model of the main file and some parts reads, as the page names them; and the
// table against the manifest the build writes (every part it names has an entry, and no more).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MODEL_SCRIPTS, modelLanguages, partsOf } from '../../js/model-languages.js';
import { languageName } from '../../js/words/evidence.js';
import { list, withLanguage } from '../../js/words/i18n.js';
import { NORIAS_EN, NORIAS_RU, NORIAS_ZH } from '../translation.mjs';

test('a text needs the parts of the scripts it is written in', () => {
  assert.deepEqual(partsOf(NORIAS_EN), []);
  assert.deepEqual(partsOf(NORIAS_ZH), [], 'Han is in the main file');
  assert.deepEqual(partsOf('Die Norias von Hama sind hölzerne Wasserräder am Orontes.'), []);
  assert.deepEqual(partsOf(NORIAS_RU), ['cyrillic']);
  assert.deepEqual(partsOf('ハマの水車はシリア西部のオロンテス川にある木製の水車群です。'), ['japanese']);
  assert.deepEqual(partsOf('하마의 노리아는 시리아 서부 오론테스 강의 나무 물레방아입니다.'), ['korean']);
  assert.deepEqual(partsOf('نواعير حماة هي مجموعة من الدواليب الخشبية على نهر العاصي.'), ['arabic']);
  assert.deepEqual(partsOf('กังหันน้ำแห่งฮามาเป็นกังหันไม้บนแม่น้ำออรอนทีส'), ['thai']);
  // Several scripts in one text, in the table's order, each once.
  assert.deepEqual(partsOf(`${NORIAS_EN} Привет, мир. こんにちは。 Привет.`), ['cyrillic', 'japanese']);
});

test('a look-alike letter alone inside a Latin word loads no part', () => {
  // "pаper" with a Cyrillic а, "cоpy" with a Cyrillic о: an evasion, not Russian.
  assert.deepEqual(partsOf('This pаper is a cоpy of the source.'), []);
  assert.deepEqual(partsOf(''), []);
  assert.deepEqual(partsOf(undefined), []);
});

test("the languages a model reads: the main file's, and each part's", () => {
  const main = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'tr', 'zh'];
  assert.deepEqual(modelLanguages(), main);
  assert.deepEqual(modelLanguages(['cyrillic']), [...main, 'ru']);
  assert.deepEqual(modelLanguages(['thai', 'cyrillic']), [...main, 'ru', 'th'], "in the table's order");
  assert.equal(modelLanguages(MODEL_SCRIPTS.map((s) => s.part).filter(Boolean)).length, 15, "USE multilingual v3's 16 languages, Chinese counted once (Simplified and Traditional)");
  withLanguage('en', () => assert.equal(list(modelLanguages(['cyrillic']).slice(-3).map(languageName)), 'Turkish, Chinese and Russian'));
  withLanguage('zh-Hans', () => assert.match(list(modelLanguages(['japanese']).slice(-2).map(languageName)), /^中文.*日语$|^中文.*日文$/));
});

test("the table has an entry for each part of the model's manifest, and no other", () => {
  const manifest = JSON.parse(readFileSync(new URL('../../target/model/manifest.json', import.meta.url), 'utf8'));
  const parts = MODEL_SCRIPTS.map((s) => s.part).filter(Boolean).sort();
  assert.deepEqual((manifest.parts ?? []).map((p) => p.script).sort(), parts);
});
