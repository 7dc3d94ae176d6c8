"""Victory points, sudden death and the result level (RULES R15)."""

from __future__ import annotations

from dataclasses import dataclass

from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.state import GameState


@dataclass(frozen=True, slots=True)
class GameResult:
    """The final score: VP per side, their difference and the result level (R15.5)."""

    jp_vp: int
    cw_vp: int
    level: str
    singapore_fell_on: int | None

    @property
    def margin(self) -> int:
        """JP VP minus CW VP."""
        return self.jp_vp - self.cw_vp


def jp_holds_singapore(gd: GameDef, state: GameState) -> bool:
    """True if JP controls every Singapore fortress hex (R15.1)."""
    return bool(gd.singapore_hexes) and all(h in state.jp_control for h in gd.singapore_hexes)


def sudden_death(gd: GameDef, state: GameState) -> bool:
    """The game ends at once when JP holds all of Singapore at the end of a player-turn (R15.1)."""
    return jp_holds_singapore(gd, state)


def jp_steps_lost(gd: GameDef, state: GameState) -> int:
    """Steps JP units have lost so far (each is a CW VP, R15.3)."""
    return sum(gd.max_steps(u.id) - u.steps for u in state.units if gd.side_of(u.id) is Side.JP)


def final_result(gd: GameDef, state: GameState) -> GameResult:
    """Score the position as a game end (R15.2-R15.5), including VP already booked in the state."""
    v = gd.victory
    fell = state.turn if jp_holds_singapore(gd, state) else None
    jp = state.vp_of(Side.JP)
    cw = state.vp_of(Side.CW)
    if fell is not None:
        jp += v.singapore_capture_vp(fell)
    jp += sum(vp for h, vp in gd.objective_vp.items() if h in state.jp_control)
    cw += v.cw_vp_per_jp_step * jp_steps_lost(gd, state)
    if fell is None:
        cw += v.cw_singapore_held_vp
    return GameResult(jp_vp=jp, cw_vp=cw, level=v.result_level(jp - cw), singapore_fell_on=fell)
