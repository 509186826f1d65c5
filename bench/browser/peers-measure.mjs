// The npm peers' side of the bench page: each sketches one document the way its README shows, so
// the page times what a user of that package would run. The peers come from the classic script
// bundled from bench/browser/peers.js (globalThis.peers).
const { Minhash, LshIndex, MinHashFactory, SimHash } = globalThis.peers;

// The peers bring no tokenizer: words are runs of letters and digits, and each Han character is a
// word (as plagscope reads Chinese), lower-cased; shingles are 5 consecutive words joined by spaces.
const WORD = /\p{Script=Han}|[\p{L}\p{N}]+/gu;
export const SHINGLE_WORDS = 5;
export const NUM_PERM = 128;

/** The word 5-shingles of `text` as strings (the set the MinHash peers sketch). */
export function jsShingles(text) {
  const words = text.toLowerCase().match(WORD) ?? [];
  const shingles = [];
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) shingles.push(words.slice(i, i + SHINGLE_WORDS).join(' '));
  return shingles;
}

/** FNV-1a, 32 bits: bloom-filters' MinHash takes numbers only, so each shingle is hashed first. */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** npm `minhash`: one `Minhash` of 128 permutations per document, `update` per shingle (README). */
export function npmMinhash(text) {
  const sketch = new Minhash({ numPerm: NUM_PERM });
  for (const shingle of jsShingles(text)) sketch.update(shingle);
  return sketch;
}

/** npm `minhash` over each document's shingle strings made beforehand: its MinHash stage alone. */
export function npmMinhashOfShingles(documents) {
  const shingles = documents.map(jsShingles);
  return (_, i) => {
    const sketch = new Minhash({ numPerm: NUM_PERM });
    for (const shingle of shingles[i]) sketch.update(shingle);
    return sketch;
  };
}

/** bloom-filters: a factory of 128 hash functions shared by every document, `bulkLoad` of the hashed shingles. */
export function bloomFiltersMinhash() {
  const factory = new MinHashFactory(NUM_PERM, 2 ** 32 - 1);
  return (text) => {
    const sketch = factory.create();
    const hashes = jsShingles(text).map(fnv1a);
    if (hashes.length > 0) sketch.bulkLoad(hashes);
    return sketch;
  };
}

/** simhash-js: its own 32-bit SimHash (character 4-shingles, 128 smallest features) per document. */
export function simhashJs() {
  const hasher = new SimHash();
  return (text) => hasher.hash(text);
}

/**
 * npm `minhash`'s LshIndex (bands of 4): inserts every signature, then queries every one; seconds
 * each. The index keeps each signature's bands on it when inserting, so queries reuse them.
 */
export function lshIndexTimes(signatures) {
  const index = new LshIndex({ bandSize: 4 });
  let start = performance.now();
  signatures.forEach((signature, i) => index.insert(`doc-${i}`, signature));
  const insertSeconds = (performance.now() - start) / 1000;
  start = performance.now();
  let found = 0;
  for (const signature of signatures) found += index.query(signature).length;
  const querySeconds = (performance.now() - start) / 1000;
  return { insertSeconds, querySeconds, found };
}
