// Packs the package with `npm pack`, installs the tarball into an empty project, and uses it from
// there: proves the `files` list and `exports` map ship everything a user needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test('the packed tarball installs and works in a fresh Node project', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'plagscope-pack-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));

  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root));
  const files = packed.files.map((f) => f.path);
  for (const needed of ['bin/plagscope.mjs', 'js/node.js', 'js/browser.js', 'js/index.d.ts', 'pkg/plagscope.js', 'pkg/plagscope_bg.wasm', 'pkg/plagscope.d.ts']) {
    assert.ok(files.includes(needed), `tarball lacks ${needed}: ${files.join(', ')}`);
  }
  assert.ok(!files.some((f) => f.startsWith('src/') || f.startsWith('target/')), 'tarball ships sources or build junk');

  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-app', private: true, type: 'module' }));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, packed.filename)], dir);
  const script = `
    import { sharedNgrams } from 'plagscope';
    const a = 'x 😀 the same five words here y';
    const r = sharedNgrams(a, 'the same five words here', 5);
    console.log(JSON.stringify(r.a.map(s => a.slice(s.start, s.end))));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out), ['the same five words here']);
  // The CLI is installed as a bin and runs from the installed package.
  const version = execFileSync(join(dir, 'node_modules', '.bin', 'plagscope'), ['--version'], { encoding: 'utf8' });
  assert.equal(version.trim(), packed.version);
});
