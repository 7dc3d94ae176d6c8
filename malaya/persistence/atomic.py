"""Crash-safe file replacement: a save is always either the old complete file or the new one.

``atomic_write`` writes a temporary file in the same directory, flushes and fsyncs it, keeps
the previous file as a backup (a hard link, so the slot's own name never goes missing), then
renames the temporary file over the slot with ``os.replace`` (atomic on POSIX and Windows) and
fsyncs the directory where the OS allows it, so the rename itself survives a power cut.

Nothing is ever written *through* a link: the temporary file is created new (``O_EXCL``, ``O_NOFOLLOW``)
and the rename replaces whatever the name was — a symbolic link planted at the target is replaced, never
followed, and the file it points to is left alone (nor is it kept as the backup). Files are created with
the user's normal permissions (``0o666`` less the umask), as any program's files are.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 600
_WRITER = re.compile(r"^\..+\.(\d+)\.[^.]+\.tmp$")
"""``.NAME.json.<pid>.<random>.tmp``: the process that writes a temporary file is in its name."""


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept: ``NAME.bak.json`` for ``NAME.json``."""
    return path.with_name(f"{path.stem}.bak{path.suffix}")


def is_temp(path: Path) -> bool:
    """True for a temporary file an interrupted write may have left behind."""
    return path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX)


def fsync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where directories cannot be opened, e.g. Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_CREATE = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
           | getattr(os, "O_BINARY", 0))
"""A new file only: never an existing one, never through a link."""


def _new_file(folder: Path, name: str) -> tuple[int, str]:
    """A new, empty temporary file in ``folder`` (mode 0o666 less the umask), open for writing, and its path."""
    while True:
        temp = os.path.join(folder, f".{name}.{os.getpid()}.{secrets.token_hex(6)}{TEMP_SUFFIX}")
        try:
            return os.open(temp, _CREATE, 0o666), temp
        except FileExistsError:
            continue


def _write_temp(folder: Path, name: str, data: bytes) -> Path:
    """Write ``data`` to a new fsynced temporary file in ``folder``; its path."""
    fd, temp = _new_file(folder, name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return Path(temp)


def _keep_backup(path: Path) -> None:
    """Keep the current ``path`` as its backup, atomically, without ever removing ``path``.

    Only a regular file is kept: a link, pipe or folder at ``path`` is neither followed nor read."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return
    except FileNotFoundError:
        return
    backup = backup_path(path)
    link = path.with_name(f".{path.name}.{os.getpid()}.link{TEMP_SUFFIX}")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(link)
    try:
        os.link(path, link, follow_symlinks=False)
    except OSError:  # no hard links here (some filesystems): copy the bytes instead
        link = _write_temp(path.parent, path.name, path.read_bytes())
    try:
        os.replace(link, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(link)
        raise


def _writer_gone(item: Path) -> bool:
    """True if the process named in a temporary file's name no longer runs (POSIX; elsewhere unknown: False)."""
    found = _WRITER.match(item.name)
    if found is None or os.name != "posix" or int(found[1]) == os.getpid():
        return False
    try:
        os.kill(int(found[1]), 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except OSError:  # it exists but belongs to someone else
        return False
    return False


def sweep_stale_temps(folder: Path, max_age: float = STALE_TEMP_SECONDS) -> None:
    """Delete temporary files an interrupted write left in ``folder``: its writer is gone, or it is old."""
    now = time.time()
    for item in folder.glob(f".*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if _writer_gone(item) or now - item.lstat().st_mtime > max_age:
                item.unlink()


def atomic_write(path: Path, data: bytes, *, backup: bool = True) -> None:
    """Replace ``path`` with ``data`` so that a crash at any moment leaves the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = _write_temp(path.parent, path.name, data)
    try:
        if backup:
            _keep_backup(path)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_directory(path.parent)
