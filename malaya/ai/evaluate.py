"""The one evaluation: what a position is worth to a side, read from the scenario's own victory terms (R15)
and its ``[ai]`` hints (targets and hold zones add their value to a hex). Every candidate action
(:mod:`malaya.ai.candidates`) is scored through it.

Terms, all in VP of the scenario being played:
- each objective's VP (and each hinted target's value) times the chance the side holds it **at the end**
  (:func:`hold_chance`: who can reach it before the last player-turn, how strongly it is held);
- Singapore's fortress hexes as a share of the capture VP of this turn (R15.2) and the CW's held-at-end VP;
- the VP per step lost (R15.3), per side;
- the distance to the next result level (R15.5): a VP that changes the result counts double;
- the turns left: on the last turns only what can still be held counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.engine import GameDef, GameState, Hex, Side, final_result, memoized, reached_level, resolve_at

LEVEL_CHANGE_WEIGHT = 2.0
"""How much more a VP is worth when it moves the result to another level (R15.5)."""


@dataclass(frozen=True, slots=True)
class Terms:
    """The scenario's victory terms as one side weighs them now (see module docstring)."""

    side: Side
    worth: dict[Hex, float]  # VP at stake on each objective, fortress or hinted target hex
    step_vp: float  # VP one of the side's own steps lost gives the enemy (R15.3)
    enemy_step_vp: float  # VP one enemy step lost gives the side
    margin: int  # JP VP - CW VP if the game ended now (R15.5)
    enemy_turns_left: int  # enemy player-turns still to come after this one
    gap: float  # VP the side needs for the next result level its way (99: none)

    def gain(self, vp: float) -> float:
        """What ``vp`` more for the side is worth, a change of result level counting double."""
        return vp * (LEVEL_CHANGE_WEIGHT if self.changes_level(vp) else 1.0)

    def changes_level(self, vp: float) -> bool:
        """True if ``vp`` more for the side moves the margin past a result-level threshold."""
        return self.gap <= vp


def enemy_turns_left(gd: GameDef, state: GameState, side: Side) -> int:
    """Enemy player-turns after the side's current one: JP moves first in each game-turn (R1)."""
    later = gd.last_turn - state.turn
    return later + (1 if side is Side.JP else 0)


def level_gap(gd: GameDef, margin: int, side: Side) -> float:
    """VP the side needs to move the result one level its way from ``margin`` (99: no better level)."""
    now = reached_level(gd.victory, margin)
    sign = 1 if side is Side.JP else -1
    for vp in range(1, 60):
        if reached_level(gd.victory, margin + sign * vp) != now:
            better = reached_level(gd.victory, margin + sign * vp)
            return float(vp) if better.side is side or now.side is side.enemy else 99.0
    return 99.0


def objective_worth(gd: GameDef, state: GameState, side: Side) -> dict[Hex, float]:
    """VP at stake on each hex the side should take or keep: objectives, fortress shares, hinted targets."""

    def build() -> dict[Hex, float]:
        worth = {h: float(vp) for h, vp in gd.objective_vp.items()}
        fortress = gd.singapore_hexes
        if fortress and any(held_by(state, h, side) for h in fortress) and _all_in_time(gd, state, side):
            # a share is worth only once the side stands on the fortress and could take the rest before the end:
            # taking all of it ends the game (R15.1), one hex alone gives nothing
            capture = max(0, gd.victory.singapore_capture_vp(state.turn)) + gd.victory.cw_singapore_held_vp
            for h in fortress:
                worth[h] = worth.get(h, 0.0) + capture / len(fortress)
        hints = gd.scenario.ai.get(side)
        extra = [(t.place, t.value) for t in hints.targets] if hints else []
        for zone in hints.hold if hints else ():
            extra += [(at, zone.value) for at in zone.zone]
            extra += [(zone.bottleneck, 2 * zone.value)] if zone.bottleneck else []
        for place, value in extra:
            at = resolve_at(gd.board, place)
            if at is not None:
                worth[at] = worth.get(at, 0.0) + value
        return worth

    return memoized(gd, state, ("ai", "objective_worth", side.value), build)


