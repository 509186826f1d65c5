"""Measures the archive build of the scale benchmark on a local Dask cluster.

    target/pyenv/bin/python bench/scale/build.py N [--workers 1 2] [--repeat R]

For each worker count: a fresh ``cluster/build_archive.py target/scale/corpus-N
target/scale/archive-N-wW --workers W``, timed from outside (wall) and as the job reports it
(the cluster's start, listing, reading the ids, analysis, merge, directories); the peak resident memory of the driver and of each worker process; the
archive's bytes split into the index (postings partitions, the two directories, ids, manifest) and
the texts (document groups), each per word. Then, on the last worker count's archive, the
incremental build that adds ``corpus-N-add`` (1% more documents) as a new segment (``--repeat`` times,
the segment removed again between runs). The results go to ``target/scale/build-N.json``.

Peak memory: a thread samples the job's process tree every 0.1 s with psutil (a dependency of
Dask, already in target/pyenv). A LocalCluster's nannies live in the driver process and each
worker is a child process of it, so the children are the workers. RSS counts the pages shared
with the parent too (the interpreter, the plagscope extension): it is an upper bound of what a
worker adds.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import threading
import time

import plagscope
import psutil

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCALE = ROOT / "target" / "scale"
JOB = ROOT / "cluster" / "build_archive.py"

#: The job's last line: "... N documents, W words, P partitions written, B bytes, ... S s
#: (start T s, list L s, ..., analysis A s, merge M s, finish F s)".
SUMMARY = re.compile(r"(\d+) documents, (\d+) words, (\d+) partitions written, (\d+) bytes, "
                     r"\d+ skipped, ([\d.]+) s \(([^)]*)\)")
STEP = re.compile(r"(\w+) ([\d.]+) s")


class PeakMemory(threading.Thread):
    """Samples the resident memory of a process and its descendants until stopped."""

    def __init__(self, pid: int, interval: float = 0.1):
        super().__init__(daemon=True)
        self.root, self.interval = psutil.Process(pid), interval
        self.peaks: dict[int, int] = {}
        self.helpers: set[int] = set()
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                processes = [self.root, *self.root.children(recursive=True)]
            except psutil.NoSuchProcess:
                return
            for process in processes:
                try:
                    if process.pid not in self.peaks and "resource_tracker" in " ".join(process.cmdline()):
                        self.helpers.add(process.pid)  # multiprocessing's helper, not a worker
                    rss = process.memory_info().rss
                except psutil.Error:  # Gone between the listing and the read.
                    continue
                self.peaks[process.pid] = max(self.peaks.get(process.pid, 0), rss)
            self.stopping.wait(self.interval)

    def report(self) -> dict:
        """Peak MB of the driver and of each child process (the workers), largest first."""
        driver = self.peaks.get(self.root.pid, 0)
        children = sorted((v for pid, v in self.peaks.items()
                           if pid != self.root.pid and pid not in self.helpers), reverse=True)
        return {"driverMB": round(driver / 2**20), "workersMB": [round(v / 2**20) for v in children]}


def run_job(corpus: pathlib.Path, archive: pathlib.Path, workers: int) -> dict:
    """Runs the job once; its own figures, the wall time and the peak memory."""
    command = [sys.executable, str(JOB), str(corpus), str(archive), "--workers", str(workers)]
    load_before = os.getloadavg()[0]  # The CPU is shared (a CI run now and then): say how busy.
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sampler = PeakMemory(process.pid)
    sampler.start()
    out, err = process.communicate()
    wall = time.monotonic() - started
    sampler.stopping.set()
    sampler.join()
    match = SUMMARY.search(out)
    if process.returncode != 0 or not match:
        raise SystemExit(f"the build failed ({process.returncode}):\n{out}\n{err}")
    documents, words, partitions, written, seconds, steps = match.groups()
    steps = {step: float(value) for step, value in STEP.findall(steps)}
    return {
        "workers": workers, "documents": int(documents), "words": int(words),
        "partitionsWritten": int(partitions), "bytesWritten": int(written),
        "wallSeconds": round(wall, 1), "jobSeconds": float(seconds),
        "analysisSeconds": steps["analysis"], "mergeSeconds": steps["merge"],
        # Where the rest went: the cluster's start, the listing, the ids, the directories.
        "steps": steps,
        "otherSeconds": round(float(seconds) - steps["analysis"] - steps["merge"], 1),
        **sampler.report(),
        "loadBefore": round(load_before, 2), "loadAfter": round(os.getloadavg()[0], 2),
    }


# The folder of a segment's document groups, as the core lays an archive out.
GROUPS_FOLDER = pathlib.PurePosixPath(plagscope.archive_group_path("b", 0)).parent.name


def archive_bytes(archive: pathlib.Path) -> dict:
    """The archive's bytes: the texts (document groups) and the index (all the rest)."""
    texts = index = 0
    for file in archive.rglob("*"):
        if file.is_file():
            size = file.stat().st_size
            if file.parent.name == GROUPS_FOLDER:
                texts += size
            else:
                index += size
    return {"indexBytes": index, "textBytes": texts}


