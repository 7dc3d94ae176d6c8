"""Every refusal says why (issue 13 §2): the gate's reason for a click, in plain words for the player.

:func:`~malaya.session.words.plain_words.plain_refusal` writes the gate's refusal from its template and drops
what is noise to a player (rule numbers, hex coordinates after a place name, "ZOC"); :func:`why_not_move` and
:func:`why_not_attack` ask the gate about the action a map click would have meant and return its reason, so a
refused click is never silent.
"""

from __future__ import annotations

from malaya.engine import (
    Action,
    AddAttacker,
    Advance,
    DeclareCombat,
    Hex,
    Location,
    MoveUnit,
    NavalMove,
    Phase,
    PlaceReinforcement,
    RailMove,
    UndoMove,
    ports,
)
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.session.words.event_words import PHASE_NAMES
from malaya.session.words.plain_words import plain_refusal

NOT_NOW = say("refusal.not_now")


def move_for(client: GameClient, unit: str, h: Hex) -> Action | None:
    """The action a click on ``h`` with ``unit`` selected would mean in this phase (legal or not)."""
    side, phase = client.state.side, client.state.phase
    if phase is Phase.MOVEMENT:
        return MoveUnit(side=side, unit=unit, to=h)
    if phase is Phase.RAIL:
        return RailMove(side=side, unit=unit, to=h)
    if phase is Phase.REINFORCEMENT:
        return PlaceReinforcement(side=side, unit=unit, to=h)
    if phase is Phase.NAVAL and h in ports(client.gd):
        return NavalMove(side=side, unit=unit, port=h, landing=client.state.controller(h) is not side)
    return None


def why_not_move(client: GameClient, unit: str, h: Hex) -> str:
    """Why the selected unit cannot go to ``h`` now, in plain words (the gate's reason where it has one)."""
    action = move_for(client, unit, h)
    if action is not None:
        rejection = client.check(action)
        if rejection is not None:
            return plain_refusal(rejection, client.gd)
    name = client.gd.unit_def(unit).name
    if client.state.phase is Phase.NAVAL:
        return say("refusal.sail_only_ports", unit=name)
    if client.state.phase is Phase.COMBAT:
        return say("refusal.no_move_in_combat")
    return say("refusal.cannot_go_there", unit=name, phase=PHASE_NAMES[client.state.phase])


def enemy_at(client: GameClient, h: Hex) -> bool:
    """True if ``h`` holds a unit of the side not acting now (seen or Unknown)."""
    enemy = client.state.side.enemy
    return any(u.hex == h and u.location is Location.MAP and u.steps > 0 and client.gd.side_of(u.id) is enemy
               for u in client.state.units)


def why_not_attack(client: GameClient, h: Hex) -> str:
    """Why the enemy stack at ``h`` cannot be attacked now, in plain words."""
    if client.state.phase is not Phase.COMBAT:
        return NOT_NOW
    rejection = client.check(DeclareCombat(side=client.state.side, defender=h))
    return "" if rejection is None else plain_refusal(rejection, client.gd)


def why_not_join(client: GameClient, unit: str) -> str:
    """Why ``unit`` may not join the combat being declared, in plain words (already attacked, not adjacent …)."""
    rejection = client.check(AddAttacker(side=client.state.side, unit=unit))
    return "" if rejection is None else plain_refusal(rejection, client.gd)


def why_not_advance(client: GameClient, unit: str) -> str:
    """Why ``unit`` may not advance after this combat, in plain words (the stacking limit, terrain, not in it …)."""
    rejection = client.check(Advance(side=client.state.side, unit=unit))
    return "" if rejection is None else plain_refusal(rejection, client.gd)


def why_unit_idle(client: GameClient, unit: str) -> str | None:
    """Why an own unit clicked on the map can do nothing now, in plain words; None where silence is right."""
    gd, state = client.gd, client.state
    u = state.units[gd.unit_index[unit]]
    name, side = gd.unit_def(unit).name, state.side
    if state.phase is Phase.MOVEMENT:
        if u.start_hex is not None:
            rejection = client.check(UndoMove(side=side, unit=unit))
            return None if rejection is None else plain_refusal(rejection, client.gd)
        return say("refusal.no_hex_to_move", unit=name)
    if state.phase is Phase.COMBAT and state.combat is None:
        if u.attacked:
            return say("refusal.already_attacked", unit=name)
        near = [h for h in client.declarable_hexes() if u.hex is not None and u.hex.distance(h) == 1]
        if near:
            return say("refusal.attack_next_to", unit=name)
        return say("refusal.no_enemy_next", unit=name)
    if state.phase is Phase.NAVAL and u.hex is not None:
        rejection = client.check(NavalMove(side=side, unit=unit, port=u.hex, landing=False))
        return None if rejection is None else plain_refusal(rejection, client.gd)
    return None
