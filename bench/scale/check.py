"""Checks the scale benchmark's planted papers against an archive folder, natively (the Python
binding's ``plagscope.ArchiveQuery``, reading the files it asks for from disk): the recall of the
planted sources (truth.json, written by bench/scale/papers.mjs, never by plagscope), the files and
bytes read per check against the archive's total, and the time.

    target/pyenv/bin/python bench/scale/check.py N [--archive target/scale/archive-N-w2]

Results to ``target/scale/check-N.json``. The check is the one ``checkArchive`` does in a page:
the query's files, then a ``Checker`` with the manifest's options holding the fetched candidates.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import time

import plagscope

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCALE = ROOT / "target" / "scale"


def fetch_all(archive: pathlib.Path, query) -> dict:
    """Hands the query every file it asks for, round by round; what was read."""
    files = rounds = size = 0
    while wanted := query.wanted():
        rounds += 1
        for path in wanted:
            file = archive / path
            if file.is_file():
                data = file.read_bytes()
                files, size = files + 1, size + len(data)
                query.receive(path, data)
            else:
                query.receive(path, None, "no such file")
    return {"files": files, "bytes": size, "rounds": rounds}


def check_paper(archive: pathlib.Path, manifest: str, paper: str, planted: list) -> dict:
    """One check; its figures."""
    started = time.perf_counter()
    query = plagscope.ArchiveQuery(manifest, paper)
    read = fetch_all(archive, query)
    fetched = time.perf_counter()
    references = query.references()
    report = plagscope.Checker(query.options).check_with_candidates(paper, references)["report"]
    done = time.perf_counter()
    candidates = {r["id"] for r in references}
    reported = [s["id"] for s in report["sources"]]
    return {
        **read,
        "partitions": query.traffic()[0],
        "failures": query.failures(),
        "candidates": len(candidates),
        "plantedAmongCandidates": sum(s in candidates for s in planted),
        "plantedReported": sum(s in reported for s in planted),
        "planted": len(planted),
        "otherSourcesReported": len([s for s in reported if s not in planted]),
        "fetchSeconds": round(fetched - started, 3),
        "checkSeconds": round(done - fetched, 3),
    }


def archive_size(archive: pathlib.Path) -> int:
    """All the archive's bytes."""
    return sum(f.stat().st_size for f in archive.rglob("*") if f.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--archive", type=pathlib.Path)
    args = parser.parse_args()
    archive = args.archive or SCALE / f"archive-{args.count}-w2"
    papers = SCALE / f"papers-{args.count}"
    truth = json.loads((papers / "truth.json").read_text(encoding="utf-8"))
    manifest = (archive / "manifest.json").read_text(encoding="utf-8")
    total = archive_size(archive)
    checks = {}
    for name, expected in sorted(truth.items()):
        paper = (papers / name).read_text(encoding="utf-8")
        checks[name] = check_paper(archive, manifest, paper, expected["sources"])
        print(name, json.dumps(checks[name]), flush=True)
    planted = sum(c["planted"] for c in checks.values())
    n = len(checks)
    summary = {
        "papers": n,
        "archiveBytes": total,
        "recall": round(sum(c["plantedReported"] for c in checks.values()) / planted, 4),
        "candidateRecall": round(sum(c["plantedAmongCandidates"] for c in checks.values()) / planted, 4),
        "meanFiles": round(sum(c["files"] for c in checks.values()) / n, 1),
        "meanBytes": round(sum(c["bytes"] for c in checks.values()) / n),
        "maxBytesShare": round(max(c["bytes"] for c in checks.values()) / total, 5),
        "meanSeconds": round(sum(c["fetchSeconds"] + c["checkSeconds"] for c in checks.values()) / n, 3),
        "otherSourcesReported": sum(c["otherSourcesReported"] for c in checks.values()),
    }
    out = SCALE / f"check-{args.count}.json"
    out.write_text(json.dumps({"summary": summary, "checks": checks}, indent=1) + "\n")
    print(f"{out}: {json.dumps(summary)}")


if __name__ == "__main__":
    main()
