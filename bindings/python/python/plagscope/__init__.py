"""plagscope: a plagiarism checker whose engine is a Rust core (the one the npm package runs).

One class holds state, a reference set and the checks against it; plain functions do the stateless
work. Names are the JavaScript API's in snake_case, options and results are its JSON::

    import plagscope

    checker = plagscope.Checker()
    checker.add_reference("src", source_text, title="A source")
    report = checker.check(paper_text, {"align": {"minWords": 8}})
    for source in report["sources"]:
        for passage in source["passages"]:
            print(plagscope.slice_utf16(paper_text, passage["start"], passage["end"]))

Options are dicts with the JSON names (camelCase: ``minWords``, as in the README's option tables
and the reports); a missing field or a ``None`` value is the default, an unknown name is refused.
Reports, pairs and shingles are plain dicts and lists, as ``json.loads`` of the npm package's JSON.

**Offsets are UTF-16 code units of the original text**, end-exclusive, in every report (``start``,
``end``, ``sourceStart``, ``sourceEnd``, spans): the units JavaScript strings count, so that one
report means the same thing in a browser and in Python. A Python ``str`` counts code points, which
is the same number as long as the text has no character beyond U+FFFF (Chinese, Cyrillic, accented
Latin: all one unit). An emoji or a rare CJK ideograph (U+20000 and up) is two UTF-16 units but one
Python character, so ``text[start:end]`` would drift after it: use :func:`slice_utf16` or
:func:`py_index` instead.

Errors: every error of the core is a :class:`PlagscopeError` (a ``ValueError``) with ``code`` (a
stable string such as ``'PLAGSCOPE_INVALID_OPTION'``), ``path`` (the argument or option, e.g.
``'options.align.minWords'``) and ``reason``; an argument of the wrong Python type (bytes where
text goes) is a ``TypeError`` naming it. A failed call leaves a ``Checker`` as it was.

Archives (a reference set published as static files, fetched piecemeal by a check): the build's
pieces (:class:`SegmentPart`, :func:`merge_partitions`, :class:`SegmentAssembly`, ...) that the cluster job
``cluster/build_archive.py`` runs, and :class:`ArchiveQuery` to check a paper against one.

Threads: checks, pairs, saving, loading and adding references release the GIL, so a thread pool
checks papers in parallel on one ``Checker`` (checks share it; a change waits for them).
"""

from __future__ import annotations

from . import _core
from ._core import (
    ArchiveQuery,
    Checker,
    PlagscopeError,
    SegmentAssembly,
    SegmentPart,
    add_segment,
    analyze,
    archive_segment_files,
    archive_group_path,
    archive_ids,
    archive_layout_for,
    archive_partition_path,
    decode_group,
    defaults,
    file_check,
    manifest_remove,
    merge_partitions,
    new_manifest,
    next_segment_name,
    partition_postings,
    minhash,
    shared_ngrams,
    shingle_hashes,
    shingles,
    simhash,
    version,
    winnow,
)

__version__: str = _core.__version__

__all__ = [
    "ArchiveQuery",
    "Checker",
    "PlagscopeError",
    "SegmentAssembly",
    "SegmentPart",
    "add_segment",
    "analyze",
    "archive_segment_files",
    "archive_group_path",
    "archive_ids",
    "archive_layout_for",
    "archive_partition_path",
    "decode_group",
    "defaults",
    "file_check",
    "manifest_remove",
    "merge_partitions",
    "new_manifest",
    "next_segment_name",
    "partition_postings",
    "minhash",
    "py_index",
    "shared_ngrams",
    "shingle_hashes",
    "shingles",
    "simhash",
    "slice_utf16",
    "version",
    "winnow",
]


def slice_utf16(text: str, start: int, end: int) -> str:
    """The part of ``text`` between two UTF-16 offsets of a report (``text.slice(start, end)`` in JS).

    >>> text = "😀 数据保护"
    >>> slice_utf16(text, 3, 5)  # the emoji is two UTF-16 units, one Python character
    '数据'
    >>> text[3:5]
    '据保'
    """
    if not 0 <= start <= end:
        raise ValueError(f"expected 0 <= start <= end, got start={start}, end={end}")
    if text.isascii():
        return text[start:end]
    units = text.encode("utf-16-le", "surrogatepass")
    return units[2 * start : 2 * end].decode("utf-16-le", "surrogatepass")


def py_index(text: str, offset: int) -> int:
    """The Python ``str`` index of a UTF-16 offset of a report, to slice or mark ``text`` in place.

    ``text[py_index(text, p["start"]):py_index(text, p["end"])]`` is the passage ``p``. An offset
    inside a character beyond U+FFFF (between its two UTF-16 units) gives that character's index.

    >>> py_index("😀 数据", 3)
    2
    """
    if offset < 0:
        raise ValueError(f"expected an offset of at least 0, got {offset}")
    if text.isascii():
        return min(offset, len(text))
    units = text.encode("utf-16-le", "surrogatepass")[: 2 * offset]
    # A cut through a surrogate pair drops its first half, which belongs to the next character.
    if len(units) >= 2 and 0xD800 <= int.from_bytes(units[-2:], "little") <= 0xDBFF:
        units = units[:-2]
    return len(units.decode("utf-16-le", "surrogatepass"))
