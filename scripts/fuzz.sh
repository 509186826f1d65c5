#!/usr/bin/env bash
# Coverage-guided fuzzing of the Rust core with cargo-fuzz (libFuzzer), on the nightly toolchain.
#   scripts/fuzz.sh TARGET SECONDS     run one target (text_pipeline, check, import_index)
#   scripts/fuzz.sh --smoke SECONDS    run every target briefly (CI, `npm test`), installing what it
#                                      needs first: every target builds and runs on a fresh machine
#   scripts/fuzz.sh --install          install both (the pinned nightly, minimal profile; cargo-fuzz),
#                                      skipping what is there
# The seed corpus is fuzz/seeds/TARGET (committed); what the fuzzer learns goes to
# target/fuzz-corpus/TARGET (not committed), crashes to fuzz/artifacts/TARGET.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

targets=(text_pipeline check import_index archive_files)

# The nightly the targets are built with, pinned so that a new nightly cannot break CI, and the
# cargo-fuzz release (`cargo install --locked`: its own lock file).
nightly=nightly-2026-05-20
cargo_fuzz_version=0.13.2

have_toolchain() {
  rustup toolchain list 2>/dev/null | grep -q "^$nightly" && cargo fuzz --version >/dev/null 2>&1
}

run_target() {
  local target=$1 seconds=$2
  mkdir -p "target/fuzz-corpus/$target" "fuzz/artifacts/$target"
  step "fuzzing $target for ${seconds}s"
  # -rss_limit_mb: a 2 GB budget, far above anything a valid input needs; -max_len: 64 KiB inputs
  # reach every code path while keeping executions fast (the size limits have their own tests).
  cargo "+$nightly" fuzz run --fuzz-dir fuzz "$target" "target/fuzz-corpus/$target" "fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 \
    -artifact_prefix="fuzz/artifacts/$target/"
}

install() {
  if ! rustup toolchain list | grep -q "^$nightly"; then
    step "installing the $nightly toolchain (minimal profile) for cargo-fuzz"
    rustup toolchain install "$nightly" --profile minimal
  fi
  if ! cargo fuzz --version 2>/dev/null | grep -q "$cargo_fuzz_version"; then
    step "installing cargo-fuzz $cargo_fuzz_version"
    cargo install cargo-fuzz --version "$cargo_fuzz_version" --locked
  fi
}

case "${1:-}" in
  --install)
    install
    ;;
  --smoke)
    seconds=${2:-5}
    install
    have_toolchain || die "fuzz smoke: the nightly toolchain or cargo-fuzz did not install"
    for target in "${targets[@]}"; do run_target "$target" "$seconds"; done
    ;;
  ""|-h|--help)
    sed -n '2,8p' "$0"
    ;;
  *)
    target=$1
    seconds=${2:-600}
    [[ " ${targets[*]} " == *" $target "* ]] || die "unknown fuzz target '$target' (targets: ${targets[*]})"
    have_toolchain || die "fuzzing needs the nightly toolchain and cargo-fuzz: run scripts/fuzz.sh --install"
    run_target "$target" "$seconds"
    ;;
esac
