"""The Checker from Python: copies found with spans that slice the right text (UTF-16 offsets, texts
with characters beyond U+FFFF and Chinese), the golden index giving the golden report, saving,
loading and merging, and the reference set's bookkeeping."""

from __future__ import annotations

import json
import pathlib

import pytest

import plagscope
from helpers import GOLDEN, ROOT, golden_paper, golden_versions, same_json, utf16_len

GLACIERS = (
    "Glaciers carve deep valleys over thousands of years as the ice grinds the rock beneath it "
    "and carries the debris down to the plains, where it settles as till."
)
RIVERS = (
    "Rivers carry sediment to the sea, building deltas where the current slows and the finer "
    "grains settle out in wide fans of silt and clay."
)
COPIED = (
    "glaciers carve deep valleys over thousands of years as the ice grinds the rock beneath it "
    "and carries the debris down to the plains"
)
CHINESE = "中华人民共和国个人信息保护法规定，自然人的个人信息受法律保护，任何组织、个人不得侵害自然人的个人信息权益。"
CHINESE_COPIED = "自然人的个人信息受法律保护，任何组织、个人不得侵害自然人的个人信息权益"


def checker_with(*references: tuple[str, str]) -> plagscope.Checker:
    checker = plagscope.Checker()
    for id, text in references:
        checker.add_reference(id, text)
    return checker


def passages(report: dict, source_id: str) -> list[dict]:
    [source] = [s for s in report["sources"] if s["id"] == source_id]
    return source["passages"]


def test_the_package_is_the_installed_wheel_of_this_version():
    # Tests must run against the built wheel, never the source tree's python/ directory.
    assert "site-packages" in pathlib.Path(plagscope._core.__file__).parts
    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    crate_version = cargo.split('version = "', 1)[1].split('"', 1)[0]
    assert plagscope.version() == plagscope.__version__ == crate_version


def test_a_copied_passage_is_found_and_its_spans_slice_both_texts():
    checker = checker_with(("glaciers", GLACIERS), ("rivers", RIVERS))
    paper = f"It is well known that {COPIED}. Our own conclusion is different."
    report = checker.check(paper)
    assert [s["id"] for s in report["sources"]] == ["glaciers"]
    [passage] = passages(report, "glaciers")
    assert passage["evidence"] == "exact"
    assert paper[passage["start"] : passage["end"]] == COPIED  # ASCII: UTF-16 units are indices
    assert GLACIERS[passage["sourceStart"] : passage["sourceEnd"]].lower() == COPIED.lower()
    assert 0 < report["similarity"] <= 1


def test_offsets_are_utf16_units_beyond_the_basic_plane_and_in_chinese():
    # An emoji and a CJK ideograph of plane 2 (U+20BB7) are two UTF-16 units, one Python character
    # each: the report's offsets count them as JavaScript does, so `paper[start:end]` drifts by
    # two and `slice_utf16` / `py_index` are the way to read a passage in Python.
    checker = checker_with(("zh", CHINESE), ("glaciers", GLACIERS))
    paper = f"😀𠮷 引言：{CHINESE_COPIED}。🙂 Then: {COPIED}."
    report = checker.check(paper)
    assert {s["id"] for s in report["sources"]} == {"zh", "glaciers"}
    for source_id, source_text, copied in [("zh", CHINESE, CHINESE_COPIED), ("glaciers", GLACIERS, COPIED)]:
        [passage] = passages(report, source_id)
        start, end = passage["start"], passage["end"]
        found = plagscope.slice_utf16(paper, start, end)
        assert found.lower() == copied.lower()
        assert paper[plagscope.py_index(paper, start) : plagscope.py_index(paper, end)] == found
        assert paper[start:end] != found  # the naive slice is off by the surrogate pairs before it
        source_part = plagscope.slice_utf16(source_text, passage["sourceStart"], passage["sourceEnd"])
        assert source_part.lower() == copied.lower()
    assert max(p["end"] for s in report["sources"] for p in s["passages"]) <= utf16_len(paper)


def test_slice_utf16_and_py_index_agree_with_javascript_slicing():
    text = "a😀b𠮷c数"
    units = [1, 2, 1, 2, 1, 1]  # UTF-16 length of each character
    offset = 0
    for index, (char, width) in enumerate(zip(text, units)):
        assert plagscope.slice_utf16(text, offset, offset + width) == char
        assert plagscope.py_index(text, offset) == index
        offset += width
    assert plagscope.py_index(text, 2) == 1  # inside the emoji's pair: the emoji's index
    assert plagscope.py_index(text, 100) == len(text)
    with pytest.raises(ValueError):
        plagscope.slice_utf16(text, 3, 1)


@pytest.mark.parametrize("version", golden_versions())
def test_every_golden_index_loads_and_gives_the_golden_report(version):
    checker = plagscope.Checker.load((GOLDEN / f"index-v{version}.idx").read_bytes())
    expected = json.loads((GOLDEN / f"report-v{version}.json").read_text(encoding="utf-8"))
    report = checker.check(golden_paper())
    assert same_json(report, expected)
    assert [r["id"] for r in checker.references()] == ["glaciers", "rivers", "zh", "template"]
    assert checker.get_reference("zh")["text"] == CHINESE


