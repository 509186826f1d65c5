// Types of the plagscope package: the generated declarations, minus the loader (the entry points
// initialize the engine themselves). At run time every export is the guarded wrapper of js/guard.js,
// with the same signatures: after an internal failure (a wasm trap) a call throws an Error whose
// `code` is 'PLAGSCOPE_ENGINE_RESTARTED', the engine is restarted, and every Checker keeps its references.
export {
  analyze,
  Checker,
  defaults,
  minhash,
  sharedNgrams,
  shingleHashes,
  shingles,
  simhash,
  version,
  winnow,
} from '../pkg/plagscope.js';
// Every option and result type, generated from the Rust declarations (src/schema.rs).
export type * from '../pkg/types.js';
