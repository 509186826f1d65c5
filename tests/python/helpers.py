"""Golden values and helpers of the Python binding's tests.

Golden values are not copied here: they are read from the Rust sources and files that pin them
(tests/store.rs and tests/data/golden/ for the saved index and its report, src/sketch/ for the
hashes and MinHash signatures), so that one change in one place moves every binding's tests.
"""

from __future__ import annotations

import math
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "golden"


def rust_source(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def rust_string(literal: str) -> str:
    """A Rust string literal's body (between its quotes) as the compiler reads it: a backslash at
    the end of a line drops the newline and the next line's leading whitespace."""
    text = re.sub(r"\\\n\s*", "", literal)
    assert "\\" not in text, f"an escape this reader does not know: {text!r}"
    return text


def rust_const_str(path: str, name: str) -> str:
    """The value of `const NAME: &str = "...";` in the Rust file at `path`."""
    match = re.search(rf'const {name}: &str = "(.*?)";', rust_source(path), re.S)
    assert match, f"{name} not found in {path}"
    return rust_string(match.group(1))


def rust_const_u32s(path: str, name: str) -> list[int]:
    """The value of `const NAME: [u32; N] = [...];` in the Rust file at `path`."""
    match = re.search(rf"const {name}: \[u32; \d+\] = \[([^\]]*)\];", rust_source(path))
    assert match, f"{name} not found in {path}"
    return [int(item) for item in match.group(1).split(",") if item.strip()]


def golden_paper() -> str:
    """The paper whose report against the golden index is tests/data/golden/report-v<N>.json."""
    return rust_const_str("tests/store.rs", "GOLDEN_PAPER")


def golden_versions() -> list[int]:
    """The format versions whose golden index and report are checked in (tests/store.rs)."""
    match = re.search(r"const GOLDEN_VERSIONS: \[u32; \d+\] = \[([^\]]*)\];", rust_source("tests/store.rs"))
    assert match, "GOLDEN_VERSIONS not found in tests/store.rs"
    return [int(item) for item in match.group(1).split(",")]


def same_json(a, b, tolerance: float = 1e-12) -> bool:
    """Whether two JSON values are equal, numbers within `tolerance` (as tests/store.rs compares
    them: scores use `ln` and `exp`, whose last bit may differ between platforms)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=0, abs_tol=tolerance)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y, tolerance) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k], tolerance) for k in a)
    return a == b


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2
