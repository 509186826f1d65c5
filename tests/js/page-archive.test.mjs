// The page's archive address and manifest (www/actions/archive.js), without a browser: an address
// is resolved against the page and made a folder; another origin is refused with what to do; a
// manifest that is not an archive's is refused; removed documents are not counted; the address is
// remembered in the storage given, and a storage that refuses is no error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARCHIVE_KEY, archiveAddress, describeManifest, rememberedArchive } from '../../www/actions/archive.js';

const PAGE = 'https://school.example/plagscope/index.html';

test('an address resolves against the page into a folder, without query or fragment', () => {
  assert.equal(archiveAddress('archive', PAGE), 'https://school.example/plagscope/archive/');
  assert.equal(archiveAddress(' /papers/2026/ ', PAGE), 'https://school.example/papers/2026/');
  assert.equal(archiveAddress('archive/manifest.json?x=1#top', PAGE), 'https://school.example/plagscope/archive/');
  assert.equal(archiveAddress('https://school.example/a', PAGE), 'https://school.example/a/');
});

test('an empty address, or one on another origin, is refused with what to do', () => {
  assert.throws(() => archiveAddress('  ', PAGE), /Type the address of the archive's folder/);
  assert.throws(() => archiveAddress('https://other.example/archive/', PAGE), /only from its own site, and https:\/\/other\.example is another/);
  assert.throws(() => archiveAddress('http://school.example/archive/', PAGE), /http:\/\/school\.example is another/, 'another scheme is another origin');
});

test('a javascript:, data: or file: address is no folder of a site, and is said so (no "null" origin)', () => {
  // Issue 43, item 18: the page answered "…and null is another".
  for (const address of ['javascript:alert(1)', 'data:text/plain,hello', 'file:///home/archive/', 'blob:https://school.example/x']) {
    assert.throws(() => archiveAddress(address, PAGE), (error) => {
      assert.equal(error.message, `“${address}” is not the address of a folder on a web site: give the archive folder’s address on this site, such as archive/.`);
      assert.doesNotMatch(error.message, /null/);
      return true;
    });
  }
});

test('a manifest is described by its documents, less those removed, and its words', () => {
  const manifest = { format: 'plagscope-archive', segments: [{ documents: 10, words: 5000 }, { documents: 3, words: 900 }], removed: ['a', 'b'] };
  assert.deepEqual(describeManifest(manifest), { documents: 11, words: 5900 });
  for (const bad of [null, {}, { format: 'other', segments: [] }, { format: 'plagscope-archive' }]) {
    assert.throws(() => describeManifest(bad), /holds no plagscope archive/);
  }
});

test('the address is remembered in the storage given; a refusing storage is no error', () => {
  const kept = new Map();
  const storage = { getItem: (key) => kept.get(key) ?? null, setItem: (key, value) => kept.set(key, value), removeItem: (key) => kept.delete(key) };
  assert.equal(rememberedArchive(storage), '');
  kept.set(ARCHIVE_KEY, 'https://school.example/archive/');
  assert.equal(rememberedArchive(storage), 'https://school.example/archive/');
  assert.equal(rememberedArchive({ getItem: () => { throw new Error('denied'); } }), '');
});
