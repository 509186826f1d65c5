"""Helpers of the archive build's tests (test_archive_build.py): a corpus of small real documents,
the cluster job as a command, an archive built in one process by a plain loop, and a check of a
paper against an archive folder through ``plagscope.ArchiveQuery``."""

from __future__ import annotations

import hashlib
import pathlib
import subprocess
import sys

import plagscope

from helpers import ROOT

JOB = ROOT / "cluster" / "build_archive.py"
BROWN = ROOT / "target" / "corpus" / "en"

#: Words per document cut from a Brown text (~2,000 words): four documents a text.
DOCUMENT_WORDS = 500


def brown_documents(count: int, skip: int = 0) -> list[tuple[str, str]]:
    """``count`` documents of ``DOCUMENT_WORDS`` words, ``(name, text)``, cut from the Brown texts
    (target/corpus/en, made by scripts/corpus.mjs), after skipping the first ``skip``."""
    files = sorted(BROWN.glob("brown-*.txt"))
    assert files, f"no Brown texts in {BROWN}: run `node scripts/corpus.mjs`"
    documents = []
    for file in files:
        words = file.read_text(encoding="utf-8").split()
        for n in range(len(words) // DOCUMENT_WORDS):
            piece = " ".join(words[n * DOCUMENT_WORDS : (n + 1) * DOCUMENT_WORDS])
            documents.append((f"{file.stem}-{n}", piece))
            if len(documents) == count + skip:
                return documents[skip:]
    raise AssertionError(f"the Brown texts give fewer than {count + skip} documents")


def write_corpus(folder: pathlib.Path, documents: list[tuple[str, str]]) -> None:
    """The documents as .txt files, in two subfolders (ids are relative paths)."""
    for n, (name, text) in enumerate(documents):
        path = folder / ("a" if n % 2 else "b") / f"{name}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def run_job(*args, check: bool = True) -> subprocess.CompletedProcess:
    """The cluster job with ``args``; its output (raises on failure unless ``check`` is false)."""
    done = subprocess.run(
        [sys.executable, str(JOB), *map(str, args)], capture_output=True, text=True, timeout=120
    )
    if check and done.returncode != 0:
        raise AssertionError(f"build_archive failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done


def files_of(folder: pathlib.Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its relative path."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def hashes_of(folder: pathlib.Path) -> dict[str, str]:
    """The SHA-256 of every file under ``folder`` by its relative path."""
    return {path: hashlib.sha256(data).hexdigest() for path, data in files_of(folder).items()}


def build_in_one_process(corpus: pathlib.Path, out: pathlib.Path, layout: dict) -> None:
    """The archive of the text files under ``corpus`` as segment s0000, built by the core's
    ``add_segment`` over every document in one process, without Dask: what the cluster job must
    write, byte for byte."""
    files = sorted((p for p in corpus.rglob("*.txt")), key=lambda p: p.relative_to(corpus).as_posix())
    documents = [(f.relative_to(corpus).as_posix(), f.name, f.read_text(encoding="utf-8")) for f in files]
    manifest, written = plagscope.add_segment(plagscope.new_manifest(None, layout), "s0000", documents)
    for path, data in written:
        write(out / path, data)
    write(out / "manifest.json", manifest.encode("utf-8"))


def write(path: pathlib.Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def check_against(archive: pathlib.Path, paper: str) -> tuple[list[str], plagscope.ArchiveQuery]:
    """The ids of the sources a check of ``paper`` against the archive folder reports, fetching
    only what the query asks for; and the query."""
    manifest = (archive / "manifest.json").read_text(encoding="utf-8")
    query = plagscope.ArchiveQuery(manifest, paper)
    while wanted := query.wanted():
        for path in wanted:
            file = archive / path
            if file.is_file():
                query.receive(path, file.read_bytes())
            else:
                query.receive(path, None, "no such file")
    found = plagscope.Checker(query.options).check_with_candidates(paper, query.references())
    ids = sorted(source["id"] for source in found["report"]["sources"])
    # Every source found is one of the archive's, returned with its text.
    assert sorted(source["id"] for source in found["sources"]) == ids
    return ids, query
