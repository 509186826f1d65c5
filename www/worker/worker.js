// The engine runs here, off the UI thread, so indexing and checking never freeze the page.
// Protocol: { id, type, payload } -> { id, ok: true, result } | { id, ok: false, error }, where an
// error is plain data, { message, code, path?, size?, limit?, normalized?, reason? }, which the page
// words by its code (www/actions/errors.js),
// with { id, type: 'progress', done, total, stage? } messages while long work runs (indexing, all pairs),
// { id, type: 'part', field, spans } messages ahead of a report whose evasion lists are long, and
// { type: 'library', bytes } (the saved index) after every request that may change the library, so
// the page can restore it in a new worker if this one dies (www/engine.js).
import { Checker, loadSentenceModel, version } from '../../js/browser.js';
import { ENGINE_RESTARTED } from '../../js/guard.js';
import { isRequest, protocolMismatch, REQUESTS } from '../protocol.js';
import { archiveSource, checkWithArchive } from './archive.js';
import { guessUnit } from '../../js/words/units.js';
import { fetchModelParts, MODEL_URL } from '../../js/model.js';
import { partsOf } from '../../js/model-languages.js';
import { LibraryScripts } from './library-scripts.js';

let checker = new Checker();
/** The engine the library lives in: the plain one, or the sentence model's once it is loaded. */
let Engine = Checker;
/** The sentence model, once loaded. */
let model = null;
/** The scripts of the library's references, for the model's parts a check needs. */
const libraryScripts = new LibraryScripts();

/**
 * What the page shows of the model: the parts loaded (`scripts`) and every part the manifest
 * offers with its download size.
 */
const modelState = () => ({
  ready: true,
  scripts: model.scripts,
  parts: (model.manifest.parts ?? []).map(({ script, bytes }) => ({ script, bytes })),
});

/** Moves the library into a checker of `Target` (a model's engine), through its saved index. */
function moveLibrary(Target) {
  const moved = Target.importIndex(checker.exportIndex());
  checker.free();
  checker = moved;
  Engine = Target;
}

/** What the fields of an engine error hold, as plain data that crosses to the page. */
const ERROR_FIELDS = ['code', 'path', 'size', 'limit', 'normalized', 'reason'];

/** `error` as plain data: its message and the fields the page words it by (js/index.d.ts). */
function plainError(error) {
  if (error?.code === ENGINE_RESTARTED) console.warn(error.message);
  const plain = { message: error instanceof Error ? error.message : String(error) };
  for (const field of ERROR_FIELDS) if (error?.[field] !== undefined) plain[field] = error[field];
  return plain;
}

/** References looked at to tell the library's scripts (a library of thousands is sampled). */
const SCRIPT_SAMPLE = 200;

/** The units of the sampled references, until a request changes the library (null: not known). */
let sampledUnits = null;

/**
 * Whether some of the library's references are written in another kind of script than a paper
 * counted in `unit` (words, or characters for Chinese and Japanese): a report with no source may
 * then hide copies translated from them, which only the sentence model finds.
 */
function libraryInOtherScript(unit) {
  // Listing a library of 10^5 references takes most of a second: sampled once per change.
  sampledUnits ??= new Set(checker.references().slice(0, SCRIPT_SAMPLE)
    .map((r) => guessUnit(checker.getReference(r.id).text.slice(0, 20_000))));
  return [...sampledUnits].some((sampled) => sampled !== unit);
}

