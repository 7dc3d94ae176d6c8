"""What the AI intends (the ``W`` explanation): the combats it fights and why (the odds, the air points, the
chances), the line it holds, the units it pulls back.

The controller records each piece as it decides (:func:`planned_attack`, :func:`pull_back`,
:func:`held_line`) into one :class:`Intent` per player-turn, as data naming places, never ids or hex numbers;
the session says it as a person would (``malaya.session.words.ai_words.intent_sentences``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from malaya.ai.knowledge import EnemyPicture
from malaya.ai.told import NEAR, Told
from malaya.engine import GameDef, GameState, Hex, Location, Side

CONTACT = 1
"""An own stack this many hexes from an enemy stack stands on the line."""
PULL_BACK_NEAR = 3
"""A unit that starts this close to the enemy and ends farther away is pulling back."""
MOST_PLACES = 6
"""At most this many places named for the line held."""


class Weighed(Protocol):
    """A combat as the AI weighed it (``explain.Alternative``): odds, air points, the chances."""

    @property
    def column(self) -> str | None: ...
    @property
    def air_points(self) -> int: ...
    @property
    def p_defender_hurt(self) -> float: ...
    @property
    def p_attacker_loss(self) -> float: ...


@dataclass(frozen=True, slots=True)
class PlannedAttack:
    """A combat the AI declared: where, from which hexes, at what odds and with how much air."""

    target: Hex
    where: str  # the defender's hex as a player names it
    attackers: tuple[Hex, ...]  # the hexes the attacking units stand on
    units: int
    column: str | None
    air_points: int
    p_hurt: float
    p_loss: float


@dataclass(frozen=True, slots=True)
class PullBack:
    """A unit moved away from the enemy."""

    unit: str  # the unit's name
    start: str
    end: str


@dataclass(frozen=True, slots=True)
class LeftEmpty:
    """A victory hex left empty where the enemy could walk in, and the reason (:mod:`malaya.ai.left_empty`)."""

    hex: Hex
    where: str
    reason: Told


@dataclass
class Intent:
    """One player-turn's plan: its attacks, the line it holds, the units it pulls back."""

    attacks: list[PlannedAttack] = field(default_factory=list)
    line: list[str] = field(default_factory=list)
    pull_backs: list[PullBack] = field(default_factory=list)
    left_empty: list[LeftEmpty] = field(default_factory=list)  # victory hexes left open to the enemy (ai.left_empty)


def planned_attack(gd: GameDef, state: GameState, target: Hex, attackers: tuple[str, ...],
                   chosen: Weighed) -> PlannedAttack:
    """The attack the AI is about to declare, from its combat plan."""
    hexes = tuple(sorted({u.hex for uid in attackers
                          if (u := state.units[gd.unit_index[uid]]).hex is not None}))
    return PlannedAttack(target, gd.place_name(target), hexes, len(attackers), chosen.column, chosen.air_points,
                         chosen.p_defender_hurt, chosen.p_attacker_loss)


def _nearest_enemy(picture: EnemyPicture, h: Hex) -> int:
    """Hexes from ``h`` to the nearest enemy stack the side knows of (99 if none)."""
    return min((s.hex.distance(h) for s in picture.stacks.values()), default=99)


def pull_back(gd: GameDef, state: GameState, picture: EnemyPicture, unit_id: str, to: Hex) -> PullBack | None:
    """The move as a pull-back, if it takes a unit near the enemy farther away from it; else None."""
    start = state.units[gd.unit_index[unit_id]].hex
    if start is None:
        return None
    before, after = _nearest_enemy(picture, start), _nearest_enemy(picture, to)
    if before > PULL_BACK_NEAR or after <= before or gd.place_name(to).removeprefix(NEAR) == gd.place_name(start):
        return None
    return PullBack(gd.unit_def(unit_id).name, gd.place_name(start), gd.place_name(to))


def held_line(gd: GameDef, state: GameState, side: Side, picture: EnemyPicture) -> list[str]:
    """The places where the side's stacks stand in contact with the enemy (its front line), west to east, each once."""
    hexes = sorted({u.hex for u in state.units
                    if u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is side
                    and _nearest_enemy(picture, u.hex) <= CONTACT}, key=lambda h: (h.q, h.r))
    names: list[str] = []
    for h in hexes:
        name = gd.place_name(h).removeprefix(NEAR)
        if name not in names:
            names.append(name)
    return names[:MOST_PLACES]
