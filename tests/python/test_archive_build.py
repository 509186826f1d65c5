"""The archive build on Dask (cluster/build_archive.py) over the binding's archive functions: a
cluster build writes the files of a one-process build byte for byte; segments added later leave the
old files as they were; removed documents and compaction; damaged input; and a planted paper found
by a check that fetches from the built folder through ``plagscope.ArchiveQuery``."""

from __future__ import annotations

import json
import shutil
import time

import pytest

import plagscope
from archive_helpers import (
    brown_documents,
    build_in_one_process,
    check_against,
    files_of,
    hashes_of,
    run_job,
    write_corpus,
)

#: The layout both builds use: 64 partitions, groups of 43 documents (tasks of 86 with --chunk 50).
LAYOUT_ARGS = ("--layout-documents", 2000, "--layout-words", 500)


def layout() -> dict:
    return plagscope.archive_layout_for(2000, 500)


def doc_id(n: int, name: str) -> str:
    """The id ``write_corpus`` gives document ``n``: its relative path."""
    return f"{'a' if n % 2 else 'b'}/{name}.txt"


def planted(first: str, second: str, own: str) -> str:
    """A paper copying 120 words of ``first`` and 150 of ``second`` between words of its own."""
    words, a, b = own.split(), first.split(), second.split()
    return " ".join(words[:150] + a[100:220] + words[150:300] + b[200:350] + words[300:450])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """200 documents built on a local cluster of two workers, and in one process."""
    root = tmp_path_factory.mktemp("archive")
    documents = brown_documents(200)
    write_corpus(root / "corpus", documents)
    started = time.monotonic()
    done = run_job(root / "corpus", root / "cluster", "--workers", 2, "--chunk", 50, *LAYOUT_ARGS)
    seconds = time.monotonic() - started
    build_in_one_process(root / "corpus", root / "single", layout())
    return root, documents, done, seconds


def test_the_layout_is_the_cores_and_stays_as_published():
    # Published archives are read where these paths say: a change here is a new archive format.
    assert plagscope.archive_segment_files("s0007") == {
        "partitions": "s0007/partitions.dir", "groups": "s0007/groups.dir", "ids": "s0007/ids.bin"}
    assert plagscope.archive_partition_path("s0007", 0x1A) == "s0007/p/0001a.bin"
    assert plagscope.archive_group_path("s0007", 3) == "s0007/d/00003.bin"


def test_a_cluster_build_writes_the_files_of_one_process(built):
    root, documents, done, seconds = built
    assert "200 documents" in done.stdout and "0 skipped" in done.stdout, done.stdout
    cluster, single = files_of(root / "cluster"), files_of(root / "single")
    assert sorted(cluster) == sorted(single)
    assert len(cluster) > 60, "several partitions and groups"
    different = [path for path in cluster if cluster[path] != single[path]]
    assert not different, different
    manifest = json.loads(cluster["manifest.json"])
    assert manifest["layout"] == layout() and manifest["segments"][0]["documents"] == 200
    print(f"2 workers: {seconds:.1f} s")


