"""One measured game of the AI ladder: the result, how each side played it, and the CPU each AI spent.

``play_ladder_game`` plays a game between two AI levels to its end and fills a :class:`LadderGame`:
the scenario's own result level and the side it favours, the campaign figures (JP air points used
and lapsed, the lapse floor, JP combats at 1:1 or worse, CW units stranded near Singapore), and,
for each side, the objectives it left open within one turn's reach, the captured victory hexes it
gave up, the optional units it bought that never reached the map, and the process CPU time of each
of its player-turns (measured only: it never affects play).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Literal

from malaya import engine
from malaya.ai.explain import AIExplanation
from malaya.ai.knowledge import redoubt_hexes
from malaya.ai.left_empty import victory_hexes
from malaya.engine import (
    AirPointsReceived,
    DiceRolled,
    Event,
    ForceZStatus,
    GameDef,
    GameState,
    Hex,
    HexControlChanged,
    Location,
    OptionalUnitAccepted,
    Phase,
    Side,
    SupplyDetermined,
    Terrain,
    in_air_range,
    jp_holds_singapore,
    route_to,
)
from malaya.persistence import save_match
from malaya.runners.simulate import make_controller
from malaya.session.match import Match
from malaya.session.words.catalog import say

NEAR_SINGAPORE = 10
"""Hexes from a Singapore fortress hex within which an unsupplied mainland CW unit is stranded."""

IN_PLAY = frozenset({Location.MAP, Location.JP_BOX, Location.LANDING})
"""Where a unit is once it has reached the game (an optional unit bought and placed)."""

ENEMY_WALKS_IN = frozenset({Phase.MOVEMENT, Phase.RAIL, Phase.NAVAL})
"""Phases in which a hex changes hands without a combat: a victory hex lost then was left empty."""


@dataclass(slots=True)
class SideWatch:
    """What one side did with the scenario's objectives in one game."""

    open_in_reach: set[Hex] = field(default_factory=set)  # objectives it could have walked onto, empty
    captured: set[Hex] = field(default_factory=set)  # victory hexes it took during the game
    given_up: int = 0  # captured victory hexes the enemy then walked into outside combat
    unexplained: int = 0  # of those, the ones its last player-turn's plan did not say it left empty, and why
    stated: frozenset[Hex] = frozenset()  # victory hexes its last player-turn's plan said it left empty
    bought: set[str] = field(default_factory=set)  # optional units it accepted (R16.1)
    turn_cpu: dict[int, float] = field(default_factory=dict)  # process CPU seconds per player-turn


@dataclass(slots=True)
class LadderWatch:
    """Running tallies of one game, fed every state change (the ladder's metric functions)."""

    near_singapore: frozenset[Hex]
    victory_hexes: frozenset[Hex]
    sides: dict[Side, SideWatch] = field(default_factory=lambda: {Side.JP: SideWatch(), Side.CW: SideWatch()})
    jp_ap_received: int = 0
    jp_ap_expired: int = 0
    jp_ap_floor: int = 0
    jp_combats: int = 0
    jp_combats_at_most_even: int = 0
    jp_combats_column_at_most_even: int = 0
    jp_most_unsupplied: int = 0
    cw_stranded_unit_turns: int = 0
    fell: dict[str, int] = field(default_factory=dict)

    def turn_ended(self, last: GameState) -> None:
        """A player-turn ended from ``last``: what JP AP were still in a pool lapse (R11.2)."""
        pool: Literal["attack", "defense"] = "attack" if last.side is Side.JP else "defense"
        self.jp_ap_expired += last.pool(pool, Side.JP)

    def place_check(self, gd: GameDef, state: GameState, turn: int, kl: Hex) -> None:
        """At a player-turn's end: note the turn Kuala Lumpur and Singapore (R15.1) first fell."""
        if "kl" not in self.fell and kl in state.jp_control:
            self.fell["kl"] = turn
        if "singapore" not in self.fell and jp_holds_singapore(gd, state):
            self.fell["singapore"] = turn

    def movement_started(self, gd: GameDef, state: GameState) -> None:
        """At a side's first Movement choice: note the objectives empty of the enemy it could walk onto."""
        side = state.side
        for h in gd.objective_vp:
            if state.controller(h) is not side and not _enemy_on(gd, state, h, side) and _in_reach(gd, state, h):
                self.sides[side].open_in_reach.add(h)

    def saw(self, gd: GameDef, events: list[Event], before: GameState, after: GameState) -> None:
        """Tally the events of one submitted action (made in ``before``) and the state they led to."""
        for e in events:
            if isinstance(e, AirPointsReceived) and e.side is Side.JP:
                self.jp_ap_received += e.points
                self.jp_ap_floor += unavoidable_lapse(gd, after, e.points)
            elif isinstance(e, DiceRolled) and e.side is Side.JP:
                self.jp_combats += 1
                self.jp_combats_at_most_even += Fraction(e.attack) <= Fraction(e.defense)
                self.jp_combats_column_at_most_even += column_at_most_even(e.column)
            elif isinstance(e, SupplyDetermined):
                self._supply_phase(gd, e.side, after)
            elif isinstance(e, OptionalUnitAccepted):
                self.sides[gd.side_of(e.unit)].bought.add(e.unit)
            elif isinstance(e, HexControlChanged) and e.hex in self.victory_hexes:
                self._changed_hands(e.hex, e.side, before.phase)

    def _changed_hands(self, h: Hex, taker: Side, phase: Phase) -> None:
        loser = self.sides[taker.enemy]
        if h in loser.captured and phase in ENEMY_WALKS_IN:
            loser.given_up += 1
            loser.unexplained += h not in loser.stated
        loser.captured.discard(h)
        self.sides[taker].captured.add(h)

    def _supply_phase(self, gd: GameDef, side: Side, state: GameState) -> None:
        unsupplied = [u for u in state.units if u.on_map and not u.supplied and gd.side_of(u.id) is side]
        if side is Side.JP:
            self.jp_most_unsupplied = max(self.jp_most_unsupplied, len(unsupplied))
        else:
            self.cw_stranded_unit_turns += sum(1 for u in unsupplied if u.hex in self.near_singapore)