def test_save_and_load_round_trip_gives_the_same_report(golden_index):
    checker = checker_with(("glaciers", GLACIERS), ("rivers", RIVERS), ("zh", CHINESE))
    paper = f"{COPIED}. {CHINESE_COPIED}。"
    report = checker.check(paper)
    saved = checker.save()
    assert isinstance(saved, bytes) and saved.startswith(b"PLAGSCOPE")
    for data in (saved, bytearray(saved), memoryview(saved)):
        loaded = plagscope.Checker.load(data)
        assert len(loaded) == 3
        assert loaded.options == checker.options
        assert loaded.check(paper) == report
    assert plagscope.Checker.load(saved).save() == saved


def test_merge_adds_the_missing_references_and_counts_the_rest():
    saved = checker_with(("glaciers", GLACIERS), ("rivers", RIVERS)).save()
    checker = checker_with(("zh", CHINESE), ("rivers", RIVERS))
    assert checker.merge(saved) == {"added": 1, "skipped": 1}
    assert [r["id"] for r in checker.references()] == ["zh", "rivers", "glaciers"]
    assert [s["id"] for s in checker.check(COPIED)["sources"]] == ["glaciers"]


def test_candidates_join_the_set_for_one_check_and_leave_it_as_it_was():
    checker = checker_with(("rivers", RIVERS), ("zh", CHINESE))
    saved = checker.save()
    paper = f"It is well known that {COPIED}. Our own conclusion is different."
    candidates = [
        {"id": "glaciers", "title": "Glaciers", "text": GLACIERS},
        {"id": "rivers", "text": RIVERS},  # the set's own: not a candidate's
    ]
    found = checker.check_with_candidates(paper, candidates)
    holding = checker_with(("rivers", RIVERS), ("zh", CHINESE))
    holding.add_reference("glaciers", GLACIERS, title="Glaciers")
    assert found["report"] == holding.check(paper)
    assert [(s["id"], s["title"], s["text"]) for s in found["sources"]] == [("glaciers", "Glaciers", GLACIERS)]
    assert checker.save() == saved
    with pytest.raises(plagscope.PlagscopeError) as error:
        checker.check_with_candidates(paper, [{"id": "", "text": "no id"}])
    assert error.value.code == "PLAGSCOPE_INVALID_INPUT"
    assert checker.save() == saved


def test_references_can_be_listed_read_and_removed():
    checker = plagscope.Checker()
    checker.add_reference("g", GLACIERS, title="Glaciers", meta={"keywords": ["ice"]})
    checker.add_reference("t", "Submitted in partial fulfilment of the course.", base=True)
    assert checker.reference_count == len(checker) == 2
    assert repr(checker) == "<plagscope.Checker with 2 references>"
    glaciers = checker.get_reference("g")
    assert (glaciers["title"], glaciers["text"], glaciers["meta"]["keywords"]) == ("Glaciers", GLACIERS, ["ice"])
    assert checker.get_reference("t")["base"] is True
    assert checker.get_reference("t")["title"] == "t"  # no title: the id
    assert checker.get_reference("missing") is None
    assert checker.remove_reference("g") is True
    assert checker.remove_reference("g") is False
    assert [r["id"] for r in checker.references()] == ["t"]


def test_metadata_reaches_the_combined_score():
    checker = plagscope.Checker()
    checker.add_reference("g", GLACIERS, meta={"keywords": ["glaciers", "erosion"], "tags": ["geology"]})
    meta = {"keywords": ["glaciers", "erosion"], "tags": ["geology"], "references": []}
    with_meta = checker.check(COPIED, meta=meta)["sources"][0]["scores"]["combined"]
    without = checker.check(COPIED)["sources"][0]["scores"]["combined"]
    assert with_meta["metadataJaccard"] == 1.0
    assert without["metadataJaccard"] == 0.0


def test_pairs_finds_the_references_that_copy_each_other():
    checker = checker_with(("a", GLACIERS), ("b", f"In short: {COPIED}, as everyone knows."), ("c", RIVERS))
    pairs = checker.pairs()
    assert len(pairs) == 1
    assert {pairs[0]["a"], pairs[0]["b"]} == {"a", "b"}


def test_options_are_the_json_names_and_come_back_filled_in():
    defaults = plagscope.defaults()
    assert set(defaults) == {"checker", "check", "pairs"}
    assert plagscope.Checker().options == defaults["checker"]
    assert plagscope.Checker(defaults["checker"]).options == defaults["checker"]
    # None is the default, as a JS `undefined` is.
    assert plagscope.Checker({name: None for name in defaults["checker"]}).options == defaults["checker"]
    checker = checker_with(("glaciers", GLACIERS))
    strict = checker.check(COPIED, {"align": {"minWords": 40}})
    assert strict["sources"] == [] or all(not s["passages"] for s in strict["sources"])
    assert passages(checker.check(COPIED, {"align": {"minWords": 8}}), "glaciers")


def test_the_package_documentation_examples_hold():
    import doctest

    results = doctest.testmod(plagscope)
    assert results.attempted >= 3 and results.failed == 0
