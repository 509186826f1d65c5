// js/read/decode.js, the text-file decoder of the page and the CLI, in Node: every encoding it reads (with and without a
// byte-order mark), Windows-1252 as browsers decode it, short texts, the refusals (binary files,
// other code pages), and that its UTF-16 guess never claims UTF-8 text of any script. The same module
// runs inside the page in tests/e2e/files.test.mjs, which also compares it with Chromium's decoder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byteOrderMark, controlCount, decodeText, decodeWindows1252, utf16ByteOrder, utf8Tally } from '../../js/read/decode.js';

const utf8 = (text) => new TextEncoder().encode(text);
const hex = (digits) => Uint8Array.from(digits.match(/../g), (pair) => parseInt(pair, 16));
const concat = (...parts) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** `text` in UTF-16, little- or big-endian, without a byte-order mark. */
function utf16(text, order = 'le') {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 * i + (order === 'le' ? 0 : 1)] = unit & 0xff;
    bytes[2 * i + (order === 'le' ? 1 : 0)] = unit >> 8;
  }
  return bytes;
}

/** A deterministic byte stream (sfc32), so a failure can be replayed. */
function randomBytes(length, seed) {
  let [a, b, c, d] = [0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0];
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = ((c << 21) | (c >>> 11)) + t;
    bytes[i] = t >>> 24;
  }
  return bytes;
}

// Ordinary texts in many scripts, as a user's files would hold them.
const SCRIPTS = {
  English: 'The committee met on Tuesday.\nIts report, due in May, was "late" — again.',
  French: 'Déjà vu : l’élève a reçu « trois » critiques sévères, où était-il ?',
  Chinese: '这是一个用中文写的段落，我们用它来测试编码的检测是否正确。一二三\n第二行也有文字。',
  Japanese: 'これは日本語で書かれた段落です。\u3000文字コードの判定を試します。',
  Russian: 'Это обычный русский текст, в котором есть пробелы и знаки препинания.',
  Arabic: 'هذا نص عربي عادي يحتوي على مسافات وعلامات ترقيم، ويُكتب من اليمين إلى اليسار.',
  Hindi: 'यह एक साधारण हिंदी पाठ है जिसमें रिक्त स्थान हैं।',
  Greek: 'Αυτό είναι ένα ελληνικό κείμενο με κενά.',
  Korean: '이것은 한국어로 쓴 문단입니다. 띄어쓰기가 있습니다.',
  emoji: '😀🎉👍🏽 ok 🇫🇷 👨‍👩‍👧',
  'emoji only': '😀😀😀😀😀😀😀😀',
  'one letter': 'é',
};

test('UTF-8 text of any script is read as UTF-8, never taken for UTF-16', () => {
  for (const [script, text] of Object.entries(SCRIPTS)) {
    assert.deepEqual(decodeText(utf8(text)), { text, encoding: 'utf-8', bom: false }, script);
    assert.equal(utf16ByteOrder(utf8(text)), null, script);
    // Repeated into a long file, too: the guess looks at the whole file.
    const long = `${text}\n`.repeat(500);
    assert.equal(decodeText(utf8(long)).encoding, 'utf-8', `${script}, long`);
  }
});

test('a UTF-8 byte-order mark is honoured and not part of the text', () => {
  const text = SCRIPTS.French;
  assert.deepEqual(decodeText(concat([0xef, 0xbb, 0xbf], utf8(text))), { text, encoding: 'utf-8', bom: true });
  assert.deepEqual(decodeText(hex('efbbbf')), { text: '', encoding: 'utf-8', bom: true });
});

test('UTF-16 with a byte-order mark, both byte orders, any script, surrogate pairs included', () => {
  for (const [script, text] of Object.entries(SCRIPTS)) {
    assert.deepEqual(decodeText(concat([0xff, 0xfe], utf16(text, 'le'))), { text, encoding: 'utf-16le', bom: true }, script);
    assert.deepEqual(decodeText(concat([0xfe, 0xff], utf16(text, 'be'))), { text, encoding: 'utf-16be', bom: true }, script);
  }
  assert.equal(byteOrderMark(hex('fffe4100')), 'utf-16le');
  assert.equal(byteOrderMark(hex('feff0041')), 'utf-16be');
  assert.equal(byteOrderMark(hex('41fe')), null);
});

