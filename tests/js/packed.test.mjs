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

test('the model package installs beside it, and loadSentenceModel() finds it', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'plagscope-pack-model-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root));
  const modelDir = execFileSync(process.execPath, ['-e', "import('./scripts/model-package.mjs').then((m) => process.stdout.write(m.writeModelPackage()))"], { cwd: root, encoding: 'utf8' });
  const [model] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], modelDir));
  assert.deepEqual(model.files.map((f) => f.path).sort(), ['README.md', 'manifest.json', 'package.json', 'use-m3.safetensors.gz', 'zh-en.lexicon.gz']);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-app', private: true, type: 'module' }));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, packed.filename), join(dir, model.filename)], dir);
  const script = `
    import { loadSentenceModel } from 'plagscope';
    const model = await loadSentenceModel();
    const checker = new model.Checker();
    checker.addReference({ id: 'en', text: 'The library opens at nine in the morning. Students may borrow five books at a time. Late returns cost ten cents a day.' });
    const report = checker.check('图书馆早上九点开门。学生一次可以借五本书。逾期归还每天罚款十美分。', { align: { translated: true, minSentences: 3 } });
    console.log(JSON.stringify([model.manifest.encoder.licence, model.encode(['a']).length]));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out), ['Apache-2.0', 512]);
});
