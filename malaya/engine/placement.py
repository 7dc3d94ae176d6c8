"""Position strings of scenario data, resolved on a map (pure).

A position is a place name optionally followed by direction steps, each
``+N``, ``+NE``, ``+SE``, ``+S``, ``+SW`` or ``+NW`` (``hexgrid.DIRECTION_NAMES``):
``"Jitra"``, ``"Singora+S"``, ``"Patani+SW+S"``. ``"jp_box"`` is the JP
off-map box (Indochina), which has no hex.
"""

from __future__ import annotations

import difflib
from typing import Annotated

from pydantic import AfterValidator

from malaya.engine.board import Board
from malaya.engine.hexgrid import DIRECTION_NAMES, Hex
from malaya.engine.mistakes import Mistake, mistake

JP_BOX = "jp_box"


def parse_at(at: str) -> tuple[str, tuple[int, ...]]:
    """Split ``"Patani+SW+S"`` into the place name and direction indices (a ``RulesError`` if bad)."""
    name, *steps = (part.strip() for part in at.split("+"))
    if not name:
        raise mistake(Mistake.NO_PLACE_NAME, at=repr(at))
    dirs = []
    for step in steps:
        if step.upper() not in DIRECTION_NAMES:
            raise mistake(Mistake.NOT_A_DIRECTION, at=repr(at), step=repr(step), directions=tuple(DIRECTION_NAMES))
        dirs.append(DIRECTION_NAMES.index(step.upper()))
    if name == JP_BOX and dirs:
        raise mistake(Mistake.BOX_NO_STEPS, at=repr(at))
    return name, tuple(dirs)


def resolve_at(board: Board, at: str) -> Hex | None:
    """The hex named by a position string; None for the JP off-map box (a ``RulesError`` if unknown)."""
    name, dirs = parse_at(at)
    if name == JP_BOX:
        return None
    try:
        h = board.place(name).hex
    except KeyError:
        close = difflib.get_close_matches(name, [p.name for p in board.places], n=1)
        if close:
            raise mistake(Mistake.UNKNOWN_PLACE_CLOSE, at=repr(at), place=repr(name), close=repr(close[0])) from None
        raise mistake(Mistake.UNKNOWN_PLACE, at=repr(at), place=repr(name)) from None
    for d in dirs:
        h = h.neighbor(d)
        if not board.on_map(h):
            raise mistake(Mistake.OFF_MAP, at=repr(at))
    return h


def _at(value: str) -> str:
    """Check a position string's syntax (place existence needs a board)."""
    parse_at(value)
    return value


Position = Annotated[str, AfterValidator(_at)]
"""A position string (place name + direction steps, or ``jp_box``); syntax-checked."""
