#!/usr/bin/env node
// plagscope CLI: batch plagiarism checks on the command line, with the same engine as the app.
// Everything runs locally; no file leaves the machine.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ACCEPTED_EXTENSIONS, ACCEPTED_TYPES } from '../js/read/formats.js';
import { readPath } from '../js/read/node.js';
import { collectFiles, resolvePath } from '../js/cli/files.js';
import { evidenceLine, isRewritten } from '../js/words/evidence.js';
import { evasionPhrases } from '../js/words/evasion.js';
import { nearDuplicateText } from '../js/words/near-duplicate.js';
import { matchedExclusions, exclusionPhrase } from '../js/words/left-out.js';
import { Checker, checkArchive, defaults, loadSentenceModel, version } from '../js/node.js';
import { flagHelp, isUsageError, optionsFromFlags, parseArgsOptions, UsageError } from '../js/cli/options.js';
import { indexInParallel } from '../js/cli/parallel-index.js';
import { cliLanguage, count, setLanguage, t } from '../js/words/i18n.js';
import { percent } from '../js/words/percent.js';
import { errorWords, WORDED_CODES } from '../js/words/errors.js';

/** The extensions of the files read as plain text (text and HTML), from the shared list. */
function plainExtensions() {
  return ACCEPTED_TYPES.filter((type) => type.kind === 'text' || type.kind === 'html').flatMap((type) => type.extensions);
}

/**
 * The CLI's own flags, declared once: `parseArgs` and the help are made from this list (the
 * engine's matching options come from their own declarations, js/cli/options.js); `help` is the
 * catalogue key of the flag's line (js/words/i18n.js).
 */
const OWN_FLAGS = [
  { name: 'refs', type: 'string', multiple: true, value: 'PATH', help: 'cli.flag.refs' },
  { name: 'index', type: 'string', value: 'FILE', help: 'cli.flag.index' },
  { name: 'archive', type: 'string', value: 'DIR_OR_URL', help: 'cli.flag.archive' },
  { name: 'base', type: 'string', multiple: true, value: 'PATH', help: 'cli.flag.base' },
  { name: 'output', short: 'o', type: 'string', value: 'FILE', help: 'cli.flag.output' },
  { name: 'json', type: 'boolean', help: 'cli.flag.json' },
  { name: 'model', type: 'string', value: 'DIR', help: 'cli.flag.model' },
  { name: 'lang', type: 'string', value: 'LANG', help: 'cli.flag.lang' },
  { name: 'help', short: 'h', type: 'boolean', help: 'cli.flag.help' },
  { name: 'version', short: 'v', type: 'boolean', help: 'cli.flag.version' },
];

/** `parseArgs`'s options for the CLI's own flags. */
const ownParseArgsOptions = () => Object.fromEntries(OWN_FLAGS.map(({ name, type, multiple, short }) =>
  [name, { type, ...(multiple ? { multiple } : {}), ...(short ? { short } : {}) }]));

/** The help's lines for the CLI's own flags: `  -o, --output FILE      where ...`. */
const ownFlagHelp = () => OWN_FLAGS.map(({ name, short, value, help }) =>
  `  ${`${short ? `-${short}, ` : ''}--${name}${value ? ` ${value}` : ''}`.padEnd(22)} ${t(help)}`);

/** The help, in the current language. */
const usage = () => `plagscope ${version()} — ${t('cli.tagline')}

${t('cli.usage')}
  plagscope check PAPER --refs FILE_OR_DIR... [--index refs.idx] [--archive DIR_OR_URL] [options]
  plagscope pairs FILE_OR_DIR... [options]
  plagscope index FILE_OR_DIR... -o refs.idx

${t('cli.commands')}
  check   ${t('cli.command.check')}
  pairs   ${t('cli.command.pairs')}
  index   ${t('cli.command.index')}

${t('cli.options')}
${ownFlagHelp().join('\n')}

${t('cli.matchingOptions')}
${flagHelp().join('\n')}

${t('cli.files', { extensions: plainExtensions().join(', ') })}
${t('cli.exitCodes')}`;

const TEXT_EXTENSIONS = new Set(ACCEPTED_EXTENSIONS);


/**
 * Plain text of a file, read as the page reads it (js/read/node.js, js/read/document.js): text in UTF-8,
 * UTF-16 or Windows-1252, HTML's visible text, Word and PDF through their packages. A file that
 * cannot be read throws the page's own sentence for it.
 */
async function readDocument(path, shown = path) {
  return (await readPath(path, shown)).text;
}

function readIndex(path) {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(t('cli.cannotRead', { path, reason: error.code === 'ENOENT' ? t('cli.noSuchFile') : error.message }));
  }
}

/** Says on stderr that something was skipped, and goes on. */
const warn = (message) => console.error(`plagscope: ${message}`);

