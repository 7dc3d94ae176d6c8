"""A unit's scripted first landing (R17; Kota Bharu in the campaign), weighed by both sides on the engine's
exact odds (issue 18).

A JP unit with a fixed first landing (R17: the Takumi Detachment at Kota Bharu) lands, and must
attack the port's defenders (R9.6, R12.2). :func:`landing_preview` puts that unit in the port's
landing zone of a copy of the state and asks the engine's combat preview (R12.11) for the exact
outcome distribution of its assault; :func:`assault_worth` turns it into JP's expected gain in
steps: CW steps lost, plus the port taken, minus JP steps lost (a failed amphibious assault loses
more and goes back to the box, R12.9).

- JP (``Behaviour.SCRIPTED_FIRST_LANDING``): lands there only when that expected gain is above 0.
- CW (``Behaviour.CONTEST_FIRST_LANDING``): on turns 1–2 a unit in such a port stays while the JP assault,
  with every JP air point of the turn, is poor for JP (gains under :data:`POOR_FOR_JP`, :func:`hold_bonus`).
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine import (
    CombatPreview,
    GameDef,
    GameState,
    Hex,
    Location,
    Side,
    attack_air_limit,
    memoized,
    preview_for,
    set_pool,
)

PORT_TAKEN = 2.0
"""JP: the worth, in steps, of taking the landing port (a port, an airfield and the road south)."""

POOR_FOR_JP = 1.0
"""CW: a landing assault whose expected JP gain is below this many steps (at best it pushes the
garrison back) is poor for JP, and the garrison stays."""

LANDING_VALUE = 4.0
"""JP: the naval score of the historical landing when it pays (above any other box unit's sailing)."""

HOLD_BONUS = 3.0
"""CW: the score of keeping a port garrison the JP cannot profitably assault (outweighs falling back)."""

CONTEST_TURNS = 2

OFF_MAP = frozenset({Location.JP_BOX, Location.PENDING})
"""Where a JP unit still to make its first landing is (the CW's view shows a hidden one as pending)."""
"""CW contests the historical landing port on turns 1 and 2."""


def landing_preview(gd: GameDef, state: GameState, unit_id: str, port: Hex, air: int) -> CombatPreview:
    """The engine's preview of ``unit_id`` assaulting ``port`` from its landing zone with up to ``air``
    attack AP (no more than the engine lets one combat there have, R11.3, R11.5)."""
    units = list(state.units)
    i = gd.unit_index[unit_id]
    units[i] = replace(units[i], location=Location.LANDING, hex=port, landed=True, sea_moved=True)
    landed = replace(state, units=tuple(units), side=Side.JP,
                     attack_pool=set_pool(state.attack_pool, Side.JP, air))
    return preview_for(gd, landed, port, (unit_id,), min(air, attack_air_limit(gd, landed, port)))


def assault_worth(gd: GameDef, state: GameState, pv: CombatPreview, jp_loss: float) -> float:
    """JP's expected gain in steps from a landing assault previewed as ``pv`` (below 0: it does not pay)."""
    if not pv.resolvable:
        return -1.0
    results = gd.scenario.ruleset.combat.crt.results
    extra = gd.scenario.ruleset.combat.amphibious_extra_steps
    d_steps = sum(state.units[gd.unit_index[u]].steps for u in pv.defenders)
    worth = 0.0
    for code, p in pv.probabilities:
        r = results[code]
        d_loss = d_steps if r.defender_eliminated else min(r.defender_steps, d_steps)
        taken = r.defender_eliminated or d_loss >= d_steps or r.defender_retreat > 0
        jp_lost = r.attacker_steps + (0 if taken else extra)
        worth += float(p) * (d_loss + (PORT_TAKEN if taken else 0.0) - jp_loss * jp_lost)
    return worth


def landing_pays(gd: GameDef, state: GameState, unit_id: str, port: Hex, air: int, jp_loss: float) -> bool:
    """True if ``unit_id``'s landing assault on ``port`` with ``air`` AP is worth it on its exact odds."""
    return assault_worth(gd, state, landing_preview(gd, state, unit_id, port, air), jp_loss) > 0


def hold_bonus(gd: GameDef, state: GameState, unit_id: str, d: Hex, jp_loss: float) -> float:
    """CW: the bonus for ``unit_id`` staying in a historical landing port the JP cannot profitably assault."""
    unit = state.units[gd.unit_index[unit_id]]
    if state.turn > CONTEST_TURNS or d != unit.hex:
        return 0.0
    return HOLD_BONUS if d in memoized(gd, state, ("ai.held_ports", jp_loss), lambda: held_ports(gd, state, jp_loss)) \
        else 0.0


def held_ports(gd: GameDef, state: GameState, jp_loss: float) -> frozenset[Hex]:
    """Historical landing ports CW holds where the JP landing, with the turn's JP air points, would not pay."""
    air = gd.air_points(Side.JP, state.turn, state.options)
    held = set()
    for unit_id, port in gd.first_landing.items():
        unit = state.units[gd.unit_index[unit_id]]
        if unit.location not in OFF_MAP or unit.steps < 1 or state.controller(port) is not Side.CW:
            continue  # landed already, or lost: its first landing is behind it
        pv = landing_preview(gd, state, unit_id, port, air)
        if assault_worth(gd, state, pv, jp_loss) < POOR_FOR_JP:
            held.add(port)
    return frozenset(held)


def historical_landing_score(gd: GameDef, state: GameState, unit_id: str, port: Hex, jp_loss: float
                             ) -> float | None:
    """JP: the naval score of ``unit_id``'s fixed first landing at ``port`` (None: its odds do not pay)."""
    air = state.pool("attack", Side.JP)
    pv = landing_preview(gd, state, unit_id, port, air)
    if not pv.defenders:
        return LANDING_VALUE  # the garrison has left: the port is taken without a fight
    return LANDING_VALUE if assault_worth(gd, state, pv, jp_loss) > 0 else None


def failed_landing_steps(gd: GameDef, state: GameState, attackers: tuple[str, ...]) -> int:
    """The extra steps the landed ``attackers`` lose if their amphibious assault fails (R12.9)."""
    landed = sum(1 for u in attackers if state.units[gd.unit_index[u]].location is Location.LANDING)
    return landed * gd.scenario.ruleset.combat.amphibious_extra_steps