def _enemy_on(gd: GameDef, state: GameState, h: Hex, side: Side) -> bool:
    return any(u.hex == h and u.on_map and gd.side_of(u.id) is not side for u in state.units)


def _in_reach(gd: GameDef, state: GameState, h: Hex) -> bool:
    """Some unit of the side to move can move onto ``h`` this phase (R7)."""
    return any(u.on_map and u.hex is not None and gd.side_of(u.id) is state.side
               and u.hex.distance(h) <= 2 * gd.unit_def(u.id).movement + 2
               and route_to(gd, state, u.id, h) is not None for u in state.units)


def stated_left_empty(bot: object, turn: int, side: Side) -> frozenset[Hex]:
    """The victory hexes a computer player's plan for this player-turn says it left empty, with the reason."""
    explanations = getattr(bot, "explanations", None)
    if not isinstance(explanations, AIExplanation):
        return frozenset()
    return frozenset(e.hex for e in explanations.turn_log(turn, side.value).intent.left_empty)


def unavoidable_lapse(gd: GameDef, state: GameState, points: int) -> int:
    """JP AP received at the start of a turn that no play could spend (a floor of what lapses, R11.2-R11.5).

    Each CW-held hex in JP air range can be attacked once, with at most the per-combat AP (R12.2, R11.3),
    and CW stacks do not move in the JP turn; 0 while Force Z may be struck (a strike could take AP, R9.7).
    """
    fz = gd.scenario.ruleset.force_z
    if state.force_z is ForceZStatus.AFLOAT and fz.first_turn <= state.turn <= fz.leaves_after_turn:
        return 0
    cw_hexes = {u.hex for u in state.units if u.on_map and u.hex is not None and gd.side_of(u.id) is Side.CW}
    in_range = sum(1 for h in cw_hexes if in_air_range(gd, state, Side.JP, h))
    return max(0, points - gd.scenario.ruleset.air.max_attack_per_combat * in_range)


def column_at_most_even(column: str) -> bool:
    """True for a ratio CRT column of 1:1 or worse for the attacker ("1:2", "1:1"); False otherwise."""
    if ":" not in column:
        return False
    attack, defense = column.split(":")
    return Fraction(int(attack), int(defense)) <= 1


def mainland_near_singapore(gd: GameDef, reach: int = NEAR_SINGAPORE) -> frozenset[Hex]:
    """Land hexes off Singapore island within ``reach`` hexes of a Singapore fortress hex."""
    island = redoubt_hexes(gd) | frozenset(gd.singapore_hexes)
    return frozenset(h for h in gd.adjacent if h not in island and gd.board.terrain_at(h) is not Terrain.SEA
                     and min(h.distance(s) for s in gd.singapore_hexes) <= reach)


@dataclass(frozen=True, slots=True)
class SideFigures:
    """One side's figures of one game."""

    level: str
    open_hexes: tuple[Hex, ...]  # objectives left empty within one turn's reach of its units (at a Movement phase)
    open_held: tuple[Hex, ...]  # of those, the ones held by the side when the game ended
    given_up: int  # captured victory hexes the enemy walked into outside combat
    unexplained: int  # of those, the ones not named in the side's plan (the W panel) with the reason
    bought_never_placed: int  # optional units bought (R16.1) that never reached the map
    turn_cpu_s: tuple[float, ...]  # process CPU seconds of each of its player-turns


