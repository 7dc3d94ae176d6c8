"""What an irreversible action will do, before the click (issue 13 §1): exact chances from the engine itself.

:func:`outcomes` applies an action to the current state through the engine and, when it stops
at a chance node, applies every outcome with its exact probability — so a Force Z attack's
chance of sinking and a landing's chance of being intercepted come from the same rules that
will decide them. A landing into an enemy-held port is then previewed with the engine's combat
preview (odds and result probabilities of the assault it must make, R9.6, R12.9).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from malaya import engine
from malaya.engine import (
    Action,
    AttackForceZ,
    CombatPreview,
    ForceZStatus,
    GameDef,
    GameState,
    Hex,
    Location,
    NavalMove,
    Side,
    crt_of,
    preview_for,
)
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.session.words.plain_words import refusal_text


def outcomes(gd: GameDef, state: GameState, action: Action) -> list[tuple[GameState, Fraction]]:
    """Every state ``action`` can lead to (past its chance node, if it makes one), with its exact probability."""
    after = engine.apply(gd, state, action).state
    if not engine.is_chance_node(after):
        return [(after, Fraction(1))]
    return [(engine.apply(gd, after, chance).state, p) for chance, p in engine.chance_outcomes(after)]


def percent(p: Fraction) -> str:
    """A probability as a player reads it: ``33%``, ``100%``, ``<1%``."""
    if 0 < p < Fraction(1, 100):
        return "<1%"
    return f"{round(p * 100)}%"


def force_z_sink_chance(client: GameClient, air_points: int) -> Fraction:
    """The exact chance that an attack with ``air_points`` AP sinks Force Z, from the engine's own die (R9.7)."""
    gd, state = client.gd, client.state
    return sum((p for s, p in outcomes(gd, state, AttackForceZ(side=Side.JP, air_points=air_points))
                if s.force_z is ForceZStatus.SUNK), Fraction(0))


_SINK_CACHE: dict[str, tuple[GameState, dict[int, Fraction]]] = {}


def force_z_chances(client: GameClient) -> dict[int, Fraction]:
    """AP → exact chance to sink Force Z, for 1 … the most one attack may use (computed once per state)."""
    cached = _SINK_CACHE.get("last")
    if cached is not None and cached[0] is client.state:
        return cached[1]
    most = client.gd.scenario.ruleset.force_z.max_air_points
    chances = {n: force_z_sink_chance(client, n) for n in range(1, most + 1)}
    _SINK_CACHE["last"] = (client.state, chances)
    return chances


@dataclass(frozen=True, slots=True)
class LandingPreview:
    """A landing into an enemy-held port: the assault it must make, and its chances."""

    port: Hex
    assault: CombatPreview
    """The engine's preview of the assault by the units that would wait in the landing zone."""
    take_port: Fraction
    """Chance the assault empties the port (the defenders retreat or are eliminated)."""
    intercepted: Fraction
    """Chance Force Z stops the move at sea (R9.7)."""
    known: bool
    """True if the player sees the port's defenders now (R2.5); otherwise no odds are shown (they would tell)."""


def _vacates(gd: GameDef, code: str, defender_steps: int) -> bool:
    """True if CRT result ``code`` leaves the defender's hex empty (retreat, elimination, or every step lost)."""
    result = crt_of(gd).results[code]
    return result.defender_eliminated or result.defender_retreat > 0 or result.defender_steps >= defender_steps


def landing_preview(client: GameClient, unit: str, port: Hex) -> LandingPreview | None:
    """The preview of ``unit`` landing at an enemy-held ``port``; None if that is no landing that must assault."""
    gd, state = client.gd, client.state
    move = next((a for a in client.unit_actions(unit) if isinstance(a, NavalMove) and a.port == port and a.landing),
                None)
    if move is None:
        return None
    results = outcomes(gd, state, move)
    landed = [(s, p) for s, p in results if s.units[gd.unit_index[unit]].location is Location.LANDING]
    if not landed:
        return None  # an empty port: it is taken at once, no assault
    after = landed[0][0]
    attackers = tuple(u.id for u in after.units if u.location is Location.LANDING and u.hex == port
                      and gd.side_of(u.id) is state.side)
    assault = preview_for(gd, after, port, attackers)
    steps = sum(u.steps for u in after.units if u.hex == port and u.location is Location.MAP)
    take = sum((p for code, p in assault.probabilities if _vacates(gd, code, steps)), Fraction(0))
    intercepted = Fraction(1) - sum((p for _, p in landed), Fraction(0))
    return LandingPreview(port, assault, take, intercepted, known=port not in client.hidden())


def landing_lines(client: GameClient, unit: str, preview: LandingPreview) -> list[str]:
    """The landing's consequences in plain words, for the tooltip over the port."""
    gd = client.gd
    place = gd.board.places_at(preview.port)
    to_box = gd.side_of(unit) is Side.JP
    steps = gd.scenario.ruleset.combat.amphibious_extra_steps
    a = preview.assault
    lines = [say("landing.held", port=place[0].name) if place else say("landing.held_this_port")]
    if not preview.known:
        lines.append(say("landing.defenders_unknown"))
    elif a.column is None:
        lines.append(say("landing.too_weak", why=refusal_text(a.unresolvable)) if a.unresolvable else
                     say("landing.too_weak_below_table"))
    else:
        lines.append(say("landing.odds", column=a.column, chance=percent(preview.take_port)))
    if steps == 1:
        lines.append(say("landing.not_taken_a_step_box" if to_box else "landing.not_taken_a_step_reinforcements"))
    else:
        lines.append(say("landing.not_taken_steps_box" if to_box else "landing.not_taken_steps_reinforcements",
                         steps=steps))
    if preview.intercepted:
        lines.append(say("landing.force_z", chance=percent(preview.intercepted)))
    return lines
