"""Where the game stands: the VP margin and the result level it would give if the game ended now.

Shown in the battle screen's top bar (its tooltip is the breakdown) and on the game-end page;
the objectives list feeds the map's objective markers (victory places from the scenario data).
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState
from malaya.engine.victory import final_result, jp_steps_lost


@dataclass(frozen=True, slots=True)
class Standing:
    """The score as if the game ended now (R15), and how many game-turns are left."""

    jp_vp: int
    cw_vp: int
    level: str
    """The scenario's level name (``Commonwealth marginal victory``); :attr:`words` writes its side out."""
    rows: tuple[tuple[str, int], ...]
    """(label, VP) lines of the breakdown, Japan's first."""
    turns_left: int

    @property
    def margin(self) -> int:
        """JP VP minus CW VP."""
        return self.jp_vp - self.cw_vp

    @property
    def words(self) -> str:
        """The level as a player reads it: ``Commonwealth marginal victory``."""
        return self.level

    def headline(self) -> str:
        """``VP +12 · Japanese marginal victory`` — the margin seen from Japan, and the level it gives."""
        return f"VP {self.margin:+d} · {self.words}"

    def breakdown(self) -> str:
        """The breakdown as plain lines (the top bar's tooltip)."""
        lines = [f"If the game ended now: Japanese {self.jp_vp} − Commonwealth {self.cw_vp} = {self.margin:+d}, "
                 f"{self.words}."]
        lines += [f"{label}: {vp}" for label, vp in self.rows]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Objective:
    """A victory place on the map: its hex, its name, its VP and who holds it now."""

    hex: Hex
    name: str
    vp: int
    holder: Side


def standing(gd: GameDef, state: GameState) -> Standing:
    """Score the position now (R15.2–R15.5) with one line per source of VP."""
    res = final_result(gd, state)
    rows: list[tuple[str, int]] = []
    if res.singapore_fell_on is not None:
        rows.append((f"Japanese: Singapore taken on turn {res.singapore_fell_on}",
                     gd.victory.singapore_capture_vp(res.singapore_fell_on)))
    rows += [(f"Japanese: holds {gd.place_name(h)}", vp) for h, vp in sorted(gd.objective_vp.items())
             if h in state.jp_control]
    rows.append(("Japanese: options and offered units bought", state.vp_of(Side.JP)))
    steps = jp_steps_lost(gd, state)
    rows.append((f"Commonwealth: {steps} Japanese steps eliminated", steps * gd.victory.cw_vp_per_jp_step))
    if res.singapore_fell_on is None:
        rows.append(("Commonwealth: still holds Singapore", gd.victory.cw_singapore_held_vp))
    rows.append(("Commonwealth: options and offered units bought", state.vp_of(Side.CW)))
    left = max(0, gd.last_turn - max(state.turn, 1))
    return Standing(res.jp_vp, res.cw_vp, res.level, tuple(rows), left)


def objectives(gd: GameDef, state: GameState) -> list[Objective]:
    """Every victory place: the scenario's objectives and the Singapore fortress hexes, with holders."""
    vps = dict(gd.objective_vp)
    for h in gd.singapore_hexes:
        vps.setdefault(h, 0)
    return [Objective(h, gd.describe_hex(h), vp, Side.JP if h in state.jp_control else Side.CW)
            for h, vp in sorted(vps.items())]
