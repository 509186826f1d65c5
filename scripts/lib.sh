# Shared helpers for plagscope's scripts; sourced, not run.

# Tools that `cargo install` puts here must be found even when the user's shell profile is not loaded.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

step() { printf '\n==> %s\n' "$*"; }
info() { printf '    %s\n' "$*"; }
die() { printf '\nerror: %s\n' "$*" >&2; exit 1; }

# The wasm-bindgen version pinned in Cargo.lock; the CLI must match it exactly.
locked_wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock
}

# First existing executable among CHROMIUM_PATH and the usual Chromium/Chrome locations.
find_chromium() {
  local candidate
  for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

find_chromedriver() {
  local candidate
  for candidate in "${CHROMEDRIVER:-}" /usr/bin/chromedriver "$(command -v chromedriver 2>/dev/null || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}
