"""Fixtures of the Python binding's tests, which run against the wheel that scripts/python.sh builds
and installs into target/pyenv (`bash scripts/test.sh python`); helpers.py reads the golden values
from the Rust sources that pin them."""

from __future__ import annotations

import pytest

from helpers import GOLDEN, golden_versions


@pytest.fixture
def golden_index() -> bytes:
    """The saved index of the current format version (the newest golden file)."""
    return (GOLDEN / f"index-v{max(golden_versions())}.idx").read_bytes()
