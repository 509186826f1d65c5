// The npm packages a user would pick instead of plagscope, bundled by rolldown (scripts/bench.sh)
// into one classic script for the bench page, which finds them on `globalThis.peers`. A classic
// script, not a module: simhash-js assigns undeclared variables, which strict (module) code refuses.
import { LshIndex, Minhash } from 'minhash';
// bloom-filters' entry also loads its IBLT, which needs Node's Buffer: its MinHash alone is loaded.
import MinHashFactoryModule from 'bloom-filters/dist/sketch/min-hash-factory.js';
import { SimHash } from 'simhash-js';

const MinHashFactory = MinHashFactoryModule.default ?? MinHashFactoryModule;
globalThis.peers = { Minhash, LshIndex, MinHashFactory, SimHash };