async function documentsOf(paths) {
  const documents = [];
  for (const { path, shown, root } of collectFiles(paths, TEXT_EXTENSIONS, warn)) {
    documents.push({
      id: root ? relative(root, shown) || basename(shown) : shown,
      title: basename(shown),
      text: await readDocument(path, shown),
    });
  }
  return documents;
}

function addAll(checker, documents, base = false) {
  for (const document of documents) {
    if (checker.getReference(document.id)) continue;
    checker.addReference({ ...document, base });
  }
}

const snippet = (text, start, end) => {
  const s = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return s.length > 70 ? `${s.slice(0, 67)}...` : s;
};

/** `sourceOf(id)`: the reference (id, title, text) a report names. */
function printReport(name, paper, report, sourceOf) {
  const lines = [
    // Numbers go to t() as numbers: written in the language's format ("12,345").
    t('cli.summary', { name, share: percent(report.similarity), words: report.words, sources: count('count.source', report.sources.length) }),
  ];
  report.sources.forEach((source, i) => {
    const sourceText = sourceOf(source.id)?.text ?? '';
    const passages = count('count.passage', source.passages.length);
    lines.push(`  ${i + 1}. ${percent(source.similarity).padStart(6)}  ${source.title} [${source.id}]  ${t('cli.source', { passages, share: percent(source.sourceCoverage) })}`);
    const near = nearDuplicateText(source);
    if (near) lines.push(`      ${near}`);
    for (const p of source.passages) {
      lines.push(`       "${snippet(paper, p.start, p.end)}"`);
      lines.push(`         <- "${snippet(sourceText, p.sourceStart, p.sourceEnd)}"`);
      lines.push(`         ${evidenceLine(p, t('list.comma'), source.passages)}`);
    }
  });
  const evasion = evasionPhrases(report.evasion);
  if (evasion.length) lines.push(`  ${t('cli.evasion', { found: evasion.join(t('list.comma')) })}`);
  if (report.excluded.length) {
    const counts = {};
    for (const x of report.excluded) counts[x.kind] = (counts[x.kind] ?? 0) + 1;
    lines.push(`  ${t('cli.excluded', { counts: Object.entries(counts).map(([k, n]) => t('cli.excludedKind', { count: n, kind: t(EXCLUDED_KINDS[k] ?? 'cli.kind.other') })).join(t('list.comma')) })}`);
  }
  // A quotation, reference list or table that matches a source is left out of the similarity, and
  // named with its source.
  const quoted = new Set(report.excluded.map((x) => x.source).filter(Boolean));
  const titles = Object.fromEntries([...quoted].map((id) => [id, sourceOf(id)?.title ?? id]));
  for (const q of matchedExclusions(report, paper, { titles })) {
    lines.push(`    ${exclusionPhrase(q)} [${q.id}]: "${snippet(paper, q.start, q.end)}"`);
  }
  console.log(lines.join('\n'));
}

/** The kinds of text left out of a check, as the catalogue names them. */
const EXCLUDED_KINDS = { quote: 'cli.kind.quote', bibliography: 'cli.kind.bibliography', table: 'cli.kind.table', base: 'cli.kind.base', reader: 'cli.kind.reader' };

/**
 * `check PAPER`: the paper against the references (--refs, --index), the base documents (--base)
 * left out; the report printed as text or JSON.
 */
async function checkCommand(values, rest, options) {
  if (rest.length !== 1) throw new UsageError(t('cli.error.onePaper'));
  if (!values.refs?.length && !values.index && !values.archive) throw new UsageError(t('cli.error.needRefs'));
  // An index holds the indexing options it was made with: others given now could not apply.
  if (values.index && Object.keys(options.checker).length > 0) throw new UsageError(t('cli.error.indexOptions'));
  const references = await documentsOf(values.refs ?? []);
  let checker;
  if (values.index) {
    checker = Checker.importIndex(readIndex(values.index));
    addAll(checker, references);
  } else {
    checker = await indexInParallel(references, options.checker);
  }
  addAll(checker, await documentsOf(values.base ?? []), true);
  if (checker.size === 0 && !values.archive) throw new Error(t('cli.error.noReferences'));
  // Translated copies need the sentence model, whose engine takes the set over.
  if (options.check.align?.translated) {
    const model = await loadSentenceModel(values.model);
    checker = model.Checker.importIndex(checker.exportIndex());
  }
  const paper = await readDocument(resolvePath(rest[0]), rest[0]);
  // Against an archive, a source is the library's or one of the archive's the check returns.
  const { report, sources = [] } = values.archive
    ? await checkAgainstArchive(values.archive, paper, checker, options)
    : { report: checker.check(paper, options.check) };
  const fromArchive = new Map(sources.map((source) => [source.id, source]));
  const sourceOf = (id) => fromArchive.get(id) ?? checker.getReference(id);
  if (values.json) console.log(JSON.stringify({ paper: rest[0], ...report }, null, 2));
  else printReport(rest[0], paper, report, sourceOf);
}