def test_segments_are_added_removed_and_compacted(built, tmp_path):
    root, documents, _, _ = built
    archive = tmp_path / "archive"
    shutil.copytree(root / "cluster", archive)
    before = hashes_of(archive)
    more = brown_documents(20, skip=200)
    write_corpus(tmp_path / "more", more)
    run_job(tmp_path / "more", archive, "--workers", 1)
    after = hashes_of(archive)
    manifest = json.loads((archive / "manifest.json").read_text())
    assert [(b["name"], b["firstDocument"], b["documents"]) for b in manifest["segments"]] == [
        ("s0000", 0, 200),
        ("s0001", 200, 20),
    ]
    assert {p: h for p, h in after.items() if p in before and p != "manifest.json"} == {
        p: h for p, h in before.items() if p != "manifest.json"
    }, "no old file is rewritten"
    assert all(p.startswith("s0001/") for p in after.keys() - before.keys())
    # The added segment's partitions are sized for its own 20 documents: 16, not the archive's 64.
    assert [b["partitionBits"] for b in manifest["segments"]] == [6, 4]
    assert all(int(p[8:13], 16) < 16 for p in after if p.startswith("s0001/p/")), sorted(after)

    # A planted paper copying a document of each segment: both found through ArchiveQuery.
    own = brown_documents(1, skip=260)[0][1]
    paper = planted(documents[7][1], more[5][1], own)
    first, second = doc_id(7, documents[7][0]), doc_id(5, more[5][0])
    found, query = check_against(archive, paper)
    assert found == sorted([first, second]) and not query.failures()
    # Not the whole archive (a 450-word paper touches most of 64 partitions: a small archive).
    assert query.traffic()[1] < sum(f.stat().st_size for f in archive.rglob("*") if f.is_file())

    # The same documents again: refused, and no folder is left behind.
    again = run_job(tmp_path / "more", archive, "--workers", 1, check=False)
    assert again.returncode == 1 and "holds a document" in again.stderr, again.stderr
    assert not (archive / "s0002").exists()

    run_job(archive, "--remove", second)
    assert json.loads((archive / "manifest.json").read_text())["removed"] == [second]
    assert check_against(archive, paper)[0] == [first]

    run_job(archive, "--compact", "--workers", 2)
    manifest = json.loads((archive / "manifest.json").read_text())
    assert [(b["name"], b["documents"]) for b in manifest["segments"]] == [("s0002", 219)]
    assert manifest["segments"][0]["partitionBits"] == 6, "a compaction: the archive's layout"
    assert manifest["removed"] == [] and sorted(p.name for p in archive.iterdir()) == [
        "manifest.json",
        "s0002",
    ]
    assert check_against(archive, paper)[0] == [first]


def test_damaged_documents_are_skipped_and_named(tmp_path):
    write_corpus(tmp_path / "in", brown_documents(3))
    (tmp_path / "in" / "bad.txt").write_bytes(b"caf\xe9 au lait")
    (tmp_path / "in" / "empty.md").write_bytes(b" \n")
    (tmp_path / "in" / "image.png").write_bytes(b"\x89PNG")
    done = run_job(tmp_path / "in", tmp_path / "out", "--workers", 1)
    assert f"skipped {tmp_path / 'in' / 'bad.txt'}: not UTF-8 text" in done.stderr, done.stderr
    assert f"skipped {tmp_path / 'in' / 'empty.md'}: empty" in done.stderr, done.stderr
    assert "3 documents" in done.stdout and "2 skipped" in done.stdout
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["segments"][0]["documents"] == 3


def test_a_damaged_input_file_stops_the_build_naming_its_line(tmp_path):
    lines = tmp_path / "records.jsonl"
    lines.write_text('{"id": "a", "title": "A", "text": "one two three"}\n{"id": "b", "text": \n')
    done = run_job(lines, tmp_path / "out", check=False)
    assert done.returncode == 1 and f"{lines}:2: not a JSON object" in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()


def test_a_damaged_shard_listed_on_the_cluster_stops_the_build_naming_its_line(tmp_path):
    shards = tmp_path / "shards"
    shards.mkdir()
    good = '{"id": "a", "title": "A", "text": "one two three"}\n'
    (shards / "shard-0.jsonl").write_text(good, encoding="utf-8")
    (shards / "shard-1.jsonl").write_text(good.replace('"a"', '"b"') + '{"id": 3, "text": "x"}\n')
    done = run_job(shards, tmp_path / "out", "--workers", 2, check=False)
    where = f"{(shards / 'shard-1.jsonl').resolve()}:2"
    assert done.returncode == 1 and f"{where}: `id` must be a non-empty string" in done.stderr, done.stderr
    (shards / "shard-1.jsonl").write_text(good)
    done = run_job(shards, tmp_path / "out", "--workers", 2, check=False)
    assert done.returncode == 1 and "the id 'a' is given twice" in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()


