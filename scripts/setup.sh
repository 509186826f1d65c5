#!/usr/bin/env bash
# Idempotent set-up for building and testing plagscope. Each step checks first and skips what is done.
#   scripts/setup.sh            toolchain + npm packages (enough for `npm start`)
#   scripts/setup.sh --browser  also Chromium + chromedriver (for `npm test`)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

want_browser=false
[ "${1:-}" = "--browser" ] && want_browser=true

step "checking Rust and Node"
command -v cargo >/dev/null || die "cargo not found. Install Rust with rustup (https://rustup.rs), then rerun."
command -v rustup >/dev/null || die "rustup not found. plagscope needs rustup to add the wasm32 target (https://rustup.rs)."
# The minimum Node version is package.json's "engines" (what the CLI's parse5/entities and the
# build tools need); tests/js/node-version.test.mjs holds the README to it.
min_node=$(sed -n 's/.*"node": ">=\([0-9.]*\)".*/\1/p' package.json)
command -v node >/dev/null || die "node not found. Install Node.js $min_node or newer, then rerun."
command -v npm >/dev/null || die "npm not found. Install Node.js (it ships npm), then rerun."
node -e 'const [need, have] = [process.argv[1], process.versions.node].map((v) => v.split(".").map(Number));
  process.exit((have[0] - need[0] || have[1] - (need[1] ?? 0)) >= 0 ? 0 : 1)' "$min_node" \
  || die "Node.js $(node --version) is too old: plagscope needs Node.js $min_node or newer."
info "$(cargo --version), node $(node --version), npm $(npm --version 2>/dev/null)"

step "Rust target wasm32-unknown-unknown"
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  info "already installed"
else
  rustup target add wasm32-unknown-unknown
fi

step "wasm-bindgen CLI"
wanted=$(locked_wasm_bindgen_version)
[ -n "$wanted" ] || die "could not read the wasm-bindgen version from Cargo.lock"
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" = "$wanted" ] && command -v wasm-bindgen-test-runner >/dev/null; then
  info "wasm-bindgen $have already installed"
else
  info "need $wanted, found ${have:-none}: building it once (about 5 minutes)"
  # No --locked: the registry mirror here lacks one of the CLI's locked dependencies.
  cargo install wasm-bindgen-cli --version "$wanted"
fi

step "npm packages"
stamp=node_modules/.plagscope-lock.sha
lock_sha=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_sha" ]; then
  info "node_modules matches package-lock.json"
else
  npm ci --no-audit --no-fund
  echo "$lock_sha" > "$stamp"
fi

step "real-text corpus for tests and benchmarks (target/corpus)"
node scripts/corpus.mjs

if $want_browser; then
  step "Chromium and chromedriver (for browser tests)"
  if ! find_chromium >/dev/null || ! find_chromedriver >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      info "installing Debian's chromium and chromium-driver"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    else
      die "browser tests need Chromium and a matching chromedriver. Install them (Debian/Ubuntu:
  sudo apt-get install chromium chromium-driver), or point CHROMIUM_PATH and CHROMEDRIVER at them, then rerun."
    fi
  fi
  chromium=$(find_chromium) || die "Chromium still not found after installing"
  driver=$(find_chromedriver) || die "chromedriver still not found after installing"
  info "$($chromium --version 2>/dev/null | head -1) at $chromium"
  info "$($driver --version 2>/dev/null | head -1 | cut -d' ' -f1-2) at $driver"
fi

step "set-up done"
