// Writes tests/data/evasion-cases.json: one English passage, disguised in every way the evasion
// suite covers, and honest text in many scripts. The JSON is what the Rust, npm and page suites
// read; this script is how it was made (run it again after changing a disguise:
// `node tests/data/make-evasion-cases.mjs`). Each disguise is written from its description here,
// never from plagscope's output, so the suites test plagscope against an outside truth.
import { writeFileSync } from 'node:fs';

const source =
  'Winnowing selects fingerprints from the hashes of overlapping word sequences so that every ' +
  'shared run of sufficient length between two documents is guaranteed to be detected, while the ' +
  'number of stored fingerprints stays small enough for large collections of student essays.';
const before = 'In this essay I describe how similarity checkers work in practice. ';
const after = ' That is why teachers can rely on them for long reports.';

const perLetter = (text, swap) => [...text].map((c) => swap(c) ?? c).join('');
const table = (pairs) => (c) => pairs[c];
const words = (text, f) => text.split(' ').map(f).join(' ');
const reverse = (text) => [...text].reverse().join('');
const insideWords = (hidden) => (word) => {
  const letters = [...word];
  letters.splice(Math.ceil(letters.length / 2), 0, hidden);
  return letters.join('');
};
const upperWith = (pairs) => (text) => perLetter(text.toUpperCase(), table(pairs));