def measure(count: int, workers: list[int], repeat: int, keep: bool = True) -> dict:
    """Every build of the benchmark; the results. Without ``keep``, each archive is deleted once
    the next one is built (at 10^6 documents two archives and the corpus do not fit on the disk)."""
    corpus, added = SCALE / f"corpus-{count}", SCALE / f"corpus-{count}-add"
    if not corpus.is_dir():
        raise SystemExit(f"{corpus}: missing; run node bench/scale/corpus.mjs {count}")
    results = {"documents": count, "builds": []}
    archive = None
    for run in range(repeat):
        for w in workers:
            if archive is not None and not keep:
                shutil.rmtree(archive, ignore_errors=True)
            archive = SCALE / f"archive-{count}-w{w}"
            shutil.rmtree(archive, ignore_errors=True)
            build = run_job(corpus, archive, w)
            build.update(archive_bytes(archive), run=run)
            results["builds"].append(build)
            print(json.dumps(build), flush=True)
    words = results["builds"][-1]["words"]
    sizes = archive_bytes(archive)
    results["bytesPerWord"] = {"index": round(sizes["indexBytes"] / words, 3),
                               "texts": round(sizes["textBytes"] / words, 3)}
    manifest = (archive / "manifest.json").read_bytes()
    results["incrementals"] = []
    for run in range(repeat):
        if run:  # The archive as it was: the manifest back, the added segment gone.
            (archive / "manifest.json").write_bytes(manifest)
            shutil.rmtree(archive / incremental["segment"])
        incremental = run_job(added, archive, workers[-1])
        after = archive_bytes(archive)
        incremental["segment"] = json.loads((archive / "manifest.json").read_text())["segments"][-1]["name"]
        incremental["addedIndexBytes"] = after["indexBytes"] - sizes["indexBytes"]
        incremental["addedTextBytes"] = after["textBytes"] - sizes["textBytes"]
        results["incrementals"].append(incremental)
        print(json.dumps(incremental), flush=True)
    results["incremental"] = min(results["incrementals"], key=lambda i: i["jobSeconds"])
    return results


def summarize(results: dict) -> None:
    """The speed-up and the incremental share, from the best run of each worker count."""
    best = {}
    for build in results["builds"]:
        w = build["workers"]
        if w not in best or build["jobSeconds"] < best[w]["jobSeconds"]:
            best[w] = build
    results["bestSeconds"] = {str(w): b["jobSeconds"] for w, b in sorted(best.items())}
    if 1 in best and 2 in best:
        results["speedup"] = round(best[1]["jobSeconds"] / best[2]["jobSeconds"], 2)
        results["analysisSpeedup"] = round(best[1]["analysisSeconds"] / best[2]["analysisSeconds"], 2)
    full = best[max(best)]["jobSeconds"]
    results["incrementalShare"] = round(results["incremental"]["jobSeconds"] / full, 4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int, help="the corpus's documents (target/scale/corpus-N)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1, help="builds of each worker count")
    parser.add_argument("--keep-last-only", action="store_true",
                        help="delete each archive once the next is built (disk space at 10^6)")
    args = parser.parse_args()
    results = measure(args.count, args.workers, args.repeat, keep=not args.keep_last_only)
    summarize(results)
    out = SCALE / f"build-{args.count}.json"
    out.write_text(json.dumps(results, indent=1) + "\n")
    print(f"{out}: speed-up {results.get('speedup')}, bytes per word {results['bytesPerWord']}, "
          f"incremental {results['incrementalShare']:.1%} of the full build")


if __name__ == "__main__":
    main()
