"""The plain sketch functions from Python, held to the golden values the Rust tests pin (read from
src/sketch/, not copied) and to one another: shingle hashes, MinHash, winnowing, SimHash, shared
n-grams and the text pipeline."""

from __future__ import annotations

import re

import plagscope
from helpers import rust_const_u32s, rust_source, rust_string, utf16_len

SENTENCE = "The quick brown fox jumps over the lazy dog while the cat sleeps by the warm fire."


def golden_hash_vectors() -> list[tuple[str, int]]:
    """`hash_bytes(TEXT) == 0x...` pairs of src/sketch/hash.rs's golden test."""
    source = rust_source("src/sketch/hash.rs")
    test = source[source.index("fn golden_vectors") :]
    pairs = re.findall(r'hash_bytes\(\s*b?"([^"]*)"(?:\.as_bytes\(\))?\s*\),\s*(0x[0-9a-f_]+)', test)
    assert len(pairs) >= 4, "the golden vectors of src/sketch/hash.rs moved"
    return [(rust_string(text), int(value.replace("_", ""), 16)) for text, value in pairs]


def test_shingle_hashes_are_the_golden_hashes_of_their_text():
    # A word shingle hashes its words joined by spaces, a Chinese character shingle its characters
    # joined directly: a one-shingle text's hash is the golden hash of that text.
    for text, expected in golden_hash_vectors():
        if not text:
            assert plagscope.shingle_hashes(text) == []
            continue
        if re.search(r"[\u4e00-\u9fff]", text):
            options = {"kind": "char", "size": len(text)}
        else:
            options = {"kind": "word", "size": len(text.split())}
        assert plagscope.shingle_hashes(text, options) == [expected], text


def test_minhash_signatures_are_the_golden_ones():
    source = rust_source("src/sketch/minhash_tests.rs")
    hashes = [int(item.replace("u64", "")) for item in re.search(r"let hashes = \[([^\]]*)\]", source).group(1).split(",")]
    for scheme, name in [("onePermutation", "GOLDEN_ONE_PERMUTATION"), ("classic", "GOLDEN_CLASSIC")]:
        golden = rust_const_u32s("src/sketch/minhash_tests.rs", name)
        options = {"numPerm": len(golden), "scheme": scheme}
        assert plagscope.minhash(hashes, options) == golden
        assert plagscope.minhash(tuple(reversed(hashes + hashes)), options) == golden  # a set


def test_minhash_of_a_text_is_minhash_of_its_shingle_hashes():
    hashes = plagscope.shingle_hashes(SENTENCE)
    signature = plagscope.minhash(SENTENCE)
    assert len(signature) == plagscope.defaults()["checker"]["numPerm"]
    assert all(0 <= value < 2**32 for value in signature)
    assert plagscope.minhash(hashes) == signature
    assert all(0 <= value < 2**64 for value in hashes)


def test_shingles_carry_the_hashes_and_slice_their_words():
    shingles = plagscope.shingles(SENTENCE)
    assert [s["hash"] for s in shingles] == [format(h, "016x") for h in plagscope.shingle_hashes(SENTENCE)]
    first = shingles[0]
    assert (first["position"], SENTENCE[first["start"] : first["end"]]) == (0, "The quick brown fox jumps")
    chinese = "😀我们研究蛋白质的结构"
    for shingle in plagscope.shingles(chinese, {"kind": "char", "size": 4}):
        assert len(plagscope.slice_utf16(chinese, shingle["start"], shingle["end"])) == 4
        assert shingle["end"] <= utf16_len(chinese)


def test_winnowed_fingerprints_are_some_of_the_shingles():
    text = " ".join([SENTENCE] * 4)
    shingles = {(s["hash"], s["position"]) for s in plagscope.shingles(text)}
    prints = plagscope.winnow(text, {"shingleWords": 5, "guaranteeWords": 8})
    assert prints and {(f["hash"], f["position"]) for f in prints} <= shingles
    assert len(prints) < len(shingles)


def test_simhash_is_a_64_bit_int_near_for_near_texts():
    value = plagscope.simhash(SENTENCE)
    assert isinstance(value, int) and 0 <= value < 2**64
    assert plagscope.simhash(SENTENCE) == value
    near = plagscope.simhash(SENTENCE.replace("warm", "hot"))
    far = plagscope.simhash("Rivers carry sediment to the sea, building deltas where the current slows.")
    assert bin(value ^ near).count("1") < bin(value ^ far).count("1")
    assert len(format(value, "016x")) == 16  # the JS string


def test_shared_ngrams_give_the_spans_in_both_texts():
    # The example of the JS `sharedNgrams` documentation.
    a = "I think the quick brown fox jumps over the dog."
    b = "Yes, the quick brown fox jumps high."
    shared = plagscope.shared_ngrams(a, b, 4)
    assert a[shared["a"][0]["start"] : shared["a"][0]["end"]] == "the quick brown fox jumps"
    assert b[shared["b"][0]["start"] : shared["b"][0]["end"]] == "the quick brown fox jumps"
    assert plagscope.shared_ngrams(a, b) == plagscope.shared_ngrams(a, b, None)


def test_analyze_reports_tokens_and_evasion():
    text = "pa\u200bper 😀 数据"
    analysis = plagscope.analyze(text)
    assert analysis["normalized"].startswith("paper")
    tokens = [plagscope.slice_utf16(text, t["start"], t["end"]) for t in analysis["tokens"]]
    assert tokens[0] == "pa\u200bper" and tokens[-2:] == ["数", "据"]
    assert analysis["evasion"]["invisibleCharacters"] == 1
