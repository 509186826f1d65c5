#!/usr/bin/env bash
# The scale benchmark (issue 31): a corpus of N documents recombined from real sentences, planted
# papers with their ground truth, the archive build on a local Dask cluster with 1 and 2 workers and
# an incremental 1%, then a native check of the planted papers against the archive, then the same
# papers checked in headless Chromium against the archive served statically (bench/scale/browser.mjs).
#   bash bench/scale/run.sh [N]        (default 100000; `npm run bench:scale`)
#   SCALE_REPEAT=2 bash bench/scale/run.sh 10000    each build twice (the CPU is shared: noisy)
# Expects scripts/python.sh (target/pyenv), the built package (scripts/build.sh: pkg/, pkg/archive/),
# /usr/bin/chromium (scripts/setup.sh --browser) and the pool (target/corpus/en, target/corpus/bench-en:
# `node scripts/corpus.mjs --bench`) to be there; scripts/bench.sh scale does both first.
# Writes target/scale/{corpus-N,corpus-N-add,papers-N,archive-N-w1,archive-N-w2}/ and the results
# target/scale/{build-N,check-N,browser-N}.json. Disk: about 17 KB of corpus and 14 KB of archive a document
# (twice: one archive per worker count), so 10^5 documents take about 4.5 GB.
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-100000}
python=target/pyenv/bin/python

echo "== corpus: $count documents (bench/scale/corpus.mjs)"
node bench/scale/corpus.mjs "$count"
echo "== planted papers (bench/scale/papers.mjs)"
node bench/scale/papers.mjs "$count"
echo "== the build on a local cluster, 1 and 2 workers, then 1% more (bench/scale/build.py)"
# Past 10^5 documents only the last archive is kept: two archives and the corpus of 10^6 need ~45 GB.
keep=()
if [ "$count" -gt 100000 ]; then keep=(--keep-last-only); fi
"$python" bench/scale/build.py "$count" --repeat "${SCALE_REPEAT:-1}" "${keep[@]}"
echo "== native checks of the planted papers (bench/scale/check.py)"
"$python" bench/scale/check.py "$count" | tail -1
echo "== the planted papers in Chromium against the archive served statically, cold and warm (bench/scale/browser.mjs)"
node bench/scale/browser.mjs "$count" --repeat "${SCALE_BROWSER_REPEAT:-1}" | tail -1
