"""What a check with an archive's candidates costs beside the same check of a set that holds them:
600 references of 2,000 words (the Brown corpus, target/corpus/en, in name order), 20 candidates
of 2,000 words more, a 1,300-word paper copying part of one. Medians of 7 runs, in milliseconds:
``Checker.check_with_candidates`` (the candidates join the set for the check and leave it), a
``check`` of a set holding them, and adding and removing the 20 alone.

    bash scripts/python.sh && target/pyenv/bin/python bench/candidates.py

Part of `npm run bench`, through `bench/record.mjs`, which keeps the printed line in
bench/results/candidates.json (the file ``BENCH_JSON`` names gets ``{"output": [line]}``) for
FIGURES.md.
"""

import json
import os
import pathlib
import statistics
import time

import plagscope

ROOT = pathlib.Path(__file__).resolve().parent.parent


def median_ms(work, runs: int = 7) -> float:
    """The median wall time of ``work()`` over ``runs`` runs, in milliseconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    texts = [p.read_text() for p in sorted((ROOT / "target" / "corpus" / "en").glob("*.txt"))]
    words = " ".join(texts).split()
    chunks = [" ".join(words[i : i + 2000]) for i in range(0, 2000 * 620, 2000)]
    library, candidates = chunks[:600], [{"id": f"c{i}", "text": t} for i, t in enumerate(chunks[600:])]
    paper = " ".join(words[5000:5600]) + " " + candidates[3]["text"][:3000] + " " + " ".join(words[9000:9600])
    without, holding = plagscope.Checker(), plagscope.Checker()
    for n, text in enumerate(library):
        without.add_reference(f"r{n}", text)
        holding.add_reference(f"r{n}", text)
    for candidate in candidates:
        holding.add_reference(candidate["id"], candidate["text"])

    def add_and_remove():
        for candidate in candidates:
            without.add_reference(candidate["id"], candidate["text"])
        for candidate in reversed(candidates):
            without.remove_reference(candidate["id"])

    with_candidates = median_ms(lambda: without.check_with_candidates(paper, candidates))
    held = median_ms(lambda: holding.check(paper))
    line = (f"check_with_candidates {with_candidates:.1f} ms, check of a set holding them {held:.1f} ms "
            f"({with_candidates / held:.2f}x), adding and removing the 20 alone {median_ms(add_and_remove):.1f} ms")
    print(line)
    if os.environ.get("BENCH_JSON"):
        pathlib.Path(os.environ["BENCH_JSON"]).write_text(json.dumps({"output": [line]}) + "\n")


if __name__ == "__main__":
    main()
