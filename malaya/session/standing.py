"""Where the game stands: the VP margin and the result level it would give if the game ended now.

Shown in the battle screen's top bar (its tooltip is the breakdown) and on the game-end page;
the objectives list feeds the map's objective markers (victory places from the scenario data).
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.engine import GameDef, GameResult, GameState, Hex, Side, final_result, jp_steps_lost, signed_text
from malaya.session.words.catalog import say


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
        return say("standing.headline", margin=f"{self.margin:+d}", level=self.words)

    def breakdown(self, trend: Trend | None = None) -> str:
        """The breakdown as plain lines (the top bar's tooltip): what the box means, its trend, each source."""
        values = {"jp_vp": self.jp_vp, "cw_vp": self.cw_vp, "margin": signed_text(self.margin), "level": self.words,
                  "left": self.turns_left}
        lines = [say("standing.if_ended_now_last_turn" if self.turns_left == 0 else "standing.if_ended_now", **values)]
        if trend is not None:
            lines.append(trend.words())
        lines += [say("standing.row", label=label, vp=vp) for label, vp in self.rows]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Trend:
    """How the margin (JP VP − CW VP) moved since a game-turn began (the VP box's arrow)."""

    turn: int
    before: int
    now: int

    @property
    def change(self) -> int:
        """Margin now minus margin then (positive: towards Japan)."""
        return self.now - self.before

    def arrow(self) -> str:
        """``▲3`` (towards Japan), ``▼2`` (towards the Commonwealth) or ``=`` (no change)."""
        if self.change == 0:
            return "="
        return f"{'▲' if self.change > 0 else '▼'}{abs(self.change)}"

    def words(self) -> str:
        """``Since game-turn 3 began: 3 VP towards Japan (it was −13).`` in plain words."""
        began = self.turn <= 1
        if self.change == 0:
            key = "standing.trend_start_none" if began else "standing.trend_turn_none"
        elif self.change > 0:
            key = "standing.trend_start_jp" if began else "standing.trend_turn_jp"
        else:
            key = "standing.trend_start_cw" if began else "standing.trend_turn_cw"
        return say(key, turn=self.turn, vp=abs(self.change), before=signed_text(self.before))


@dataclass(frozen=True, slots=True)
class Objective:
    """A victory place on the map: its hex, its name, its VP and who holds it now."""

    hex: Hex
    name: str
    vp: int
    holder: Side


def standing(gd: GameDef, state: GameState) -> Standing:
    """Score the position now (R15.2–R15.5) with one line per source of VP the scenario scores."""
    res = final_result(gd, state)
    left = max(0, gd.last_turn - max(state.turn, 1))
    return Standing(res.jp_vp, res.cw_vp, res.level, vp_rows(gd, state, res), left)


def vp_rows(gd: GameDef, state: GameState, res: GameResult) -> tuple[tuple[str, int], ...]:
    """(label, VP) per source of VP, Japan's first: only the terms the scenario's victory rules use (R15)."""
    v, rows = gd.victory, []
    if res.singapore_fell_on is not None:
        rows.append((say("standing.row_singapore_taken", turn=res.singapore_fell_on),
                     v.singapore_capture_vp(res.singapore_fell_on)))
    rows += [(say("standing.row_jp_holds", place=gd.place_name(h)), vp) for h, vp in sorted(gd.objective_vp.items())
             if h in state.jp_control]
    if _buys(gd, state, Side.JP):
        rows.append((say("standing.row_jp_bought"), state.vp_of(Side.JP)))
    if v.cw_vp_per_jp_step:
        steps = jp_steps_lost(gd, state)
        rows.append((say("standing.row_jp_steps", steps=steps), steps * v.cw_vp_per_jp_step))
    if res.singapore_fell_on is None and v.cw_singapore_held_vp:
        rows.append((say("standing.row_cw_holds_singapore"), v.cw_singapore_held_vp))
    if _buys(gd, state, Side.CW):
        rows.append((say("standing.row_cw_bought"), state.vp_of(Side.CW)))
    return tuple(rows)


def _buys(gd: GameDef, state: GameState, side: Side) -> bool:
    """Whether ``side`` may pay VP in this scenario (options or offered units), or has paid some."""
    sc = gd.scenario
    return bool(state.vp_of(side)) or any(o.side is side for o in sc.options) or \
        any(gd.unit_side[o.unit] is side for o in sc.optional_units)


def objectives(gd: GameDef, state: GameState) -> list[Objective]:
    """Every victory place: the scenario's objectives and the Singapore fortress hexes, with holders."""
    vps = dict(gd.objective_vp)
    for h in gd.singapore_hexes:
        vps.setdefault(h, 0)
    return [Objective(h, gd.describe_hex(h), vp, Side.JP if h in state.jp_control else Side.CW)
            for h, vp in sorted(vps.items())]
