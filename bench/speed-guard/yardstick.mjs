// The speed guard's yardstick: a fixed plain-JavaScript workload shaped like the engine's pipeline
// (cut words, hash them, hash word 5-shingles, keep the minimum of each of 32 hash functions), with
// no dependency, so its speed moves with the machine's (CPU, load, Node version) and never with
// plagscope's code. The guard divides each engine figure by this in the same run, alternating the
// two, so a busy or slower machine slows both and the ratio stays.

const SLOTS = 32;
// Fixed seeds for the 32 hash functions (xorshift32 from one constant: the same every run).
const SEEDS = (() => {
  const seeds = new Int32Array(SLOTS);
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < SLOTS; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    seeds[i] = x;
  }
  return seeds;
})();

/** A letter or digit of an alphabet (lowercased), 0 for a separator, -1 for a character of its own (CJK). */
function classify(code) {
  if (code >= 0x61 && code <= 0x7a) return code;
  if (code >= 0x41 && code <= 0x5a) return code + 32;
  if (code >= 0x30 && code <= 0x39) return code;
  if (code >= 0x2e80 && code <= 0x9fff) return -1;
  return code >= 0xc0 && code !== 0xd7 && code !== 0xf7 && code < 0x2000 ? code : 0;
}

/** MinHash of one text's word 5-shingles (CJK characters count as words), 32 slots. */
function sketch(text, signature) {
  signature.fill(0x7fffffff);
  const window = new Int32Array(5);
  let words = 0;
  let hash = 0x811c9dc5 | 0;
  let inWord = false;
  for (let i = 0; i <= text.length; i++) {
    const kind = i < text.length ? classify(text.charCodeAt(i)) : 0;
    if (kind > 0) {
      hash = Math.imul(hash ^ kind, 16777619);
      inWord = true;
      continue;
    }
    // A CJK character ends the word and is one (joined to a letter run just before it: the work is what
    // matters here, not the words).
    if (kind < 0) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
    if (!inWord && kind === 0) continue;
    window[words % 5] = hash;
    words++;
    hash = 0x811c9dc5 | 0;
    inWord = false;
    if (words >= 5) {
      let shingle = 0;
      for (let k = 0; k < 5; k++) shingle = Math.imul(shingle ^ window[(words + k) % 5], 0x01000193) + k;
      for (let s = 0; s < SLOTS; s++) {
        let x = shingle ^ SEEDS[s];
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        x &= 0x7fffffff;
        if (x < signature[s]) signature[s] = x;
      }
    }
  }
}

/** Runs the yardstick over `texts` once; returns a checksum so no engine can skip the work. */
export function yardstick(texts) {
  const signature = new Int32Array(SLOTS);
  let checksum = 0;
  for (const text of texts) {
    sketch(text, signature);
    checksum = (checksum + signature[0] + signature[SLOTS - 1]) | 0;
  }
  return checksum;
}
