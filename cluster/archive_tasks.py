"""The tasks of an archive build, run on the cluster's workers: plain functions of plain data, each
writing its files under the segment's folder (a path every worker can write) and returning only
numbers, so that no file passes through the scheduler.

- ``build_part``: one chunk of documents (from a group boundary) as a ``plagscope.SegmentPart``; its
  group files are final and go to ``{segment}/d/``; its partition files are pieces for the merge,
  written one file per merge range, ``{segment}/.parts/{task}/{range}.bin`` (a file per partition
  would be tasks x partitions files: 800,000 at 10^5 documents, and the merge spent most of its time
  opening and deleting them).
- ``merge_range``: every piece of a range of partitions merged into ``{segment}/p/{p:05x}.bin``.
- ``read_group``: the documents of an existing group file (the texts of an archive being
  compacted; one being grown reads only its segments' ``ids.bin``).

Paths are the core's (``Manifest::partition_path`` and the rest, src/store/archive/mod.rs, through
``plagscope.archive_partition_path``, ``archive_group_path`` and ``archive_segment_files``).
"""

from __future__ import annotations

import os
import pathlib
import struct

import plagscope

from archive_sources import load_text, shown_id, source_id, source_title


def partition_path(segment_dir: pathlib.Path, partition: int) -> pathlib.Path:
    """Where partition ``partition`` of the segment in ``segment_dir`` is (the core's layout)."""
    return segment_dir.parent / plagscope.archive_partition_path(segment_dir.name, partition)


def group_path(segment_dir: pathlib.Path, group: int) -> pathlib.Path:
    """Where group ``group`` of the segment in ``segment_dir`` is (the core's layout)."""
    return segment_dir.parent / plagscope.archive_group_path(segment_dir.name, group)


def pieces_path(segment_dir: pathlib.Path, task: int, merge_range: int) -> pathlib.Path:
    """Where task ``task`` leaves its pieces of the partitions of range ``merge_range``."""
    return segment_dir / ".parts" / f"{task:05d}" / f"{merge_range:05d}.bin"


def range_of(partition: int, partitions: int, ranges: int) -> int:
    """The merge range of ``partition``: ``ranges`` contiguous ranges of ``partitions``."""
    return partition * ranges // partitions


#: A piece's frame in a pieces file: its partition and its length (the job's own temporary
#: framing; the pieces inside are the core's partition files).
PIECE_HEADER = struct.Struct("<II")


def pack_pieces(pieces: list) -> bytes:
    """``[(partition, data)]`` as one pieces file."""
    return b"".join(PIECE_HEADER.pack(partition, len(data)) + data for partition, data in pieces)


def unpack_pieces(data: bytes) -> list:
    """A pieces file's ``[(partition, data)]``."""
    pieces, at = [], 0
    while at < len(data):
        partition, length = PIECE_HEADER.unpack_from(data, at)
        at += PIECE_HEADER.size
        pieces.append((partition, data[at:at + length]))
        at += length
    return pieces


def write_file(path: pathlib.Path, data: bytes) -> None:
    """Writes ``data`` to ``path``, making its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def build_part(task: int, first: int, sources: list, options, layout: dict, segment_dir: str,
               ranges: int) -> dict:
    """Analyzes ``sources`` (the segment's documents from number ``first``) and writes their files:
    groups, and one pieces file for each of the ``ranges`` merge ranges it has postings in.

    Returns ``{"task", "documents", "words", "ranges": [r], "groups": [(g, length, xxh3)]}``.
    A document the core refuses raises, naming it once (its file, and its id as the core quotes it).
    """
    segment = pathlib.Path(segment_dir)
    part = plagscope.SegmentPart(options, layout, first)
    for source in sources:
        try:
            part.add(source_id(source), source_title(source), load_text(source))
        except (OSError, UnicodeDecodeError, plagscope.PlagscopeError) as error:
            raise RuntimeError(refused(source, error)) from error
    files = part.finish()
    groups = []
    for group, data in files["groups"]:
        write_file(group_path(segment, group), data)
        groups.append((group, *plagscope.file_check(data)))
    by_range = {}
    for partition, data in files["partitions"]:
        by_range.setdefault(range_of(partition, 1 << layout["partitionBits"], ranges), []).append(
            (partition, data))
    for merge_range, pieces in by_range.items():
        write_file(pieces_path(segment, task, merge_range), pack_pieces(pieces))
    return {
        "task": task,
        "documents": files["documents"],
        "words": files["words"],
        "ranges": sorted(by_range),
        "groups": groups,
    }


def refused(source, error: Exception) -> str:
    """Why a source could not be added, naming it once: the core's error names the document (its
    id, shortened if long); the file it is read from is added (a text source has none)."""
    if source[0] != "text":
        return f"{source[1]}: {error}"
    if isinstance(error, plagscope.PlagscopeError):
        return str(error)
    return f"document {shown_id(source_id(source))}: {error}"


def merge_range(merge_range: int, tasks: list, segment_dir: str) -> list:
    """Merges the pieces that ``tasks`` (in order) wrote for range ``merge_range`` into the
    partitions' files. Returns ``[(partition, length, xxh3, postings)]``."""
    segment = pathlib.Path(segment_dir)
    pieces = {}  # partition -> its pieces, in task order (the merge's input order)
    for task in tasks:
        for partition, data in unpack_pieces(pieces_path(segment, task, merge_range).read_bytes()):
            pieces.setdefault(partition, []).append(data)
    done = []
    for partition in sorted(pieces):
        # One piece is merged too: the merge checks it, and gives the same bytes.
        merged = plagscope.merge_partitions(partition, pieces.pop(partition))
        write_file(partition_path(segment, partition), merged)
        postings = plagscope.partition_postings(merged)
        done.append((partition, *plagscope.file_check(merged), postings))
    for task in tasks:
        os.remove(pieces_path(segment, task, merge_range))
    return done


def read_group(segment_dir: str, group: int) -> list:
    """The documents of a group file as ``("text", id, title, text)`` sources (to compact)."""
    documents = plagscope.decode_group(group, group_path(pathlib.Path(segment_dir), group).read_bytes())
    return [("text", d["id"], d["title"], d["text"]) for d in documents]