const greekCapitals = { A: 'Α', B: 'Β', E: 'Ε', H: 'Η', I: 'Ι', K: 'Κ', M: 'Μ', N: 'Ν', O: 'Ο', P: 'Ρ', T: 'Τ', X: 'Χ', Y: 'Υ', Z: 'Ζ' };
const cyrillicCapitals = { A: 'А', B: 'В', C: 'С', E: 'Е', H: 'Н', I: 'І', J: 'Ј', K: 'К', M: 'М', O: 'О', P: 'Р', S: 'Ѕ', T: 'Т', X: 'Х' };
const cherokeeCapitals = { A: 'Ꭺ', B: 'Ᏼ', C: 'Ꮯ', D: 'Ꭰ', E: 'Ꭼ', G: 'Ꮐ', H: 'Ꮋ', J: 'Ꭻ', K: 'Ꮶ', L: 'Ꮮ', M: 'Ꮇ', P: 'Ꮲ', R: 'Ꭱ', S: 'Ꮪ', T: 'Ꭲ', V: 'Ꮩ', W: 'Ꮃ', Z: 'Ꮓ' };
const smallCapitals = [...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡxʏᴢ'];
// Lisu has no Q: a capital Q stays Latin, as it would in such a copy.
const lisuCapitals = { A: 'ꓮ', B: 'ꓐ', C: 'ꓚ', D: 'ꓓ', E: 'ꓰ', F: 'ꓝ', G: 'ꓖ', H: 'ꓧ', I: 'ꓲ', J: 'ꓙ', K: 'ꓗ', L: 'ꓡ', M: 'ꓟ', N: 'ꓠ', O: 'ꓳ', P: 'ꓑ', R: 'ꓣ', S: 'ꓢ', T: 'ꓔ', U: 'ꓴ', V: 'ꓦ', W: 'ꓪ', X: 'ꓫ', Y: 'ꓬ', Z: 'ꓜ' };
// Modifier letters that Unicode names "MODIFIER LETTER SMALL X" (q has none).
const superscripts = { a: 'ᵃ', b: 'ᵇ', c: 'ᶜ', d: 'ᵈ', e: 'ᵉ', f: 'ᶠ', g: 'ᵍ', h: 'ʰ', i: 'ⁱ', j: 'ʲ', k: 'ᵏ', l: 'ˡ', m: 'ᵐ', n: 'ⁿ', o: 'ᵒ', p: 'ᵖ', r: 'ʳ', s: 'ˢ', t: 'ᵗ', u: 'ᵘ', v: 'ᵛ', w: 'ʷ', x: 'ˣ', y: 'ʸ', z: 'ᶻ' };
/** The letter of a block of 26 styled capitals (NEGATIVE SQUARED LATIN CAPITAL LETTER A, ...). */
const capitalsFrom = (first) => (c) => (/[A-Z]/.test(c) ? String.fromCodePoint(first + c.charCodeAt(0) - 65) : undefined);

// [class, disguise(passage), the report field that must name it]
const disguises = [
  ['Cyrillic look-alike letters', (t) => perLetter(t, table({ a: 'а', e: 'е', o: 'о', p: 'р', c: 'с' })), 'replacedLetters.Cyrillic'],
  ['Greek look-alike letters', (t) => perLetter(t, table({ o: 'ο', i: 'ι', v: 'ν' })), 'replacedLetters.Greek'],
  ['Armenian look-alike letters', (t) => perLetter(t, table({ o: 'օ', n: 'ո', h: 'հ', u: 'ս', g: 'ց' })), 'replacedLetters.Armenian'],
  ['Cherokee look-alikes inside Latin words', (t) => perLetter(t, table({ w: 'ꮃ', h: 'Ꮒ' })), 'replacedLetters.Cherokee'],
  ['Latin small capitals', (t) => perLetter(t, (c) => (/[a-z]/.test(c) && c !== 'x' ? smallCapitals[c.charCodeAt(0) - 97] : undefined)), 'replacedLetters.Latin look-alike'],
  ['Latin phonetic look-alikes', (t) => perLetter(t, table({ a: 'ɑ', g: 'ɡ', l: 'ǀ' })), 'replacedLetters.Latin look-alike'],
  ['upper case in Greek look-alike capitals', upperWith(greekCapitals), 'replacedLetters.Greek'],
  ['upper case in Cyrillic look-alike capitals', upperWith(cyrillicCapitals), 'replacedLetters.Cyrillic'],
  ['upper case in Cherokee look-alike capitals', upperWith(cherokeeCapitals), 'replacedLetters.Cherokee'],
  ['zero-width spaces inside words', (t) => words(t, insideWords('\u200B')), 'invisibleCharacters'],
  ['soft hyphens inside words', (t) => words(t, insideWords('\u00AD')), 'invisibleCharacters'],
  ['C0 control characters inside words', (t) => words(t, insideWords('\u0001')), 'invisibleCharacters'],
  ['C1 control characters inside words', (t) => words(t, insideWords('\u0090')), 'invisibleCharacters'],
  ['interlinear annotation characters inside words', (t) => words(t, insideWords('\uFFF9')), 'invisibleCharacters'],
  ['tag characters inside words', (t) => words(t, insideWords('\u{E0041}')), 'invisibleCharacters'],
  ['variation selectors inside words', (t) => words(t, insideWords('\u{E0100}')), 'invisibleCharacters'],
  ['letter-spacing with thin spaces', (t) => words(t, (w) => [...w].join('\u2009')), 'spacingCharacters'],
  ['letter-spacing with hair spaces', (t) => words(t, (w) => [...w].join('\u200A')), 'spacingCharacters'],
  ['letter-spacing with medium mathematical spaces', (t) => words(t, (w) => [...w].join('\u205F')), 'spacingCharacters'],
  ['words joined by word joiners instead of spaces', (t) => t.replaceAll(' ', '\u2060'), 'invisibleSeparators'],
  ['words joined by zero-width spaces instead of spaces', (t) => t.replaceAll(' ', '\u200B'), 'invisibleSeparators'],
  ['right-to-left override with the passage stored backwards', (t) => `\u202E${reverse(t)}\u202C`, 'reversedSpans'],
  ['right-to-left override with each word stored backwards', (t) => words(t, (w) => `\u202E${reverse(w)}\u202C`), 'reversedSpans'],
  ['a combining accent on every vowel', (t) => t.replace(/[aeiou]/g, (v) => `${v}\u0301`), 'markedLetters'],
  ['a combining dot on every letter', (t) => t.replace(/[a-z]/gi, (l) => `${l}\u0307`), 'markedLetters'],
  ['three stacked marks on letters', (t) => t.replace(/[a-z]/gi, (l) => `${l}\u0300\u0334\u0352`), 'markedLetters'],
  ['blank look-alikes instead of spaces', (t) => t.replaceAll(' ', '\u2800'), 'blankSubstitutes'],
  ['mathematical bold letters', (t) => perLetter(t, (c) => (/[a-z]/.test(c) ? String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97) : undefined)), 'replacedLetters.Styled'],
  ['Lisu look-alike capitals', upperWith(lisuCapitals), 'replacedLetters.Lisu'],
  ['Coptic look-alike small letters', (t) => perLetter(t, table({ o: 'ⲟ', p: 'ⲣ', c: 'ⲥ', i: 'ⲓ', y: 'ⲩ' })), 'replacedLetters.Coptic'],
  ['negative squared capitals', (t) => perLetter(t.toUpperCase(), capitalsFrom(0x1f170)), 'replacedLetters.Styled'],
  ['negative circled capitals', (t) => perLetter(t.toUpperCase(), capitalsFrom(0x1f150)), 'replacedLetters.Styled'],
  ['modifier letters (superscripts)', (t) => perLetter(t, table(superscripts)), 'replacedLetters.Styled'],
  ['a combining dot below on every letter', (t) => t.replace(/[a-z]/gi, (l) => `${l}\u0323`), 'markedLetters'],
  ['Hangul fillers inside words', (t) => words(t, insideWords('\u3164')), 'invisibleCharacters'],
  ['halfwidth Hangul fillers inside words', (t) => words(t, insideWords('\uFFA0')), 'invisibleCharacters'],
  ['Braille blanks inside words', (t) => words(t, insideWords('\u2800')), 'invisibleCharacters'],
  ['Hangul choseong and jungseong fillers instead of spaces', (t) => t.split(' ').map((w, i) => w + (i % 2 ? '\u115F' : '\u1160')).join('').trimEnd(), 'blankSubstitutes'],
  ['letter-spacing with no-break spaces', (t) => words(t, (w) => [...w].join('\u00A0')), 'spacingCharacters'],
  ['letter-spacing with figure spaces', (t) => words(t, (w) => [...w].join('\u2007')), 'spacingCharacters'],
  // Issue 43: letters that UTS #39 gives no Latin skeleton, found through the wider table (decancer's).
  ['Coptic letters without a Latin skeleton', (t) => perLetter(t, table({ e: 'ⲉ', a: 'ⲁ' })), 'replacedLetters.Coptic'],
  ['Canadian syllabics look-alikes', (t) => perLetter(t, table({ a: 'ᗩ', d: 'ᗪ' })), 'replacedLetters.Canadian Aboriginal'],
  ['Han look-alikes inside Latin words', (t) => perLetter(t, table({ o: '口', t: '卜' })), 'replacedLetters.Han look-alike'],
  ['Katakana, Bopomofo and Hangul look-alikes', (t) => perLetter(t, table({ i: 'エ', c: 'ㄈ', o: 'ㅇ' })), 'replacedLetters.Hangul'],
  ['circled letters', (t) => perLetter(t, (c) => (/[a-z]/.test(c) ? String.fromCodePoint(0x24d0 + c.charCodeAt(0) - 97) : undefined)), 'replacedLetters.Styled'],
];

