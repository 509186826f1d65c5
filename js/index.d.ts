// Types of the plagscope package: the generated declarations, minus the loader (the entry points
// initialize the engine themselves).
export { sharedNgrams, version } from '../pkg/plagscope.js';
export type { Span, SharedNgrams, EvasionReport } from '../pkg/plagscope.js';
