"""The documents of an archive build's input, listed and checked before any build task runs: a
folder's JSON-lines shards by tasks on the cluster (``list_shard``, one a shard: reading and parsing
17 GB of shards at 10^6 documents was the driver's longest serial step), the rest by the driver.

An input is a folder of ``.txt``/``.md`` files (id: the path relative to the folder, with ``/``;
title: the file name) and of JSON-lines shards (``.jsonl``: one object a line with ``id``,
``title``, ``text``), a JSON-lines file, or a Parquet file with those columns. Documents come out as
*sources*, plain tuples a task can load:

- ``("file", path, id, title)``: a folder's file, read again by the task (so the driver keeps only
  paths, and on a real cluster the folder must be readable by every worker);
- ``("line", path, id, title, offset)``: a record of a folder's JSON-lines shard, read again by the
  task from its byte offset (a million documents' texts never sit in the driver's memory);
- ``("text", id, title, text)``: a record of a JSON-lines or Parquet file, or of an archive being
  compacted, sent to the task with its text.

A damaged document (a file that is not UTF-8, or a text with nothing but white space) is skipped,
and each one skipped is named in ``Listing.skipped``: one bad file among a million should not cost
the build, and the job prints every name. A damaged *input* (a JSON line that does not parse, a
missing column, two documents with one id) stops the build with an ``InputError`` naming it.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field

#: Documents whose words are all counted; past them, one in ``COUNT_STRIDE`` (Listing.count_words).
EXACT_COUNT = 10_000
COUNT_STRIDE = 16

#: The same for each shard a task lists: a folder of shards is often many shards of 10^4 records,
#: which a count of each shard's first ``EXACT_COUNT`` would split whole.
SHARD_EXACT_COUNT = 1_000

#: The file names a folder input takes as one document each.
TEXT_SUFFIXES = (".txt", ".md")

#: The file names a folder input takes as shards of records (one JSON object a line).
SHARD_SUFFIX = ".jsonl"

#: The longest id an archive takes, in characters (the core's limit, ``SegmentPart.add``).
MAX_ID_CHARACTERS = 1024

#: How many characters of an id a message quotes (``plagscope``'s ``quoted_id`` in the core).
QUOTED_CHARACTERS = 60


class InputError(Exception):
    """The input cannot be built from; the message names the file (and line) and why."""


@dataclass
class Listing:
    """The documents to build, in the order they are numbered, and what was left out."""

    sources: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    words: int = 0
    counted: int = 0
    exact: int = EXACT_COUNT

    def average_words(self) -> int:
        """About how many words a document has (white-space separated: only the layout uses it)."""
        return self.words // max(1, self.counted)

    def count_words(self, text: str) -> None:
        """Counts the words of a document being listed: every one of the first ``exact``,
        then one in ``COUNT_STRIDE``. Splitting every text was 13 of the driver's 18 s listing
        10^5 documents (a serial step that capped a 2-worker build's speed-up near 1.75x); an
        estimate is enough for the layout, which a factor of 2 in words moves by one bit."""
        if self.counted < self.exact or len(self.sources) % COUNT_STRIDE == 0:
            self.words += len(text.split())
            self.counted += 1


def load_text(source) -> str:
    """The text of a source (run by tasks: a file is read where the task runs)."""
    if source[0] == "file":
        return pathlib.Path(source[1]).read_bytes().decode("utf-8")
    if source[0] == "line":
        with open(source[1], "rb") as shard:
            shard.seek(source[4])
            return json.loads(shard.readline().decode("utf-8"))["text"]
    return source[3]


def shown_id(id: str) -> str:
    """``id`` quoted as a message names it: whole if short, else its beginning and its length (a
    100 KB id made a 100 KB message, which Dask cut at 10 KB)."""
    if len(id) <= QUOTED_CHARACTERS:
        return repr(id)
    beginning = repr(id[:QUOTED_CHARACTERS])
    return f"{beginning[:-1]}…{beginning[-1]} ({len(id)} characters)"


def check_id(where: str, id: str) -> None:
    """Refuses an id longer than an archive takes, naming where it is (before any build task)."""
    if len(id) > MAX_ID_CHARACTERS:
        raise InputError(f"{where}: the id {shown_id(id)} is longer than {MAX_ID_CHARACTERS} "
                         "characters")


def source_id(source) -> str:
    """The id of a source."""
    return source[2] if source[0] in ("file", "line") else source[1]


def source_title(source) -> str:
    """The title of a source."""
    return source[3] if source[0] in ("file", "line") else source[2]


def list_input(path: pathlib.Path, client=None) -> Listing:
    """The documents of the input at ``path``, checked, ids unique; a folder's shards are listed
    by tasks on ``client``'s cluster (in this process without one). The numbering is the sorted
    order of the folder's paths however many workers listed it."""
    if path.is_dir():
        listing = _list_folder(path, client)
    elif path.suffix == ".parquet":
        listing = _list_records(path, _parquet_records(path))
    elif path.is_file():
        listing = _list_records(path, _json_lines(path))
    else:
        raise InputError(f"{path}: no such file or folder")
    seen = set()
    for source in listing.sources:
        if source_id(source) in seen:
            raise InputError(f"{path}: the id {shown_id(source_id(source))} is given twice")
        seen.add(source_id(source))
    return listing


def _list_folder(folder: pathlib.Path, client) -> Listing:
    """A folder's text files and the records of its shards, by relative path (sorted: the
    numbering is the same on every run). Every shard's task is submitted first, so the workers
    list them while the driver lists the text files."""
    listing = Listing()
    files = sorted(
        (p for p in folder.rglob("*")
         if p.is_file() and p.suffix.lower() in (*TEXT_SUFFIXES, SHARD_SUFFIX)),
        key=lambda p: p.relative_to(folder).as_posix(),
    )
    shards = {file: str(file.resolve()) for file in files if file.suffix.lower() == SHARD_SUFFIX}
    if client is not None:
        shards = {file: client.submit(list_shard, path, pure=False) for file, path in shards.items()}
    for file in files:
        if file in shards:
            shard = shards[file]
            _add_shard(listing, shard.result() if client is not None else list_shard(shard))
            continue
        relative = file.relative_to(folder).as_posix()
        check_id(str(file), relative)
        try:
            text = file.read_bytes().decode("utf-8")
        except UnicodeDecodeError as error:
            listing.skipped.append(f"{file}: not UTF-8 text ({error.reason} at byte {error.start})")
            continue
        if not text.strip():
            listing.skipped.append(f"{file}: empty")
            continue
        listing.count_words(text)
        listing.sources.append(("file", str(file.resolve()), relative, file.name))
    return listing


def list_shard(path: str) -> dict:
    """A folder's JSON-lines shard's records, checked (a task: a damaged record raises
    ``InputError`` naming its line, which the driver gets back as raised), as
    ``{"path", "ids", "titles", "offsets", "skipped", "words", "counted"}``: plain lists, which
    cost less to send than a tuple a record. Words are counted as ``Listing.count_words`` does,
    from the shard's own first record, so the count does not depend on which worker listed it."""
    listing = Listing(exact=SHARD_EXACT_COUNT)
    ids, titles, offsets = [], [], []
    for where, id, title, text, offset in _json_lines(pathlib.Path(path)):
        if _check_record(listing, where, id, title, text):
            ids.append(id)
            titles.append(title if isinstance(title, str) else "")
            offsets.append(offset)
            listing.sources.append(None)  # Only counted: Listing.count_words strides by it.
    return {"path": path, "ids": ids, "titles": titles, "offsets": offsets,
            "skipped": listing.skipped, "words": listing.words, "counted": listing.counted}


def _add_shard(listing: Listing, shard: dict) -> None:
    """Adds a listed shard's records to ``listing`` as ``"line"`` sources (read again by the
    build's tasks from their offsets)."""
    path = shard["path"]
    listing.sources.extend(("line", path, id, title, offset)
                           for id, title, offset in zip(shard["ids"], shard["titles"], shard["offsets"]))
    listing.skipped.extend(shard["skipped"])
    listing.words += shard["words"]
    listing.counted += shard["counted"]


def _check_record(listing: Listing, where: str, id, title, text) -> bool:
    """Whether a record is a document (counting its words); raises on a damaged one, lists an
    empty one as skipped."""
    if not isinstance(id, str) or not id:
        shown = shown_id(id) if isinstance(id, str) else repr(id)[:QUOTED_CHARACTERS]
        raise InputError(f"{where}: `id` must be a non-empty string, got {shown}")
    check_id(where, id)
    if not isinstance(text, str):
        raise InputError(f"{where}: `text` of {shown_id(id)} must be a string, got {type(text).__name__}")
    if not text.strip():
        listing.skipped.append(f"{where}: the text of {shown_id(id)} is empty")
        return False
    listing.count_words(text)
    return True


def _list_records(path: pathlib.Path, records) -> Listing:
    """Records ``(where, id, title, text, ...)`` as sources; one without text is skipped."""
    listing = Listing()
    for where, id, title, text, *_ in records:
        if _check_record(listing, where, id, title, text):
            listing.sources.append(("text", id, title if isinstance(title, str) else "", text))
    return listing


def _json_lines(path: pathlib.Path):
    """``(where, id, title, text, offset)`` of each line of a JSON-lines file (``offset``: where
    the line starts, in bytes)."""
    offset = 0
    with path.open("rb") as lines:
        for number, raw in enumerate(lines, 1):
            where, start = f"{path}:{number}", offset
            offset += len(raw)
            if not raw.strip():
                continue
            try:
                record = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as error:
                raise InputError(f"{where}: not a JSON object ({error})") from None
            if not isinstance(record, dict):
                raise InputError(f"{where}: not a JSON object")
            yield where, record.get("id"), record.get("title"), record.get("text"), start


def _parquet_records(path: pathlib.Path):
    """``(where, id, title, text)`` of each row of a Parquet file (columns id, title, text)."""
    import pyarrow.parquet  # Only a Parquet input needs it.

    try:
        table = pyarrow.parquet.read_table(path)
    except Exception as error:  # pyarrow raises several types for a file that is not Parquet.
        raise InputError(f"{path}: not a Parquet file ({error})") from None
    missing = {"id", "text"} - set(table.column_names)
    if missing:
        raise InputError(f"{path}: no column {', '.join(sorted(missing))} (id, title, text)")
    titles = table.column("title").to_pylist() if "title" in table.column_names else None
    ids, texts = table.column("id").to_pylist(), table.column("text").to_pylist()
    for row, (id, text) in enumerate(zip(ids, texts)):
        yield f"{path}: row {row}", id, titles[row] if titles else "", text
