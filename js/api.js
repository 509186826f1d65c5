// The public API, re-exported by both entry points (js/node.js, js/browser.js) once they have
// initialized the wasm engine.
export {
  analyze,
  Checker,
  minhash,
  sharedNgrams,
  shingles,
  simhash,
  version,
  winnow,
} from '../pkg/plagscope.js';