// Ordinary text that must report nothing: scripts, languages that mark most vowels, typography,
// scientific notation.
const honest = [
  ['Russian', 'Москва является столицей Российской Федерации и крупнейшим городом страны.'],
  ['Greek', 'Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και μία από τις αρχαιότερες πόλεις του κόσμου.'],
  ['Greek capitals', 'ΕΙΣΑΓΩΓΗ ΣΤΗΝ ΙΣΤΟΡΙΑ ΤΗΣ ΑΡΧΑΙΑΣ ΕΛΛΑΔΑΣ'],
  ['Russian capitals', 'ВВЕДЕНИЕ В ИСТОРИЮ РОССИЙСКОЙ ЛИТЕРАТУРЫ'],
  ['Armenian', 'ՀԱՅԱՍՏԱՆ. Երևանը Հայաստանի մայրաքաղաքն է և ամենամեծ քաղաքը։'],
  ['Cherokee', 'ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ ᎠᏂᏴᏫᏯ ᎤᏂᏪᏒᎢ. ꮳꮃꭹ ꭶꮼꮒꭿꮝꮧ.'],
  ['Arabic', 'القاهرة هي عاصمة جمهورية مصر العربية وأكبر مدنها.'],
  ['Hebrew', 'ירושלים היא בירת ישראל והעיר הגדולה ביותר במדינה.'],
  ['Hindi', 'नई दिल्ली भारत की राजधानी है और एक बड़ा शहर है।'],
  ['Japanese', '東京は日本の首都であり、世界最大級の都市です。カタカナとRustもあります。'],
  ['mathematics', 'Let αx + βy = 1 with x_α > 0; then dθ/dt = 𝑝(𝑥|𝜃) and 𝑚𝑎𝑥 𝑙𝑜𝑔 𝑝(𝑥|𝜃) is reached where 𝑥𝑦𝑧 = 𝐀𝐁𝐂.'],
  ['German web text with soft hyphens', 'Die Informations\u00ADtechnologie des Bundes\u00ADverfassungs\u00ADgerichts ist auf dem neues\u00ADten Stand; Ver\u00ADwal\u00ADtung und Wirt\u00ADschaft fol\u00ADgen.'],
  ['Japanese names with ideographic variation sequences', '葛\u{E0100}飾区の辻\u{E0100}さんと渡邉\u{E0101}さんは、東京都葛\u{E0100}飾区に住んでいる。'],
  ['Korean', '서울은 대한민국의 수도이며 가장 큰 도시이다.'],
  // Scripts with letters that UTS #39 lists as Latin, Greek or Cyrillic look-alikes.
  ['Coptic', 'Ⲡⲉⲛⲓⲱⲧ ⲉⲧϧⲉⲛ ⲛⲓⲫⲏⲟⲩⲓ, ⲙⲁⲣⲉϥⲧⲟⲩⲃⲟ ⲛϫⲉ ⲡⲉⲕⲣⲁⲛ. Ⲙⲁⲣⲉⲥⲓ ⲛϫⲉ ⲧⲉⲕⲙⲉⲧⲟⲩⲣⲟ.'],
  ['Georgian', 'თბილისი საქართველოს დედაქალაქი და ყველაზე დიდი ქალაქია.'],
  ['Amharic', 'አዲስ አበባ የኢትዮጵያ ዋና ከተማ እና ትልቁ የሀገሪቱ ከተማ ናት።'],
  ['Burmese', 'ရန်ကုန်သည် မြန်မာနိုင်ငံ၏ အကြီးဆုံးမြို့ ဖြစ်သည်။'],
  ['Malayalam', 'തിരുവനന്തപുരം കേരളത്തിന്റെ തലസ്ഥാനമാണ്, ഞങ്ങളുടെ വീട് അവിടെയാണ്.'],
  ['Gujarati', 'અમદાવાદ ગુજરાતનું સૌથી મોટું શહેર છે અને પાટનગર ગાંધીનગર છે.'],
  ['Inuktitut', 'ᐃᓄᒃᑎᑐᑦ ᐅᖃᐅᓯᖅ ᓄᓇᕗᒻᒥ ᐊᑐᖅᑕᐅᔪᖅ Nunavut.'],
  ['Tamazight in Tifinagh', 'ⵜⴰⵎⴰⵣⵉⵖⵜ ⵜⴰⵏⴰⵡⴰⵢⵜ ⵜⴰⵙⵜⴰⵏⴷⴰⵔⵜ ⵏ ⵍⵎⵖⵔⵉⴱ.'],
  ['Hebrew with Latin names after a prefix', 'השתמשתי בGoogle ובWikipedia כדי לבדוק את המקורות.'],
  ['Taiwanese Mandarin with a Bopomofo particle', '好ㄚ，我們明天見ㄛ。'],
  ['Czech with no-break spaces after one-letter words', 'Byl jsem v\u00A0Praze a\u00A0v\u00A0Brně, k\u00A0tomu i\u00A0s\u00A0přáteli z\u00A0Ostravy.'],
  ['Sanskrit in IAST', 'Kṛṣṇa uvāca: dharmakṣetre kurukṣetre samavetā yuyutsavaḥ māmakāḥ pāṇḍavāś caiva kim akurvata sañjaya.'],
  ['italic function names pasted from a PDF', 'We apply 𝑠𝑜𝑓𝑡𝑚𝑎𝑥(𝑧) to the logits and minimize 𝑙𝑜𝑠𝑠 = −𝑙𝑜𝑔 𝑝(𝑦|𝑥) over the training set.'],
  ['superscripts and subscripts in formulas', 'E = mc², xⁿ + yⁿ = zⁿ, aᵢⱼ = bᵢⱼ for all i, j, and the 5ᵗʰ term of Mᵐᵉ Curie.'],
  ['Vietnamese', 'Hà Nội là thủ đô của nước Cộng hòa Xã hội chủ nghĩa Việt Nam, người dân ở đây rất thân thiện.'],
  ['Vietnamese, decomposed', 'Hà Nội là thủ đô của nước Cộng hòa Xã hội chủ nghĩa Việt Nam.'.normalize('NFD')],
  ['Yoruba', 'Ọ̀rọ̀ àtijọ́ ni pé ìwà l\'ẹwà, àwọn ọmọ ilé-ìwé kọ́ ẹ̀kọ́ wọn dáadáa. Ṣé o ti ṣetán? Ó ṣe é.'],
  ['Pinyin', 'Zhōngguó shì yí gè lìshǐ yōujiǔ de guójiā, Běijīng shì tā de shǒudū.'],
  ['Czech', 'Příliš žluťoučký kůň úpěl ďábelské ódy a čeština má háčky i čárky.'],
  ['Polish', 'Zażółć gęślą jaźń, mówią w Łodzi i w Częstochowie.'],
  ['French with narrow no-break spaces', 'Il a dit\u202F: « bonjour\u202F! » et 10\u202F000 personnes ont répondu\u202F; café, naïve, où.'],
  ['accented European', 'Le café naïve à Zürich — São Paulo, Łódź, Ærøskøbing, façade, Straße, İstanbul.'],
  ['Turkish', 'Kadın ılık suyu içti ve İstanbul\'a gitti.'],
  ['scientific notation', 'The cell is 10 µm wide, the resistor is 4.7 kΩ, ΔT = 5 K and the area is πr². We measured α and β decay at 25 °C; λ = 500 nm, 3 MΩ, 2 μs, Δx·Δp ≥ ħ/2 and σ².'],
  // Issue 43, item 12: Greek letters as symbols, a Greek word quoted with its accent, and phonetic
  // transcriptions (their ɑ and ɡ look like a and g) are the honest text of encyclopedias.
  ['Greek symbols, a quoted Greek word and IPA', 'The first letter of the Greek alphabet, α, names the alpha particle, written α or α2+; where ρ is the density, ν the frequency and κ a constant. The cactus takes its name from κάκτος (káktos). Amedeo Avogadro [ameˈdɛːo avoˈɡaːdro]; bath is [bɑːθ] and dog ˈdɒɡ.'],
  // Issue 43: CJK text written beside Latin words, and Japanese mixing kana, kanji and Latin.
  ['Chinese with Latin words', '我们用Rust写代码，DNA和RNA都是分子。A股和B股，从地铁A口出站。'],
  ['Japanese with Latin words and shinjitai', 'PythonとJavaで経済の発展を図る。Tシャツを買った。国際関係の歴史を学ぶ。'],
  ['Japanese without Latin', '東京駅の広場で、戦後の経済発展について話し合った。'],
  ['ligatures and typographic quotes', 'The ﬁnal ﬂow of “ideas” — it’s ﬁne… (see § 3).'],
  ['control characters of ordinary files', 'Line one\twith a tab\r\nand a Windows line end.\fA form feed.'],
];

const cases = {
  about: 'Made by tests/data/make-evasion-cases.mjs. A checker holding only `source` must find each disguised paper (source coverage > 0.8) and name it in the evasion report field `report` (a dotted path); each honest text must report nothing.',
  source,
  disguised: disguises.map(([name, disguise, report]) => ({ class: name, paper: before + disguise(source) + after, report })),
  honest: honest.map(([name, text]) => ({ name, text })),
};
writeFileSync(new URL('./evasion-cases.json', import.meta.url), `${JSON.stringify(cases, null, 1)}\n`);
console.log(`wrote ${cases.disguised.length} disguised and ${cases.honest.length} honest cases`);
