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
    rows: tuple[tuple[str, int], ...]
    """(label, VP) lines of the breakdown, JP's first."""
    turns_left: int

    @property
    def margin(self) -> int:
        """JP VP minus CW VP."""
        return self.jp_vp - self.cw_vp

    def headline(self) -> str:
        """``VP JP +12 · Marginal JP victory`` — the margin seen from JP, and the level it gives."""
        return f"VP {self.margin:+d} · {self.level}"

    def breakdown(self) -> str:
        """The breakdown as plain lines (the top bar's tooltip)."""
        lines = [f"If the game ended now: JP {self.jp_vp} − CW {self.cw_vp} = {self.margin:+d}, {self.level}."]
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
        rows.append((f"JP: Singapore taken on turn {res.singapore_fell_on}",
                     gd.victory.singapore_capture_vp(res.singapore_fell_on)))
    rows += [(f"JP: holds {gd.describe_hex(h)}", vp) for h, vp in sorted(gd.objective_vp.items())
             if h in state.jp_control]
    rows.append(("JP: options bought, VP booked", state.vp_of(Side.JP)))
    steps = jp_steps_lost(gd, state)
    rows.append((f"CW: {steps} Japanese steps eliminated", steps * gd.victory.cw_vp_per_jp_step))
    if res.singapore_fell_on is None:
        rows.append(("CW: still holds Singapore", gd.victory.cw_singapore_held_vp))
    rows.append(("CW: options bought, VP booked", state.vp_of(Side.CW)))
    left = max(0, gd.last_turn - max(state.turn, 1))
    return Standing(res.jp_vp, res.cw_vp, res.level, tuple(rows), left)


def objectives(gd: GameDef, state: GameState) -> list[Objective]:
    """Every victory place: the scenario's objectives and the Singapore fortress hexes, with holders."""
    vps = dict(gd.objective_vp)
    for h in gd.singapore_hexes:
        vps.setdefault(h, 0)
    return [Objective(h, gd.describe_hex(h), vp, Side.JP if h in state.jp_control else Side.CW)
            for h, vp in sorted(vps.items())]
