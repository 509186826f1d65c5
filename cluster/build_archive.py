"""Builds a plagscope archive (a reference set published as static files) on a Dask cluster.

    python cluster/build_archive.py INPUT OUT_DIR [--workers N | --scheduler tcp://host:8786]

The driver (this process) lists and numbers the documents; map tasks each analyze a chunk of them
(a ``plagscope.SegmentPart`` from a group boundary) and write its group files and partition pieces;
reduce tasks merge the pieces of ranges of partitions; the tasks return each file's length and
checksum to the core's ``plagscope.SegmentAssembly``, which writes the segment's directories and the
new manifest; the driver writes ``manifest.json`` last (a temporary file renamed over it), so that a
reader never sees a manifest listing files not yet there. Segments are immutable: run again on an
archive, it adds a new segment and rewrites nothing else; ``--remove`` lists ids as removed;
``--compact`` merges every segment into one new segment, without the removed documents. The files
are the ones a single process writes (``plagscope.add_segment``), byte for byte, however many
workers built them. A build holds the folder's lock (``archive_lock``) from
before it reads the manifest until it has written it: a second build of the same archive is refused.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import pathlib
import shutil
import sys
import time

import plagscope

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import archive_lock  # noqa: E402 (after the path: run as a script, beside this file)
import archive_sources  # noqa: E402
import archive_tasks  # noqa: E402
from archive_sources import InputError, Listing, shown_id  # noqa: E402

#: Documents per map task unless --chunk says otherwise (rounded up to whole groups; a small segment
#: is cut into two tasks a worker).
DEFAULT_CHUNK = 2000

HELP_SCHEDULER = """address of a running Dask scheduler (tcp://host:8786). On a real cluster OUT_DIR
(and a folder INPUT) must be a path that every worker and this client can read and write at the same
place: a shared file system such as NFS. The scheduler and every worker need the plagscope wheel and
cluster/requirements.txt installed (the job sends its own two modules to them)."""


def parse_args(argv) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", nargs="?", metavar="INPUT", help="a folder of .txt/.md files, a "
                        "JSON-lines file (id, title, text) or a .parquet file with those columns")
    parser.add_argument("out", metavar="OUT_DIR", help="the archive's folder (made if missing)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help=HELP_SCHEDULER)
    where.add_argument("--workers", type=int, default=2, metavar="N",
                       help="worker processes of a local cluster on this machine (default 2)")
    parser.add_argument("--segment", metavar="NAME", help="the new segment's name (default: the next sNNNN)")
    parser.add_argument("--chunk", type=int, default=DEFAULT_CHUNK, metavar="DOCS",
                        help=f"documents per task, rounded up to whole groups (default {DEFAULT_CHUNK})")
    parser.add_argument("--layout-documents", type=int, metavar="N",
                        help="size a new archive's layout for N documents (default: the input's)")
    parser.add_argument("--layout-words", type=int, metavar="N",
                        help="... of N words each (default: the input's average)")
    parser.add_argument("--remove", nargs="+", default=[], metavar="ID", help="list ids as removed")
    parser.add_argument("--compact", action="store_true",
                        help="rebuild every segment as one, without the removed documents")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.chunk < 1:
        parser.error("--workers and --chunk must be at least 1")
    if not (args.input or args.remove or args.compact):
        parser.error("nothing to do: give an INPUT, --remove or --compact")
    return args


@contextlib.contextmanager
def dask_client(args):
    """A client of the cluster at --scheduler, or of a local cluster of --workers processes."""
    from distributed import Client, LocalCluster

    if args.scheduler:
        with Client(args.scheduler) as client:
            upload_tasks(client)
            yield client
        return
    import dask

    # Forked, not spawned: a spawned worker starts a new interpreter and imports Dask, plagscope and
    # this job again, 1 to 3 s of a segment of 1% more documents' 3 to 6 s (forked: 0.2 s), and has
    # the job's modules already, so nothing is uploaded. The driver runs no thread of its own that
    # a fork could copy mid-work (the analysis runs in the workers).
    dask.config.set({"distributed.worker.multiprocessing-method": "fork"})
    # One thread a worker: the analysis holds a core while it runs (it releases the GIL). The
    # cluster's own logs only at CRITICAL: when a worker is lost, the others log the broken
    # connection at ERROR with a traceback, and the job's one error line says what happened.
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=logging.CRITICAL) as cluster:
        with Client(cluster) as client:
            yield client


def upload_tasks(client) -> None:
    """Sends the tasks' modules to the scheduler and every worker (and to workers that join
    later): tasks are pickled by reference to them, and a cluster's nodes do not have this folder."""
    for module in (archive_sources, archive_tasks):  # Sources first: the tasks import it.
        client.upload_file(module.__file__)


