// Bytes of a text file -> its text, without the DOM (the page, the CLI and Node tests use it, through js/read/document.js).
// Which encoding: a byte-order mark decides when there is one; otherwise valid UTF-8 is UTF-8 (and
// mostly valid UTF-8 too, its few bad bytes shown as U+FFFD); bytes with NULs are UTF-16 only when
// their zeros clearly sit in the high byte of each pair; other bytes are Windows-1252, the
// single-byte encoding of Western European Windows (WHATWG decodes ISO-8859-1 with it too).
// Binary files, and text in an encoding this cannot tell (a Cyrillic or Chinese code page, UTF-16
// without a mark and with no clear pattern), are refused rather than shown as gibberish.
// No package does this better at this size: chardet/jschardet are CommonJS and guess among dozens
// of code pages from statistics, where the page needs a few certain answers and a clear refusal.

/** Human names of the encodings decodeText returns, for messages ("read as Windows-1252 …"). */
export const ENCODING_NAMES = Object.freeze({
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
});

// Most control characters a text may hold, as a share of its characters: a stray escape or
// backspace in a long text is tolerated, a file full of them is not text.
const MAX_CONTROL_SHARE = 0.01;
// Western European text in Windows-1252 has a few accented letters among plain ASCII ones (Icelandic,
// the most, about a fifth); Cyrillic, Greek or CJK code pages read as Windows-1252 have mostly high bytes.
const MAX_HIGH_LETTER_SHARE = 0.5;
const MIN_LETTERS_TO_JUDGE = 16;

/**
 * Decodes the bytes of a text file. Returns `{ text, encoding, bom }` (encoding: 'utf-8', 'utf-16le',
 * 'utf-16be' or 'windows-1252'; bom: whether a byte-order mark said so; the mark is not in `text`),
 * or `{ text: null, reason }` when the bytes are not readable text: reason 'binary' (NUL bytes that are
 * not UTF-16, or many control characters) or 'unknown-encoding' (text, but in an encoding other than
 * those above, e.g. a Cyrillic code page or UTF-16 whose byte order cannot be told).
 * @param {Uint8Array} bytes
 */
export function decodeText(bytes) {
  const bom = byteOrderMark(bytes);
  if (bom) {
    // The mark is trusted; the decoder drops it. Bad sequences become U+FFFD, which the check counts.
    return checked(new TextDecoder(bom).decode(bytes), bom, true);
  }
  if (bytes.includes(0)) return withNulBytes(bytes);
  const utf8 = decodeStrictly('utf-8', bytes);
  if (utf8 !== null) return checked(utf8, 'utf-8', false);
  // Mostly UTF-8 with a few bad bytes (two files joined, one stray Latin-1 letter): UTF-8 with U+FFFD
  // for those bytes reads far better than the whole file as Windows-1252 ("Ã©" for every "é").
  const { sequences, invalid } = utf8Tally(bytes);
  if (sequences > invalid) return checked(new TextDecoder('utf-8').decode(bytes), 'utf-8', false, invalid);
  return singleByte(bytes);
}

/** 'utf-8', 'utf-16le' or 'utf-16be' when `bytes` start with that byte-order mark, else null. */
export function byteOrderMark(bytes) {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * Which UTF-16 byte order, if any, the zero bytes of `bytes` clearly show: 'utf-16le', 'utf-16be'
 * or null. In UTF-16 text every character below U+0100 (spaces, line breaks, digits, ASCII
 * punctuation, Latin letters) has a zero high byte, while a zero low byte needs a character such as
 * U+4E00 or U+3000; so the zeros must sit mostly in one column of the byte pairs, and that column
 * must hold a space, tab or line break, unless it is all Latin-1 (a short word). Read in the wrong
 * order, U+4E00 would look like a zero high byte, but no common character looks like a space.
 * Text in UTF-8 has no zero bytes at all, so this never claims a NUL-free UTF-8 file, in any script.
 */
export function utf16ByteOrder(bytes) {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  const units = bytes.length / 2;
  // Zero high bytes, and spaces among them, when the high byte is at offset `high` (0 or 1) of each pair.
  const column = (high) => {
    let zeros = 0;
    let spaces = 0;
    for (let i = 0; i < bytes.length; i += 2) {
      const lo = bytes[i + 1 - high];
      // A pair of zeros is U+0000, in neither column: the decoded text's check refuses it.
      if (bytes[i + high] !== 0 || lo === 0) continue;
      zeros += 1;
      if (lo === 0x20 || lo === 0x09 || lo === 0x0a || lo === 0x0d) spaces += 1;
    }
    return { zeros, spaces };
  };
  const big = column(0);
  const little = column(1);
  const clear = (high, low) =>
    (high.zeros === units && low.zeros === 0) || (high.spaces > 0 && high.zeros >= 3 * low.zeros && high.zeros * 20 >= units);
  if (clear(little, big)) return 'utf-16le';
  if (clear(big, little)) return 'utf-16be';
  return null;
}

/**
 * Bytes with NULs and no mark: UTF-16 when the pattern is clear and the text clean; UTF-8 with a few
 * stray NULs (dropped: they show as nothing and mean nothing); else refused.
 */
function withNulBytes(bytes) {
  const order = utf16ByteOrder(bytes);
  const utf16 = order && decodeStrictly(order, bytes);
  if (utf16 && plausibleUtf16(utf16)) return { text: utf16, encoding: order, bom: false };
  const utf8 = decodeStrictly('utf-8', bytes);
  if (utf8 !== null && controlCount(utf8) <= utf8.length * MAX_CONTROL_SHARE) {
    return { text: utf8.replaceAll('\0', ''), encoding: 'utf-8', bom: false };
  }
  // Clean text in either byte order is still text, only not one whose order can be told.
  const maybeUtf16 = bytes.length % 2 === 0 && ['utf-16le', 'utf-16be'].some((candidate) => {
    const decoded = decodeStrictly(candidate, bytes);
    return decoded !== null && plausibleUtf16(decoded);
  });
  return refused(maybeUtf16 ? 'unknown-encoding' : 'binary');
}

/**
 * Whether bytes decoded as UTF-16 read as text: no control character, and none unassigned or for
 * private use. Random bytes read as UTF-16 hit those about one time in four, text never.
 */
const plausibleUtf16 = (text) => controlCount(text) === 0 && !/[\p{Cn}\p{Co}]/u.test(text);

/**
 * How much of `bytes` is well-formed UTF-8: `sequences` of two to four bytes that are valid, and
 * `invalid` bytes that belong to none (ASCII bytes count in neither).
 */
export function utf8Tally(bytes) {
  let sequences = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const [low, high] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    let ok = length > 0 && i + length <= bytes.length && bytes[i + 1] >= low && bytes[i + 1] <= high;
    for (let k = 2; ok && k < length; k++) ok = bytes[i + k] >= 0x80 && bytes[i + k] <= 0xbf;
    if (ok) {
      sequences += 1;
      i += length;
    } else {
      invalid += 1;
      i += 1;
    }
  }
  return { sequences, invalid };
}

