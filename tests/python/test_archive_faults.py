"""The archive build's faults (issue 43): two builds of one archive at once (the second refused by
the folder's lock, none reporting documents the archive does not hold), the lock a killed build
leaves, a worker killed mid-build, a 100 KB id, a manifest listing a segment twice, and removed ids
the archive does not hold. Each failure ends with one ``build_archive: error:`` line."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import psutil
import pytest

import plagscope
from archive_helpers import JOB, brown_documents, run_job, write_corpus
from helpers import ROOT

sys.path.insert(0, str(ROOT / "cluster"))
import archive_lock  # noqa: E402 (beside the job, as the job imports it)


def start_job(*args) -> subprocess.Popen:
    """The cluster job started, not waited for."""
    return subprocess.Popen([sys.executable, str(JOB), *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def held(out) -> int:
    """The documents the archive in ``out`` holds, by its manifest (removed ones not counted)."""
    manifest = json.loads((out / "manifest.json").read_text())
    return sum(b["documents"] for b in manifest["segments"]) - len(manifest["removed"])


def errors_of(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("build_archive: error:")]


def test_two_builds_started_at_once_never_report_documents_the_archive_lacks(tmp_path):
    documents = brown_documents(1200)
    write_corpus(tmp_path / "first", documents[:600])
    write_corpus(tmp_path / "second", documents[600:])
    out = tmp_path / "out"
    first = start_job(tmp_path / "first", out, "--workers", 1)
    time.sleep(0.3)
    second = start_job(tmp_path / "second", out, "--workers", 1)
    results = [(job.wait(timeout=120), *job.communicate()) for job in (first, second)]
    added = 0
    for (code, stdout, stderr), other in zip(results, (second, first)):
        if code == 0:
            added += 600
            assert "600 documents" in stdout, stdout
            continue
        started = re.search(r"started ([^)]+)\)", stderr)
        assert code == 1 and started and errors_of(stderr) == [
            f"build_archive: error: another build is writing the archive in {out} (pid {other.pid} "
            f"on host {os.uname().nodename}, started {started.group(1)}): wait for it to end, or "
            "build into another folder"], stderr
    assert sorted(code for code, _, _ in results) in ([0, 1], [0, 0]), results
    assert held(out) == added, "every document a build reported is in the archive"
    last = [stdout for code, stdout, _ in results if code == 0][-1]
    segments = f"{added // 600} segment{'s' if added > 600 else ''}"
    assert f"the archive in {out}: {added} documents in {segments} (0 removed)" in last, last
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json"] + [
        f"s{n:04d}" for n in range(added // 600)], "no lock, no other segment left"


def test_a_build_is_refused_while_another_holds_the_lock_and_takes_over_a_killed_ones(tmp_path):
    write_corpus(tmp_path / "in", brown_documents(5))
    out = tmp_path / "out"
    holder = subprocess.Popen([sys.executable, "-c", (
        "import pathlib, sys, time; sys.path.insert(0, sys.argv[1]); import archive_lock\n"
        "with archive_lock.BuildLock(pathlib.Path(sys.argv[2])):\n"
        "    print('locked', flush=True); time.sleep(120)"), str(ROOT / "cluster"), str(out)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "locked\n"
        refused = run_job(tmp_path / "in", out, "--workers", 1, check=False)
        assert refused.returncode == 1, refused.stderr
        assert errors_of(refused.stderr) == [
            f"build_archive: error: another build is writing the archive in {out} (pid {holder.pid} "
            f"on host {os.uname().nodename}, started {lock_info(out)['started']}): wait for it to "
            "end, or build into another folder"], refused.stderr
        assert not (out / "manifest.json").exists() and not (out / "s0000").exists()
    finally:
        holder.send_signal(signal.SIGKILL)  # As a killed build: its lock file stays.
        holder.wait()
    assert lock_info(out)["pid"] == holder.pid
    done = run_job(tmp_path / "in", out, "--workers", 1)
    assert (f"a build that did not finish (pid {holder.pid} on host {os.uname().nodename}, "
            f"started ") in done.stderr and f"left {out / '.build-lock'}: taking it over" in done.stderr
    assert held(out) == 5 and not (out / ".build-lock").exists()


def lock_info(out) -> dict:
    return json.loads((out / archive_lock.LOCK_NAME).read_text())


def test_a_worker_killed_mid_build_ends_with_an_error_line_and_no_segment(tmp_path):
    # Documents long enough (80 of 60,000 words, four tasks of 20) that the analysis outlasts the
    # kill, made when the first task has written its files: two tasks are still to run.
    words = " ".join(text for _, text in brown_documents(120)).split()
    corpus = tmp_path / "in"
    corpus.mkdir()
    for n in range(80):
        (corpus / f"d{n:02d}.txt").write_text(" ".join(words[n * 1000:] + words[:n * 1000]))
    out = tmp_path / "out"
    job = start_job(corpus, out, "--workers", 2)
    driver = psutil.Process(job.pid)
    while not (out / "s0000").exists() and job.poll() is None:
        time.sleep(0.01)
    workers = driver.children()
    assert job.poll() is None and len(workers) == 2, "the analysis was running"
    workers[-1].kill()
    code, (_, stderr) = job.wait(timeout=120), job.communicate()
    assert code == 1 and errors_of(stderr) == [
        "build_archive: error: a worker of the cluster was lost during the build (killed, or out of "
        f"memory?), and with it the documents it held; the archive in {out} is as it was: run the "
        "build again"], stderr
    assert "Traceback" not in stderr and not out.exists(), sorted(out.rglob("*"))


def test_a_task_that_kills_its_workers_is_named_and_other_errors_are_not_hidden():
    import build_archive
    from distributed.scheduler import KilledWorker

    assert build_archive.cluster_failure(KilledWorker("build_part-7", None, 3)) == (
        "task build_part-7 stopped each of the 4 workers that ran it (out of memory?); the "
        "workers' logs say why")
    assert build_archive.cluster_failure(ValueError("a bug")) is None, "raised as it is"


def test_an_over_long_id_is_named_once_and_briefly(tmp_path):
    lines = tmp_path / "records.jsonl"
    long_id = "x" * 100_000
    lines.write_text(json.dumps({"id": "ok", "text": "one two three"}) + "\n"
                     + json.dumps({"id": long_id, "text": "four five six"}) + "\n")
    done = run_job(lines, tmp_path / "out", "--workers", 1, check=False)
    assert done.returncode == 1 and done.stderr.splitlines() == [
        f"build_archive: error: {lines}:2: the id '{'x' * 60}…' (100000 characters) is longer than "
        "1024 characters"], done.stderr
    part = plagscope.SegmentPart(None, plagscope.archive_layout_for(1, 1), 0)
    with pytest.raises(plagscope.PlagscopeError) as refused:
        part.add(long_id, "", "seven eight nine")
    assert str(refused.value) == (f'invalid `id`: document "{"x" * 60}…" (100000 characters): must '
                                  "be 1 to 1024 characters, got 100000")


def test_a_segment_listed_twice_and_removed_strangers_are_refused(tmp_path):
    write_corpus(tmp_path / "in", brown_documents(4))
    write_corpus(tmp_path / "more", brown_documents(2, skip=4))
    out = tmp_path / "out"
    run_job(tmp_path / "in", out, "--workers", 1)
    run_job(tmp_path / "more", out, "--workers", 1)
    manifest = json.loads((out / "manifest.json").read_text())
    twice = json.loads(json.dumps(manifest))
    twice["segments"][1]["name"] = "s0000"
    with pytest.raises(plagscope.PlagscopeError, match='the manifest lists segment "s0000" twice'):
        plagscope.ArchiveQuery(json.dumps(twice), "a paper")
    strangers = dict(manifest, removed=[f"x{n}" for n in range(1000)])
    with pytest.raises(plagscope.PlagscopeError, match="1000 removed ids, and the archive holds 6"):
        plagscope.ArchiveQuery(json.dumps(strangers), "a paper")

    before = (out / "manifest.json").read_bytes()
    refused = run_job(out, "--remove", "b/nobody.txt", *(f"x{n}" for n in range(5)), check=False)
    assert refused.returncode == 1 and errors_of(refused.stderr) == [
        "build_archive: error: --remove: the archive holds no document 'b/nobody.txt', 'x0', 'x1' "
        "and 3 more; nothing was removed"], refused.stderr
    assert (out / "manifest.json").read_bytes() == before
    kept = run_job(out, "--remove", manifest_ids(out)[0])
    assert f"the archive in {out}: 5 documents in 2 segments (1 removed)" in kept.stdout, kept.stdout


def manifest_ids(out) -> list[str]:
    manifest = (out / "manifest.json").read_text()
    return [id for b in json.loads(manifest)["segments"]
            for id in plagscope.archive_ids(manifest, b["name"], (out / b["name"] / "ids.bin").read_bytes())]