test('UTF-16 without a mark is recognised when its zero bytes clearly say so', () => {
  for (const script of ['English', 'French', 'Russian', 'Arabic', 'Hindi', 'Greek', 'Korean']) {
    const text = SCRIPTS[script];
    assert.deepEqual(decodeText(utf16(text, 'le')), { text, encoding: 'utf-16le', bom: false }, script);
    assert.deepEqual(decodeText(utf16(text, 'be')), { text, encoding: 'utf-16be', bom: false }, script);
  }
  // A word without spaces is clear when every character is Latin-1.
  assert.deepEqual(decodeText(utf16('Hi', 'le')), { text: 'Hi', encoding: 'utf-16le', bom: false });
  assert.deepEqual(decodeText(utf16('Hi', 'be')), { text: 'Hi', encoding: 'utf-16be', bom: false });
});

test('UTF-16 without a mark whose byte order is not clear is refused, not misread', () => {
  // No space or line break, and 一 (U+4E00) puts a zero in the low byte: either order reads cleanly.
  const chinese = '中文文本一二三四五六七八九十';
  assert.equal(utf16ByteOrder(utf16(chinese, 'le')), null);
  assert.deepEqual(decodeText(utf16(chinese, 'le')), { text: null, reason: 'unknown-encoding' });
  // An odd number of bytes cannot be UTF-16.
  assert.equal(utf16ByteOrder(utf16('Hello world', 'le').subarray(0, 21)), null);
});

test('Windows-1252 text: accented letters, curly quotes, dashes and the euro sign', () => {
  // "Café – déjà vu, naïve Müller’s “Straße” costs €5" as Word on Western Windows saves it.
  const bytes = hex('436166e920962064e96ae02076752c206e61ef7665204dfc6c6c65729273209353747261df659420636f737473208035');
  const text = 'Café – déjà vu, naïve Müller’s “Straße” costs €5';
  assert.deepEqual(decodeText(bytes), { text, encoding: 'windows-1252', bom: false });
  // Short texts: one accented letter, a word with a curly apostrophe.
  assert.deepEqual(decodeText(hex('e9')), { text: 'é', encoding: 'windows-1252', bom: false });
  assert.deepEqual(decodeText(hex('fc')), { text: 'ü', encoding: 'windows-1252', bom: false });
  assert.deepEqual(decodeText(hex('6974927320')), { text: 'it’s ', encoding: 'windows-1252', bom: false });
});

