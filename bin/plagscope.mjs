#!/usr/bin/env node
// plagscope CLI: batch plagiarism checks on the command line, with the same engine as the app.
// Everything runs locally; no file leaves the machine.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ACCEPTED_EXTENSIONS, ACCEPTED_TYPES } from '../js/formats.js';
import { readPath } from '../js/read-node.js';
import { collectFiles, resolvePath } from '../js/cli-files.js';
import { evidenceLine, isRewritten } from '../js/evidence.js';
import { evasionPhrases } from '../js/evasion.js';
import { nearDuplicateText } from '../js/near-duplicate.js';
import { matchedQuotations, quotationPhrase } from '../js/quotations.js';
import { Checker, defaults, version } from '../js/node.js';
import { flagHelp, optionsFromFlags, parseArgsOptions } from '../js/cli-options.js';
import { indexInParallel } from '../js/parallel-index.js';

/** The extensions of the files read as plain text (text and HTML), from the shared list. */
function plainExtensions() {
  return ACCEPTED_TYPES.filter((type) => type.kind === 'text' || type.kind === 'html').flatMap((type) => type.extensions);
}

/**
 * The CLI's own flags, declared once: `parseArgs` and the help are made from this list (the
 * engine's matching options come from their own declarations, js/cli-options.js).
 */
const OWN_FLAGS = [
  { name: 'refs', type: 'string', multiple: true, value: 'PATH', help: 'reference file or folder (repeatable; folders are read recursively)' },
  { name: 'index', type: 'string', value: 'FILE', help: 'saved index to check against (from "plagscope index")' },
  { name: 'base', type: 'string', multiple: true, value: 'PATH', help: 'base/template document whose text is never reported (repeatable)' },
  { name: 'output', short: 'o', type: 'string', value: 'FILE', help: 'where "index" writes the index' },
  { name: 'json', type: 'boolean', help: 'print the full report as JSON' },
  { name: 'help', short: 'h', type: 'boolean', help: 'show this help' },
  { name: 'version', short: 'v', type: 'boolean', help: 'show the version' },
];

/** `parseArgs`'s options for the CLI's own flags. */
const ownParseArgsOptions = () => Object.fromEntries(OWN_FLAGS.map(({ name, type, multiple, short }) =>
  [name, { type, ...(multiple ? { multiple } : {}), ...(short ? { short } : {}) }]));

/** The help's lines for the CLI's own flags: `  -o, --output FILE      where ...`. */
const ownFlagHelp = () => OWN_FLAGS.map(({ name, short, value, help }) =>
  `  ${`${short ? `-${short}, ` : ''}--${name}${value ? ` ${value}` : ''}`.padEnd(22)} ${help}`);

const USAGE = `plagscope ${version()} — local plagiarism checker

Usage:
  plagscope check PAPER --refs FILE_OR_DIR... [--index refs.idx] [options]
  plagscope pairs FILE_OR_DIR... [options]
  plagscope index FILE_OR_DIR... -o refs.idx

Commands:
  check   check PAPER against reference files and folders and/or a saved index
  pairs   compare every pair of documents ("who copied from whom")
  index   build a reference index file once, to reuse with check --index

Options:
${ownFlagHelp().join('\n')}

Matching options (the engine's own; lengths in words, a Chinese or Japanese character 0.6):
${flagHelp().join('\n')}

Files: ${plainExtensions().join(', ')} (UTF-8, UTF-16 or Windows-1252; HTML as its
visible text); .docx with the mammoth package and .pdf with the pdfjs-dist package installed
(npm install mammoth pdfjs-dist).
Exit codes: 0 done, 1 failure, 2 usage error.`;

const TEXT_EXTENSIONS = new Set(ACCEPTED_EXTENSIONS);

class UsageError extends Error {}

