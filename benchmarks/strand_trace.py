"""Where the CW's stranded unit-turns come from (issue 18): a per-unit trace of the AI ladder's metric.

``python benchmarks/strand_trace.py [--seeds 30] [--first 0] [--jp baseline] [--cw hard]``

Every CW unit-turn the ladder counts as stranded (unsupplied on the mainland within 10 hexes of a Singapore
fortress hex at a CW Supply phase, ``malaya/runners/ladder_watch.py``) is traced: the unit, its hex, how it left
Singapore island (pushed off by a retreat after combat, R12.8, from which island hex; or its own move), and
what it could reach from there that phase: a hex where it would be supplied (R10.4), an island hex, a
CW-held port (R10.3, R9.3). Prints the totals by cause, hex, island hex left and turn, and per seed.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from dataclasses import dataclass

from malaya.ai.knowledge import MapKnowledge, map_knowledge
from malaya.ai.strand_return import is_stranded
from malaya.content.campaign import load_game_def
from malaya.engine import rules
from malaya.engine.combat.events import UnitRetreated
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable
from malaya.engine.sides import Side
from malaya.engine.stacking import stack_points
from malaya.engine.state import GameState
from malaya.engine.supply import SupplyDetermined, supplied_hexes
from malaya.resources import scenario_file
from malaya.runners.pool import run_jobs
from malaya.runners.simulate import make_controller
from malaya.session.match import Match


@dataclass(frozen=True, slots=True)
class Stranded:
    """One stranded CW unit-turn."""

    seed: int
    turn: int
    unit: str
    hex: Hex
    points: int  # the unit's stacking points (1: a battalion)
    cause: str  # "retreat" (pushed off the island, R12.8), "move" (went itself) or "mainland" (never on it)
    left_from: Hex | None  # the island hex it left
    reach_supplied: int  # hexes it could reach and fit on (R4.1) where it would be supplied
    reach_island: int  # island hexes it could reach (full or not)
    port_distance: int  # hexes to the nearest CW-held mainland port (99: none)


@dataclass(frozen=True, slots=True)
class TracedGame:
    """One game's stranded unit-turns and its result (JP VP - CW VP)."""

    seed: int
    margin: int
    stranded: tuple[Stranded, ...]


def left_island(gd: GameDef, island: frozenset[Hex], before: GameState, after: GameState,
                 retreated: set[str], left: dict[str, tuple[str, Hex]]) -> None:
    """Note each CW unit that went from the island to the mainland in this action, and how."""
    for was, now in zip(before.units, after.units, strict=True):
        if gd.side_of(now.id) is Side.CW and was.hex in island and now.hex is not None and now.hex not in island:
            assert was.hex is not None
            left[now.id] = ("retreat" if now.id in retreated else "move", was.hex)


def stranded_now(gd: GameDef, state: GameState, seed: int, know: MapKnowledge,
                 left: dict[str, tuple[str, Hex]]) -> list[Stranded]:
    """The CW units stranded at this CW Supply phase (as the ladder counts them), with what each could reach."""
    out = []
    island = frozenset(know.redoubt)
    supplied = supplied_hexes(gd, state, Side.CW)
    points = stack_points(gd, state)
    ports = [p.hex for p in gd.board.places if p.port and state.controller(p.hex) is Side.CW and p.hex not in island]
    for u in state.units:
        if not is_stranded(gd, state, know, u.id):
            continue
        assert u.hex is not None
        size = gd.stacking_value(u.id)
        ok = supplied.get(gd.unit_def(u.id).type, frozenset())
        reach = reachable(gd, state, u.id)
        room = sum(1 for h in reach if h in ok and points.get(h, 0) + size <= gd.stacking_limit(h, state))
        cause, origin = left.get(u.id, ("mainland", None))
        out.append(Stranded(seed, state.turn, u.id, u.hex, size, cause, origin, room,
                            sum(1 for h in reach if h in island), min((u.hex.distance(p) for p in ports), default=99)))
    return out


def trace_game(gd: GameDef, seed: int, jp: str, cw: str) -> TracedGame:
    """Play one game as the ladder does and trace its stranded CW unit-turns."""
    match = Match.new(gd, seed=seed)
    bots = {Side.JP: make_controller(jp, Side.JP, seed * 2 + 1), Side.CW: make_controller(cw, Side.CW, seed * 2 + 2)}
    know = map_knowledge(gd)
    island = frozenset(know.redoubt)
    left: dict[str, tuple[str, Hex]] = {}
    found: list[Stranded] = []
    while not rules.is_terminal(match.state):
        before = match.state
        seen = len(match.events)
        match.submit(bots[before.side](gd, before))
        events = match.events[seen:]
        retreated = {e.unit for e in events if isinstance(e, UnitRetreated)}
        left_island(gd, island, before, match.state, retreated, left)
        if any(isinstance(e, SupplyDetermined) and e.side is Side.CW for e in events):
            found += stranded_now(gd, match.state, seed, know, left)
    result = rules.result(gd, match.state)
    assert result is not None
    return TracedGame(seed, result.margin, tuple(found))


_GD: dict[str, GameDef] = {}


def _worker(job: tuple[int, str, str]) -> TracedGame:
    """Pool worker: load the campaign once per process, then trace one game."""
    seed, jp, cw = job
    if "gd" not in _GD:
        _GD["gd"] = load_game_def(str(scenario_file()))
    return trace_game(_GD["gd"], seed, jp, cw)


def summary(games: list[TracedGame]) -> str:
    """The trace's totals as plain text."""
    rows = [s for g in games for s in g.stranded]
    per_seed = [len(g.stranded) for g in games]
    lines = [
        f"games {len(games)}, CW wins {sum(g.margin < 0 for g in games)}, stranded unit-turns {len(rows)}, "
        f"median {statistics.median(per_seed):g} a game",
        f"per seed: {per_seed}",
        f"by cause: {dict(Counter(s.cause for s in rows).most_common())}",
        f"by island hex left: {Counter(_cell(s.left_from) for s in rows).most_common()}",
        f"by hex: {Counter(_cell(s.hex) for s in rows).most_common(8)}",
        f"by turn: {sorted(Counter(s.turn for s in rows).items())}",
        f"one-point units: {sum(s.points == 1 for s in rows)}",
        f"could reach a supplied hex with room: {sum(s.reach_supplied > 0 for s in rows)}; an island hex, full "
        f"or not: {sum(s.reach_island > 0 for s in rows)}; a CW-held port within 10 hexes: "
        f"{sum(s.port_distance <= 10 for s in rows)}, within 5: {sum(s.port_distance <= 5 for s in rows)}",
        f"in games the CW won: {sum(len(g.stranded) for g in games if g.margin < 0)}",
    ]
    return "\n".join(lines)


def _cell(h: Hex | None) -> str:
    return "-" if h is None else f"({h.q},{h.r})"


def main() -> None:
    """Trace the seeds and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jp", default="baseline")
    parser.add_argument("--cw", default="hard")
    args = parser.parse_args()
    jobs = [(s, args.jp, args.cw) for s in range(args.first, args.first + args.seeds)]
    print(summary(run_jobs(_worker, jobs, 2)))


if __name__ == "__main__":
    main()
