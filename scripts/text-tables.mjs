// Writes two data files of the text pipeline from pinned outside sources, each download checked
// against its sha256 digest, so that a changed upload cannot change a table:
//   src/text/data/jp_shinjitai.txt     Japanese shinjitai -> traditional characters, from OpenCC 1.4.2's
//                                      JPShinjitaiCharacters.txt (npm opencc@1.4.2, Apache-2.0);
//                                      build/chinese.rs composes it with ts_characters.txt
//   src/text/data/latin_lookalikes.txt letters of other scripts -> the Latin letter they look like, from
//                                      the crate decancer 4.0.0 (MIT), for letters that UTS #39 has no
//                                      Latin skeleton for (Coptic ⲁ, Canadian syllabics ᗩ, 工, 口, ㄈ)
// Run `node scripts/text-tables.mjs`; the files are committed, so a build needs neither source.
// decancer is read by running it (a throwaway crate in target/text-tables/ that depends on it,
// its Cargo.lock pinning the crate's sha256, which cargo checks): its own table is a packed binary.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, 'target', 'text-tables');
const data = join(root, 'src', 'text', 'data');

const OPENCC = {
  spec: 'opencc@1.4.2',
  file: 'opencc-1.4.2.tgz',
  sha256: '5b5e89fb0aeb98963892203f3665611816b4c2e22b1131ee74ccba2976de4515',
  entry: 'package/data/dictionary/JPShinjitaiCharacters.txt',
  entrySha256: '12cec7250b873ef52b36d8f92218d4f92c0aaf5d8cd7c58fe42d9785bdcdc43a',
};
/** The .crate's sha256, as crates.io's index and a Cargo.lock give it. */
const DECANCER = { version: '4.0.0', sha256: '453589e364ce786381e7bcbf0d659088ff7e4d3e77f948dd1cf861344acf7a86' };
/**
 * Where the project reads a shape otherwise than decancer: 卜 and ト are drawn like a t (decancer
 * says r), which is what a copy that swaps them in means.
 */
const CORRECTIONS = { '卜': 't', 'ト': 't', 'ㇳ': 't' };

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function checked(path, expected) {
  const actual = sha256(readFileSync(path));
  if (actual !== expected) {
    rmSync(path, { force: true });
    throw new Error(`${path}: sha256 ${actual} is not the pinned ${expected}`);
  }
  return path;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  return result.stdout?.toString() ?? '';
}

/** OpenCC's JPShinjitaiCharacters.txt, from the npm tarball (both checked). */
function shinjitaiSource() {
  const downloads = join(work, 'downloads');
  const tarball = join(downloads, OPENCC.file);
  mkdirSync(downloads, { recursive: true });
  if (!existsSync(tarball) || sha256(readFileSync(tarball)) !== OPENCC.sha256) {
    rmSync(tarball, { force: true });
    run('npm', ['pack', OPENCC.spec, '--pack-destination', downloads, '--silent']);
  }
  checked(tarball, OPENCC.sha256);
  run('tar', ['-xzf', tarball, '-C', work, OPENCC.entry]);
  return readFileSync(checked(join(work, OPENCC.entry), OPENCC.entrySha256), 'utf8');
}

function writeShinjitai() {
  const lines = shinjitaiSource()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t').join(' '));
  const header = [
    '# Japanese shinjitai -> traditional characters, one entry per line ("shinjitai traditional..."), for',
    '# matching only: build/chinese.rs folds each shinjitai form to the Simplified form of its first',
    '# traditional candidate that differs from it (広 -> 廣 -> 广), unless the form is a Chinese character',
    '# of its own (see there). Source: Open Chinese Convert (OpenCC) 1.4.2,',
    '# data/dictionary/JPShinjitaiCharacters.txt (Apache-2.0, https://github.com/BYVoid/OpenCC), as shipped',
    `# in npm ${OPENCC.spec} (sha256 ${OPENCC.sha256}); the entries as they are, tabs as spaces.`,
    '# Regenerate with `node scripts/text-tables.mjs`.',
  ];
  writeFileSync(join(data, 'jp_shinjitai.txt'), `${[...header, ...lines].join('\n')}\n`);
  console.log(`    jp_shinjitai.txt: ${lines.length} entries`);
}

