"""Reading a save file safely: regular files only, the header first, sizes bounded before parsing.

- Only a regular file is ever opened (a FIFO, device or folder named ``*.json`` is refused
  from its ``stat``, and the open itself never blocks), and never more than
  :data:`MAX_SAVE_BYTES` + 1 bytes are read.
- :func:`read_header` reads at most :data:`HEADER_BYTES` and parses the top-level keys up to
  the log: the slot list costs the same for a 1 KiB save and a 16 MiB one.
- :func:`read_checked` reads the whole file, checks the header (the same check as the slot
  list), finds the scenario, and only then parses the rest, bounded by what a game of that
  scenario's length can hold: a huge log is refused before any model is built.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from malaya.content.campaign import load_game_def
from malaya.content.safe_files import file_kind
from malaya.engine import MAX_TURNS, GameDef
from malaya.persistence.errors import SaveError, clip
from malaya.persistence.format import (
    BODY_KEYS,
    HEADER_BYTES,
    ITEMS_PER_ACTION,
    MAX_SAVE_BYTES,
    SNAPSHOT_ITEMS,
    SaveFile,
    SaveHeader,
    max_actions,
    no_duplicate_keys,
    read_json,
    validate_raw,
)
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.migrations import version_of
from malaya.persistence.user_scenarios import find_scenario_file, user_scenarios_dir
from malaya.session.words.catalog import say

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
_DECODER = json.JSONDecoder(object_pairs_hook=no_duplicate_keys)
_SPACE = " \t\n\r"


def _refuse_unless_regular(mode: int, path: Path) -> None:
    """SaveError unless ``mode`` is a regular file's."""
    if not stat.S_ISREG(mode):
        raise SaveError(say("save_reading.not_a_file", file=path.name, kind=file_kind(mode)))