@dataclass(frozen=True, slots=True)
class LadderGame:
    """One measured game of the ladder."""

    scenario: str
    seed: int
    jp: str
    cw: str
    winner: Side | None  # the side the scenario's result level favours; None: a draw
    level: str  # the result level's name
    margin: int
    kl_fell: int | None
    singapore_fell: int | None
    jp_ap_received: int
    jp_ap_expired: int
    jp_ap_floor: int
    jp_combats: int
    jp_combats_at_most_even: int
    jp_combats_column_at_most_even: int
    jp_most_unsupplied: int
    cw_stranded_unit_turns: int
    jp_side: SideFigures
    cw_side: SideFigures

    def side(self, side: Side) -> SideFigures:
        """The figures of one side."""
        return self.jp_side if side is Side.JP else self.cw_side


def side_figures(gd: GameDef, state: GameState, watch: SideWatch, level: str, side: Side) -> SideFigures:
    """One side's figures from its watch and the final state."""
    placed = {u.id for u in state.units if u.location in IN_PLAY or u.location is Location.ELIMINATED}
    open_hexes = tuple(sorted(watch.open_in_reach))
    return SideFigures(level=level, open_hexes=open_hexes,
                       open_held=tuple(h for h in open_hexes if state.controller(h) is side),
                       given_up=watch.given_up, unexplained=watch.unexplained,
                       bought_never_placed=len(watch.bought - placed),
                       turn_cpu_s=tuple(watch.turn_cpu.values()))


def save_name(scenario: str, seed: int, jp: str, cw: str) -> str:
    """The save slot name of one ladder game: ``malaya1941 hard v hard seed 123``."""
    if not scenario:
        return say("ladder_cli.save_name_no_scenario", jp=jp, cw=cw, seed=seed)
    return say("ladder_cli.save_name", scenario=scenario, jp=jp, cw=cw, seed=seed)


def play_ladder_game(gd: GameDef, seed: int, jp: str, cw: str, scenario: str = "",
                     save_to: Path | None = None) -> LadderGame:
    """Play one game to the end, watching the ladder's metrics; saved in the folder ``save_to`` if given
    (to open with ``malaya replay`` or ``malaya report``)."""
    match = Match.new(gd, seed=seed)
    bots = {Side.JP: make_controller(jp, Side.JP, seed * 2 + 1), Side.CW: make_controller(cw, Side.CW, seed * 2 + 2)}
    watch = LadderWatch(mainland_near_singapore(gd), victory_hexes(gd))
    kl = gd.board.place("Kuala Lumpur").hex
    watch.saw(gd, list(match.events), match.state, match.state)
    moving: tuple[int, Side] | None = None
    while not engine.is_terminal(match.state):
        before = match.state
        seen = len(match.events)
        t0 = time.process_time()
        action = bots[before.side](gd, before)
        cpu = watch.sides[before.side].turn_cpu
        cpu[before.turn] = cpu.get(before.turn, 0.0) + time.process_time() - t0
        key = (before.turn, before.side)
        if before.phase is Phase.MOVEMENT and moving != key:
            moving = key
            watch.movement_started(gd, before)
        rejection = match.submit(action)
        if rejection is not None:
            raise RuntimeError(say("simulate_cli.illegal_action", level=jp if before.side is Side.JP else cw,
                                   side=before.side.value, action=action, reason=rejection))
        watch.saw(gd, match.events[seen:], before, match.state)
        if (match.state.turn, match.state.side) != key or engine.is_terminal(match.state):
            watch.turn_ended(before)
            watch.sides[before.side].stated = stated_left_empty(bots[before.side], before.turn, before.side)
            watch.place_check(gd, match.state, before.turn, kl)
    result = engine.result(gd, match.state)
    assert result is not None
    if save_to is not None:
        save_match(match, save_name(scenario, seed, jp, cw), {Side.JP: f"ai:{jp}", Side.CW: f"ai:{cw}"},
                   folder=save_to)
    end = match.state
    return LadderGame(
        scenario=scenario, seed=seed, jp=jp, cw=cw, winner=gd.scenario.victory.result_side(result.margin),
        level=result.level, margin=result.margin, kl_fell=watch.fell.get("kl"),
        singapore_fell=watch.fell.get("singapore"), jp_ap_received=watch.jp_ap_received,
        jp_ap_expired=watch.jp_ap_expired, jp_ap_floor=watch.jp_ap_floor, jp_combats=watch.jp_combats,
        jp_combats_at_most_even=watch.jp_combats_at_most_even,
        jp_combats_column_at_most_even=watch.jp_combats_column_at_most_even,
        jp_most_unsupplied=watch.jp_most_unsupplied, cw_stranded_unit_turns=watch.cw_stranded_unit_turns,
        jp_side=side_figures(gd, end, watch.sides[Side.JP], jp, Side.JP),
        cw_side=side_figures(gd, end, watch.sides[Side.CW], cw, Side.CW),
    )