test('Windows-1252 is decoded as browsers do, not as Latin-1', () => {
  const expected = { 0x80: '€', 0x85: '…', 0x8a: 'Š', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—', 0x99: '™', 0x9f: 'Ÿ' };
  for (const [byte, char] of Object.entries(expected)) assert.equal(decodeWindows1252(Uint8Array.of(Number(byte))), char, `byte ${byte}`);
  // Unassigned bytes stay C1 controls (as WHATWG says); every other byte is its own code point.
  for (const byte of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) assert.equal(decodeWindows1252(Uint8Array.of(byte)), String.fromCharCode(byte));
  const others = Uint8Array.from({ length: 256 }, (_, i) => i).filter((byte) => byte < 0x80 || byte >= 0xa0);
  assert.equal(decodeWindows1252(others), String.fromCharCode(...others));
});

test('mostly UTF-8 with a few bad bytes stays UTF-8, the bad bytes shown as U+FFFD', () => {
  const text = `${SCRIPTS.French} ${SCRIPTS.Russian}`;
  const bytes = concat(utf8(text), [0x20, 0xe9, 0x74, 0xe9]); // "été" in Windows-1252 appended
  assert.deepEqual(decodeText(bytes), { text: `${text} \ufffdt\ufffd`, encoding: 'utf-8', bom: false });
  assert.deepEqual(utf8Tally(hex('c3a9e9e282ac41')), { sequences: 2, invalid: 1 });
  // Overlong forms and encoded surrogates are not valid sequences.
  assert.deepEqual(utf8Tally(hex('c0afeda080')), { sequences: 0, invalid: 5 });
});

test('text in another code page is refused, not shown as Windows-1252 gibberish', () => {
  const samples = {
    GBK: 'd5e2cac7d2bbb8f6d3c3d6d0cec4d0b4b5c4b6cec2e4a3acced2c3c7d3c3cbfcc0b4b2e2cad4b1e0c2ebb5c4bcecb2e2cac7b7f1d5fdc8b7a1a3',
    'Shift-JIS': '82b182ea82cd93fa967b8cea82c58f9182a982ea82bd9269978e82c582b7814295b68e9a8352815b836882cc94bb92e882f08e8e82b582dc82b78142',
    'Windows-1251': 'ddf2ee20eee1fbf7edfbe920f0f3f1f1eae8e920f2e5eaf1f220e220f1f2e0f0eee920eaeee4e8f0eee2eae52057696e646f77732c20e1e5e720e5e4e8edeee920ebe0f2e8edf1eaeee920e1f3eae2fb2e',
    'Windows-1253': 'c1f5f4fc20e5dfede1e920ddede120e5ebebe7ede9eafc20eae5dfece5edef20f3e520f0e1ebe9dc20eaf9e4e9eaeff0efdfe7f3e72e',
  };
  for (const [encoding, digits] of Object.entries(samples)) {
    assert.deepEqual(decodeText(hex(digits)), { text: null, reason: 'unknown-encoding' }, encoding);
  }
});

test('random binary is refused, with or without NUL bytes, whatever its length', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const length = [64, 256, 1000, 4096, 65536][seed % 5];
    const bytes = randomBytes(length, seed);
    assert.equal(decodeText(bytes).reason, 'binary', `seed ${seed}, ${length} bytes`);
    const withoutNul = bytes.map((byte) => byte || 1);
    assert.equal(decodeText(withoutNul).text, null, `seed ${seed} without NULs`);
  }
  // 16-bit numbers below 256 have the zero pattern of Latin UTF-16, but also its control characters.
  const numbers = randomBytes(2000, 7).map((byte, i) => (i % 2 ? 0 : byte));
  assert.equal(decodeText(numbers).reason, 'binary');
  // A PNG's start: signature, header chunk, then compressed data.
  const png = concat(hex('89504e470d0a1a0a0000000d49484452000001000000010008060000005c72a866'), randomBytes(500, 9));
  assert.equal(decodeText(png).reason, 'binary');
});

test('control characters: a stray one is tolerated in a long text, a file of them is binary', () => {
  const long = `${SCRIPTS.English.repeat(10)}\x1b[0m${SCRIPTS.English.repeat(10)}\b`;
  assert.equal(decodeText(utf8(long)).text, long);
  assert.equal(decodeText(utf8('\x01\x02\x03\x04 abc')).reason, 'binary');
  assert.equal(decodeText(utf8('abc\0def')).reason, 'binary');
  // The end-of-file mark of old DOS editors is not counted.
  assert.equal(decodeText(utf8('short\x1a')).text, 'short\x1a');
  assert.equal(controlCount('a\tb\nc\r\f\v'), 0);
  assert.equal(controlCount('\0\x07\x7f\x85\ufffd'), 5);
});

test('a long UTF-8 text with a stray NUL is read, the NUL dropped', () => {
  const text = SCRIPTS.Russian.repeat(10);
  assert.deepEqual(decodeText(concat(utf8(text), [0])), { text, encoding: 'utf-8', bom: false });
});

test('empty input is an empty UTF-8 text', () => {
  assert.deepEqual(decodeText(new Uint8Array(0)), { text: '', encoding: 'utf-8', bom: false });
});
