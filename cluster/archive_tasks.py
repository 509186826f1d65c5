"""The tasks of an archive build, run on the cluster's workers: plain functions of plain data, each
writing its files under the batch's folder (a path every worker can write) and returning only
numbers, so that no file passes through the scheduler.

- ``build_part``: one chunk of documents (from a group boundary) as a ``plagscope.BatchPart``; its
  group files are final and go to ``{batch}/d/``; its partition files are pieces, written to
  ``{batch}/.parts/{task}/`` for the merge.
- ``merge_range``: every piece of a range of partitions merged into ``{batch}/p/{p:05x}.bin``.
- ``read_group``: the documents of an existing group file (the texts of an archive being
  compacted; one being grown reads only its batches' ``ids.bin``).

Paths are ``Manifest::partition_path`` and ``Manifest::group_path``'s (src/store/archive/mod.rs).
"""

from __future__ import annotations

import os
import pathlib

import plagscope

from archive_sources import load_text, source_id, source_title


def partition_path(batch_dir: pathlib.Path, partition: int) -> pathlib.Path:
    """``{batch}/p/{partition:05x}.bin``."""
    return batch_dir / "p" / f"{partition:05x}.bin"


def group_path(batch_dir: pathlib.Path, group: int) -> pathlib.Path:
    """``{batch}/d/{group:05x}.bin``."""
    return batch_dir / "d" / f"{group:05x}.bin"


def piece_path(batch_dir: pathlib.Path, task: int, partition: int) -> pathlib.Path:
    """Where task ``task`` leaves its piece of ``partition`` for the merge."""
    return batch_dir / ".parts" / f"{task:05d}" / f"{partition:05x}.bin"


def write_file(path: pathlib.Path, data: bytes) -> None:
    """Writes ``data`` to ``path``, making its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def build_part(task: int, first: int, sources: list, options, layout: dict, batch_dir: str) -> dict:
    """Analyzes ``sources`` (the batch's documents from number ``first``) and writes their files.

    Returns ``{"task", "documents", "words", "partitions": [p], "groups": [(g, length, xxh3)]}``.
    A document the core refuses raises, naming it (its source and id).
    """
    batch = pathlib.Path(batch_dir)
    part = plagscope.BatchPart(options, layout, first)
    for source in sources:
        try:
            part.add(source_id(source), source_title(source), load_text(source))
        except (OSError, UnicodeDecodeError, plagscope.PlagscopeError) as error:
            where = source[1] if source[0] == "file" else f"document {source_id(source)!r}"
            raise RuntimeError(f"{where}: {error}") from error
    files = part.finish()
    groups = []
    for group, data in files["groups"]:
        write_file(group_path(batch, group), data)
        groups.append((group, *plagscope.file_check(data)))
    for partition, data in files["partitions"]:
        write_file(piece_path(batch, task, partition), data)
    return {
        "task": task,
        "documents": files["documents"],
        "words": files["words"],
        "partitions": [partition for partition, _ in files["partitions"]],
        "groups": groups,
    }


def merge_range(pieces: list, batch_dir: str) -> list:
    """Merges, for each ``(partition, [task, ...])`` of ``pieces``, the tasks' pieces into the
    partition's file. Returns ``[(partition, length, xxh3, postings)]``."""
    batch = pathlib.Path(batch_dir)
    done = []
    for partition, tasks in pieces:
        parts = [piece_path(batch, task, partition).read_bytes() for task in tasks]
        # One piece is merged too: the merge checks it, and gives the same bytes.
        merged = plagscope.merge_partitions(partition, parts)
        write_file(partition_path(batch, partition), merged)
        postings = plagscope.partition_postings(merged)
        done.append((partition, *plagscope.file_check(merged), postings))
        for task in tasks:
            os.remove(piece_path(batch, task, partition))
    return done


def read_group(batch_dir: str, group: int) -> list:
    """The documents of a group file as ``("text", id, title, text)`` sources (to compact)."""
    documents = plagscope.decode_group(group, group_path(pathlib.Path(batch_dir), group).read_bytes())
    return [("text", d["id"], d["title"], d["text"]) for d in documents]