/** Bytes that are not UTF-8 and have no NULs: Windows-1252 text, another code page, or binary. */
function singleByte(bytes) {
  let c0 = 0; // C0 controls other than white space: no text encoding of this kind produces them
  let high = 0;
  let asciiLetters = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte >= 0x80) high += 1;
    else if ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) asciiLetters += 1;
    else if (isControl(byte)) c0 += 1;
  }
  if (c0 > bytes.length * MAX_CONTROL_SHARE) return refused('binary');
  const letters = high + asciiLetters;
  if (letters >= MIN_LETTERS_TO_JUDGE && high > letters * MAX_HIGH_LETTER_SHARE) return refused('unknown-encoding');
  const text = decodeWindows1252(bytes);
  // Five bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) are unassigned in Windows-1252 and decode to C1 controls.
  if (controlCount(text) > text.length * MAX_CONTROL_SHARE) return refused('unknown-encoding');
  return { text, encoding: 'windows-1252', bom: false };
}

/**
 * The decoded text, unless it holds too many control characters or undecodable bytes to be text;
 * `replaced` U+FFFD are already judged (mostly UTF-8 with that many bad bytes) and not counted again.
 */
function checked(text, encoding, bom, replaced = 0) {
  if (controlCount(text) - replaced > text.length * MAX_CONTROL_SHARE) return refused('binary');
  return { text, encoding, bom };
}

/**
 * Characters that do not occur in text: C0 controls but tab, line feed, vertical tab, form feed and
 * carriage return; DEL; C1 controls; U+FFFD, which stands for bytes that could not be decoded. A
 * final Ctrl-Z (the end-of-file mark of old DOS editors) is not counted.
 */
export function controlCount(text) {
  let count = 0;
  const end = text.endsWith('\x1a') ? text.length - 1 : text.length;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xa0 ? isControl(code) : code === 0xfffd) count += 1;
  }
  return count;
}

const isControl = (code) => (code < 0x20 && (code < 0x09 || code > 0x0d)) || (code >= 0x7f && code < 0xa0);

/** The text of `bytes` in `encoding`, or null when they are not valid in it. */
function decodeStrictly(encoding, bytes) {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

// WHATWG index-windows-1252 for bytes 0x80-0x9F; every other byte is its own code point.
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 as browsers decode it. Not TextDecoder('windows-1252'): Node 20.18.3 and later decode it
 * as Latin-1 (0x92 as U+0092 instead of ’; nodejs/node#60888), and the page and Node must agree.
 */
export function decodeWindows1252(bytes) {
  const units = new Uint8Array(bytes.length * 2); // UTF-16LE, whatever the machine's byte order
  for (let i = 0; i < bytes.length; i++) {
    const code = bytes[i] >= 0x80 && bytes[i] < 0xa0 ? WINDOWS_1252_HIGH[bytes[i] - 0x80] : bytes[i];
    units[2 * i] = code & 0xff;
    units[2 * i + 1] = code >> 8;
  }
  return new TextDecoder('utf-16le').decode(units);
}

const refused = (reason) => ({ text: null, reason });
