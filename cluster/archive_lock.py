"""The lock an archive build holds on its folder, so that two builds never write one archive at once.

Two builds into one folder, each reading the same manifest, both wrote a segment of the same name and
a manifest listing only their own, so one build's documents were lost while both reported them (and
a failed one's clean-up deleted the other's segment). A build therefore holds ``OUT/.build-lock`` from
before it reads the manifest until after it has written it (or cleaned up), and a second build is
refused, naming the first (its process, host and start) and what to do.

The lock is the operating system's (``fcntl.lockf``, a POSIX record lock, which NFS shares between
hosts): it ends with the process holding it, so a build that was killed leaves no lock to remove by
hand; the next build says it found one that did not finish and takes over (the segment folder it left
is removed as one no manifest lists). Record locks are not inherited by forked processes (a local
cluster's workers). The file holds the holder's ``{"pid", "host", "started"}`` for the refusal's
message, and is removed when the build ends (with the folder, if the build made it and left nothing
else there).
"""

from __future__ import annotations

import datetime
import errno
import json
import os
import pathlib
import socket
import sys

#: The lock's file in the archive's folder.
LOCK_NAME = ".build-lock"


class LockError(Exception):
    """The archive's folder is being written by another build, or cannot be locked."""


class BuildLock:
    """``with BuildLock(out):`` holds the lock on the archive folder ``out`` (made if missing)."""

    def __init__(self, out: pathlib.Path):
        self.out = out
        self.path = out / LOCK_NAME
        self.made_folder = False
        self.fd = None

    def __enter__(self) -> BuildLock:
        # The folder or the file may be removed between the steps by a build that just ended: then
        # the file locked is not the one at the path, and the lock is taken again.
        for _ in range(100):
            self.made_folder = self.made_folder or not self.out.exists()
            self.out.mkdir(parents=True, exist_ok=True)
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except FileNotFoundError:
                continue
            if self._lock(fd) and _same_file(fd, self.path):
                self.fd = fd
                self._take_over()
                return self
            os.close(fd)
        raise LockError(f"cannot take the lock {self.path}: other builds keep removing it")

    def _lock(self, fd: int) -> bool:
        """Locks ``fd``; refuses with the holder named if another build holds it."""
        import fcntl  # POSIX only, as the cluster job is.

        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError as error:
            holder = _holder(_read(fd))
            os.close(fd)
            if error.errno in (errno.EAGAIN, errno.EACCES):
                who = holder or f"it holds {self.path}"
                raise LockError(f"another build is writing the archive in {self.out} ({who}): wait "
                                "for it to end, or build into another folder") from None
            raise LockError(f"cannot lock {self.path} ({error.strerror}): the folder's file system "
                            "takes no locks (an NFS mount needs them: not `nolock`)") from None

    def _take_over(self) -> None:
        """Says so if a build that did not finish left the file, then writes this build's."""
        left = _holder(_read(self.fd))
        if left:
            print(f"a build that did not finish ({left}) left {self.path}: taking it over",
                  file=sys.stderr)
        mine = {"pid": os.getpid(), "host": socket.gethostname(),
                "started": datetime.datetime.now().astimezone().isoformat(timespec="seconds")}
        os.ftruncate(self.fd, 0)
        os.pwrite(self.fd, json.dumps(mine).encode("utf-8"), 0)
        os.fsync(self.fd)

    def __exit__(self, *_) -> None:
        # Removed while still locked: a build that opened this file meanwhile finds, once it has
        # the lock, that the file is not at the path any more, and takes the lock again.
        os.unlink(self.path)
        os.close(self.fd)
        if self.made_folder:
            try:
                self.out.rmdir()  # Only if empty: a build that failed before writing anything.
            except OSError:
                pass


def _same_file(fd: int, path: pathlib.Path) -> bool:
    """Whether ``path`` is still the file open as ``fd``."""
    try:
        there = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)


def _read(fd: int) -> bytes:
    """The lock file's contents (at most 4 KB: it is a line of JSON)."""
    return os.pread(fd, 4096, 0)


def _holder(data: bytes) -> str:
    """The build a lock file names, as a message says it: ``pid 4242 on host a, started …``."""
    try:
        holder = json.loads(data.decode("utf-8"))
        return f"pid {int(holder['pid'])} on host {holder['host']}, started {holder['started']}"
    except (ValueError, KeyError, TypeError):
        return ""
