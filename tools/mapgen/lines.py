"""Roads and railways as chains of adjacent land hexes between waypoints."""

from __future__ import annotations

import heapq
from typing import Any

from malaya.engine.board import Connection, Terrain
from malaya.engine.hexgrid import Hex, edge, line

from .model import MapData

STEP_COST = {
    Terrain.CLEAR: 1.0,
    Terrain.PLANTATION: 1.0,
    Terrain.TOWN: 1.0,
    Terrain.CITY: 1.0,
    Terrain.FORTRESS: 1.0,
    Terrain.JUNGLE: 1.3,
    Terrain.SWAMP: 1.8,
    Terrain.MOUNTAIN: 2.0,
}


def can_step(data: MapData, a: Hex, b: Hex) -> bool:
    """True if a road/rail may join adjacent hexes a and b (land, no strait crossing)."""
    la, lb = data.landmass.get(a), data.landmass.get(b)
    if la is None or lb is None:
        return False
    return la == lb or edge(a, b) == data.causeway


def route(data: MapData, a: Hex, b: Hex) -> list[Hex]:
    """The straight hex line from a to b if it stays on land, else the cheapest land path."""
    path = line(a, b)
    if all(can_step(data, x, y) for x, y in zip(path, path[1:], strict=False)):
        return path
    return _astar(data, a, b)


def _astar(data: MapData, start: Hex, goal: Hex) -> list[Hex]:
    """Cheapest land path by terrain step cost (deterministic tie-breaking)."""
    frontier: list[tuple[float, float, Hex]] = [(0.0, 0.0, start)]
    came: dict[Hex, Hex | None] = {start: None}
    cost: dict[Hex, float] = {start: 0.0}
    while frontier:
        _, g, cur = heapq.heappop(frontier)
        if cur == goal:
            break
        if g > cost[cur]:
            continue
        for nxt in cur.neighbors():
            if not can_step(data, cur, nxt):
                continue
            ng = g + STEP_COST[data.terrain[nxt]]
            if nxt not in cost or ng < cost[nxt]:
                cost[nxt] = ng
                came[nxt] = cur
                heapq.heappush(frontier, (ng + nxt.distance(goal), ng, nxt))
    if goal not in came:
        raise ValueError(f"no land route from {start} to {goal}")
    path = [goal]
    while (prev := came[path[-1]]) is not None:
        path.append(prev)
    return path[::-1]


def _segments(spec: dict[str, Any]) -> list[list[str]]:
    """A line's stop lists: one for `stops`, several for `segments`."""
    return [spec["stops"]] if "stops" in spec else spec["segments"]


def build_lines(data: MapData) -> None:
    """Route every line and record its connections on both hexes (as edges)."""
    for spec in data.spec["line"]:
        kind = Connection(spec["kind"])
        edges = data.connections.setdefault(kind, set())
        paths: list[list[Hex]] = []
        for stops in _segments(spec):
            hexes = [data.place_hex(s) for s in stops]
            for a, b in zip(hexes, hexes[1:], strict=False):
                path = route(data, a, b)
                paths.append(path)
                edges.update(edge(x, y) for x, y in zip(path, path[1:], strict=False))
        data.line_paths[spec["name"]] = paths
