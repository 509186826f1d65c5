"""Types of the extension module ``plagscope._core`` (the Rust crate bindings/python).

Options are dicts with the JSON names (camelCase); results are JSON-shaped dicts and lists whose
offsets are UTF-16 code units of the original text (see ``plagscope.slice_utf16``). The shapes are
the npm package's TypeScript types (``pkg/types.d.ts``: ``Report``, ``PairReport``, ...).
"""

from typing import Any, Dict, List, Optional, Sequence, Union

JsonDict = Dict[str, Any]
Options = Optional[Dict[str, Any]]
Meta = Optional[Dict[str, List[str]]]
Buffer = Union[bytes, bytearray, memoryview]

__version__: str

class PlagscopeError(ValueError):
    """An error of plagscope's core (options, input, index files)."""

    code: str
    """A stable code, e.g. ``'PLAGSCOPE_INVALID_OPTION'``, ``'PLAGSCOPE_INVALID_INDEX'``."""
    path: Optional[str]
    """The argument or option it is about, as the caller wrote it (``'options.align.minWords'``)."""
    reason: str
    """The message without the name of what it is about."""
    size: int
    """For ``PLAGSCOPE_TEXT_TOO_LONG`` and ``PLAGSCOPE_SET_FULL`` only: the size refused, in bytes."""
    limit: int
    """For ``PLAGSCOPE_TEXT_TOO_LONG`` and ``PLAGSCOPE_SET_FULL`` only: the limit, in bytes."""
    normalized: bool
    """For a size: whether it is that of the text as prepared for matching."""

class Checker:
    """A reference set and the checks against it.

    Checks, pairs, ``save``, ``load``, ``merge`` and ``add_reference`` release the GIL; any number
    of threads may check against one ``Checker`` at once (a change waits for running checks).
    """

    def __init__(self, options: Options = None) -> None:
        """An empty reference set; ``options`` holds ``CheckerOptions`` fields (all optional)."""
    def add_reference(
        self,
        id: str,
        text: str,
        title: Optional[str] = None,
        meta: Meta = None,
        base: bool = False,
    ) -> None:
        """Adds a reference (``meta``: ``keywords``, ``tags``, ``references``; ``base``: a template
        whose text is never reported). Raises ``PLAGSCOPE_DUPLICATE_ID`` if ``id`` exists."""
    def remove_reference(self, id: str) -> bool:
        """Removes the reference with ``id``; returns whether it existed."""
    @property
    def options(self) -> JsonDict:
        """The options this set was made with, every field filled in."""
    def references(self) -> List[JsonDict]:
        """The references (``id``, ``title``, ...), in the order they were added."""
    def get_reference(self, id: str) -> Optional[JsonDict]:
        """The reference with ``id`` (with its full text), or ``None``."""
    @property
    def reference_count(self) -> int:
        """The number of references (also ``len(checker)``)."""
    def __len__(self) -> int: ...
    def check(self, text: str, options: Options = None, meta: Meta = None) -> JsonDict:
        """Checks a paper; returns the ``Report``: ``similarity``, ``sources`` (each with its
        ``passages``: ``start``/``end`` in the paper, ``sourceStart``/``sourceEnd`` in the source,
        UTF-16 offsets), ``evasion`` and ``excluded``."""
    def pairs(self, options: Options = None) -> List[JsonDict]:
        """Every pair of references at least ``minSimilarity`` similar, most similar first."""
    def save(self) -> bytes:
        """The whole reference set as one versioned, checksummed file."""
    @staticmethod
    def load(data: Buffer) -> "Checker":
        """A set saved by ``save``; raises ``PLAGSCOPE_INVALID_INDEX`` for a bad file."""
    def merge(self, data: Buffer) -> JsonDict:
        """Adds the references of a saved set built with the same options; returns the counts
        ``{"added", "skipped"}``. A bad file or other options raise and change nothing."""

def version() -> str:
    """The plagscope version (the core's)."""

def defaults() -> JsonDict:
    """The defaults of every option: ``{"checker", "check", "pairs"}``."""

def analyze(text: str, options: Options = None) -> JsonDict:
    """The text pipeline: the matching form, the tokens with their spans, the evasion report."""

def shingles(text: str, options: Options = None) -> List[JsonDict]:
    """Hashed word (``{"kind": "word", "size": 5}``) or character n-grams, each
    ``{"hash": 16 hex digits, "position", "start", "end"}``."""

def shingle_hashes(text: str, options: Options = None) -> List[int]:
    """The 64-bit hashes of ``shingles`` as ints, in text order."""

def winnow(text: str, options: Options = None) -> List[JsonDict]:
    """Winnowed fingerprints (MOSS) of the word shingles, shaped as ``shingles``."""

def minhash(input: Union[str, Sequence[int]], options: Options = None) -> List[int]:
    """The MinHash signature (``numPerm`` ints below 2**32) of a text's word shingles, or of a
    sequence of shingle hashes."""

def simhash(text: str, options: Options = None) -> int:
    """The 64-bit Charikar SimHash of the text's terms; ``format(h, "016x")`` is the JS string."""

def shared_ngrams(a: str, b: str, n: Optional[int] = None) -> JsonDict:
    """The word ``n``-grams (default 5) that ``a`` and ``b`` share: ``{"a": spans, "b": spans}``."""
