#!/usr/bin/env bash
# Runs plagscope's test layers and reports each. Expects scripts/setup.sh --browser and scripts/build.sh
# to have run (`npm test` does both first).
#   scripts/test.sh                 every layer
#   scripts/test.sh rust js ...     only the named layers
# Layers: lint, rust, fuzz-smoke, wasm-node, wasm-browser, js, speed, e2e, python. A failing layer does not stop
# the others; the script exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

all_layers=(lint rust fuzz-smoke wasm-node wasm-browser js speed e2e python)
layers=("$@")
[ ${#layers[@]} -gt 0 ] || layers=("${all_layers[@]}")

browser_env() {
  CHROMIUM_PATH=$(find_chromium) || die "Chromium not found: run scripts/setup.sh --browser"
  CHROMEDRIVER=$(find_chromedriver) || die "chromedriver not found: run scripts/setup.sh --browser"
  export CHROMIUM_PATH CHROMEDRIVER
}

layer_lint() {
  cargo fmt --all --check &&
    cargo clippy --all-targets -- -D warnings &&
    cargo clippy --workspace --all-targets --target wasm32-unknown-unknown \
      --features plagscope-wasm/crash-test,plagscope-wasm/archive -- -D warnings &&
    cargo clippy -p plagscope-python --all-targets -- -D warnings &&
    core_boundary
}

# The core crate must reach no binding's types: no wasm-bindgen, js-sys, web-sys or pyo3 anywhere
# in its dependency tree, for any target (the bindings are crates of their own, bindings/).
core_boundary() {
  local target found
  for target in wasm32-unknown-unknown "$(rustc -vV | sed -n 's/^host: //p')"; do
    found=$(cargo tree -p plagscope --target "$target" -e normal,build --prefix none |
      grep -E '^(wasm-bindgen|js-sys|web-sys|pyo3)[ -]' || true)
    if [ -n "$found" ]; then
      echo "the core crate depends on binding crates for $target:" >&2
      echo "$found" >&2
      return 1
    fi
  done
  info "core crate: no wasm-bindgen, js-sys, web-sys or pyo3 in its dependency tree"
}

# The model's tests need its file and the reference implementation's vectors (target/model).
# The property tests run one fixed sequence of cases here, so that a run is reproducible and CI
# fails only on a change: `PROPTEST_RNG_SEED=<another number> cargo test` explores others (and
# `npm run fuzz` explores without end); what they find joins the tests' regression files.
layer_rust() { node scripts/model.mjs --reference && PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED-20261207}" cargo test; }

# A few seconds per fuzz target from the committed seeds, after installing the nightly toolchain and
# cargo-fuzz where they are missing, so every target is built in CI (long runs:
# `npm run fuzz -- TARGET SECONDS`).
layer_fuzz-smoke() { bash scripts/fuzz.sh --smoke 5; }

layer_wasm-node() { cargo test -p plagscope-wasm --target wasm32-unknown-unknown --test wasm; }

layer_wasm-browser() {
  browser_env
  # Capabilities for chromedriver: the system Chromium, headless, with the flags that work here.
  local caps=target/webdriver.json
  mkdir -p target
  cat > "$caps" <<JSON
{ "goog:chromeOptions": { "binary": "$CHROMIUM_PATH", "args": [
  "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run" ] } }
JSON
  WASM_BINDGEN_USE_BROWSER=1 WASM_BINDGEN_TEST_WEBDRIVER_JSON="$caps" \
    cargo test -p plagscope-wasm --target wasm32-unknown-unknown --test wasm
}

# The engine with a real trap (`--features crash-test`) for tests/js/recovery.test.mjs: its own target
# directory, so it never races with or replaces the release build behind pkg/; a no-op when fresh.
crash_build() {
  local wasm=target/crash/wasm32-unknown-unknown/debug/plagscope_wasm.wasm out=target/pkg-crash
  CARGO_TARGET_DIR=target/crash cargo build -p plagscope-wasm --target wasm32-unknown-unknown --features crash-test &&
    if [ ! "$out/plagscope_bg.wasm" -nt "$wasm" ]; then
      wasm-bindgen --target web --experimental-reset-state-function --out-dir "$out" --out-name plagscope "$wasm"
    fi
}

# A test that hangs (a browser that never answers, a worker that never ends) fails after 10 minutes, and
# a layer stuck outside any test (a hook) after 40, so one hang names itself instead of holding the
# whole run past CI's limit; the longest test takes about a minute.
node_test() { timeout --kill-after=30 2400 node --test --test-timeout=600000 "$@"; }

# tests/js/model.test.mjs reads the reference implementation's vectors too (idempotent: made once).
layer_js() { node scripts/model.mjs --reference && crash_build && node_test tests/js/; }

# The speed regression guard (bench/speed-guard.mjs, about 20 s): the built package timed on a fixed
# workload, each figure as a ratio to a plain-JS yardstick run alongside, failing on a figure more
# than 25% slower than bench/speed-guard/baseline.json. Needs only pkg/ and target/corpus/en.
# Functional tests assert no times; the timed limits live here and in `npm run bench`.
layer_speed() { timeout --kill-after=10 300 node bench/speed-guard.mjs; }

layer_e2e() { browser_env && node_test tests/e2e/; }

# The Python binding: scripts/python.sh builds the wheel and installs it into target/pyenv (the
# pinned maturin and pytest too, when missing); pytest then tests the installed wheel.
layer_python() {
  bash scripts/python.sh &&
    PYTHONDONTWRITEBYTECODE=1 target/pyenv/bin/python -m pytest -p no:cacheprovider -q tests/python
}

passed=()
failed=()
for layer in "${layers[@]}"; do
  if ! declare -F "layer_$layer" >/dev/null; then
    die "unknown test layer '$layer' (layers: ${all_layers[*]})"
  fi
  step "test layer: $layer"
  if ( set -e; "layer_$layer" ); then passed+=("$layer"); else failed+=("$layer"); fi
done

step "summary"
[ ${#passed[@]} -gt 0 ] && info "passed: ${passed[*]}"
[ ${#failed[@]} -gt 0 ] && info "FAILED: ${failed[*]}"
echo "test layers: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