def _too_large(path: Path) -> SaveError:
    """The refusal of a file over MAX_SAVE_BYTES."""
    return SaveError(say("save_reading.too_large", file=path.name, limit=MAX_SAVE_BYTES // 2**20))


def read_start(path: str | Path, limit: int) -> tuple[bytes, int]:
    """At most ``limit`` bytes from the start of a regular file of at most MAX_SAVE_BYTES, and its size.

    One-line SaveError otherwise: a pipe or device is never opened, a huge file never read.
    """
    path = Path(path)
    try:
        _refuse_unless_regular(os.stat(path).st_mode, path)
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise SaveError(say("save_reading.not_found", file=path)) from None
    except OSError as err:
        raise SaveError(say("save_reading.cannot_read", file=path.name, reason=err.strerror or err)) from None
    try:
        info = os.fstat(fd)
        _refuse_unless_regular(info.st_mode, path)  # swapped for something else since the stat
        if info.st_size > MAX_SAVE_BYTES:
            raise _too_large(path)
        chunks, left = [], limit
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks), info.st_size
    except OSError as err:
        raise SaveError(say("save_reading.cannot_read", file=path.name, reason=err.strerror or err)) from None
    finally:
        os.close(fd)


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a save file, refusing huge ones unread; one-line SaveError on I/O problems."""
    data, _ = read_start(path, MAX_SAVE_BYTES + 1)
    if len(data) > MAX_SAVE_BYTES:  # it grew while being read
        raise _too_large(Path(path))
    return data


def _text_of(prefix: bytes, whole: bool, source: str) -> str:
    """The prefix as text (a character cut at its end is dropped unless it is the whole file)."""
    try:
        return prefix.decode("utf-8")
    except UnicodeDecodeError as err:
        if whole or err.start < len(prefix) - 3:
            raise SaveError(say("save_format.not_utf8", file=source)) from None
        return prefix[: err.start].decode("utf-8", errors="strict")


def _skip(text: str, pos: int) -> int:
    """The position of the next non-space character."""
    while pos < len(text) and text[pos] in _SPACE:
        pos += 1
    return pos


def _expect(text: str, pos: int, char: str) -> int:
    """The position after ``char`` (spaces skipped), else ValueError."""
    pos = _skip(text, pos)
    if text[pos:pos + 1] != char:
        raise ValueError(say("save_reading.expected_character", character=repr(char), position=pos))
    return pos + 1


def _header_pairs(text: str) -> dict[str, object]:
    """The top-level keys of a JSON object up to the first body key (ValueError/RecursionError if bad)."""
    header: dict[str, object] = {}
    pos = _expect(text, 0, "{")
    if text[_skip(text, pos):_skip(text, pos) + 1] == "}":
        return header
    while True:
        key, pos = _DECODER.raw_decode(text, _skip(text, pos))
        if not isinstance(key, str):
            raise ValueError(say("save_reading.key_not_text"))
        pos = _expect(text, pos, ":")
        if key in BODY_KEYS:
            return header
        if key in header:
            raise ValueError(say("save_format.key_twice", key=repr(clip(key, 40))))
        header[key], pos = _DECODER.raw_decode(text, _skip(text, pos))
        pos = _skip(text, pos)
        if text[pos:pos + 1] == "}":
            return header
        pos = _expect(text, pos, ",")


def parse_header(prefix: bytes, whole: bool, source: str) -> dict[str, object]:
    """The decoded header keys of a save from its first bytes (``whole``: they are the whole file)."""
    if not prefix.strip():
        raise SaveError(say("save_format.empty", file=source))
    text = _text_of(prefix, whole, source)
    if text[_skip(text, 0):_skip(text, 0) + 1] != "{":
        raise SaveError(say("save_format.not_an_object", file=source))
    try:
        return _header_pairs(text)
    except RecursionError:
        raise SaveError(say("save_format.nested_too_deeply", file=source)) from None
    except (ValueError, IndexError) as err:
        if not whole and len(prefix) >= HEADER_BYTES:
            raise SaveError(say("save_reading.no_header", file=source, size=HEADER_BYTES // 1024)) from None
        raise SaveError(say("save_format.invalid_json", file=source, problem=clip(err, 120))) from None


def _with_empty_log(header: dict[str, object], source: str) -> dict[str, object]:
    """The header with an empty log, so that it migrates and validates like a whole save."""
    version = version_of(header, source)
    return {**header, "log" if version == 1 else "actions": []}


def validate_header(header: dict[str, object], source: str) -> SaveHeader:
    """The checked header: the one check the slot list and every loader share."""
    checked = validate_raw(_with_empty_log(header, source), source, SaveHeader)
    assert isinstance(checked, SaveHeader)
    return checked


def read_header(path: str | Path) -> SaveHeader:
    """The checked header of a save file, reading at most HEADER_BYTES of it (the log is never read)."""
    path = Path(path)
    prefix, size = read_start(path, HEADER_BYTES)
    return validate_header(parse_header(prefix, size <= len(prefix), path.name), path.name)


def game_def_for(save: SaveHeader, source: str, gd: GameDef | None = None) -> GameDef:
    """The game definition a save needs: ``gd`` if it is that scenario's, else the installed one."""
    if gd is None:
        path = find_scenario_file(save.scenario_id)
        if not path.is_file():
            raise SaveError(say("save_reading.scenario_not_installed", file=source, scenario=save.scenario_id,
                                folder=user_scenarios_dir()))
        gd = load_game_def(path)
    if gd.scenario.id != save.scenario_id:
        raise SaveError(say("save_reading.other_scenario", file=source, scenario=save.scenario_id,
                            current=gd.scenario.id))
    if save.scenario_hash is not None and save.scenario_hash != game_def_hash(gd):
        raise SaveError(say("save_reading.scenario_changed", file=source, scenario=save.scenario_id))
    return gd


def _body(data: bytes, header: dict[str, object], source: str, turns: int) -> SaveFile:
    """The whole save from its bytes, bounded by a ``turns``-turn game; its header must be ``header``."""
    limit = max_actions(turns)
    raw = read_json(data, source, max_items=limit * ITEMS_PER_ACTION + SNAPSHOT_ITEMS + 4096)
    late = next((key for key in raw if key not in BODY_KEYS and key not in header), None)
    if late is not None:
        raise SaveError(say("save_reading.after_the_log", file=source, key=clip(late, 40)))
    save = validate_raw(raw, source, SaveFile, limit)
    assert isinstance(save, SaveFile)
    return save


def parse_save(data: bytes, source: str = "save", turns: int = MAX_TURNS) -> SaveFile:
    """Bytes → a current-version SaveFile (older versions migrated); one-line SaveError if bad."""
    header = parse_header(data[:HEADER_BYTES], len(data) <= HEADER_BYTES, source)
    validate_header(header, source)
    return _body(data, header, source, turns)


def read_checked(path: str | Path, gd: GameDef | None = None) -> tuple[SaveFile, GameDef]:
    """Read a save for its scenario (``gd`` or the installed one): header, scenario, then the bounded body."""
    path = Path(path)
    data = read_bytes(path)
    header = parse_header(data[:HEADER_BYTES], len(data) <= HEADER_BYTES, path.name)
    gd = game_def_for(validate_header(header, path.name), path.name, gd)
    return _body(data, header, path.name, gd.scenario.calendar.turns), gd


def read_save(path: str | Path) -> SaveFile:
    """Read and validate (not replay) a save file, bounded by the longest scenario allowed."""
    path = Path(path)
    return parse_save(read_bytes(path), path.name)
