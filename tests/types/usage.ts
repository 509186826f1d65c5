// Type-checked (never run) by tests/js/types.test.mjs: the package's declarations must describe the
// API as documented in the README, resolved through package.json's `exports` like a user's project.
import {
  analyze,
  Checker,
  minhash,
  sharedNgrams,
  shingles,
  simhash,
  version,
  winnow,
  loadSentenceModel,
  SentenceModel,
  type ModelProgress,
  type CheckOptions,
  type PlagscopeError,
  type PairReport,
  type Report,
  type SourceReport,
} from 'plagscope';

const checker = new Checker({ shingleWords: 5, guaranteeWords: 12, numPerm: 128, minhashScheme: 'onePermutation', text: { ignoreCase: true } });
checker.addReference({ id: 'a', title: 'A', text: 'text', meta: { keywords: ['x'] }, base: false });
const options: CheckOptions = { align: { minWords: 12, maxDocFrequency: 10 }, excludeQuotes: true, scores: { combinedTextWeight: 0.85 } };
const report: Report = checker.check('paper', options);
const first: SourceReport | undefined = report.sources[0];
const passageText: string | undefined = first?.passages.map((p) => 'paper'.slice(p.start, p.end)).join();
const kinds: Array<'quote' | 'bibliography' | 'table' | 'base' | 'reader'> = report.excluded.map((e) => e.kind);
const quoted: Array<string | null | undefined> = report.excluded.map((e) => e.source);
const withMeta: Report = checker.check({ text: 'paper', meta: { keywords: ['x'] } });
const chosen: Report = checker.check('paper', { ignoreReferences: ['a'], excludeSpans: [{ start: 0, end: 2 }], includeSpans: [] });
const cyrillic: number | undefined = report.evasion.replacedLetters['Cyrillic'];
const withCandidates = checker.checkWithCandidates('paper', [{ id: 'archive-1', text: 'text' }], options);
const candidateReport: Report = withCandidates.report;
const candidateText: string | undefined = withCandidates.sources[0]?.text;
const pairs: PairReport[] = checker.pairs({ minSimilarity: 0.1 });
const bytes: Uint8Array = checker.exportIndex();
const again: Checker = Checker.importIndex(bytes);
const size: number = again.size;
const ignoresCase: boolean | undefined = again.options.text.ignoreCase;
const removed: boolean = checker.removeReference('a');
const text: string | undefined = checker.getReference('a')?.text;
const signature: Uint32Array = minhash('text', { shingleWords: 5, numPerm: 64, scheme: 'classic' });
const fingerprint: string = simhash('text');
const fingerprints: string[] = winnow('text', { shingleWords: 5, guaranteeWords: 12 }).map((f) => f.hash);
const grams = shingles('text', { kind: 'char', size: 4 });
const tokens = analyze('text').tokens.map((t) => [t.start, t.end, t.kind]);
const shared = sharedNgrams('a b c', 'a b c', 3).a;
const v: string = version();

// Errors are matched by code, and the union holds only the engine's codes.
let refusedBecause: string = '';
try {
  checker.addReference({ id: 'a', text: 'again' });
} catch (error) {
  const failure = error as PlagscopeError;
  if (failure.code === 'PLAGSCOPE_DUPLICATE_ID') refusedBecause = failure.path ?? '';
  else if (failure.code === 'PLAGSCOPE_TEXT_TOO_LONG') refusedBecause = `${failure.size} > ${failure.limit}`;
  // @ts-expect-error a code the engine never throws
  else if (failure.code === 'PLAGSCOPE_NO_SUCH_CODE') refusedBecause = 'never';
}

// @ts-expect-error unknown option names are type errors too
checker.check('paper', { minWord: 3 });
// @ts-expect-error the old short names are gone
new Checker({ k: 5 });

export { refusedBecause, withMeta, again, bytes, chosen, cyrillic, ignoresCase, fingerprint, fingerprints, grams, kinds, pairs, passageText, removed, shared, signature, size, text, tokens, v };

// The sentence model: loaded on demand, then vectors as a Float32Array and translated checks.
async function sentenceModel(): Promise<number> {
  const model: SentenceModel = await loadSentenceModel('target/model', {
    onProgress: ({ loaded, total }: ModelProgress) => console.log(loaded / total),
    scripts: ['cyrillic'],
  });
  const vectors: Float32Array = model.encode(['A sentence.', '一个句子。']);
  const translated = new model.Checker();
  const found: Report = translated.check('一个句子。', { align: { translated: true, translatedSimilarity: 60 } });
  return vectors.length / model.dimensions + found.sources.length + model.manifest.encoder.bytes;
}
void sentenceModel;
