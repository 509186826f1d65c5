"""The GIL is released while the core works: a check in one thread lets other Python threads run,
and threads checking against one Checker at once get the reports one thread would."""

from __future__ import annotations

import random
import sys
import threading
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
    phase = ["before"]  # one store each way: the fewest bytecodes around the call
    reports = []

    def check():
        phase[0] = "checking"
        reports.append(checker.check(paper))
        phase[0] = "after"

    # Counted, not timed (issue 44: no wall-clock limit in a test): this pure-Python loop runs only
    # while this thread holds the GIL. With the GIL released through the core's work, it turns all
    # through the check (660,000 to 690,000 times here). Were the GIL held, it would turn only in the
    # moments the worker runs bytecode around the call, which a switch interval of 10 µs keeps
    # short: a C call holding the GIL in place of the check, `sum(range(30_000_000))`, lets it turn
    # 1,600 to 2,700 times. Both counts scale with the machine's speed alike.
    worker = threading.Thread(target=check)
    ticks, during = 0, 0
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        worker.start()
        while worker.is_alive():
            ticks += 1
            if phase[0] == "checking":
                during += 1
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    [report] = reports
    assert len(report["sources"]) == 6
    print(f"main loop: {during} of {ticks} turns while the check ran")
    assert during > 30_000, (during, ticks)


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
