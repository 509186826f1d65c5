"""Bad input from Python: every core error is a PlagscopeError (a ValueError) with its code, path
and reason; an argument of the wrong Python type is a TypeError naming it; nothing panics across
the boundary, and a Checker that refused something works as before."""

from __future__ import annotations

import random

import pytest

import plagscope
from helpers import golden_paper

TEXT = (
    "Glaciers carve deep valleys over thousands of years as the ice grinds the rock beneath it "
    "and carries the debris down to the plains, where it settles as till."
)


@pytest.fixture
def checker() -> plagscope.Checker:
    checker = plagscope.Checker()
    checker.add_reference("glaciers", TEXT)
    return checker


def assert_still_works(checker: plagscope.Checker) -> None:
    report = checker.check(f"As we read: {TEXT}")
    assert [s["id"] for s in report["sources"]] == ["glaciers"]


def raises_code(code: str, path: str | None, function, *args, **kwargs) -> plagscope.PlagscopeError:
    with pytest.raises(plagscope.PlagscopeError) as caught:
        function(*args, **kwargs)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.code, error.path) == (code, path), str(error)
    assert error.reason and error.reason in str(error)
    return error


@pytest.mark.parametrize(
    ("options", "path", "words"),
    [
        ({"align": {"minWords": -5}}, "options.align.minWords", "whole number"),
        ({"align": {"minWords": "ten"}}, "options.align.minWords", 'string "ten"'),
        ({"align": {"minWords": True}}, "options.align.minWords", "boolean"),
        ({"align": {"minWords": float("nan")}}, "options.align.minWords", "finite"),
        ({"align": {"minWords": 2**70}}, "options.align.minWords", "beyond 64 bits"),
        ({"align": {"minWords": {1, 2}}}, "options.align.minWords", "got set"),
        ({"align": {"minWords": b"12"}}, "options.align.minWords", "decode the bytes"),
        ({"align": {"minWordz": 8}}, "options.align", "unknown option `minWordz`"),
        ({"excludeSpans": [{"start": "0"}]}, "options.excludeSpans[0].start", "expected"),
        ({1: 2}, "options", "keys must be str"),
    ],
)
def test_option_errors_name_the_field(checker, options, path, words):
    error = raises_code("PLAGSCOPE_INVALID_OPTION", path, checker.check, "some paper", options)
    assert f"invalid `{path}`" in str(error) and words in str(error)
    assert_still_works(checker)


def test_options_out_of_range_are_refused_with_the_range(checker):
    error = raises_code("PLAGSCOPE_INVALID_OPTION", "shingleWords", plagscope.Checker, {"shingleWords": 0})
    assert "2..=16" in str(error)
    with pytest.raises(plagscope.PlagscopeError, match="expected a dict, got list"):
        checker.check("some paper", [("align", 1)])
    nested: dict = {}
    inner = nested
    for _ in range(40):
        inner["a"] = inner = {}
    with pytest.raises(plagscope.PlagscopeError, match="nested more than 16 levels"):
        checker.check("some paper", nested)
    assert_still_works(checker)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda c: c.check(5), "invalid `text`: expected a str, got int"),
        (lambda c: c.check(None), "invalid `text`: expected a str, got NoneType"),
        (lambda c: c.check(TEXT.encode()), "decode the bytes first"),
        (lambda c: c.add_reference(3, "text"), "invalid `id`: expected a str, got int"),
        (lambda c: c.add_reference("x", "text", title=4.5), "invalid `title`: expected a str, got float"),
        (lambda c: c.remove_reference(["glaciers"]), "invalid `id`: expected a str, got list"),
        (lambda c: plagscope.Checker.load("PLAGSCOPE"), "invalid `data`: expected bytes"),
        (lambda c: plagscope.Checker.load(5), "invalid `data`: expected bytes"),
        (lambda c: plagscope.minhash(["a"]), "invalid `input`: expected a str or a sequence"),
        (lambda c: plagscope.minhash([-1]), "ints in 0..2**64"),
        (lambda c: plagscope.shared_ngrams("a", "b", "3"), "invalid `n`: expected an int, got str"),
    ],
)
def test_arguments_of_the_wrong_type_are_type_errors_naming_them(checker, call, words):
    with pytest.raises(TypeError) as caught:
        call(checker)
    assert words in str(caught.value)
    assert len(checker) == 1
    assert_still_works(checker)


