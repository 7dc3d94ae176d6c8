"""Rivers routed along hexsides: shortest paths on the graph of hex corners.

Every hexside between two land hexes of one land mass is an edge of a graph whose
nodes are hex corners. A river is the cheapest corner path from the interior corner
nearest its source to the coastal corner nearest its mouth (or to the river it
joins); the cost of an edge grows with its distance from the river's polyline, so
the path follows the real course. The river is the chain of hexsides on that path:
continuous from source to sea by construction.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict

from malaya.engine.board import Hexside
from malaya.engine.hexgrid import Edge, edge

from .geo import SIDE_CORNERS as _OFFSETS
from .geo import Corner, Point, dist2, hex_centre, polyline_distance, side_corners
from .model import MapData

DEVIATION_WEIGHT = 3.0  # cost per hex of distance from the real course

Graph = dict[Corner, list[tuple[Corner, Edge]]]


def corner_graph(data: MapData) -> Graph:
    """Corners joined by hexsides between land hexes of the same land mass."""
    graph: dict[Corner, list[tuple[Corner, Edge]]] = defaultdict(list)
    for h in sorted(data.landmass):
        for d in range(3):
            n = h.neighbor(d)
            if data.landmass.get(n) != data.landmass[h]:
                continue
            a, b = side_corners(h, d)
            graph[a].append((b, edge(h, n)))
            graph[b].append((a, edge(h, n)))
    return dict(graph)


def corner_kinds(data: MapData) -> tuple[set[Corner], set[Corner]]:
    """(interior corners: three land hexes; coastal corners: touching a sea hex)."""
    touching: dict[Corner, list[bool]] = defaultdict(list)
    for h, terrain in data.terrain.items():
        cx, cy = hex_centre(h)
        for (dx, dy), _ in _OFFSETS:
            touching[(cx + dx, cy + dy)].append(terrain.value != "sea")
    interior = {c for c, land in touching.items() if len(land) == 3 and all(land)}
    coastal = {c for c, land in touching.items() if not all(land)}
    return interior, coastal


def _nearest(corners: set[Corner], p: Point) -> Corner:
    """The corner nearest ``p`` (ties broken by coordinates)."""
    return min(corners, key=lambda c: (dist2(c, p), c))


def _astar(
    graph: Graph, start: Corner, goal: Corner, ok: set[Corner], course: list[Point]
) -> list[Corner]:
    """Cheapest corner path from start to goal through allowed corners."""
    frontier: list[tuple[float, float, Corner]] = [(0.0, 0.0, start)]
    came: dict[Corner, Corner | None] = {start: None}
    cost = {start: 0.0}
    while frontier:
        _, g, cur = heapq.heappop(frontier)
        if cur == goal:
            break
        if g > cost[cur]:
            continue
        for nxt, _ in graph.get(cur, []):
            if nxt != goal and nxt not in ok:
                continue
            mid = ((cur[0] + nxt[0]) / 2, (cur[1] + nxt[1]) / 2)
            ng = g + 1.0 + DEVIATION_WEIGHT * polyline_distance(mid, course) / 56
            if nxt not in cost or ng < cost[nxt]:
                cost[nxt] = ng
                came[nxt] = cur
                h = math.sqrt(dist2(nxt, goal)) / 32
                heapq.heappush(frontier, (ng + h, ng, nxt))
    if goal not in came:
        raise ValueError(f"no river route from {start} to {goal}")
    path = [goal]
    while (prev := came[path[-1]]) is not None:
        path.append(prev)
    return path[::-1]


def build_rivers(data: MapData) -> dict[str, int]:
    """Route every river and mark its hexsides (on both hexes); return hexsides per river."""
    graph = corner_graph(data)
    interior, coastal = corner_kinds(data)
    interior &= set(graph)
    coastal &= set(graph)
    used: set[Corner] = set()
    drawn: dict[str, list[Corner]] = {}
    counts: dict[str, int] = {}
    for spec in data.spec["river"]:
        course = data.proj.poly(spec["course"])
        start = _nearest(interior - used, course[0])
        ends = set(drawn[spec["joins"]]) if "joins" in spec else coastal
        goal = _nearest(ends, course[-1])
        path = _astar(graph, start, goal, interior - used, course)
        kind = Hexside.RIVER_MAJOR if spec["kind"] == "major" else Hexside.RIVER_MINOR
        sides = _path_sides(graph, path)
        for e in sides:
            data.hexsides.setdefault(e, kind)
        used.update(path)
        drawn[spec["name"]] = path
        counts[spec["name"]] = len(sides)
    return counts


def _path_sides(graph: Graph, path: list[Corner]) -> list[Edge]:
    """The hexsides along a corner path."""
    sides = []
    for a, b in zip(path, path[1:], strict=False):
        sides.append(next(e for c, e in graph[a] if c == b))
    return sides