/**
 * Plain text of a file, read as the page reads it (js/read-node.js, js/read.js): text in UTF-8,
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
    throw new Error(`cannot read ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
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

const percent = (x) => `${(x * 100).toFixed(1)}%`;
const snippet = (text, start, end) => {
  const s = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return s.length > 70 ? `${s.slice(0, 67)}...` : s;
};

function printReport(name, paper, report, checker) {
  const lines = [
    `${name}: ${percent(report.similarity)} similar (${report.words} words checked), ${report.sources.length} source${report.sources.length === 1 ? '' : 's'}`,
  ];
  report.sources.forEach((source, i) => {
    const sourceText = checker.getReference(source.id)?.text ?? '';
    lines.push(`  ${i + 1}. ${percent(source.similarity).padStart(6)}  ${source.title} [${source.id}]  ${source.passages.length} passage(s), ${percent(source.sourceCoverage)} of the source used`);
    const near = nearDuplicateText(source);
    if (near) lines.push(`      ${near}`);
    for (const p of source.passages) {
      lines.push(`       "${snippet(paper, p.start, p.end)}"`);
      lines.push(`         <- "${snippet(sourceText, p.sourceStart, p.sourceEnd)}"`);
      lines.push(`         ${evidenceLine(p, paper, ', ')}`);
    }
  });
  const evasion = evasionPhrases(report.evasion);
  if (evasion.length) lines.push(`  evasion: ${evasion.join(', ')} (ignored for matching)`);
  if (report.excluded.length) {
    const counts = {};
    for (const x of report.excluded) counts[x.kind] = (counts[x.kind] ?? 0) + 1;
    lines.push(`  excluded: ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')}`);
  }
  // A quotation that matches a source is left out of the similarity, and named with its source.
  const quoted = new Set(report.excluded.map((x) => x.source).filter(Boolean));
  const titles = Object.fromEntries([...quoted].map((id) => [id, checker.getReference(id)?.title ?? id]));
  for (const q of matchedQuotations(report, paper, { titles })) {
    lines.push(`    ${quotationPhrase(q)} [${q.id}]: "${snippet(paper, q.start, q.end)}"`);
  }
  console.log(lines.join('\n'));
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...ownParseArgsOptions(), ...parseArgsOptions() },
  });
  if (values.help) return console.log(USAGE);
  if (values.version) return console.log(version());
  const [command, ...rest] = positionals;
  const options = optionsFromFlags(values, command, (message) => new UsageError(message));
  const givenCheckerOptions = Object.keys(options.checker).length > 0;
  switch (command) {
    case 'check': {
      if (rest.length !== 1) throw new UsageError('check needs exactly one PAPER');
      if (!values.refs?.length && !values.index) throw new UsageError('check needs --refs or --index');
      if (values.index && givenCheckerOptions) {
        throw new UsageError('the index keeps the options it was made with: give indexing options to "plagscope index"');
      }
      const references = await documentsOf(values.refs ?? []);
      let checker;
      if (values.index) {
        checker = Checker.importIndex(readIndex(values.index));
        addAll(checker, references);
      } else {
        checker = await indexInParallel(references, options.checker);
      }
      addAll(checker, await documentsOf(values.base ?? []), true);
      if (checker.size === 0) throw new Error('no reference documents found');
      const paper = await readDocument(resolvePath(rest[0]), rest[0]);
      const report = checker.check(paper, options.check);
      if (values.json) console.log(JSON.stringify({ paper: rest[0], ...report }, null, 2));
      else printReport(rest[0], paper, report, checker);
      return;
    }
    case 'pairs': {
      if (!rest.length) throw new UsageError('pairs needs files or folders');
      const checker = await indexInParallel(await documentsOf(rest), options.checker);
      addAll(checker, await documentsOf(values.base ?? []), true);
      const pairs = checker.pairs(options.pairs);
      if (values.json) return console.log(JSON.stringify(pairs, null, 2));
      console.log(`${checker.size} documents, ${pairs.length} pair${pairs.length === 1 ? '' : 's'} at or above ${percent(options.pairs.minSimilarity ?? defaults().pairs.minSimilarity)}`);
      for (const pair of pairs) {
        const { passages } = pair.report;
        const rewritten = passages.filter(isRewritten).length;
        const found = `${passages.length} passage${passages.length === 1 ? '' : 's'}${rewritten ? `, ${rewritten} rewritten` : ''}`;
        console.log(`  ${percent(pair.similarity).padStart(6)}  ${pair.a}  <->  ${pair.b}  (${found}; ${percent(pair.report.similarity)} of the first, ${percent(pair.report.sourceCoverage)} of the second)`);
      }
      return;
    }
    case 'index': {
      if (!rest.length) throw new UsageError('index needs files or folders');
      if (!values.output) throw new UsageError('index needs -o FILE');
      const checker = await indexInParallel(await documentsOf(rest), options.checker);
      addAll(checker, await documentsOf(values.base ?? []), true);
      const bytes = checker.exportIndex();
      writeFileSync(values.output, bytes);
      const words = checker.references().reduce((sum, r) => sum + r.words, 0);
      console.log(`indexed ${checker.size} documents (${words} words) into ${values.output}: ${bytes.length} bytes`);
      return;
    }
    case undefined:
      throw new UsageError('no command given');
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const usage = error instanceof UsageError || error?.code?.startsWith?.('ERR_PARSE_ARGS');
  console.error(`plagscope: ${error.message}${usage ? ' (see plagscope --help)' : ''}`);
  process.exitCode = usage ? 2 : 1;
}
