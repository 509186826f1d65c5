"""Types of the extension module ``plagscope._core`` (the Rust crate bindings/python).

Options are dicts with the JSON names (camelCase); results are JSON-shaped dicts and lists whose
offsets are UTF-16 code units of the original text (see ``plagscope.slice_utf16``). The shapes are
the npm package's TypeScript types, generated from the same Rust declarations into
``plagscope.types`` (``Report``, ``PairReport``, ``CheckOptions``, ...; scripts/pytypes.mjs).
"""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union, final

from .types import (
    AnalysisReport,
    CandidatesReport,
    CheckerOptions,
    CheckOptions,
    Defaults,
    ErrorCode,
    HashedShingle,
    MergeOutcome,
    Metadata,
    MinHashOptions,
    PairReport,
    PairsOptions,
    Reference,
    ReferenceInfo,
    Report,
    SharedNgrams,
    ShingleOptions,
    SimHashOptions,
    TextOptions,
    WinnowOptions,
)

# Private aliases: names of the stub only (stubtest holds public names to the module).
_JsonDict = Dict[str, Any]
_Buffer = Union[bytes, bytearray, memoryview]

__version__: str
__all__ = [
    "ArchiveQuery",
    "BatchPart",
    "Checker",
    "PlagscopeError",
    "__version__",
    "analyze",
    "archive_batch_files",
    "archive_group_path",
    "archive_ids",
    "archive_layout_for",
    "archive_partition_path",
    "decode_group",
    "defaults",
    "file_check",
    "finish_batch",
    "manifest_add_batch",
    "manifest_batch_layout",
    "manifest_remove",
    "merge_partitions",
    "minhash",
    "new_manifest",
    "partition_postings",
    "shared_ngrams",
    "shingle_hashes",
    "shingles",
    "simhash",
    "version",
    "winnow",
]

class PlagscopeError(ValueError):
    """An error of plagscope's core (options, input, index files)."""

    code: ErrorCode
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

@final
class Checker:
    """A reference set and the checks against it.

    Checks, pairs, ``save``, ``load``, ``merge`` and ``add_reference`` release the GIL; any number
    of threads may check against one ``Checker`` at once (a change waits for running checks).
    """

    def __new__(cls, options: Optional[CheckerOptions] = None) -> Checker:
        """An empty reference set; ``options`` holds ``CheckerOptions`` fields (all optional)."""
    def add_reference(
        self,
        id: str,
        text: str,
        title: Optional[str] = None,
        meta: Optional[Metadata] = None,
        base: bool = False,
    ) -> None:
        """Adds a reference (``meta``: ``keywords``, ``tags``, ``references``; ``base``: a template
        whose text is never reported). Raises ``PLAGSCOPE_DUPLICATE_ID`` if ``id`` exists."""
    def remove_reference(self, id: str) -> bool:
        """Removes the reference with ``id``; returns whether it existed."""
    @property
    def options(self) -> CheckerOptions:
        """The options this set was made with, every field filled in."""
    def references(self) -> List[ReferenceInfo]:
        """The references (``id``, ``title``, ...), in the order they were added."""
    def get_reference(self, id: str) -> Optional[Reference]:
        """The reference with ``id`` (with its full text), or ``None``."""
    @property
    def reference_count(self) -> int:
        """The number of references (also ``len(checker)``)."""
    def __len__(self) -> int: ...
    def check(
        self, text: str, options: Optional[CheckOptions] = None, meta: Optional[Metadata] = None
    ) -> Report:
        """Checks a paper; returns the ``Report``: ``similarity``, ``sources`` (each with its
        ``passages``: ``start``/``end`` in the paper, ``sourceStart``/``sourceEnd`` in the source,
        UTF-16 offsets), ``evasion`` and ``excluded``."""
    def check_with_candidates(
        self,
        text: str,
        candidates: Sequence[Reference],
        options: Optional[CheckOptions] = None,
        meta: Optional[Metadata] = None,
    ) -> CandidatesReport:
        """Checks a paper against this set together with ``candidates`` (an archive's documents
        for it, ``ArchiveQuery.references()``), which join the set for this check only; returns
        ``{"report": ..., "sources": [...]}``, the candidates the report names with their texts."""
    def pairs(self, options: Optional[PairsOptions] = None) -> List[PairReport]:
        """Every pair of references at least ``minSimilarity`` similar, most similar first."""
    def save(self) -> bytes:
        """The whole reference set as one versioned, checksummed file."""
    @staticmethod
    def load(data: _Buffer) -> "Checker":
        """A set saved by ``save``; raises ``PLAGSCOPE_INVALID_INDEX`` for a bad file."""
    def merge(self, data: _Buffer) -> MergeOutcome:
        """Adds the references of a saved set built with the same options; returns the counts
        ``{"added", "skipped"}``. A bad file or other options raise and change nothing."""

