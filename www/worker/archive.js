// The engine worker's side of an archive check (an institution's archive published as static files
// beside the page, js/archive.js): the candidates the paper's fingerprints find there are fetched,
// then checked together with the library, joining it for that check only
// (Checker.checkWithCandidates), so the report has everything a library check has (translated
// evidence too, once the sentence model is loaded).
// The library itself never holds archive documents: the reported ones are kept here, apart, for
// their side-by-side view and the HTML report.
import { fetchReader, queryArchive, rememberingReader } from '../../js/archive.js';
import { ARCHIVE_HEADER } from '../protocol.js';

/** Files read between two progress messages to the page. */
const PROGRESS_FILES = 50;

/** The last query's candidates: a check again with other choices fetches nothing. */
let lastQuery = null;

/** The archive documents of the last report, by id (their texts, for the side-by-side view). */
let reported = new Map();

/** An archive document of the last report (id, title, text), or undefined. */
export const archiveSource = (id) => reported.get(id);

/**
 * The archive's files read this visit (the reader of its address): another paper checked reads
 * only the files no earlier check had, from the service worker's cache or the host.
 */
let remembered = { url: '', read: null };

/**
 * The candidates of `text` in the archive at `url`, fetched once for the same paper, archive and
 * `maxDocFrequency` (the check's: common phrasing has one definition).
 */
async function candidates(url, text, maxDocFrequency, progress) {
  if (lastQuery?.url === url && lastQuery.text === text && lastQuery.maxDocFrequency === maxDocFrequency) return lastQuery.found;
  if (remembered.url !== url) remembered = { url, read: rememberingReader(fetchReader(url, { headers: { [ARCHIVE_HEADER]: '1' } })) };
  const read = remembered.read;
  // A message a file would redraw the page's status 800 times a check (a second of the page's
  // time at 10^6 documents): every PROGRESS_FILES files, and the last.
  const onProgress = ({ done, total }) => (done % PROGRESS_FILES === 0 || done === total) && progress(done, total, 'archive');
  const found = await queryArchive(read, text, { onProgress, query: maxDocFrequency === undefined ? undefined : { maxDocFrequency } });
  lastQuery = { url, text, maxDocFrequency, found };
  return found;
}

/**
 * Checks `text` against the library of `checker` (an `Engine`) and the archive at `url` with
 * `options`: the candidates join the library for this check only. The report gains `archive`:
 * what was fetched, the files that failed (their documents are left out; the rest is reported),
 * the candidates (id, title) and the ids of the reported sources that came from the archive.
 */
export async function checkWithArchive({ checker, url, text, options }, progress) {
  const found = await candidates(url, text, options?.align?.maxDocFrequency, progress);
  const added = found.references.filter((reference) => !checker.getReference(reference.id));
  const { report, sources } = checker.checkWithCandidates(text, added, options, progress);
  reported = new Map(sources.map((source) => [source.id, source]));
  const candidateList = added.map(({ id, title }) => ({ id, title }));
  const fromArchive = sources.map((source) => source.id);
  return { ...report, archive: { url, ...found.archive, candidates: candidateList, sources: fromArchive } };
}
