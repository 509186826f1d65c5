// Node entry of the plagscope package: loads the wasm engine synchronously at import, so users call
// the API right away with no init step.
import { readFileSync } from 'node:fs';
import { initSync } from '../pkg/plagscope.js';

initSync({ module: readFileSync(new URL('../pkg/plagscope_bg.wasm', import.meta.url)) });

export * from './api.js';
