"""Per-phase facts the side panels show: offers, air pools, Force Z, rail capacity, bridges, dice.

Plain functions of a :class:`~malaya.session.game_client.GameClient`; every choice
they list is an action the engine's gate accepts now (taken from ``client.legal()``).
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.engine import (
    AttackForceZ,
    DemolishBridge,
    DiceRolled,
    ForceZAttacked,
    Hex,
    Location,
    NavalMove,
    PhaseStarted,
    PlaceReinforcement,
    received_air_points,
)
from malaya.engine import rail_capacity as engine_rail_capacity
from malaya.session.game_client import GameClient


@dataclass(frozen=True, slots=True)
class Offer:
    """An optional unit offered to the acting player (R16.1)."""

    unit: str
    name: str
    vp: int


@dataclass(frozen=True, slots=True)
class AirSplit:
    """This turn's air points and the acting side's pools (R11.2)."""

    received: int
    attack: int
    defense: int


Roll = DiceRolled
"""One resolved combat for the dice ledger: the engine's own DiceRolled event."""


def offers(client: GameClient) -> list[Offer]:
    """Optional units awaiting the acting player's answer, with their VP cost."""
    gd, state = client.gd, client.state
    costs = {o.unit: o.vp for o in gd.scenario.optional_units}
    return [Offer(u.id, gd.unit_def(u.id).name, costs.get(u.id, 0)) for u in state.units
            if u.location is Location.OFFERED and gd.side_of(u.id) is state.side]


def box_placement(client: GameClient, unit_id: str | None) -> PlaceReinforcement | None:
    """The legal "place in the JP off-map box" action for this unit, if any (R14.2)."""
    if unit_id is None:
        return None
    for a in client.unit_actions(unit_id):
        if isinstance(a, PlaceReinforcement) and a.to is None:
            return a
    return None


def air_split(client: GameClient) -> AirSplit:
    """AP received this game-turn and the acting side's attack and defense pools."""
    state = client.state
    side = state.side
    return AirSplit(received_air_points(client.gd, state), state.pool("attack", side), state.pool("defense", side))


def naval_targets(client: GameClient, unit_id: str) -> dict[Hex, bool]:
    """Legal sea destinations of a unit → True when the move is an amphibious landing (R9.1, R9.6)."""
    out: dict[Hex, bool] = {}
    for a in client.unit_actions(unit_id):
        if isinstance(a, NavalMove):
            out[a.port] = out.get(a.port, False) or a.landing
    return out


def force_z_attacks(client: GameClient) -> list[AttackForceZ]:
    """Every Force Z attack the gate offers now (1 … max AP)."""
    return [a for a in client.legal() if isinstance(a, AttackForceZ)]


def force_z_max(client: GameClient) -> int:
    """The most AP one attack on Force Z may use (R9.7)."""
    return client.gd.scenario.ruleset.force_z.max_air_points


def rail_capacity(client: GameClient) -> tuple[int, int]:
    """(rail moves made this phase, capacity) for the acting side (R8.2)."""
    return client.state.rail_moves, engine_rail_capacity(client.gd, client.state, client.state.side)


def demolitions(client: GameClient) -> list[DemolishBridge]:
    """Bridges the CW player may demolish now (R7.7), as legal actions."""
    return [a for a in client.unit_actions(None) if isinstance(a, DemolishBridge)]


def landing_stacks(client: GameClient) -> dict[Hex, list[str]]:
    """Units waiting in a port's landing zone (R9.6), by port hex."""
    out: dict[Hex, list[str]] = {}
    for u in client.state.units:
        if u.location is Location.LANDING and u.hex is not None and u.steps > 0:
            out.setdefault(u.hex, []).append(u.id)
    return out


def placed_offmap(client: GameClient) -> list[str]:
    """Units placed in the JP box this phase (clicking one takes the placement back)."""
    state = client.state
    return [u.id for u in state.units if u.location is Location.JP_BOX and client.undo_for(u.id) is not None]


def rolls(client: GameClient) -> list[Roll]:
    """Every combat of the game so far, oldest first (the dice ledger)."""
    return [e for e in client.match.events if isinstance(e, DiceRolled)]


def last_force_z_roll(client: GameClient) -> ForceZAttacked | None:
    """The air attack on Force Z made in the current phase, if any (its die is shown like a combat's)."""
    for e in reversed(client.match.events):
        if isinstance(e, PhaseStarted):
            return None
        if isinstance(e, ForceZAttacked):
            return e
    return None


def last_roll(client: GameClient) -> Roll | None:
    """The most recent combat's roll in the current phase, if any."""
    for e in reversed(client.match.events):
        if isinstance(e, PhaseStarted):
            return None
        if isinstance(e, DiceRolled):
            return e
    return None
