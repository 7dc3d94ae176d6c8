"""The AI ladder (issue 18): every level against every level, both sides, N seeds, on both cores.

``python benchmarks/ai_ladder.py [--seeds 6] [--levels easy normal hard baseline] [--against LEVEL] [--scenario NAME]``

Per pairing (JP level vs CW level) it prints: JP and CW wins (VP margin sign), the median VP
margin (JP VP - CW VP), the median turns Kuala Lumpur and Singapore fell (and in how many
games), JP air points used and expired unused (R11.2: received minus what lapsed at the end of
a player-turn; "floor": the share no play could have spent, see
``unavoidable_lapse``), the share of JP combats at 1:1 or worse (by final strengths, air included, and by the CRT
column rolled on, after terrain shifts),
the median of the most JP units unsupplied at one JP Supply phase, the median CW unit-turns
stranded unsupplied on the mainland within 10 hexes of Singapore, and the median CPU time per
AI player-turn. ``baseline`` is today's hard AI frozen (malaya/ai/levels.py).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field
from fractions import Fraction

from malaya.ai.knowledge import island_hexes
from malaya.ai.levels import LEVELS
from malaya.content.campaign import load_game_def
from malaya.engine import rules
from malaya.engine.air import AirPointsReceived, in_air_range
from malaya.engine.combat.events import DiceRolled
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import ForceZStatus, GameState
from malaya.engine.supply import SupplyDetermined
from malaya.engine.terrain import Terrain
from malaya.engine.victory import jp_holds_singapore
from malaya.resources import scenario_file
from malaya.runners.pool import run_jobs
from malaya.runners.simulate import make_controller
from malaya.session.match import Match

NEAR_SINGAPORE = 10
"""Hexes from a Singapore fortress hex within which an unsupplied mainland CW unit is stranded."""


@dataclass(slots=True)
class LadderWatch:
    """Running tallies of one game, fed every state change (the ladder's metric functions)."""

    near_singapore: frozenset[Hex]
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
        pool = "attack" if last.side is Side.JP else "defense"
        self.jp_ap_expired += last.pool(pool, Side.JP)

    def place_check(self, gd: GameDef, state: GameState, turn: int, kl: Hex) -> None:
        """At a player-turn's end: note the turn Kuala Lumpur and Singapore (R15.1) first fell."""
        if "kl" not in self.fell and kl in state.jp_control:
            self.fell["kl"] = turn
        if "singapore" not in self.fell and jp_holds_singapore(gd, state):
            self.fell["singapore"] = turn

    def saw(self, gd: GameDef, events: list[Event], after: GameState) -> None:
        """Tally the events of one submitted action and the state they led to."""
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

    def _supply_phase(self, gd: GameDef, side: Side, state: GameState) -> None:
        unsupplied = [u for u in state.units if u.on_map and not u.supplied and gd.side_of(u.id) is side]
        if side is Side.JP:
            self.jp_most_unsupplied = max(self.jp_most_unsupplied, len(unsupplied))
        else:
            self.cw_stranded_unit_turns += sum(1 for u in unsupplied if u.hex in self.near_singapore)


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
    island = island_hexes(gd) | frozenset(gd.singapore_hexes)
    return frozenset(h for h in gd.adjacent if h not in island and gd.board.terrain_at(h) is not Terrain.SEA
                     and min(h.distance(s) for s in gd.singapore_hexes) <= reach)


@dataclass(frozen=True, slots=True)
class LadderGame:
    """One measured game of the ladder."""

    seed: int
    jp: str
    cw: str
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
    turn_cpu_s: float  # median CPU seconds per AI player-turn (both sides pooled)


def play_ladder_game(gd: GameDef, seed: int, jp: str, cw: str) -> LadderGame:
    """Play one game to the end, watching the ladder's metrics."""
    match = Match.new(gd, seed=seed)
    bots = {Side.JP: make_controller(jp, Side.JP, seed * 2 + 1), Side.CW: make_controller(cw, Side.CW, seed * 2 + 2)}
    watch = LadderWatch(mainland_near_singapore(gd))
    kl = gd.board.place("Kuala Lumpur").hex
    cpu: dict[tuple[int, Side], float] = {}
    watch.saw(gd, list(match.events), match.state)
    while not rules.is_terminal(match.state):
        before = match.state
        seen = len(match.events)
        t0 = time.process_time()
        action = bots[before.side](gd, before)
        key = (before.turn, before.side)
        cpu[key] = cpu.get(key, 0.0) + time.process_time() - t0
        rejection = match.submit(action)
        if rejection is not None:
            raise RuntimeError(f"{key} chose an illegal action {action}: {rejection}")
        watch.saw(gd, match.events[seen:], match.state)
        if (match.state.turn, match.state.side) != key or rules.is_terminal(match.state):
            watch.turn_ended(before)
            watch.place_check(gd, match.state, before.turn, kl)
    result = rules.result(gd, match.state)
    assert result is not None
    return LadderGame(
        seed=seed, jp=jp, cw=cw, margin=result.margin, kl_fell=watch.fell.get("kl"),
        singapore_fell=watch.fell.get("singapore"), jp_ap_received=watch.jp_ap_received,
        jp_ap_expired=watch.jp_ap_expired, jp_ap_floor=watch.jp_ap_floor, jp_combats=watch.jp_combats,
        jp_combats_at_most_even=watch.jp_combats_at_most_even,
        jp_combats_column_at_most_even=watch.jp_combats_column_at_most_even,
        jp_most_unsupplied=watch.jp_most_unsupplied,
        cw_stranded_unit_turns=watch.cw_stranded_unit_turns,
        turn_cpu_s=statistics.median(cpu.values()) if cpu else 0.0,
    )


_GD: dict[str, GameDef] = {}


def _worker(job: tuple[str, int, str, str]) -> LadderGame:
    """Pool worker: load the scenario once per process, then play one ladder game."""
    path, seed, jp, cw = job
    if path not in _GD:
        _GD[path] = load_game_def(path)
    return play_ladder_game(_GD[path], seed, jp, cw)


def pairings(levels: list[str], against: str = "") -> list[tuple[str, str]]:
    """(JP level, CW level) pairs: every level against every level, or each level against ``against`` both ways."""
    if not against:
        return [(jp, cw) for jp in levels for cw in levels]
    others = [lv for lv in levels if lv != against]
    return [pair for lv in others for pair in ((lv, against), (against, lv))]


def run_ladder(scenario: str, levels: list[str], seeds: int, processes: int = 2, against: str = "") -> list[LadderGame]:
    """The pairings' games, seeds 0..seeds-1, in a process pool."""
    path = str(scenario_file(scenario) if scenario else scenario_file())
    jobs = [(path, s, jp, cw) for jp, cw in pairings(levels, against) for s in range(seeds)]
    return run_jobs(_worker, jobs, processes)


def _median(values: list[int]) -> str:
    return "-" if not values else f"{statistics.median(values):g}"


def ladder_row(games: list[LadderGame]) -> str:
    """One table row summing up the games of one pairing."""
    first = games[0]
    received = sum(g.jp_ap_received for g in games)
    expired = sum(g.jp_ap_expired for g in games)
    floor = sum(g.jp_ap_floor for g in games)
    combats = sum(g.jp_combats for g in games)
    even = sum(g.jp_combats_at_most_even for g in games)
    column_even = sum(g.jp_combats_column_at_most_even for g in games)
    kl = [g.kl_fell for g in games if g.kl_fell is not None]
    sing = [g.singapore_fell for g in games if g.singapore_fell is not None]
    return (f"{first.jp:<8} {first.cw:<8} {len(games):>5} {sum(g.margin > 0 for g in games):>4} "
            f"{sum(g.margin < 0 for g in games):>4} {_median([g.margin for g in games]):>6} "
            f"{_median(kl):>4} ({len(kl)}) {_median(sing):>4} ({len(sing)}) "
            f"{received - expired:>5}/{received:<5} {100 * expired // max(1, received):>4}% "
            f"{100 * floor // max(1, received):>5}% "
            f"{100 * even // max(1, combats):>5}% {100 * column_even // max(1, combats):>5}% of {combats:<4} "
            f"{_median([g.jp_most_unsupplied for g in games]):>6} "
            f"{_median([g.cw_stranded_unit_turns for g in games]):>8} "
            f"{statistics.median(g.turn_cpu_s for g in games):>8.3f}")


HEADER = ("JP       CW       games   JP   CW margin   KL (n) Sing (n)  AP used/recv  exp. floor  <=1:1 col<=1:1 of n   "
          "JP uns. CW strnd  s/turn")


def ladder_table(games: list[LadderGame]) -> str:
    """The ladder as a plain-text table, one row per pairing, in the order played."""
    pairs: dict[tuple[str, str], list[LadderGame]] = {}
    for g in games:
        pairs.setdefault((g.jp, g.cw), []).append(g)
    return "\n".join([HEADER, "-" * len(HEADER), *(ladder_row(gs) for gs in pairs.values())])


def main() -> None:
    """Run the ladder and print its table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=6, help="seeds per pairing (default 6)")
    parser.add_argument("--levels", nargs="+", choices=list(LEVELS), default=list(LEVELS))
    parser.add_argument("--scenario", default="", help="a bundled scenario's name (default: the campaign)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--against", choices=list(LEVELS), default="",
                        help="play each level only against this one, as JP and as CW (e.g. --against baseline)")
    args = parser.parse_args()
    started = time.perf_counter()
    print(ladder_table(run_ladder(args.scenario, args.levels, args.seeds, args.jobs, args.against)))
    print(f"({time.perf_counter() - started:.0f} s wall)")


if __name__ == "__main__":
    main()
