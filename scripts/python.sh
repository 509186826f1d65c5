#!/usr/bin/env bash
# Builds the Python binding (bindings/python) as one abi3 wheel and installs it into a virtual
# environment of its own, target/pyenv (target/venv is scripts/model.mjs's). Idempotent: the tools
# (and the cluster job's packages, cluster/requirements.txt) are installed only when their pinned
# versions are missing, and cargo rebuilds only what changed.
#   bash scripts/python.sh     then  target/pyenv/bin/python -c 'import plagscope'
# The wheel lands in target/wheels; tests run against the installed wheel, never an editable copy.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

env_dir=target/pyenv
requirements=bindings/python/requirements-dev.txt
cluster_requirements=cluster/requirements.txt
python="$env_dir/bin/python"

step "Python virtual environment ($env_dir)"
command -v python3 >/dev/null || die "python3 not found. Install Python 3.9 or newer (with its venv module), then rerun."
if [ -x "$python" ] && "$python" -c 'import sys' 2>/dev/null; then
  info "$("$python" --version) already there"
else
  rm -rf "$env_dir"
  python3 -m venv "$env_dir" ||
    die "python3 -m venv failed: install Python's venv module (Debian: apt-get install python3-venv), then rerun."
  info "made with $("$python" --version)"
fi

step "pinned build and test tools ($requirements)"
# Every pinned line (those with an environment marker are pip's to judge) must be in `pip freeze`.
missing=$(grep -v -e '^#' -e ';' "$requirements" | grep . | grep -vxF -f <("$python" -m pip freeze 2>/dev/null) || true)
if [ -z "$missing" ]; then
  info "maturin $("$env_dir/bin/maturin" --version | awk '{print $2}'), pytest $("$python" -m pytest --version | awk '{print $2}') already installed"
else
  info "installing: $(echo "$missing" | tr '\n' ' ')"
  "$python" -m pip install --quiet --disable-pip-version-check --requirement "$requirements"
fi

step "the cluster job's pinned packages ($cluster_requirements)"
# Dask distributed and pyarrow for cluster/build_archive.py, checked the same way.
missing=$(grep -v -e '^#' -e ';' "$cluster_requirements" | grep . | grep -vxF -f <("$python" -m pip freeze 2>/dev/null) || true)
if [ -z "$missing" ]; then
  info "dask $("$python" -c 'import dask; print(dask.__version__)') and the rest already installed"
else
  info "installing: $(echo "$missing" | tr '\n' ' ')"
  "$python" -m pip install --quiet --disable-pip-version-check --requirement "$cluster_requirements"
fi

step "the wheel (maturin build, profile python-release)"
rm -f target/wheels/plagscope-*.whl
started=$SECONDS
# A release build in the profile python-release (the workspace's Cargo.toml: release, but a panic
# unwinds, so that PyO3 raises it instead of aborting the interpreter). Named here because
# `--release` would pick the profile release over pyproject.toml's, and with it panic = "abort".
# --interpreter: this environment's Python (the wheel is abi3, tagged cp39, whichever Python builds it).
"$env_dir/bin/maturin" build --profile python-release --manifest-path bindings/python/Cargo.toml \
  --interpreter "$python" --out target/wheels --quiet
wheel=$(ls target/wheels/plagscope-*.whl 2>/dev/null | head -1 || true)
[ -n "$wheel" ] || die "maturin built no wheel into target/wheels"
info "$(basename "$wheel"): $(( $(stat -c %s "$wheel") / 1024 )) KB in $(( SECONDS - started )) s"

step "installing the wheel into $env_dir"
"$python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$wheel"
info "plagscope $("$python" -c 'import plagscope; print(plagscope.__version__)') importable from $env_dir"
