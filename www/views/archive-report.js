// What a report says of the archive it was checked against (www/worker/archive.js): what was read
// from it, the files that could not be used (their documents may be missing; the rest is reported),
// and which sources came from it.
import { html } from '../../pkg/vendor/ui.js';
import { count, formatNumber, list, t } from '../../js/words/i18n.js';

/** Failed files named in the report before "and N more". */
const NAMED_FAILURES = 3;

/**
 * "Compared with …": the library, and the archive when the report has one, with how many of its
 * documents share wording with the paper (the candidates, fetched and compared in full).
 */
export function comparedWith(report, libraryCount) {
  const references = count('count.reference', libraryCount);
  if (!report.archive) return t('report.comparedWith', { references });
  const documents = count('count.document', report.archive.documents);
  const compared = libraryCount ? t('report.comparedWithArchive', { references, documents }) : t('report.comparedWithArchiveOnly', { documents });
  const found = report.archive.candidates.length;
  return `${compared} ${found ? count('report.archiveCandidates', found) : t('report.archiveNoCandidates')}`;
}

/** The ids of the report's sources that came from the archive. */
export const archiveIds = (report) => new Set(report.archive?.sources ?? []);

/** The badge of a source from the archive. */
export const ArchiveBadge = ({ archive }) =>
  html`<span class="badge archive-badge" title=${t('report.archiveBadgeTitle', { address: archive.url })}>${t('report.archiveBadge')}</span>`;

/** What was read from the archive, and the files that failed (a warning naming the first few). */
export function ArchiveNote({ archive }) {
  if (!archive) return null;
  const { failures } = archive;
  const named = failures.length > NAMED_FAILURES + 1
    ? [...failures.slice(0, NAMED_FAILURES), t('persist.more', { count: failures.length - NAMED_FAILURES })]
    : failures;
  return html`<p class="muted small archive-fetched">${t('report.archiveFetched', { megabytes: formatNumber(Math.max(0.1, archive.bytes / 1e6), { maximumFractionDigits: 1 }) })}</p>
    ${failures.length > 0 && html`<p class="warning archive-failures" role="note">${t('report.archiveFailures', { count: failures.length, files: list(named) })}</p>`}`;
}
