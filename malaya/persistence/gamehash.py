"""A stable fingerprint of a game definition, so a save can tell which scenario version made it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from malaya.engine import Board, GameDef, Hex, canonical


def _canonical_key(key: object) -> object:
    """``canonical(key)``, with a shortcut for the hexes that key most board mappings."""
    return [key.q, key.r] if type(key) is Hex else canonical(key)


def _key_text(form: object) -> str:
    """``json.dumps(form, sort_keys=True)``, written directly for a hex's ``[q, r]`` (the same text)."""
    if type(form) is list and len(form) == 2 and type(form[0]) is int and type(form[1]) is int:
        return f"[{form[0]}, {form[1]}]"
    return json.dumps(form, sort_keys=True)


def _sorted_items(mapping: Mapping[Any, object]) -> list[list[object]]:
    """A mapping as ``[[key, value], ...]`` in canonical form, sorted by key."""
    items = [[_canonical_key(k), canonical(v)] for k, v in mapping.items()]
    return sorted(items, key=lambda kv: _key_text(kv[0]))


def board_description(board: Board) -> dict[str, object]:
    """Every static fact of the board in a canonical, JSON-ready form (mappings sorted by key)."""
    return {
        "name": board.name,
        "columns": board.columns,
        "rows": board.rows,
        "stagger": canonical(tuple(board.stagger)),
        "terrain": _sorted_items(board.terrain),
        "connections": _sorted_items({k: frozenset(v) for k, v in board.connections.items()}),
        "hexsides": _sorted_items(board.hexsides),
        "places": canonical(board.places),
        "country": _sorted_items(board.country),
    }


@lru_cache(maxsize=8)
def game_def_hash(gd: GameDef) -> str:
    """SHA-256 of the scenario (its JSON model) and the board; the same content gives the same hash anywhere.

    The computer player's hints (``[ai]``) are left out: they steer the computer, not the rules, so a save
    made before a hint changed still replays move for move."""
    content = {"scenario": gd.scenario.model_dump(mode="json", exclude={"ai"}), "board": board_description(gd.board)}
    text = json.dumps(content, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()
