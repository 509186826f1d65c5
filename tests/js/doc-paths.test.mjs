// The docs name paths of the repository in backquotes (`src/checker/check.rs`, `bench/figures.mjs`):
// each must exist, so that a file moved or renamed takes its docs along (issue 45). Generated paths
// (target/, pkg/, node_modules/) and patterns (NNNN, TARGET, *, {a,b}, <name>) are not checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
/** Folders of the repository a doc may name a path under. */
const TOP = new Set(readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['target', 'pkg', 'node_modules', '.git'].includes(entry.name))
  .map((entry) => entry.name));
const DOCS = readdirSync(root).filter((name) => name.endsWith('.md'));

/** The backquoted spans of `text` that name a path under one of TOP's folders, with their lines. */
function namedPaths(text) {
  const paths = [];
  for (const [index, line] of text.split('\n').entries()) {
    for (const [, span] of line.matchAll(/`([^`\s]+)`/g)) {
      const path = span.replace(/[:#](\d+|L\d+).*$/, '').replace(/[.,;)]+$/, '');
      if (!/^[\w.-]+\/[\w./-]*$/.test(path) || path.includes('..')) continue;
      if (!TOP.has(path.split('/')[0])) continue;
      // A placeholder segment (`fuzz/seeds/TARGET`, `NNNN.cn.txt`) names no one file.
      if (path.split('/').some((segment) => /^[A-Z]{2,}\b/.test(segment))) continue;
      paths.push({ path, line: index + 1 });
    }
  }
  return paths;
}

test('every path a doc names exists', () => {
  const missing = DOCS.flatMap((doc) =>
    namedPaths(readFileSync(new URL(doc, root), 'utf8'))
      .filter(({ path }) => !existsSync(new URL(path, root)))
      .map(({ path, line }) => `${doc}:${line} ${path}`));
  assert.deepEqual(missing, []);
});

test('the doc check finds paths and leaves patterns and generated files alone', () => {
  const found = namedPaths('see `src/checker/check.rs:50`, `pkg/plagscope.js`, `target/x`, `bench/*.mjs`, `tests/js/`, `fuzz/seeds/TARGET`, and `js/{a,b}.js`.');
  assert.deepEqual(found.map(({ path }) => path), ['src/checker/check.rs', 'tests/js/']);
});
