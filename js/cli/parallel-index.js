// Builds one reference set from many documents on every core (Node only, used by the CLI): the
// documents are cut into contiguous parts, each worker thread indexes one part with its own engine
// and sends back the saved part (`exportIndex()` bytes, transferred, not copied), and the parts are
// merged in order without analyzing any text again (`mergeIndex`). The set is the one a single
// thread would build: same references, same order, same index bytes.
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Checker } from '../node.js';

/** Below this much text, starting workers (each loads its own engine) costs more than it saves. */
const MIN_PARALLEL_BYTES = 4 << 20;

/**
 * A checker with `documents` ({ id, title, text }) added in order, as non-base references; a
 * document whose id is already taken is left out, as `addReference` would refuse it. Uses up to
 * `threads` worker threads (default: every core), once there are `minBytes` of text. Throws the
 * first document's error, as adding them one by one would.
 */
export async function indexInParallel(
  documents,
  checkerOptions,
  { threads = availableParallelism(), minBytes = MIN_PARALLEL_BYTES } = {},
) {
  const bytes = documents.reduce((sum, document) => sum + document.text.length, 0);
  const parts = Math.min(threads, Math.ceil(documents.length / 16));
  if (parts < 2 || bytes < minBytes) return indexPart(documents, checkerOptions);
  const size = Math.ceil(documents.length / parts);
  const saved = await Promise.all(
    Array.from({ length: parts }, (_, i) => indexInWorker(documents.slice(i * size, (i + 1) * size), checkerOptions)),
  );
  const checker = Checker.importIndex(saved[0]);
  for (const part of saved.slice(1)) checker.mergeIndex(part);
  return checker;
}

/** One part indexed on this thread. */
function indexPart(documents, checkerOptions) {
  const checker = new Checker(checkerOptions);
  for (const document of documents) {
    if (!checker.getReference(document.id)) checker.addReference(document);
  }
  return checker;
}

/** One part indexed by a worker thread: resolves to its saved index bytes. */
function indexInWorker(documents, checkerOptions) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { documents, checkerOptions } });
    worker.once('message', ({ bytes, error }) => (error ? reject(new Error(error)) : resolve(bytes)));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`an indexing thread stopped (exit code ${code})`)));
  });
}

if (!isMainThread && workerData?.documents) {
  try {
    const bytes = indexPart(workerData.documents, workerData.checkerOptions).exportIndex();
    parentPort.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: error.message });
  }
}
