// The texts of given documents of a scale corpus (target/scale/corpus-N/shard-*.jsonl, written by
// corpus.mjs), for the local check beside the archive check in browser.mjs. Only the lines of the
// wanted ids are parsed: a shard holds 10,000 documents of about 17 KB.
//
//   import { readDocuments } from './sources.mjs';
//   const texts = await readDocuments('target/scale/corpus-100000', ['doc-0019021']);  // Map id -> {id, title, text}
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Documents per shard, as corpus.mjs writes them: document n is in shard n / 10,000. */
const SHARD_DOCUMENTS = 10_000;

/** The shard a `doc-NNNNNNN` id is written in by corpus.mjs, or undefined for another id. */
function shardOf(id) {
  const match = /^doc-(\d+)$/.exec(id);
  return match ? `shard-${String(Math.floor(Number(match[1]) / SHARD_DOCUMENTS)).padStart(4, '0')}.jsonl` : undefined;
}

/** Reads `shard` until the documents of `here` (ids) are found, moving them from `wanted` into `found`. */
async function scan(shard, here, wanted, found) {
  const left = new Set([...here].filter((id) => wanted.has(id)));
  if (left.size === 0) return;
  const lines = createInterface({ input: createReadStream(shard), crlfDelay: Infinity });
  for await (const line of lines) {
    // Each line starts {"id":"…": the id is read without parsing the 17 KB line.
    const id = /^\{"id":"([^"]*)"/.exec(line)?.[1];
    if (id === undefined || !left.has(id)) continue;
    const { title, text } = JSON.parse(line);
    found.set(id, { id, title, text });
    wanted.delete(id);
    left.delete(id);
    if (left.size === 0) break;
  }
  lines.close();
}

/**
 * Map of id -> { id, title, text } for `ids` from the corpus folder `dir`: each from the shard its
 * number says, then any still missing from every shard. Throws naming the ids it cannot find.
 */
export async function readDocuments(dir, ids) {
  const wanted = new Set(ids);
  const found = new Map();
  const shards = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();
  for (const shard of shards) await scan(join(dir, shard), ids.filter((id) => shardOf(id) === shard), wanted, found);
  for (const shard of shards) await scan(join(dir, shard), [...wanted], wanted, found);
  if (wanted.size > 0) throw new Error(`${dir}: no document ${[...wanted].join(', ')}`);
  return found;
}
