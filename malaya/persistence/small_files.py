"""Reading the game's small files (settings, lesson progress, markers) so that no file can stop the game.

:func:`read_small` opens a regular file only (a pipe, device or folder is refused from its ``stat`` and the
open never blocks) and reads at most ``limit`` bytes; :func:`parse_json` turns them into JSON values, a
file nested thousands deep or not UTF-8 being refused like any other damage. Every refusal is a
:class:`FileProblem` that says what is wrong in plain words.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from malaya.session.words.catalog import say

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


class FileProblem(ValueError):
    """A small file that cannot be used, and why (plain words)."""


def read_small(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); FileProblem if it is not one or is larger.

    A missing file raises FileNotFoundError (the caller's defaults apply)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise FileProblem(say("small_files.not_a_file"))
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise
    except OSError as err:
        raise FileProblem(say("small_files.cannot_read", reason=err.strerror or err)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else since the stat
            raise FileProblem(say("small_files.not_a_file"))
        data = os.read(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileProblem(say("small_files.too_large", limit=limit // 1024))
    return data


def parse_json(data: bytes) -> object:
    """The JSON value in ``data``; FileProblem if it is not UTF-8 JSON or is nested too deep to read."""
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise FileProblem(say("small_files.too_deep")) from None
    except ValueError:
        raise FileProblem(say("small_files.not_json")) from None
