"""The GIL is released while the core works: a check in one thread lets other Python threads run,
and threads checking against one Checker at once get the reports one thread would."""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import plagscope

WORDS = (
    "river glacier valley stone ice water delta silt clay plain rock debris current grain sea "
    "mountain erosion sediment fan slope basin ridge moraine crevasse meltwater boulder gravel"
).split()


def text(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) + str(rng.randrange(400)) for _ in range(words)) + "."


def big_checker() -> tuple[plagscope.Checker, list[str]]:
    rng = random.Random(5)
    checker = plagscope.Checker()
    references = [text(rng, 2000) for _ in range(40)]
    for index, reference in enumerate(references):
        checker.add_reference(f"r{index}", reference)
    return checker, references


def test_a_check_in_a_thread_lets_python_run_meanwhile():
    checker, references = big_checker()
    rng = random.Random(9)
    # Long, with a few copies, so that the check is mostly the core's work (the report is small).
    paper = " ".join(text(rng, 12000) + " " + references[i][:400] for i in range(6))
    durations: list[float] = []

    def check():
        started = time.perf_counter()
        assert len(checker.check(paper)["sources"]) == 6
        durations.append(time.perf_counter() - started)

    worker = threading.Thread(target=check)
    ticks, last, longest_gap = 0, time.perf_counter(), 0.0
    worker.start()
    while worker.is_alive():
        ticks += 1  # pure Python: runs only while this thread holds the GIL
        now = time.perf_counter()
        longest_gap, last = max(longest_gap, now - last), now
    worker.join()
    [duration] = durations
    assert duration > 0.15, "the check must take long enough to tell"
    # Were the GIL held through a check, this loop would stop for the whole of it.
    # (A C loop holding it, `sum(range(30_000_000))`, stops this loop for all of its 0.4 s here.)
    assert longest_gap < duration / 3, (longest_gap, duration)
    assert ticks > 1000


def test_threads_checking_one_checker_get_the_reports_of_one_thread():
    checker, references = big_checker()
    rng = random.Random(13)
    papers = [text(rng, 300) + " " + references[i][: 200 + 50 * i] for i in range(8)]
    alone = [checker.check(paper) for paper in papers]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(checker.check, papers))
        # A change waits for the checks running, and the checks after it see it.
        added = pool.submit(checker.add_reference, "late", papers[0])
        more = list(pool.map(checker.check, papers))
        added.result()
    assert together == alone
    assert len(checker) == len(references) + 1
    assert all(len(report["sources"]) >= 1 for report in more)
    assert "late" in {source["id"] for source in checker.check(papers[0])["sources"]}
