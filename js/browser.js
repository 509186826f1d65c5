// Browser (and bundler) entry of the plagscope package: fetches and instantiates the wasm engine once,
// with top-level await, so importers call the API right away with no init step.
import init from '../pkg/plagscope.js';

await init({ module_or_path: new URL('../pkg/plagscope_bg.wasm', import.meta.url) });

export * from './api.js';
