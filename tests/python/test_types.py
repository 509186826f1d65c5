"""The typed dicts of ``plagscope.types`` (generated from the Rust declarations by
scripts/pytypes.mjs) describe what the module returns: every result of a real call has each key
its type requires, no key it does not declare, and values of the declared kinds, all the way down;
and the stubs of ``plagscope._core`` match the module (mypy's stubtest, run by the test layer)."""

from __future__ import annotations

import subprocess
import sys
import typing
from typing import Any, Dict, List, Literal, Optional, Union, get_args, get_origin

import plagscope
from plagscope import types

GLACIERS = (
    "Glaciers carve deep valleys over thousands of years as the ice grinds the rock beneath it "
    "and carries the debris down to the plains, where it settles as till."
)
RIVERS = "Rivers carry sediment to the sea, building deltas where the current slows and settles."
COPIED = "glaciers carve deep valleys over thousands of years as the ice grinds the rock beneath it"


def checker_with(*references: tuple) -> plagscope.Checker:
    checker = plagscope.Checker()
    for id, text in references:
        checker.add_reference(id, text)
    return checker

PRIMITIVES = {str: str, int: int, float: (int, float), bool: bool, type(None): type(None)}


def conforms(value: Any, hint: Any, path: str) -> List[str]:
    """Where `value` does not have the shape `hint` declares (empty when it does)."""
    origin = get_origin(hint)
    if hint is Any:
        return []
    if origin is Union:
        failures = [conforms(value, option, path) for option in get_args(hint)]
        return [] if any(not f for f in failures) else failures[0]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{path}: {value!r} is not one of {get_args(hint)}"]
    if origin in (list, List):
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__}, not a list"]
        (item,) = get_args(hint)
        return [f for i, v in enumerate(value) for f in conforms(v, item, f"{path}[{i}]")]
    if origin in (dict, Dict):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__}, not a dict"]
        _, item = get_args(hint)
        return [f for k, v in value.items() for f in conforms(v, item, f"{path}.{k}")]
    if typing.is_typeddict(hint):
        return typed_dict(value, hint, path)
    expected = PRIMITIVES[hint]
    if isinstance(value, bool) and hint is not bool:
        return [f"{path}: a bool where {hint.__name__} is declared"]
    return [] if isinstance(value, expected) else [f"{path}: {type(value).__name__}, not {hint.__name__}"]


def typed_dict(value: Any, hint: Any, path: str) -> List[str]:
    if not isinstance(value, dict):
        return [f"{path}: {type(value).__name__}, not {hint.__name__}"]
    fields = typing.get_type_hints(hint, vars(types))
    failures = [f"{path}: {key} missing" for key in hint.__required_keys__ if key not in value]
    failures += [f"{path}: {key} not declared by {hint.__name__}" for key in value if key not in fields]
    for key, item in value.items():
        if key in fields:
            failures += conforms(item, fields[key], f"{path}.{key}")
    return failures


def test_results_have_the_declared_shapes() -> None:
    checker = checker_with(("glaciers", GLACIERS), ("rivers", RIVERS))
    paper = f"My essay. {COPIED}. And 😀 more of my own words here."
    report = checker.check(paper, {"align": {"minWords": 8}})
    assert report["sources"], "the check finds the copy, so the passages' shapes are seen"
    results = [
        (report, types.Report),
        (checker.pairs(), List[types.PairReport]),
        (checker.references(), List[types.ReferenceInfo]),
        (checker.get_reference("glaciers"), types.Reference),
        (checker.options, types.CheckerOptions),
        (checker.merge(checker_with(("other", RIVERS + " Again.")).save()), types.MergeOutcome),
        (plagscope.defaults(), types.Defaults),
        (plagscope.analyze(paper), types.AnalysisReport),
        (plagscope.shingles(paper), List[types.HashedShingle]),
        (plagscope.winnow(paper), List[types.HashedShingle]),
        (plagscope.shared_ngrams(GLACIERS, COPIED), types.SharedNgrams),
    ]
    failures = [f for value, hint in results for f in conforms(value, hint, getattr(hint, "__name__", str(hint)))]
    assert failures == []


def test_a_wrong_shape_is_named() -> None:
    report = {"similarity": "high", "sources": [], "unit": "pages"}
    failures = conforms(report, types.Report, "report")
    assert "report.similarity: str, not float" in failures
    assert any(f.startswith("report.unit: 'pages' is not one of") for f in failures)
    assert "report: words missing" in failures


def test_the_stubs_match_the_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "plagscope._core"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
