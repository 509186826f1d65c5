// The service worker's offline shell (scripts/shell.mjs → pkg/shell.js) holds every file the page
// loads: the modules reachable from www/app.js and www/worker/worker.js by static or dynamic import or
// `new URL(…, import.meta.url)`, followed to the end, and the files named with `vendor('…')`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellFiles, ON_DEMAND } from '../../scripts/shell.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const REFERENCES = [
  /\bimport\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  /new URL\(\s*['"]([^'":]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
  /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
];

/** Every file reachable from `entries`, relative to the repository. */
function reachable(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const path = queue.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    if (!/\.m?js$/.test(path)) continue;
    const source = readFileSync(join(root, path), 'utf8');
    for (const pattern of REFERENCES) {
      for (const [, target] of source.matchAll(pattern)) queue.push(normalize(join(dirname(path), target)));
    }
    // www/files.js loads the document readers through vendor('name'): files of pkg/vendor.
    for (const [, name] of source.matchAll(/\bvendor\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      if (!name.endsWith('/')) queue.push(`pkg/vendor/${name}`);
    }
  }
  return [...seen];
}

test('the offline shell holds every file the page loads', () => {
  const shell = new Set(shellFiles());
  // sw.js is the service worker itself; a folder (the worker's scope) is no file.
  const needed = reachable(['www/app.js', 'www/worker/worker.js']).filter((path) => path !== 'sw.js' && !path.endsWith('/'));
  for (const path of ['pkg/vendor/ui.js', 'pkg/plagscope.js', 'pkg/plagscope_bg.wasm', 'pkg/demo-refs.json', 'pkg/vendor/pdf.min.mjs', 'www/views/report.js']) assert.ok(needed.includes(path), `${path} not found by the scan`);
  for (const path of needed) {
    assert.ok(existsSync(join(root, path)), `${path} is imported but missing`);
    if (ON_DEMAND.includes(path)) continue;
    assert.ok(shell.has(path), `${path} is loaded by the page but not in the offline shell`);
  }
  assert.ok(needed.length > 20, `only ${needed.length} files found: the import scan is broken`);
});
