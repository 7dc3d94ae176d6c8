"""The front line: the hexsides between JP- and CW-controlled land hexes (R13), for map overlays."""

from __future__ import annotations

from malaya.engine import GameDef, Hex, Terrain

_LAST: dict[str, object] = {}


def front_edges(gd: GameDef, jp_control: frozenset[Hex] | set[Hex]) -> list[tuple[Hex, int]]:
    """(JP-held land hex, direction) of every hexside on the front line, in a stable order."""
    key = (id(gd), frozenset(jp_control))
    if _LAST.get("key") == key:
        return _LAST["edges"]  # type: ignore[return-value]
    terrain = gd.board.terrain
    edges = []
    for h in sorted(jp_control):
        if terrain.get(h, Terrain.SEA) is Terrain.SEA:
            continue
        for d, n in enumerate(h.neighbors()):
            if n not in jp_control and terrain.get(n, Terrain.SEA) is not Terrain.SEA:
                edges.append((h, d))
    _LAST.update(key=key, edges=edges)
    return edges