/** decancer's single-letter cure of every character, as "code<TAB>lowercase letter" lines. */
function decancerCures() {
  const crate = join(work, 'decancer-dump');
  mkdirSync(join(crate, 'src'), { recursive: true });
  writeFileSync(
    join(crate, 'Cargo.toml'),
    '[package]\nname = "decancer-dump"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[workspace]\n\n' +
      `[dependencies]\ndecancer = { version = "=${DECANCER.version}", default-features = false, features = ["options"] }\n`,
  );
  // The lock pins the crate's checksum: cargo refuses a download that does not match it.
  writeFileSync(
    join(crate, 'Cargo.lock'),
    '# This file is automatically @generated by Cargo.\n# It is not intended for manual editing.\nversion = 4\n\n' +
      `[[package]]\nname = "decancer"\nversion = "${DECANCER.version}"\n` +
      `source = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${DECANCER.sha256}"\n\n` +
      '[[package]]\nname = "decancer-dump"\nversion = "0.0.0"\ndependencies = [\n "decancer",\n]\n',
  );
  writeFileSync(
    join(crate, 'src', 'main.rs'),
    `// Prints each character that decancer cures to one ASCII letter (lowercase).
use decancer::{cure_char, Options, Translation};
fn main() {
    let options = Options::default();
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        let letter = match cure_char(c, options) {
            Translation::Character(l) if l.is_ascii_alphabetic() => l,
            _ => continue,
        };
        println!("{:X}\\t{letter}", c as u32);
    }
}
`,
  );
  return run('cargo', ['run', '--quiet', '--release', '--locked'], {
    cwd: crate,
    env: { ...process.env, CARGO_TARGET_DIR: join(crate, 'target') },
  });
}

/**
 * Whether folding may use the letter `c`: a letter NFKC leaves alone, of a script other than
 * Latin (whose own look-alikes have their tables), Greek (its letters are science's symbols inside
 * Latin words: μmol, TGFβ), Hiragana (particles between Latin words: PythonとJava), Common and
 * Inherited, not a Hangul syllable (Korean words) and not right-to-left (displayed out of place);
 * and of the Basic Multilingual Plane: the supplementary planes' look-alikes are historic scripts
 * (cuneiform, hieroglyphs, Old Italic) whose 1,200 letters and 40 scripts would cost the engine
 * more than they hide (such a letter between Latin letters is named all the same).
 */
function foldable(c) {
  return (
    c.codePointAt(0) <= 0xffff &&
    /^\p{L}$/u.test(c) &&
    c.normalize('NFKC') === c &&
    !/\p{Script=Latin}|\p{Script=Greek}|\p{Script=Hiragana}|\p{Script=Common}|\p{Script=Inherited}/u.test(c) &&
    !/[\uAC00-\uD7A3]/u.test(c) &&
    // The ranges of src/text/right_to_left.rs.
    !/[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u.test(c)
  );
}

function writeLookalikes() {
  const rows = [];
  for (const line of decancerCures().trim().split('\n')) {
    const [hex, cured] = line.split('\t');
    const c = String.fromCodePoint(parseInt(hex, 16));
    // decancer answers in lowercase; a capital looks like a capital.
    const letter = CORRECTIONS[c] ?? cured;
    if (foldable(c)) rows.push([hex, c, c === c.toLowerCase() ? letter : letter.toUpperCase()]);
  }
  const header = [
    '# Letters of scripts other than Latin and the Latin letter each looks like, one per line',
    '# ("code point, letter, Latin letter"), for folding a letter of another script inside a Latin word',
    '# (src/text/foreign_letters.rs). Source: the crate decancer 4.0.0 (MIT, https://github.com/null8626/decancer;',
    `# .crate sha256 ${DECANCER.sha256}), its cure of each character to one ASCII letter`,
    '# (in upper case for a capital), for letters NFKC leaves alone, of any script but Latin, Greek, Hiragana,',
    '# Common and Inherited, no Hangul syllable or right-to-left letter, of the Basic Multilingual Plane;',
    '# 卜, ト and ㇳ read as t.',
    '# Regenerate with `node scripts/text-tables.mjs`.',
  ];
  const body = rows.map(([hex, c, letter]) => `${hex} ${c} ${letter}`);
  writeFileSync(join(data, 'latin_lookalikes.txt'), `${[...header, ...body].join('\n')}\n`);
  console.log(`    latin_lookalikes.txt: ${rows.length} letters`);
}

writeShinjitai();
writeLookalikes();
