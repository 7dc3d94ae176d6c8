"""Movement benchmark: reachable() per unit and the Movement-phase legal actions on the campaign map.

Run: ``python benchmarks/bench_movement.py``. Targets (issue 3): reachable() ≤ 1 ms median per
unit; rules.legal_actions() ≤ 20 ms in the JP turn-1 Movement phase. Each timed call uses a
fresh copy of the state, so the per-position cache never answers; the per-map static tables
are warmed once first (their build time is printed separately).
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import rules  # noqa: E402
from malaya.engine.actions import MoveUnit  # noqa: E402
from malaya.engine.gamedef import GameDef, new_game  # noqa: E402
from malaya.engine.movement import reachable  # noqa: E402
from malaya.engine.state import GameState, Location, Phase  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session.heap import freeze_long_lived  # noqa: E402

RUNS = 30


def _ms(fn) -> float:  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def reachable_times(gd: GameDef, state: GameState) -> list[float]:
    """Milliseconds of reachable() for every on-map unit, RUNS times each, on fresh state copies."""
    times = []
    for unit in state.units:
        if unit.location is Location.MAP:
            for _ in range(RUNS):
                fresh = replace(state)
                times.append(_ms(lambda fresh=fresh, uid=unit.id: reachable(gd, fresh, uid)))
    return times


def moved_position(gd: GameDef, state: GameState) -> GameState:
    """The JP turn-1 Movement phase after each JP unit made its farthest move."""
    for unit in [u for u in state.units if u.location is Location.MAP and gd.side_of(u.id).value == "JP"]:
        routes = reachable(gd, state, unit.id)
        if routes:
            to = max(sorted(routes), key=lambda h: len(routes[h].path))
            state = rules.apply(gd, state, MoveUnit(side=state.side, unit=unit.id, to=to)).state
    return state


def report(label: str, times: list[float], target: float) -> dict[str, float]:
    """Print and return the median and max of a list of timings."""
    median, worst = statistics.median(times), max(times)
    print(f"{label:<44} median {median:7.3f} ms   max {worst:7.3f} ms   [target ≤ {target:g} ms]")
    return {"median_ms": median, "max_ms": worst}


def main() -> dict[str, dict[str, float]]:
    """Run every measurement; print and return the figures."""
    gd = load_game_def(scenario_file())
    freeze_long_lived()  # as the client does once it has loaded the game definition
    opening = rules.start(gd, new_game(gd, ())).state
    state = replace(opening, phase=Phase.MOVEMENT)
    cold = _ms(lambda: [reachable(gd, replace(state), u.id) for u in state.units if u.location is Location.MAP])
    print(f"first reachable() of every unit (static tables built): {cold:.1f} ms")
    figures = {"reachable_opening": report("reachable(), opening position, every unit", reachable_times(gd, state), 1)}
    moved = moved_position(gd, state)
    figures["reachable_moved"] = report("reachable(), after JP moves, every unit", reachable_times(gd, moved), 1)
    count = len(rules.legal_actions(gd, state))
    legal = [_ms(lambda: rules.legal_actions(gd, replace(state))) for _ in range(RUNS)]
    figures["legal_actions"] = report(f"legal_actions(), JP turn-1 Movement ({count})", legal, 20)
    cw = replace(state, side=moved.side.enemy)
    cw_count = len(rules.legal_actions(gd, cw))
    cw_legal = [_ms(lambda: rules.legal_actions(gd, replace(cw))) for _ in range(RUNS)]
    figures["legal_actions_cw"] = report(f"legal_actions(), CW Movement ({cw_count})", cw_legal, 20)
    return figures


if __name__ == "__main__":
    main()