/**
 * The paper checked against an archive (a folder or a URL) and the local references together,
 * with the archive's documents the report names; what was fetched, and each file of the archive
 * that could not be, on stderr.
 */
async function checkAgainstArchive(archive, paper, checker, options) {
  // The sentence model's engine is kept even when empty: the candidates get translated evidence.
  const library = checker.size > 0 || options.check.align?.translated ? checker : undefined;
  const result = await checkArchive(archive, paper, { library, check: options.check }).catch((error) => {
    if (error?.code !== 'PLAGSCOPE_INVALID_INDEX') throw error;
    throw new Error(t('cli.error.archive', { archive, reason: error.reason ?? error.message }), { cause: error });
  });
  const { report, sources, archive: traffic } = result;
  for (const failure of traffic.failures) console.error(`plagscope: ${t('cli.archiveFailed', { failure })}`);
  console.error(`plagscope: ${t('cli.archiveFetched', {
    requests: traffic.requests,
    megabytes: (traffic.bytes / 1e6).toFixed(1),
    partitions: traffic.partitionsRequested,
    total: traffic.partitions,
  })}`);
  return { report, sources };
}

/** `pairs FILE_OR_DIR...`: every pair of the documents at or above the least similarity. */
async function pairsCommand(values, rest, options) {
  if (!rest.length) throw new UsageError(t('cli.error.pairsNeedFiles'));
  const checker = await indexInParallel(await documentsOf(rest), options.checker);
  addAll(checker, await documentsOf(values.base ?? []), true);
  const pairs = checker.pairs(options.pairs);
  if (values.json) return console.log(JSON.stringify(pairs, null, 2));
  const least = percent(options.pairs.minSimilarity ?? defaults().pairs.minSimilarity);
  console.log(t('cli.pairs', { documents: count('count.document', checker.size), pairs: count('count.pair', pairs.length), least }));
  for (const pair of pairs) {
    const { passages } = pair.report;
    const rewritten = passages.filter(isRewritten).length;
    const found = count('count.passage', passages.length) + (rewritten ? t('cli.rewritten', { count: rewritten }) : '');
    const shares = t('cli.pairShares', { found, first: percent(pair.report.similarity), second: percent(pair.report.sourceCoverage) });
    console.log(`  ${percent(pair.similarity).padStart(6)}  ${pair.a}  <->  ${pair.b}  (${shares})`);
  }
}

/** `index FILE_OR_DIR... -o FILE`: the references' index written to FILE, for `check --index`. */
async function indexCommand(values, rest, options) {
  if (!rest.length) throw new UsageError(t('cli.error.indexNeedFiles'));
  if (!values.output) throw new UsageError(t('cli.error.indexNeedOutput'));
  const checker = await indexInParallel(await documentsOf(rest), options.checker);
  addAll(checker, await documentsOf(values.base ?? []), true);
  const bytes = checker.exportIndex();
  writeFileSync(values.output, bytes);
  const words = checker.references().reduce((sum, r) => sum + r.words, 0);
  // Numbers as numbers: t() writes them in the language's format ("12,345").
  console.log(t('cli.indexed', { documents: count('count.document', checker.size), words, output: values.output, bytes: bytes.length }));
}

/** The commands, by the name given on the command line. */
const COMMANDS = { check: checkCommand, pairs: pairsCommand, index: indexCommand };

/** Runs the command line `argv`: the language first (so every message is in it), then the command. */
async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...ownParseArgsOptions(), ...parseArgsOptions() },
  });
  try {
    setLanguage(cliLanguage(values.lang, process.env));
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (values.help) return console.log(usage());
  if (values.version) return console.log(version());
  const [command, ...rest] = positionals;
  const options = optionsFromFlags(values, command, (message) => new UsageError(message));
  if (command === undefined) throw new UsageError(t('cli.error.noCommand'));
  if (!Object.hasOwn(COMMANDS, command)) throw new UsageError(t('cli.error.unknownCommand', { command }));
  await COMMANDS[command](values, rest, options);
}

try {
  // The environment's language until --lang is read, so that a mistyped flag is told in it too.
  setLanguage(cliLanguage(undefined, process.env));
  await main(process.argv.slice(2));
} catch (error) {
  const usageError = isUsageError(error);
  // Worded by code (js/words/errors.js), in the CLI's language; a usage error points at --help.
  const words = WORDED_CODES.has(error?.code) ? errorWords(error) : error.message;
  console.error(`plagscope: ${words}${usageError ? t('cli.seeHelp') : ''}`);
  process.exitCode = usageError ? 2 : 1;
}
