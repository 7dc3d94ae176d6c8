"""Invariants the generated map must satisfy (the generator fails if any is broken)."""

from __future__ import annotations

from malaya.engine.board import Connection, Hexside
from malaya.engine.hexgrid import Hex, edge, to_offset

from .model import MapData


def problems(data: MapData) -> list[str]:
    """Every broken invariant, one line each (empty when the map is sound)."""
    return _place_problems(data) + _connection_problems(data) + _causeway_problems(data)


def _place_problems(data: MapData) -> list[str]:
    out = []
    names = [p.name for p in data.places]
    if len(set(names)) != len(names):
        out.append("duplicate place names")
    hexes = [p.hex for p in data.places]
    if len(set(hexes)) != len(hexes):
        out.append("two places share a hex")
    for p in data.places:
        if not data.is_land(p.hex):
            out.append(f"place {p.name} is not on land")
        if p.props.get("entry"):
            kinds = [k for k, es in data.connections.items() if any(p.hex in e for e in es)]
            if to_offset(p.hex)[1] != 0 or not kinds:
                out.append(f"entry {p.name} is not a road/rail hex on the north edge")
    return out


def _connection_problems(data: MapData) -> list[str]:
    out = []
    for kind, edges in data.connections.items():
        for a, b in sorted(edges):
            if a.distance(b) != 1:
                out.append(f"{kind} {a}-{b} joins non-adjacent hexes")
            if not (data.is_land(a) and data.is_land(b)):
                out.append(f"{kind} {a}-{b} touches the sea")
            if data.hexsides.get((a, b)) in (Hexside.STRAIT, Hexside.SEA):
                out.append(f"{kind} {a}-{b} crosses a {data.hexsides[(a, b)]} hexside")
    return out


def _causeway_problems(data: MapData) -> list[str]:
    causeways = [e for e, k in data.hexsides.items() if k is Hexside.CAUSEWAY]
    if len(causeways) != 1:
        return [f"expected one causeway hexside, found {len(causeways)}"]
    e = causeways[0]
    missing = [k for k in Connection if e not in data.connections.get(k, set())]
    return [f"causeway lacks {k}" for k in missing]


def port_notes(data: MapData) -> list[str]:
    """Ports that touch neither a sea hex nor a strait (river ports are expected here)."""
    out = []
    for p in data.places:
        if p.props.get("port") and not any(_watery(data, p.hex, n) for n in p.hex.neighbors()):
            out.append(f"port {p.name} touches neither the sea nor a strait")
    return out


def _watery(data: MapData, h: Hex, n: Hex) -> bool:
    """True if n is a sea hex or the hexside h-n is a strait."""
    return (data.on_map(n) and not data.is_land(n)) or data.hexsides.get(
        edge(h, n)
    ) is Hexside.STRAIT
