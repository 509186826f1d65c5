#!/usr/bin/env bash
# Coverage-guided fuzzing of the Rust core with cargo-fuzz (libFuzzer), on the nightly toolchain.
#   scripts/fuzz.sh TARGET SECONDS     run one target (text_pipeline, check, import_index)
#   scripts/fuzz.sh --smoke SECONDS    run every target briefly (CI); says so and skips when the
#                                      nightly toolchain or cargo-fuzz is missing
#   scripts/fuzz.sh --install          install both (nightly, minimal profile; cargo install cargo-fuzz)
# The seed corpus is fuzz/seeds/TARGET (committed); what the fuzzer learns goes to
# target/fuzz-corpus/TARGET (not committed), crashes to fuzz/artifacts/TARGET.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

targets=(text_pipeline check import_index)

have_toolchain() {
  rustup toolchain list 2>/dev/null | grep -q '^nightly' && cargo fuzz --version >/dev/null 2>&1
}

run_target() {
  local target=$1 seconds=$2
  mkdir -p "target/fuzz-corpus/$target" "fuzz/artifacts/$target"
  step "fuzzing $target for ${seconds}s"
  # -rss_limit_mb: a 2 GB budget, far above anything a valid input needs; -max_len: 64 KiB inputs
  # reach every code path while keeping executions fast (the size limits have their own tests).
  cargo +nightly fuzz run --fuzz-dir fuzz "$target" "target/fuzz-corpus/$target" "fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 \
    -artifact_prefix="fuzz/artifacts/$target/"
}

case "${1:-}" in
  --install)
    rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
    cargo fuzz --version >/dev/null 2>&1 || cargo install cargo-fuzz
    ;;
  --smoke)
    seconds=${2:-5}
    if ! have_toolchain; then
      info "fuzz smoke skipped: it needs the nightly toolchain and cargo-fuzz (scripts/fuzz.sh --install)"
      exit 0
    fi
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