def version() -> str:
    """The plagscope version (the core's)."""

def defaults() -> Defaults:
    """The defaults of every option: ``{"checker", "check", "pairs"}``."""

def analyze(text: str, options: Optional[TextOptions] = None) -> AnalysisReport:
    """The text pipeline: the matching form, the tokens with their spans, the evasion report."""

def shingles(text: str, options: Optional[ShingleOptions] = None) -> List[HashedShingle]:
    """Hashed word (``{"kind": "word", "size": 5}``) or character n-grams, each
    ``{"hash": 16 hex digits, "position", "start", "end"}``."""

def shingle_hashes(text: str, options: Optional[ShingleOptions] = None) -> List[int]:
    """The 64-bit hashes of ``shingles`` as ints, in text order."""

def winnow(text: str, options: Optional[WinnowOptions] = None) -> List[HashedShingle]:
    """Winnowed fingerprints (MOSS) of the word shingles, shaped as ``shingles``."""

def minhash(input: Union[str, Sequence[int]], options: Optional[MinHashOptions] = None) -> List[int]:
    """The MinHash signature (``numPerm`` ints below 2**32) of a text's word shingles, or of a
    sequence of shingle hashes."""

def simhash(text: str, options: Optional[SimHashOptions] = None) -> int:
    """The 64-bit Charikar SimHash of the text's terms; ``format(h, "016x")`` is the JS string."""

def shared_ngrams(a: str, b: str, n: Optional[int] = None) -> SharedNgrams:
    """The word ``n``-grams (default 5) that ``a`` and ``b`` share: ``{"a": spans, "b": spans}``."""

# Archives: a reference set published as static files (src/store/archive/), built by a cluster job
# (cluster/build_archive.py) from these pieces and checked with ``ArchiveQuery``. Layouts and batch
# entries are dicts with the manifest's JSON names (``partitionBits``, ``firstDocument``, ...); a
# manifest is its JSON text, written as ``manifest.json`` unchanged.

_Layout = Dict[str, int]

def archive_batch_files(batch: str) -> Dict[str, str]:
    """The files every batch has, relative to the archive's folder: ``{"partitions", "groups",
    "ids"}`` (its two directories and its ids), as the core lays an archive out."""

def archive_partition_path(batch: str, partition: int) -> str:
    """Where partition ``partition`` of ``batch`` is, relative to the archive's folder."""

def archive_group_path(batch: str, group: int) -> str:
    """Where group ``group`` of ``batch`` is, relative to the archive's folder."""

def archive_layout_for(documents: int, words: int) -> _Layout:
    """The layout ``{"partitionBits", "groupDocuments"}`` for about ``documents`` documents of about
    ``words`` words each."""

def manifest_batch_layout(manifest_json: str, documents: int, words: int) -> _Layout:
    """The layout of the archive's next batch of about ``documents`` documents of about ``words``
    words each: the archive's for its first batch, else partition bits sized for the batch's own
    postings (a small batch writes few partition files)."""

