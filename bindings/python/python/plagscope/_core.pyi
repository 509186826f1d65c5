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
    "Checker",
    "PlagscopeError",
    "SegmentAssembly",
    "SegmentPart",
    "__version__",
    "add_segment",
    "analyze",
    "archive_group_path",
    "archive_ids",
    "archive_layout_for",
    "archive_partition_path",
    "archive_segment_files",
    "decode_group",
    "defaults",
    "file_check",
    "manifest_remove",
    "merge_partitions",
    "minhash",
    "new_manifest",
    "next_segment_name",
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
# (cluster/build_archive.py) from these pieces and checked with ``ArchiveQuery``. Layouts and segment
# entries are dicts with the manifest's JSON names (``partitionBits``, ``firstDocument``, ...); a
# manifest is its JSON text, written as ``manifest.json`` unchanged.

_Layout = Dict[str, int]

def archive_segment_files(segment: str) -> Dict[str, str]:
    """The files every segment has, relative to the archive's folder: ``{"partitions", "groups",
    "ids"}`` (its two directories and its ids), as the core lays an archive out."""

def archive_partition_path(segment: str, partition: int) -> str:
    """Where partition ``partition`` of ``segment`` is, relative to the archive's folder."""

def archive_group_path(segment: str, group: int) -> str:
    """Where group ``group`` of ``segment`` is, relative to the archive's folder."""

def archive_layout_for(documents: int, words: int) -> _Layout:
    """The layout ``{"partitionBits", "groupDocuments"}`` for about ``documents`` documents of about
    ``words`` words each."""

def new_manifest(options: Optional[CheckerOptions], layout: _Layout) -> str:
    """The ``manifest.json`` text of an archive of no segment yet (``options``: ``CheckerOptions``)."""

@final
class SegmentPart:
    """Consecutive documents of a segment, from its document ``first`` (a multiple of the layout's
    ``groupDocuments``), being analyzed; ``add`` releases the GIL."""

    def __new__(cls, options: Optional[CheckerOptions], layout: _Layout, first: int) -> SegmentPart: ...
    def add(self, id: str, title: str, text: str) -> int:
        """Analyzes and adds a document; returns its number within the segment."""
    def finish(self) -> _JsonDict:
        """The part's files: ``{"documents", "words", "partitions": [(p, bytes)], "groups":
        [(g, bytes)]}``. Consumes the part: a later ``add`` or ``finish`` raises ``RuntimeError``."""

def merge_partitions(partition: int, parts: Sequence[_Buffer]) -> bytes:
    """One partition file from the pieces of it that a segment's parts wrote, each checked."""

def partition_postings(data: _Buffer) -> int:
    """How many postings a partition file holds."""

def file_check(data: _Buffer) -> Tuple[int, int]:
    """A file's ``(length, xxh3)`` as a segment's directories list it."""

def archive_ids(manifest_json: str, segment: str, data: _Buffer) -> List[str]:
    """The ids of ``segment`` from its ``ids.bin`` bytes, checked against the manifest."""

def next_segment_name(taken: Sequence[str]) -> str:
    """The name of a new segment: ``s0000``, or the one after the highest ``sNNNN`` of ``taken``."""

def add_segment(
    manifest_json: str, name: str, documents: Sequence[Tuple[str, str, str]]
) -> Tuple[str, List[Tuple[str, bytes]]]:
    """Adds segment ``name`` of ``documents`` (``(id, title, text)``) to the archive in one process:
    ``(manifest_json, [(path, bytes)])``, the files to write before the manifest."""

@final
class SegmentAssembly:
    """A segment being assembled from its files' ``(length, xxh3)``: cut the parts by ``layout``,
    hand it every partition, group and part's counts, then ``finish`` once with the ids."""

    def __new__(cls, manifest_json: str, name: str, documents: int, words: int) -> SegmentAssembly: ...
    @property
    def layout(self) -> _Layout:
        """The layout the segment's parts cut their files by (``partitionBits`` sized for the
        segment's own postings, unless it is the archive's first)."""
    def add_counts(self, documents: int, words: int) -> None:
        """Counts a part's documents and their words."""
    def add_partition(self, partition: int, check: Tuple[int, int], postings: int) -> None:
        """Lists a partition's final file by its ``(length, xxh3)`` and its postings."""
    def add_group(self, group: int, check: Tuple[int, int]) -> None:
        """Lists a group file by its ``(length, xxh3)``."""
    def finish(self, ids: Sequence[str]) -> Tuple[str, List[Tuple[str, bytes]]]:
        """``(manifest_json, [(path, bytes)])``: the manifest listing the segment, and its
        directories and ids file to write first; ``ids`` in number order. Raises (and may be
        completed and finished again) if a group is missing or the counts do not match; a finished
        assembly raises ``RuntimeError``."""

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
