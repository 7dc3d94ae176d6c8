"""Reading a content file safely: only a regular file, never blocking on open, never more than a cap.

A FIFO named ``scenario.toml`` would block an ordinary ``open`` for ever; ``/dev/zero`` (or a link to
it) would be read until memory runs out. Here the file is opened without blocking, checked to be a
regular file on the open descriptor itself (so a swap between the check and the read changes
nothing), and read up to its cap; anything else is a :class:`FileRefused` with a reason in plain words.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from malaya.content.errors import ContentError
from malaya.content.said import Flaw, Said, in_file, said

TOML_CAP = 4 * 1024 * 1024
"""The largest scenario, ruleset, counters or lesson file read (the campaign's scenario is ~40 KB)."""
MAP_CAP = 64 * 1024 * 1024
"""The largest TMX or TSX file read (the campaign map is ~2 MB)."""
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


class FileRefused(ContentError):
    """A content file that is not there, not a regular file, or too large: its name and why."""

    def __init__(self, name: str, reason: Said) -> None:
        self.name = name
        self.reason = reason
        super().__init__(in_file(name, reason))


_KIND_SAID = {stat.S_IFDIR: Flaw.IS_FOLDER, stat.S_IFIFO: Flaw.IS_PIPE, stat.S_IFCHR: Flaw.IS_DEVICE,
              stat.S_IFBLK: Flaw.IS_DEVICE, stat.S_IFSOCK: Flaw.IS_SOCKET}


def not_a_file(mode: int) -> Said:
    """Why a file that is not a regular file is refused (``is a folder, not a file``)."""
    return said(_KIND_SAID.get(stat.S_IFMT(mode), Flaw.IS_SPECIAL_FILE))


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in plain words (for a save's reader, ``persistence/reading.py``)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def read_capped(path: Path, cap: int = TOML_CAP, shown: str | None = None) -> bytes:
    """The bytes of the regular file ``path`` (at most ``cap``); FileRefused naming ``shown`` otherwise."""
    name = shown if shown is not None else path.name
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise FileRefused(name, said(Flaw.FILE_NOT_FOUND)) from None
    except OSError as err:
        raise FileRefused(name, said(Flaw.CANNOT_READ_FILE, why=str(err.strerror or err))) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(name, not_a_file(mode))
        with os.fdopen(os.dup(fd), "rb") as stream:
            data = stream.read(cap + 1)
    except OSError as err:
        raise FileRefused(name, said(Flaw.CANNOT_READ_FILE, why=str(err.strerror or err))) from None
    finally:
        os.close(fd)
    if len(data) > cap:
        raise FileRefused(name, said(Flaw.TOO_LARGE, mb=cap // (1024 * 1024)))
    return data


def check_regular(path: Path, cap: int, shown: str | None = None) -> None:
    """FileRefused unless ``path`` is a regular file of at most ``cap`` bytes (checked without opening it)."""
    name = shown if shown is not None else path.name
    try:
        info = path.stat()
    except FileNotFoundError:
        raise FileRefused(name, said(Flaw.FILE_NOT_FOUND)) from None
    except OSError as err:
        raise FileRefused(name, said(Flaw.CANNOT_READ_FILE, why=str(err.strerror or err))) from None
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(name, not_a_file(info.st_mode))
    if info.st_size > cap:
        raise FileRefused(name, said(Flaw.TOO_LARGE, mb=cap // (1024 * 1024)))