def new_manifest(options: Optional[CheckerOptions], layout: _Layout) -> str:
    """The ``manifest.json`` text of an archive of no batch yet (``options``: ``CheckerOptions``)."""

@final
class BatchPart:
    """Consecutive documents of a batch, from its document ``first`` (a multiple of the layout's
    ``groupDocuments``), being analyzed; ``add`` releases the GIL."""

    def __new__(cls, options: Optional[CheckerOptions], layout: _Layout, first: int) -> BatchPart: ...
    def add(self, id: str, title: str, text: str) -> int:
        """Analyzes and adds a document; returns its number within the batch."""
    def finish(self) -> _JsonDict:
        """The part's files: ``{"documents", "words", "partitions": [(p, bytes)], "groups":
        [(g, bytes)]}``. Consumes the part: a later ``add`` or ``finish`` raises ``RuntimeError``."""

def merge_partitions(partition: int, parts: Sequence[_Buffer]) -> bytes:
    """One partition file from the pieces of it that a batch's parts wrote, each checked."""

def partition_postings(data: _Buffer) -> int:
    """How many postings a partition file holds."""

def file_check(data: _Buffer) -> Tuple[int, int]:
    """A file's ``(length, xxh3)`` as a batch's directories list it."""

def finish_batch(
    name: str,
    first_document: int,
    documents: int,
    words: int,
    postings: int,
    partitions: Sequence[Tuple[int, int]],
    groups: Sequence[Tuple[int, int]],
    ids: Sequence[str],
) -> Tuple[bytes, bytes, bytes, _JsonDict]:
    """``(partitions_dir, groups_dir, ids_file, entry)`` of a batch, from the ``(length, xxh3)`` of
    each of its partitions (``(0, 0)`` for one not written; 2^bits of them, bits in 4..=20, which
    give the entry its ``partitionBits``) and groups, in order, and its documents' ``ids`` in number
    order."""

def archive_ids(manifest_json: str, batch: str, data: _Buffer) -> List[str]:
    """The ids of ``batch`` from its ``ids.bin`` bytes, checked against the manifest."""

def manifest_add_batch(manifest_json: str, entry: _JsonDict) -> str:
    """The manifest with ``entry`` as its last batch; raises if its name is taken or its
    ``firstDocument`` does not follow the archive's documents."""

def manifest_remove(manifest_json: str, ids: Sequence[str]) -> str:
    """The manifest with ``ids`` listed as removed (each once)."""

def decode_group(group: int, data: _Buffer) -> List[_JsonDict]:
    """The documents of a group file, each ``{"id", "title", "words", "text"}``."""

@final
class ArchiveQuery:
    """A check of one paper against an archive: fetch what ``wanted`` lists, hand each file to
    ``receive``, until ``wanted`` is empty; then add ``references()`` to a ``Checker(query.options)``
    and check the paper. The paper never leaves the process; the query does no I/O."""

    def __new__(
        cls, manifest_json: str, paper: str, max_candidates: int = 20, cover: int = 0, seed: int = 0,
        max_fingerprints: Optional[int] = None, max_doc_frequency: Optional[int] = None,
    ) -> ArchiveQuery: ...
    def wanted(self) -> List[str]:
        """Paths relative to the archive's folder or URL to fetch next; empty when done."""
    def receive(self, path: str, data: Optional[_Buffer], reason: Optional[str] = None) -> None:
        """A wanted file's bytes, or ``None`` and why it could not be fetched (recorded in
        ``failures``); raises for a path that was not asked for."""
    def references(self) -> List[_JsonDict]:
        """The candidate documents fetched (``id``, ``title``, ``text``), removed ones left out."""
    def failures(self) -> List[str]:
        """What could not be fetched or read, each ``"path: why"``."""
    def traffic(self) -> Tuple[int, int]:
        """``(partitions asked for, bytes received)``."""
    @property
    def options(self) -> CheckerOptions:
        """The archive's ``CheckerOptions``."""