def _all_in_time(gd: GameDef, state: GameState, side: Side) -> bool:
    """JP: True if the fortress hexes it does not hold are no more than its player-turns left (this one counted):
    at one a turn it could still take them all before the game ends (R15.1). The CW denies the capture with any
    one it keeps: always True."""
    if side is Side.CW:
        return True
    own_turns = gd.last_turn - state.turn + (0 if state.side is Side.CW else 1)
    missing = sum(1 for h in gd.singapore_hexes if not held_by(state, h, side))
    return missing <= own_turns


def avoided(gd: GameDef, side: Side) -> frozenset[Hex]:
    """Hexes the scenario's ``[ai]`` table tells the side to keep out of."""
    hints = gd.scenario.ai.get(side)
    return frozenset(h for h in (resolve_at(gd.board, at) for at in (hints.avoid if hints else ())) if h is not None)


def terms(gd: GameDef, state: GameState, side: Side) -> Terms:
    """The victory terms as the side weighs them in ``state`` (its own view); worked out once per position, as
    every combat option and candidate of a phase asks for them."""

    def build() -> Terms:
        margin = final_result(gd, state).margin
        per_step = float(gd.victory.cw_vp_per_jp_step)
        return Terms(side=side, worth=objective_worth(gd, state, side),
                     step_vp=per_step if side is Side.JP else 0.0,
                     enemy_step_vp=per_step if side is Side.CW else 0.0,
                     margin=margin, enemy_turns_left=enemy_turns_left(gd, state, side),
                     gap=level_gap(gd, margin, side))

    return memoized(gd, state, ("ai", "terms", side.value), build)


def held_by(state: GameState, h: Hex, side: Side) -> bool:
    """True if the side controls ``h`` now (R13.2)."""
    return (h in state.jp_control) is (side is Side.JP)


def hold_chance(enemy_turns: int, threat: float, defense: float) -> float:
    """The chance a hex held now is still held at the end: nobody left to take it, or no enemy strength
    within reach (``threat``) against the ``defense`` standing on it."""
    if enemy_turns <= 0 or threat <= 0:
        return 1.0
    if defense <= 0:
        return 0.15
    ratio = threat / defense
    if ratio < 1:
        return 0.9
    if ratio < 2:
        return 0.65
    if ratio < 3:
        return 0.4
    return 0.2


def position_value(gd: GameDef, state: GameState, side: Side, threat: dict[Hex, float],
                   defense: dict[Hex, float]) -> float:
    """The side's expected VP at the end from objectives, less what its lost steps gave away (R15)."""
    t = terms(gd, state, side)
    held = sum(vp * hold_chance(t.enemy_turns_left, threat.get(h, 0.0), defense.get(h, 0.0))
               for h, vp in t.worth.items() if held_by(state, h, side))
    return held - t.step_vp * _own_steps_lost(gd, state, side)


def _own_steps_lost(gd: GameDef, state: GameState, side: Side) -> int:
    """Steps the side's units have lost so far."""
    return sum(gd.max_steps(u.id) - u.steps for u in state.units if gd.side_of(u.id) is side)


FADE_TURNS = 3
"""Enemy player-turns left below which a step's worth to the fight (beyond its VP) starts to fade: on the
side's last player-turn only the victory terms are left to play for."""


@dataclass(frozen=True, slots=True)
class StepWorth:
    """What a combat's losses are worth to the attacking side, in VP at the end (see :func:`step_worth`)."""

    kill: float  # one enemy step lost
    loss: float  # one own step lost
    fade: float  # how much of a step's worth to the fight is left (1 far from the end, 0 on the last turn)

    def place(self, terms: Terms, h: Hex) -> float:
        """What taking ``h`` in a combat is worth: its VP at stake, a change of result level counting double."""
        return terms.gain(terms.worth.get(h, 0.0))


def step_worth(t: Terms, fight_kill: float, fight_loss: float) -> StepWorth:
    """Steps in VP: the VP a lost step gives the enemy (R15.3, a change of result level counting double), plus
    its worth to the fight still to come (``fight_*``, today's weights), which fades over the last turns."""
    fade = min(1.0, t.enemy_turns_left / FADE_TURNS)
    kill = t.gain(t.enemy_step_vp) + max(0.0, fight_kill - t.enemy_step_vp) * fade
    loss = t.step_vp + max(0.0, fight_loss - t.step_vp) * fade  # no double weight: it made the JP timid
    return StepWorth(kill, loss, fade)