def test_bad_references_and_metadata_are_input_errors(checker):
    raises_code("PLAGSCOPE_INVALID_INPUT", "id", checker.add_reference, "", "text")
    raises_code("PLAGSCOPE_INVALID_INPUT", "id", checker.add_reference, "x" * 1025, "text")
    raises_code("PLAGSCOPE_DUPLICATE_ID", "id", checker.add_reference, "glaciers", "other text")
    raises_code("PLAGSCOPE_INVALID_INPUT", "meta.keywords[0]", checker.add_reference, "m", "t", meta={"keywords": [1]})
    raises_code("PLAGSCOPE_INVALID_INPUT", "meta", checker.check, "paper", meta=["ice"])
    raises_code("PLAGSCOPE_INVALID_OPTION", "n", plagscope.shared_ngrams, "a", "b", 0)
    raises_code("PLAGSCOPE_INVALID_OPTION", "n", plagscope.shared_ngrams, "a", "b", -1)
    assert len(checker) == 1
    assert checker.get_reference("glaciers")["text"] == TEXT
    assert_still_works(checker)


def test_empty_and_odd_texts_give_reports_not_errors(checker):
    empty = checker.check("")
    assert (empty["similarity"], empty["sources"]) == (0.0, [])
    checker.add_reference("empty", "")
    assert checker.get_reference("empty")["text"] == ""
    # A lone surrogate (which a str can hold and UTF-8 cannot) is read as U+FFFD: one UTF-16 unit
    # either way, so the offsets after it still hold.
    report = checker.check("\ud800" + TEXT)
    [passage] = report["sources"][0]["passages"]
    assert passage["start"] == 1
    # Control characters and every plane: no panic, a report.
    rng = random.Random(7)
    garbage = "".join(chr(rng.choice([rng.randrange(0, 0xD800), rng.randrange(0xE000, 0x110000)])) for _ in range(5000))
    assert checker.check(garbage)["similarity"] >= 0.0
    assert_still_works(checker)


def test_a_text_over_the_limit_says_its_size_and_the_limit(checker):
    huge = "a " * (32 << 20) + "b"  # 64 MiB + 1 byte
    error = raises_code("PLAGSCOPE_TEXT_TOO_LONG", "text", checker.check, huge)
    assert (error.size, error.limit) == (len(huge), 64 << 20) and error.normalized is False
    del huge
    assert_still_works(checker)


def test_truncated_damaged_and_foreign_index_files_are_refused(checker, golden_index):
    cuts = [0, 1, 8, 16, 64, len(golden_index) // 2, len(golden_index) - 1]
    for cut in cuts:
        raises_code("PLAGSCOPE_INVALID_INDEX", None, plagscope.Checker.load, golden_index[:cut])
    for position in [20, len(golden_index) // 2, len(golden_index) - 3]:
        damaged = bytearray(golden_index)
        damaged[position] ^= 0x40
        raises_code("PLAGSCOPE_INVALID_INDEX", None, plagscope.Checker.load, damaged)
    error = raises_code("PLAGSCOPE_INVALID_INDEX", None, plagscope.Checker.load, b"PK\x03\x04 a zip file")
    assert str(error).startswith("cannot read the index file:")
    rng = random.Random(11)
    for _ in range(50):
        garbage = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        raises_code("PLAGSCOPE_INVALID_INDEX", None, plagscope.Checker.load, b"PLAGSCOPE" + garbage)
    # A failed merge leaves the set as it was; so does one of other options.
    raises_code("PLAGSCOPE_INVALID_INDEX", None, checker.merge, golden_index[:-1])
    other = plagscope.Checker({"shingleWords": 6}).save()
    raises_code("PLAGSCOPE_INDEX_MISMATCH", "shingleWords", checker.merge, other)
    assert [r["id"] for r in checker.references()] == ["glaciers"]
    assert_still_works(checker)
    assert plagscope.Checker.load(golden_index).check(golden_paper())["sources"]


def test_random_input_never_escapes_as_anything_but_the_documented_errors(checker):
    # A small fuzz of the boundary: whatever goes in, the result is a value, a PlagscopeError or a
    # TypeError; never a PanicException (a BaseException, not an Exception) or a crash.
    rng = random.Random(3)
    values = [None, True, 0, -1, 2**64, 1.5, float("inf"), "", "x", b"x", [], [1], {}, {"a": 1}, object()]
    names = ["align", "minWords", "excludeQuotes", "maxSources", "text", "scores", "includeSpans"]

    def random_value(depth=0):
        if depth < 3 and rng.random() < 0.3:
            return {rng.choice(names): random_value(depth + 1) for _ in range(rng.randrange(3))}
        return rng.choice(values)

    for _ in range(300):
        try:
            checker.check(rng.choice([TEXT, "", "数据", "\u200b"]), random_value())
        except (plagscope.PlagscopeError, TypeError):
            pass
    assert_still_works(checker)