const handlers = {
  addReferences({ references }, progress) {
    // A batch refused for one reason is one refusal naming its references, not 500 messages.
    const refused = new Map(); // code and message -> { error, titles }
    for (const [done, reference] of references.entries()) {
      if (done % 10 === 0) progress(done, references.length);
      try {
        checker.addReference(reference);
      } catch (error) {
        const plain = plainError(error);
        const key = `${plain.code}\n${plain.message}`;
        if (!refused.has(key)) refused.set(key, { error: plain, titles: [] });
        refused.get(key).titles.push(reference.title || reference.id);
      }
    }
    const refusals = [...refused.values()];
    const count = refusals.reduce((sum, refusal) => sum + refusal.titles.length, 0);
    return { references: checker.references(), refusals, refused: count };
  },
  removeReferences({ ids }) {
    for (const id of ids) checker.removeReference(id);
    return checker.references();
  },
  /** Renames a reference or marks it as a base document: it is indexed again with the change. */
  updateReference({ id, title, base }) {
    const reference = checker.getReference(id);
    if (!reference) throw new Error('That reference is no longer in the library.');
    const changed = { ...reference, title: title ?? reference.title, base: base ?? reference.base };
    checker.removeReference(id);
    try {
      checker.addReference(changed);
    } catch (error) {
      checker.addReference(reference); // the old one fits: it was there a moment ago
      throw error;
    }
    return checker.references();
  },
  options: () => checker.options,
  /**
   * Checks several papers against the library, and against each other (with the library's
   * options): a summary per paper and the pairs of papers that share passages.
   */
  batch({ papers, options, pairsOptions }, progress) {
    const results = papers.map((paper, done) => {
      progress(done, papers.length);
      try {
        const report = checker.check(paper.text, options);
        const top = report.sources[0];
        return { id: paper.id, title: paper.title, words: report.words, similarity: report.similarity, sources: report.sources.length, top: top ? { id: top.id, title: top.title, similarity: top.similarity } : null };
      } catch (error) {
        return { id: paper.id, title: paper.title, error: plainError(error) };
      }
    });
    progress(papers.length, papers.length);
    progress(0, 1, 'pairs');
    const among = new Engine(checker.options);
    try {
      for (const paper of papers) {
        try {
          among.addReference({ id: paper.id, title: paper.title, text: paper.text });
        } catch {
          // Reported above: the same text failed its check.
        }
      }
      return { results, pairs: among.size > 1 ? among.pairs(pairsOptions) : [] };
    } finally {
      among.free();
    }
  },
  /** Indexes every reference again with other text options (ignore case, punctuation, numbers). */
  reindex({ text }, progress) {
    const options = { ...checker.options, text: { ...checker.options.text, ...text } };
    const next = new Engine(options);
    const ids = checker.references().map((r) => r.id);
    try {
      for (const [done, id] of ids.entries()) {
        if (done % 10 === 0) progress(done, ids.length);
        next.addReference(checker.getReference(id));
      }
    } catch (error) {
      next.free(); // the library stays as it was
      throw error;
    }
    checker.free();
    checker = next;
    return checker.references();
  },
  clear() {
    libraryScripts.replaced();
    checker.free();
    checker = new Engine();
    return checker.references();
  },
  references: () => checker.references(),
  /** A reference of the library, or an archive document of the last report. */
  getReference: ({ id }) => checker.getReference(id) ?? archiveSource(id),
  /** The references `ids` with their texts (absent ones left out), to keep them in the browser. */
  getReferences: ({ ids }) => ids.map((id) => checker.getReference(id)).filter(Boolean),
  /** Checks against the library, and the archive at `archive` (its URL) when one is given. */
  async check({ text, options, archive }, progress) {
    const report = archive ? await checkWithArchive({ checker, url: archive, text, options }, progress) : checker.check(text, options, progress);
    // Only when true: the report is otherwise the engine's own.
    if (!report.sources.length && !options?.align?.translated && libraryInOtherScript(report.unit)) report.otherScript = true;
    return report;
  },
  pairs: ({ options }, progress) => checker.pairs(options, progress),
  exportIndex: () => checker.exportIndex(),
  importIndex({ bytes }) {
    const loaded = Engine.importIndex(bytes); // throws on a bad file, leaving the current set alone
    libraryScripts.replaced();
    checker.free();
    checker = loaded;
    return checker.references();
  },
  /**
   * Adds the references of a saved index that are not in the library yet (same id: kept as is).
   * Saved with the library's options, they are moved over as they are (no text analyzed again);
   * saved with others, they are indexed again with the library's.
   */
  mergeIndex({ bytes }, progress) {
    const loaded = Engine.importIndex(bytes); // throws on a bad file, leaving the current set alone
    try {
      if (JSON.stringify(loaded.options) === JSON.stringify(checker.options)) {
        const { added, skipped } = checker.mergeIndex(bytes);
        return { references: checker.references(), refusals: [], refused: 0, added, skipped };
      }
      const incoming = loaded.references().filter((r) => !checker.getReference(r.id));
      const skipped = loaded.size - incoming.length;
      const result = handlers.addReferences({ references: incoming.map((r) => loaded.getReference(r.id)) }, progress);
      return { ...result, added: incoming.length - result.refused, skipped };
    } finally {
      loaded.free();
    }
  },
  /**
   * Loads the sentence model (pkg/model/: its files fetched with progress in bytes, checked and
   * cached by the service worker) and moves the library into its engine, whose checks find
   * translated copies.
   */
  async loadModel(_, progress) {
    if (Engine === Checker) {
      model = await loadSentenceModel(undefined, { onProgress: ({ loaded, total }) => progress(loaded, total, 'model') });
      moveLibrary(model.Checker);
    }
    return modelState();
  },
  /**
   * Loads the model's parts for the scripts of `texts` (the papers about to be checked) and of the
   * library that it lacks (Cyrillic, kana, Hangul, Arabic, Thai: 0.8 to 2.3 MB each, progress in
   * bytes), and moves the library over to them. Without the model, nothing.
   */
  async loadModelParts({ texts = [] }, progress) {
    if (!model) return { ready: false };
    const lacking = (model.manifest.parts ?? []).map((part) => part.script).filter((script) => !model.scripts.includes(script));
    // With every part loaded, the library's texts need not be read.
    const wanted = lacking.length ? new Set([...texts.flatMap(partsOf), ...libraryScripts.of(checker)]) : new Set();
    const missing = lacking.filter((script) => wanted.has(script));
    if (missing.length) {
      await fetchModelParts(model, MODEL_URL, missing, { onProgress: ({ loaded, total }) => progress(loaded, total, 'model') });
      // A checker reads the model it was given when made: the library is moved into a new one.
      moveLibrary(model.Checker);
    }
    return modelState();
  },
  /**
   * Encodes the sentences of the references the model has not read yet, for the search by meaning
   * (a few hundred sentences a second), with progress by reference; the codes are kept with the
   * saved library, so this is done once per reference. `unchanged` when there was none to read.
   */
  encodeSentences(_, progress) {
    const encoded = model && checker.encodeSentences ? checker.encodeSentences((done, total) => progress(done, total, 'encoding')) : 0;
    return { encoded, unchanged: encoded === 0 };
  },
  async loadDemo() {
    const response = await fetch(new URL('../../pkg/demo-refs.json', import.meta.url));
    if (!response.ok) throw new Error(`could not load the demo set (${response.status})`);
    const { references, example } = await response.json();
    const result = handlers.addReferences({ references: references.filter((r) => !checker.getReference(r.id)) }, () => {});
    return { ...result, example };
  },
};