def test_json_lines_parquet_and_a_folder_of_shards_give_the_same_archive(tmp_path):
    import pyarrow
    import pyarrow.parquet

    records = [{"id": f"r{n}", "title": f"Record {n}", "text": text}
               for n, (_, text) in enumerate(brown_documents(12, skip=240))]
    records[5]["text"] = "Café déjà vu — naïve “quotes” " + records[5]["text"]  # Offsets are bytes.
    lines = tmp_path / "records.jsonl"
    lines.write_text("".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records))
    pyarrow.parquet.write_table(pyarrow.Table.from_pylist(records), tmp_path / "records.parquet")
    # Shards read in path order, a blank line skipped: the tasks read each text from its offset.
    shards = tmp_path / "shards"
    shards.mkdir()
    for n, chunk in enumerate((records[:5], records[5:])):
        (shards / f"shard-{n}.jsonl").write_text(
            "\n".join(json.dumps(r, ensure_ascii=False) for r in chunk) + "\n\n", encoding="utf-8")
    run_job(lines, tmp_path / "from-lines", "--workers", 1, "--chunk", 4)
    run_job(tmp_path / "records.parquet", tmp_path / "from-parquet", "--workers", 2, "--chunk", 1)
    run_job(shards, tmp_path / "from-shards", "--workers", 2, "--chunk", 3)
    assert files_of(tmp_path / "from-lines") == files_of(tmp_path / "from-parquet")
    assert files_of(tmp_path / "from-lines") == files_of(tmp_path / "from-shards")
    group = (tmp_path / "from-lines" / "s0000" / "d" / "00000.bin").read_bytes()
    first = plagscope.decode_group(0, group)[0]
    assert (first["id"], first["title"], first["text"]) == ("r0", "Record 0", records[0]["text"])


def test_the_binding_refuses_misuse_clearly():
    part = plagscope.SegmentPart(None, layout(), 0)
    part.add("x", "X", "a short text of a few words to index here")
    assert part.finish()["documents"] == 1
    with pytest.raises(RuntimeError, match="finished"):
        part.finish()
    with pytest.raises(plagscope.PlagscopeError, match="group boundary"):
        plagscope.SegmentPart(None, layout(), 1)
    with pytest.raises(plagscope.PlagscopeError, match="partitionBits"):
        plagscope.SegmentPart(None, {"partitionBits": 40, "groupDocuments": 1}, 0)
    manifest = plagscope.new_manifest(None, layout())
    assembly = plagscope.SegmentAssembly(manifest, "s0000", 10**6, 2000)
    assert assembly.layout == layout(), "a first segment is cut by the archive's layout"
    with pytest.raises(plagscope.PlagscopeError, match="plain folder name"):
        plagscope.SegmentAssembly(manifest, "../x", 1, 9)
    assembly.add_counts(1, 9)
    with pytest.raises(plagscope.PlagscopeError, match="not 99999"):
        assembly.add_partition(99999, (10, 1), 3)
    with pytest.raises(plagscope.PlagscopeError, match="0 of them are listed"):
        assembly.finish(["a"])
    assembly.add_group(0, (10, 1))
    with pytest.raises(plagscope.PlagscopeError, match="group 0 is listed twice"):
        assembly.add_group(0, (10, 1))
    manifest, files = assembly.finish(["a"])
    assert [path for path, _ in files] == ["s0000/partitions.dir", "s0000/groups.dir", "s0000/ids.bin"]
    assert json.loads(manifest)["segments"][0]["documents"] == 1
    with pytest.raises(RuntimeError, match="finished"):
        assembly.finish(["a"])
    with pytest.raises(plagscope.PlagscopeError, match="already"):
        plagscope.SegmentAssembly(manifest, "s0000", 1, 9)
    assert plagscope.next_segment_name(["s0000", "s0003", "other"]) == "s0004"
    with pytest.raises(plagscope.PlagscopeError, match="postings partition 3 is damaged"):
        plagscope.merge_partitions(3, [b"nonsense"])