def main(argv=None) -> int:
    """Runs the build, holding the archive folder's lock; the exit status."""
    args = parse_args(argv)
    try:
        with archive_lock.BuildLock(pathlib.Path(args.out)):
            return run(args)
    # A task's error comes back as raised on its worker: a RuntimeError naming the document, an
    # OSError naming the file (a missing group of the archive being grown, a full disk).
    except (InputError, archive_lock.LockError, plagscope.PlagscopeError, RuntimeError, OSError) as error:
        print(f"build_archive: error: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 (the cluster's own failures, named; others raise)
        failure = cluster_failure(error)
        if failure is None:
            raise
        print(f"build_archive: error: {failure}; the archive in {args.out} is as it was: run the "
              "build again", file=sys.stderr)
        return 1


def cluster_failure(error: Exception):
    """What a failure of the cluster itself (not of a document) says, or None for another error: a
    worker lost with the data it held (killed, or out of memory), whose tasks Dask cancels ("already
    forgotten"), or a task that killed every worker it ran on."""
    import concurrent.futures

    if isinstance(error, concurrent.futures.CancelledError):  # Dask's FutureCancelledError.
        return ("a worker of the cluster was lost during the build (killed, or out of memory?), and "
                "with it the documents it held")
    if type(error).__name__ == "KilledWorker":  # distributed.scheduler's: args (task, worker, n).
        task, _, failures = (*error.args, None, None, None)[:3]
        return (f"task {str(task)[:100]} stopped each of the {(failures or 0) + 1} workers that ran "
                "it (out of memory?); the workers' logs say why")
    return None


def run(args) -> int:
    """The build: start the cluster, list the input on it, then build, remove and compact as
    asked."""
    started = time.monotonic()
    out = pathlib.Path(args.out)
    manifest_path = out / "manifest.json"
    existing = manifest_path.read_text(encoding="utf-8") if manifest_path.exists() else None
    if existing is None and not args.input:
        raise InputError(f"{out} holds no archive (no manifest.json) to remove from or compact")
    if existing is not None and (args.layout_documents or args.layout_words):
        print("the archive's layout is kept: --layout-* only size a new archive", file=sys.stderr)
    stats = dict.fromkeys(("documents", "words", "partitions", "bytes"), 0)
    try:
        manifest, old_segments, skipped = build(args, out, existing, stats)
        publish(out, existing, manifest)
    except BaseException:
        # After the cluster is closed (a local one's workers write nothing more; a real cluster's
        # running task may, into a folder the next build removes as one no manifest lists).
        if "segment_dir" in stats:
            shutil.rmtree(stats["segment_dir"], ignore_errors=True)
        raise
    for name in old_segments:  # After the new manifest: until then the old one listed them.
        shutil.rmtree(out / name, ignore_errors=True)
    report(stats, skipped, time.monotonic() - started)
    print(f"the archive in {out}: {archive_summary(manifest)}")
    return 0


def build(args, out: pathlib.Path, existing, stats: dict):
    """Lists the input, builds it as a segment, and lists removed ids; ``(manifest, old segments,
    skipped)``: the manifest to publish, the segments a compaction replaced, and how many input
    documents were skipped. A segment being written is ``stats["segment_dir"]``."""
    started = time.monotonic()
    old_segments, listing = [], Listing()
    # The cluster first: the listing of a folder's shards runs on it.
    with (dask_client(args) if args.input or args.compact else contextlib.nullcontext()) as client:
        stats["start"] = time.monotonic() - started
        if args.input:
            listing = archive_sources.list_input(pathlib.Path(args.input), client)
        stats["list"] = time.monotonic() - started - stats["start"]
        for skipped in listing.skipped:
            print(f"skipped {skipped}", file=sys.stderr)
        manifest = existing or new_manifest(args, listing)
        if args.remove:  # Before any work: an id the archive does not hold stops the build.
            check_removable(out, manifest, args.remove, listing)
        if client is not None:
            # Names of the archive on disk: a compaction's new segment must not take one of them.
            taken = [segment["name"] for segment in plagscope_manifest(manifest)["segments"]]
            manifest, old_segments, sources = gather_sources(client, args, out, manifest, listing, stats)
            if sources:
                manifest = build_segment(client, args, out, (manifest, taken), (sources, listing), stats)
    if args.remove and not args.compact:  # A compaction dropped them: nothing left to list.
        manifest = plagscope.manifest_remove(manifest, args.remove)
    return manifest, old_segments, len(listing.skipped)


def publish(out: pathlib.Path, existing, manifest: str) -> None:
    """Writes ``manifest`` as the archive's, if the one on disk is still ``existing`` (the lock
    keeps other builds of this job out; a program that ignores it is caught here)."""
    path = out / "manifest.json"
    if (path.read_text(encoding="utf-8") if path.exists() else None) != existing:
        raise InputError(f"{path} changed while this build ran: another program wrote the archive")
    write_atomically(path, manifest.encode("utf-8"))


def archive_summary(manifest: str) -> str:
    """What the archive holds by its manifest: ``1200 documents in 2 segments (3 removed)``."""
    parsed = json.loads(manifest)
    segments, removed = parsed["segments"], len(parsed["removed"])
    documents = sum(segment["documents"] for segment in segments) - removed
    plural = "" if len(segments) == 1 else "s"
    return f"{documents} documents in {len(segments)} segment{plural} ({removed} removed)"


def check_removable(out: pathlib.Path, manifest: str, ids: list, listing: Listing) -> None:
    """Refuses ``--remove`` ids that neither the archive (its segments' ids files) nor the input
    holds: listed as removed, they would be counted off the archive's documents."""
    held = set(segment_ids(out, manifest))
    held.update(archive_sources.source_id(source) for source in listing.sources)
    unknown = [id for id in dict.fromkeys(ids) if id not in held]
    if unknown:
        named = ", ".join(shown_id(id) for id in unknown[:3])
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        raise InputError(f"--remove: the archive holds no document {named}{more}; nothing was "
                         "removed")


def segment_ids(out: pathlib.Path, manifest: str) -> list:
    """The ids of every segment of the archive in ``out``, in number order, from its ids files."""
    names = [segment["name"] for segment in json.loads(manifest)["segments"]]
    return [id for name in names
            for id in plagscope.archive_ids(
                manifest, name, (out / plagscope.archive_segment_files(name)["ids"]).read_bytes())]


def report(stats: dict, skipped: int, seconds: float) -> None:
    """The build's summary line, with where its time went (the fixed costs an added segment pays
    whatever its size: the cluster's start, the listing, reading the segments' ids)."""
    steps = ", ".join(f"{step} {stats[step]:.1f} s"
                      for step in ("start", "list", "ids", "analysis", "merge", "finish") if step in stats)
    print(f"{stats['documents']} documents, {stats['words']} words, {stats['partitions']} partitions "
          f"written, {stats['bytes']} bytes, {skipped} skipped, {seconds:.1f} s ({steps})")


def new_manifest(args, listing: Listing) -> str:
    """The manifest of a new archive, its layout sized for the input (or --layout-*)."""
    if not listing.sources:
        raise InputError("no document to build an archive from")
    documents = args.layout_documents or len(listing.sources)
    words = args.layout_words or listing.average_words()
    return plagscope.new_manifest(None, plagscope.archive_layout_for(documents, words))


def gather_sources(client, args, out: pathlib.Path, manifest: str, listing: Listing, stats: dict):
    """``(manifest, old segments, sources)``: the manifest the new segment goes into (an empty one of
    the same options and layout when compacting), the segments it replaces, and the documents."""
    started = time.monotonic()
    parsed = plagscope_manifest(manifest)
    sources = list(listing.sources)
    if args.compact:
        removed = set(parsed["removed"]) | set(args.remove)
        kept = [s for s in read_groups(client, out, parsed) if s[1] not in removed]
        fresh = plagscope.new_manifest(parsed["options"], parsed["layout"])
        return fresh, [b["name"] for b in parsed["segments"]], check_new_ids(kept, sources, set())
    # Each segment's ids file, not its documents: growing an archive reads no text back.
    ids = segment_ids(out, manifest)
    sources = check_new_ids(ids, sources, set(parsed["removed"]))
    stats["ids"] = time.monotonic() - started
    return manifest, [], sources


def check_new_ids(kept: list, sources: list, removed: set) -> list:
    """The archive's kept documents (ids or sources) followed by the new sources, if no new id is
    the archive's already or removed (checks would hide it)."""
    have = {k if isinstance(k, str) else k[1] for k in kept}
    for source in sources:
        id = archive_sources.source_id(source)
        if id in have:
            raise InputError(f"the archive holds a document {shown_id(id)} already")
        if id in removed:
            raise InputError(f"{shown_id(id)} was removed from the archive: compact it (--compact) "
                             "before adding a document of that id again")
    return [k for k in kept if not isinstance(k, str)] + sources


def plagscope_manifest(manifest: str) -> dict:
    """The manifest as a dict (checked by the core first)."""
    plagscope.manifest_remove(manifest, [])  # Parses and checks it: a bad manifest raises here.
    return json.loads(manifest)


def read_groups(client, out: pathlib.Path, parsed: dict) -> list:
    """Every document of the archive as a source, in order, read back by the cluster."""
    size = parsed["layout"]["groupDocuments"]
    futures = [
        client.submit(archive_tasks.read_group, str(out / segment["name"]), group, pure=False)
        for segment in parsed["segments"]
        for group in range(-(-segment["documents"] // size))
    ]
    return [item for future in futures for item in future.result()]


def build_segment(client, args, out: pathlib.Path, manifests, documents, stats: dict) -> str:
    """Builds ``sources`` as a new segment; the manifest that lists it. ``manifests``: the one the
    segment goes into, and the segment names of the one on disk; ``documents``: the sources and the
    listing of the new ones (their words size the segment's partitions). The segment's folder is
    ``stats["segment_dir"]`` from before its first file (``run`` removes it if the build fails)."""
    manifest, taken = manifests
    sources, listing = documents
    parsed = plagscope_manifest(manifest)
    taken = set(taken) | {segment["name"] for segment in parsed["segments"]}
    name = args.segment or plagscope.next_segment_name(sorted(taken))
    if name in taken:
        raise InputError(f"the archive has a segment {name!r} already")
    # The core's assembly: the layout this segment is cut by (the archive's for a first segment
    # or a compaction, else partitions sized for the segment's own postings), then the files'
    # checks the tasks return, then the directories and the manifest.
    assembly = plagscope.SegmentAssembly(manifest, name, len(sources), listing.average_words())
    segment_dir = out / name
    if segment_dir.exists():  # Left by a build that failed: no manifest lists it.
        print(f"removing {segment_dir}, which no manifest lists", file=sys.stderr)
        shutil.rmtree(segment_dir)
    stats["segment_dir"] = segment_dir
    run_tasks(client, args, (assembly, parsed["options"]), segment_dir, sources, stats)
    started = time.monotonic()
    manifest, files = assembly.finish([archive_sources.source_id(source) for source in sources])
    for path, data in files:
        archive_tasks.write_file(out / path, data)
    stats["bytes"] = sum(f.stat().st_size for f in segment_dir.rglob("*") if f.is_file())
    stats["finish"] = time.monotonic() - started
    return manifest


def run_tasks(client, args, segment, segment_dir: pathlib.Path, sources: list, stats: dict) -> None:
    """The map tasks (analysis, with the archive's options) and the reduce tasks (merging
    partitions); ``segment``: the assembly and the options. Each file's check goes to the
    assembly."""
    started = time.monotonic()
    assembly, options = segment
    layout = assembly.layout
    size = layout["groupDocuments"]
    workers = max(1, len(client.scheduler_info()["workers"]))
    # A segment of under a chunk a worker (1% more documents) is cut smaller, so that every worker
    # has a share: one task of 1,000 documents left one of two workers idle. The files are the
    # same however the segment is cut.
    chunk = -(-min(args.chunk, -(-len(sources) // (2 * workers))) // size) * size
    ranges = merge_ranges(client, layout)
    parts = []
    for task, start in enumerate(range(0, len(sources), chunk)):
        # Scattered, not in the task graph: a chunk of texts goes straight to a worker.
        [documents] = client.scatter([sources[start : start + chunk]])
        parts.append(client.submit(archive_tasks.build_part, task, start, documents, options, layout,
                                   str(segment_dir), ranges, pure=False))
    parts = [part.result() for part in parts]
    stats["analysis"] = time.monotonic() - started
    merged = [m for future in reduce_tasks(client, parts, segment_dir) for m in future.result()]
    stats["merge"] = time.monotonic() - started - stats["analysis"]
    shutil.rmtree(segment_dir / ".parts", ignore_errors=True)
    for part in parts:
        assembly.add_counts(part["documents"], part["words"])
        for group, length, xxh3 in part["groups"]:
            assembly.add_group(group, (length, xxh3))
    for partition, length, xxh3, postings in merged:
        assembly.add_partition(partition, (length, xxh3), postings)
    stats.update(documents=sum(p["documents"] for p in parts), words=sum(p["words"] for p in parts),
                 partitions=len(merged))


def merge_ranges(client, layout: dict) -> int:
    """How many contiguous ranges of partitions the merge has, one task each: four a worker (to
    even out their load), and more for a large layout so that a task holds about 1,024 partitions'
    pieces (about 20 MB a range at 10^6 documents) in memory at once."""
    workers = max(1, len(client.scheduler_info()["workers"]))
    partitions = 1 << layout["partitionBits"]
    return max(1, min(partitions, max(workers * 4, partitions // 1024)))


def reduce_tasks(client, parts: list, segment_dir: pathlib.Path) -> list:
    """A merge task for each range the parts wrote pieces of, given the tasks that did."""
    tasks_of = {}
    for part in parts:
        for merge_range in part["ranges"]:
            tasks_of.setdefault(merge_range, []).append(part["task"])
    return [client.submit(archive_tasks.merge_range, merge_range, tasks, str(segment_dir), pure=False)
            for merge_range, tasks in sorted(tasks_of.items())]


def write_atomically(path: pathlib.Path, data: bytes) -> None:
    """Writes ``path`` whole or not at all: a temporary file beside it, renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    with open(temporary, "rb") as written:
        os.fsync(written.fileno())
    os.replace(temporary, path)


if __name__ == "__main__":  # The guard LocalCluster's worker processes need (they import this file).
    sys.exit(main())