// The handlers are the declared requests, no more and no fewer (www/protocol.js): refused at once.
const mismatch = protocolMismatch(handlers);
if (mismatch.extra.length || mismatch.missing.length) {
  throw new Error(`the worker's handlers differ from www/protocol.js: extra ${mismatch.extra}, missing ${mismatch.missing}`);
}

/** Spans per message when a report's evasion lists are sent ahead in parts. */
const PART_SPANS = 20_000;

/**
 * Sends the long span lists of a report's evasion (a paper with a disguised letter in every word has
 * hundreds of thousands) ahead of the reply in parts, and empties them in it: the page reads a
 * message in one task, and one message of them all kept it busy for 300 ms (www/engine.js puts the
 * parts back).
 */
function sendInParts(id, result) {
  const evasion = result?.evasion;
  if (!evasion) return;
  for (const [field, spans] of Object.entries(evasion)) {
    if (!Array.isArray(spans) || spans.length <= PART_SPANS) continue;
    for (let at = 0; at < spans.length; at += PART_SPANS) self.postMessage({ id, type: 'part', field, spans: spans.slice(at, at + PART_SPANS) });
    evasion[field] = [];
  }
}

/** Sends the page the saved index (transferred, not copied); on failure the page keeps the last one. */
function sendLibrary() {
  try {
    const bytes = checker.exportIndex();
    self.postMessage({ type: 'library', bytes }, [bytes.buffer]);
  } catch (error) {
    console.warn(`the library could not be saved for a restart: ${error.message}`);
  }
}

self.onmessage = async ({ data }) => {
  const { id, type, payload } = data;
  let reply;
  let transfer = [];
  try {
    const handler = handlers[type];
    if (!handler) throw new Error(`unknown request type: ${type}`);
    const progress = (done, total, stage) => self.postMessage({ id, type: 'progress', done, total, stage });
    const result = await handler(payload ?? {}, progress);
    if (result instanceof Uint8Array) transfer = [result.buffer];
    sendInParts(id, result);
    reply = { id, ok: true, result };
  } catch (error) {
    reply = { id, ok: false, error: plainError(error) };
  }
  // Before the reply, so the page holds the new library by the time the request resolves. A request
  // that may change it says when it did not (nothing to encode): no export of the whole library.
  if (isRequest(type) && REQUESTS[type].changesLibrary && reply.result?.unchanged !== true) {
    sampledUnits = null;
    libraryScripts.changed();
    sendLibrary();
  }
  self.postMessage(reply, transfer);
};

/**
 * Holds a Web Lock for as long as this worker lives; the page asks for the same lock, which it gets
 * only when this worker is gone, however it ended (closed, crashed, out of memory). Resolves with the
 * lock's name, or null where Web Locks are missing (the page then relies on `error` events).
 */
function holdLifeLock() {
  if (!self.navigator?.locks) return Promise.resolve(null);
  const name = `plagscope-engine-${crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`}`;
  return new Promise((held) => {
    navigator.locks
      .request(name, () => {
        held(name);
        return new Promise(() => {}); // never released while the worker runs
      })
      .catch(() => held(null));
  });
}

self.postMessage({ type: 'ready', version: version(), lock: await holdLifeLock() });
