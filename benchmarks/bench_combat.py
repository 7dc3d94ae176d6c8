"""Combat benchmark on the campaign map: the outcome preview (R12.11), the Combat phase's legal
actions, and a whole declared-and-resolved combat.

Every JP unit is put next to a CW stack (a wide front), then each CW hex is previewed
with all its eligible attackers and 3 attack AP. Run: ``python benchmarks/bench_combat.py``.
Target (issue 3): ≤ 1 ms per preview.
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
from malaya.engine.actions import AddAttacker, ChanceResult, DeclareCombat, RollDice  # noqa: E402
from malaya.engine.board import Terrain  # noqa: E402
from malaya.engine.combat import eligible_attackers, preview_for  # noqa: E402
from malaya.engine.gamedef import GameDef, new_game  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.engine.state import GameState, Location, Phase  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402

ROUNDS = 50


def front(gd: GameDef) -> GameState:
    """The opening position turned into a JP Combat phase with every JP unit next to a CW stack."""
    state = new_game(gd, ())
    cw_hexes = sorted({u.hex for u in state.units if u.on_map and gd.side_of(u.id) is Side.CW})
    around = [[n for n in gd.adjacent[h] if gd.board.terrain_at(n) is not Terrain.SEA and n not in cw_hexes]
              for h in cw_hexes]
    spots = [ring[k] for k in range(6) for ring in around if k < len(ring)]  # round-robin over CW hexes
    jp = [i for i, u in enumerate(state.units) if gd.side_of(u.id) is Side.JP]
    changed = {i: replace(state.units[i], location=Location.MAP, hex=spots[k % len(spots)]) for k, i in enumerate(jp)}
    state = state.with_units(changed)
    return replace(state, phase=Phase.COMBAT, side=Side.JP,
                   attack_pool=((Side.JP, 3), (Side.CW, 0)), defense_pool=((Side.JP, 0), (Side.CW, 2)))


def _ms(samples: list[float]) -> tuple[float, float]:
    return statistics.median(samples) * 1000, max(samples) * 1000


def main() -> dict[str, float]:
    """Time previews, legal actions and whole combats; print and return the figures (ms)."""
    gd = load_game_def(scenario_file())
    state = front(gd)
    targets = [(d, eligible_attackers(gd, state, d)) for d in sorted(
        {u.hex for u in state.units if u.on_map and gd.side_of(u.id) is Side.CW})]
    targets = [(d, a) for d, a in targets if a]
    previews, legal, combats = [], [], []
    for d, attackers in targets:  # warm-up (first calls build caches)
        preview_for(gd, state, d, attackers, 3)
    for _ in range(ROUNDS):
        for d, attackers in targets:
            t0 = time.perf_counter()
            preview_for(gd, state, d, attackers, 3)
            previews.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        rules.legal_actions(gd, state)
        legal.append(time.perf_counter() - t0)
    for d, attackers in targets:
        t0 = time.perf_counter()
        s = rules.apply(gd, state, DeclareCombat(side=Side.JP, defender=d)).state
        for a in attackers:
            s = rules.apply(gd, s, AddAttacker(side=Side.JP, unit=a)).state
        if rules.check(gd, s, RollDice(side=Side.JP)) is None:
            s = rules.apply(gd, s, RollDice(side=Side.JP)).state
            while s.pending is not None:
                s = rules.apply(gd, s, ChanceResult(side=Side.JP, value=s.pending.outcomes[-1])).state
        combats.append(time.perf_counter() - t0)
    figures = {}
    figures["preview_median_ms"], figures["preview_max_ms"] = _ms(previews)
    figures["preview_p95_ms"] = sorted(previews)[int(len(previews) * 0.95)] * 1000
    figures["legal_median_ms"], figures["legal_max_ms"] = _ms(legal)
    figures["combat_median_ms"], figures["combat_max_ms"] = _ms(combats)
    print(f"combat preview ({len(previews)} previews, {len(targets)} CW hexes): median "
          f"{figures['preview_median_ms']:.3f} ms, p95 {figures['preview_p95_ms']:.3f} ms, "
          f"max {figures['preview_max_ms']:.3f} ms   [target ≤ 1 ms]")
    print(f"combat-phase legal actions ({ROUNDS} runs):        median {figures['legal_median_ms']:.2f} ms, "
          f"max {figures['legal_max_ms']:.2f} ms")
    print(f"declare + add + roll + resolve ({len(combats)} combats):  median {figures['combat_median_ms']:.2f} ms, "
          f"max {figures['combat_max_ms']:.2f} ms")
    return figures


if __name__ == "__main__":
    main()
