"""Checking a scenario against a map (pure): every position on the map, no set-up overstacked (R4.1, R17)."""

from __future__ import annotations

from collections import defaultdict

from malaya.engine.board import Board, Terrain
from malaya.engine.hexgrid import Hex, to_offset
from malaya.engine.mistakes import Finding, Mistake, RulesError, finding, found_at
from malaya.engine.placement import resolve_at
from malaya.engine.ruleset import stacking_limit
from malaya.engine.scenario import Scenario


def setup_problems(scenario: Scenario, board: Board) -> list[Finding]:
    """Problems of a scenario on a map: unknown places, sea hexes, overstacked set-up (R4.1)."""
    problems: list[Finding] = []
    stacks: dict[Hex, int] = defaultdict(int)
    stacking = {u.id: u.stacking for u in scenario.units}
    for i, p in enumerate(scenario.setup):
        try:
            h = resolve_at(board, p.at)
        except RulesError as err:
            problems.append(found_at(err.found, f"setup[{i}].at"))
            continue
        if h is None:
            continue
        if board.terrain_at(h) is Terrain.SEA:
            problems.append(finding(Mistake.SEA_HEX, f"setup[{i}].at", at=repr(p.at)))
        stacks[h] += stacking.get(p.unit, 0)  # an unknown unit is a problem of its own (scenario_problems)
    for h, points in sorted(stacks.items()):
        limit = stacking_limit(scenario.ruleset.stacking, board.terrain_at(h))
        if points > limit:
            col, row = to_offset(h, board.stagger)  # where a modder finds it: the Tiled cell
            problems.append(finding(Mistake.OVERSTACKED, "setup", points=points, col=col, row=row, limit=limit))
    named = [(f"victory.objectives.{n}", n) for n in scenario.victory.objectives]
    naval = scenario.ruleset.naval
    named += [
        ("ruleset.naval.penang", naval.penang),
        ("ruleset.naval.cw_destination", naval.cw_destination),
    ]
    for o in scenario.options:
        named += [(f"options.{o.id}.effects.fortress_hexes", at) for at in o.effects.fortress_hexes]
    named += _hint_positions(scenario)
    for where, at in named:
        try:
            resolve_at(board, at)
        except RulesError as err:
            problems.append(found_at(err.found, where))
    problems += _first_landing_problems(scenario, board)
    return problems


def _hint_positions(scenario: Scenario) -> list[tuple[str, str]]:
    """Every place the ``[ai]`` tables name, with its field path."""
    named: list[tuple[str, str]] = []
    for side, hints in scenario.ai.items():
        path = f"ai.{side.value}"
        named += [(f"{path}.targets.{t.place}", t.place) for t in hints.targets]
        named += [(f"{path}.avoid", at) for at in hints.avoid]
        for i, zone in enumerate(hints.hold):
            named += [(f"{path}.hold[{i}].zone", at) for at in zone.zone]
            named += [(f"{path}.hold[{i}].bottleneck", at) for at in (zone.bottleneck,) if at]
    return named


def _first_landing_problems(scenario: Scenario, board: Board) -> list[Finding]:
    """A fixed first landing (R17) must name a place on the map, and a port, or the unit could never sail."""
    ports = {p.hex for p in board.places if p.port}
    out = []
    for i, p in enumerate(scenario.setup):
        if not p.first_landing:
            continue
        try:
            h = resolve_at(board, p.first_landing)
        except RulesError as err:
            out.append(found_at(err.found, f"setup[{i}].first_landing"))
            continue
        if h is not None and h not in ports:
            out.append(finding(Mistake.NOT_A_PORT, f"setup[{i}].first_landing", at=repr(p.first_landing)))
    return out
