"""AI movement phase on a crowded synthetic position: does its cost grow linearly with the units?

Run: ``python benchmarks/bench_ai_scale.py``. Target (issue 16): a Movement phase with 190 units on
the map ≤ 0.4 s of CPU, and linear in the number of units.

The position is the campaign's opening with every unit on the map copied ``k`` times (copies get ids
``<id>~<k>`` and stand on the nearest free land hex to their original, one unit per hex, never next to
an enemy). Each figure is the CPU time of one whole AI Movement phase (the AI's choices and the
engine applying them), JP's then CW's, at the normal level with no work budget, 5 runs each.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import deque
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.ai.controller import AIController  # noqa: E402
from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import rules  # noqa: E402
from malaya.engine.board import Terrain  # noqa: E402
from malaya.engine.gamedef import GameDef, new_game  # noqa: E402
from malaya.engine.hexgrid import Hex  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.engine.state import GameState, Location, Phase, UnitState  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402

COPIES = (2, 5, 10)  # the opening's 19 on-map units → about 48, 95 and 190
RUNS = 5
UNBOUNDED = 10**9  # candidates the AI may score per player-turn: no cut-off, the whole phase is played


def crowded(gd: GameDef, copies: int) -> tuple[GameDef, GameState]:
    """The campaign with each opening on-map unit copied ``copies - 1`` more times, and its opening state."""
    opening = rules.start(gd, new_game(gd, ())).state
    on_map = [u for u in opening.units if u.location is Location.MAP and u.hex is not None]
    originals = {u.id: gd.unit_def(u.id) for u in on_map}
    placed = {p.unit: p for p in gd.scenario.setup}
    clones = [(k, u) for k in range(1, copies) for u in on_map]
    scenario = gd.scenario.model_copy(update={
        "units": (*gd.scenario.units,
                  *(originals[u.id].model_copy(update={"id": f"{u.id}~{k}"}) for k, u in clones)),
        "setup": (*gd.scenario.setup,
                  *(placed[u.id].model_copy(update={"unit": f"{u.id}~{k}"}) for k, u in clones)),
    })
    big = GameDef(gd.board, scenario)
    taken = {u.hex for u in on_map if u.hex is not None}
    near_enemy = {side: {n for u in on_map if gd.side_of(u.id) is side.enemy and u.hex is not None
                         for n in (u.hex, *gd.adjacent[u.hex])} for side in Side}
    state = rules.start(big, new_game(big, ())).state
    units = list(state.units)
    for k, u in clones:
        assert u.hex is not None
        h = free_hex(gd, u.hex, taken | near_enemy[gd.side_of(u.id)])
        taken.add(h)
        units[big.unit_index[f"{u.id}~{k}"]] = UnitState(id=f"{u.id}~{k}", location=Location.MAP, hex=h,
                                                          steps=u.steps)
    return big, replace(state, units=tuple(units))


def free_hex(gd: GameDef, start: Hex, avoid: set[Hex]) -> Hex:
    """The nearest land hex to ``start`` (breadth-first, direction order) not in ``avoid``."""
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        if h not in avoid and gd.board.terrain_at(h) is not Terrain.SEA:
            return h
        for n in gd.adjacent[h]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    raise ValueError("no free land hex")


def movement_phase(gd: GameDef, state: GameState, side: Side) -> tuple[float, int]:
    """CPU seconds of one AI Movement phase of ``side`` from ``state``, and the moves it made."""
    state = replace(state, side=side, phase=Phase.MOVEMENT)
    ai = AIController("normal", side, seed=1, budget=UNBOUNDED)
    moves = 0
    t0 = time.process_time()
    while state.phase is Phase.MOVEMENT and state.side is side:
        action = ai(gd, state)
        state = rules.apply(gd, state, action).state
        moves += action.type == "move_unit"
    return time.process_time() - t0, moves


def main() -> None:
    """Time the JP and CW Movement phases at each size; print min/median/max and ms per unit."""
    gd = load_game_def(scenario_file())
    for copies in COPIES:
        big, state = crowded(gd, copies)
        on_map = sum(1 for u in state.units if u.location is Location.MAP)
        for side in Side:
            own = sum(1 for u in state.units if u.location is Location.MAP and big.side_of(u.id) is side)
            runs = [movement_phase(big, state, side) for _ in range(RUNS)]
            times = [t for t, _ in runs]
            lo, med, hi = min(times), statistics.median(times), max(times)
            print(f"{on_map:4d} units on the map, {side.value} phase ({own:3d} own, {runs[0][1]:3d} moves): "
                  f"min {lo:.3f}  median {med:.3f}  max {hi:.3f} s   {med * 1000 / own:5.1f} ms per own unit",
                  flush=True)
    print("target: a 190-unit Movement phase ≤ 0.4 s CPU, ms per unit flat across sizes")


if __name__ == "__main__":
    main()
