// The public API, re-exported by both entry points (js/node.js, js/browser.js) once they have
// initialized the wasm engine. Every export is guarded (js/guard.js): a trap inside the engine
// restarts it and throws an ordinary Error, and every Checker keeps its references.
import * as bindings from '../pkg/plagscope.js';
import { guardEngine } from './guard.js';

export const { analyze, Checker, defaults, minhash, sharedNgrams, shingleHashes, shingles, simhash, version, winnow } = guardEngine(bindings);
