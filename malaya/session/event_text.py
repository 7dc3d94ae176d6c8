"""Engine events as one plain sentence each, for the message log, the dice ledger and the report.

Every event class has a hand-written sentence (``_SENTENCES`` maps each class to its
writer): unit names, place names ("Kampar", "near Kampar"), sides in words and exact
numbers as players write them (``13½``). Events a player does not need to read (a phase
ending, one more attacker clicked into a combat) are in ``_QUIET``. Any class not yet
known (the rules modules add new ones as they land) gets a plain sentence built from its
class name and fields, with the same names, places and numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from malaya.engine.air import AirAllocated, AirPointsReceived
from malaya.engine.bridges import BridgeDemolished, BridgeRepaired
from malaya.engine.combat.events import (
    AdvanceCancelled,
    AmphibiousAssaultFailed,
    AttackerAdded,
    AttackerRemoved,
    CombatAirSet,
    CombatCancelled,
    CombatDeclared,
    CombatEnded,
    DiceRolled,
    RetreatBlocked,
    StepLost,
    UnitAdvanced,
    UnitEliminated,
    UnitRetreated,
    UnitsRevealed,
)
from malaya.engine.events import Event, GameEnded, HexControlChanged, PhaseEnded, PhaseStarted
from malaya.engine.force_z import (
    ForceZAttacked,
    ForceZInterception,
    ForceZLeft,
    PenangShippingRolled,
)
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import MoveUndone, UnitMoved
from malaya.engine.naval_moves import UnitShipped
from malaya.engine.numbers import count_text, join_words, number_text, odds_text
from malaya.engine.options import OptionsChosen, SetUpAcrossBorderUndone, UnitSetUpAcrossBorder
from malaya.engine.rail import UnitRailMoved
from malaya.engine.reinforcement import (
    OptionalUnitAccepted,
    OptionalUnitDeclined,
    OptionalUnitsOffered,
    PlacementUndone,
    ReinforcementPlaced,
    ReinforcementsArrived,
    ReinforcementsDelayed,
)
from malaya.engine.scenario import turn_date
from malaya.engine.sides import Side
from malaya.engine.supply import AttritionLoss, SupplyDetermined

SIDE_NAMES = {Side.JP: "the Japanese", Side.CW: "the Commonwealth"}
"""Each side as the subject of a sentence."""

SIDE_ADJECTIVES = {Side.JP: "Japanese", Side.CW: "Commonwealth"}
"""Each side before a noun."""


def unit_name(gd: GameDef, unit_id: str) -> str:
    """A unit's printed name (``a unit`` for an id the scenario does not know)."""
    index = gd.unit_index.get(unit_id)
    return "a unit" if index is None else gd.unit_defs[index].name


def units_text(gd: GameDef, unit_ids: tuple[str, ...]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return join_words([unit_name(gd, u) for u in unit_ids])


def place(gd: GameDef, h: Hex | None, prep: str = "at") -> str:
    """``at Kampar`` on a named hex, ``near Kampar`` elsewhere, ``at the north edge (road)``, ``off the map``."""
    if h is None or not gd.board.on_map(h):
        return "off the map"
    name = gd.place_name(h)
    if any(p.entry for p in gd.board.places_at(h)):  # "North edge (road)" → "at the north edge (road)"
        return f"{prep} the {name[:1].lower()}{name[1:]}"
    return name if name.startswith("near ") else f"{prep} {name}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _date(gd: GameDef, turn: int) -> str:
    """``14 Dec 1941`` for a game-turn inside the calendar, else empty."""
    if not 1 <= turn <= gd.scenario.calendar.turns:
        return ""
    d = turn_date(gd.scenario.calendar, turn)
    return f", {d.day} {d:%b %Y}"


# --- turn, phase, game ------------------------------------------------------------------------


def _phase_started(gd: GameDef, e: PhaseStarted) -> str:
    phase = e.phase.value.replace("_", " ")
    return f"— Turn {e.turn}{_date(gd, e.turn)}: {SIDE_ADJECTIVES[e.side]} {phase} phase —"


def _control_changed(gd: GameDef, e: HexControlChanged) -> str:
    return f"{_capital(SIDE_NAMES[e.side])} took {gd.place_name(e.hex)}."


def level_text(level: str) -> str:
    """A result level with its side written out: ``CW substantive victory`` → ``Commonwealth substantive victory``."""
    side, _, rest = level.partition(" ")
    names = {s.value: SIDE_ADJECTIVES[s] for s in Side}
    return f"{names[side]} {rest}" if side in names and rest else level


def _game_ended(gd: GameDef, e: GameEnded) -> str:
    return f"The game is over: {level_text(e.level)} (Japanese {e.jp_vp} VP, Commonwealth {e.cw_vp} VP)."


# --- movement -----------------------------------------------------------------------------------


def _unit_moved(gd: GameDef, e: UnitMoved) -> str:
    return f"{unit_name(gd, e.unit)} moved {place(gd, e.path[-1], 'to')} ({number_text(e.cost)} MP)."


def _move_undone(gd: GameDef, e: MoveUndone) -> str:
    return f"{unit_name(gd, e.unit)} took back its move and stands {place(gd, e.to)} again."


def _rail_moved(gd: GameDef, e: UnitRailMoved) -> str:
    return f"{unit_name(gd, e.unit)} went by rail {place(gd, e.path[-1], 'to')}."


def _shipped(gd: GameDef, e: UnitShipped) -> str:
    origin = "from the Japanese off-map box" if e.origin is None else place(gd, e.origin, "from")
    if e.assault:
        return f"{unit_name(gd, e.unit)} sailed {origin} and waits off {gd.place_name(e.port)} to storm the port."
    verb = "landed" if e.landing else "sailed"
    return f"{unit_name(gd, e.unit)} {verb} {origin} {place(gd, e.port, 'at' if e.landing else 'to')}."


def bridge_place(gd: GameDef, a: Hex, b: Hex) -> str:
    """Where a bridge is: ``between Seletar and Johore Bahru``, ``at Grik`` (one named end), or ``near Grik``."""
    names = [n for n in (gd.place_name(a), gd.place_name(b)) if not n.startswith("near ")]
    if len(names) == 2:
        return f"between {names[0]} and {names[1]}"
    return f"at {names[0]}" if names else gd.place_name(a)


def _demolished(gd: GameDef, e: BridgeDemolished) -> str:
    return f"The Commonwealth blew the bridge {bridge_place(gd, e.a, e.b)}."


def _repaired(gd: GameDef, e: BridgeRepaired) -> str:
    return f"The Japanese repaired the bridge {bridge_place(gd, e.a, e.b)}."


# --- combat -------------------------------------------------------------------------------------


def result_text(gd: GameDef, code: str) -> str:
    """A CRT result in words: ``defenders retreat`` for ``DR`` (the code itself if the table has no words)."""
    result = gd.scenario.ruleset.combat.crt.results.get(code)
    text = result.text if result is not None and result.text else code
    return text[:1].lower() + text[1:]


def roll_text(die: int, modifier: int, modified: int) -> str:
    """``rolled 4`` or ``rolled 4, −1 = 3``."""
    if modifier == 0:
        return f"rolled {die}"
    sign = "+" if modifier > 0 else "−"
    return f"rolled {die}, {sign}{abs(modifier)} = {modified}"


def _dice(gd: GameDef, e: DiceRolled) -> str:
    air = []
    if e.attack_air:
        air.append(f"{count_text(e.attack_air, 'air point')} in support")
    if e.defense_air:
        air.append(f"{count_text(e.defense_air, 'air point')} in defence")
    support = f" with {join_words(air)}" if air else ""
    return (f"{SIDE_ADJECTIVES[e.side]} attack {place(gd, e.defender_hex, 'on')}{support}: "
            f"{number_text(e.attack)} against {number_text(e.defense)} ({odds_text(e.column)}), "
            f"{roll_text(e.die, e.modifier, e.modified_roll)}: {result_text(gd, e.result)}.")


def _revealed(gd: GameDef, e: UnitsRevealed) -> str:
    return f"Revealed in the fight: {units_text(gd, e.units)}."


def _cancelled(gd: GameDef, e: CombatCancelled) -> str:
    return f"The attack {place(gd, e.defender, 'on')} was called off."


def _step_lost(gd: GameDef, e: StepLost) -> str:
    if e.steps_left <= 0:
        return f"{unit_name(gd, e.unit)} lost its last step."
    return f"{unit_name(gd, e.unit)} lost a step ({e.steps_left} left)."


def _eliminated(gd: GameDef, e: UnitEliminated) -> str:
    return f"{unit_name(gd, e.unit)} was eliminated."


def _retreated(gd: GameDef, e: UnitRetreated) -> str:
    index = gd.unit_index.get(e.unit)
    enemy = SIDE_ADJECTIVES[gd.unit_defs[index].side.enemy] if index is not None else "an enemy"
    zoc = f" through a {enemy} zone of control" if e.ezoc_hexes else ""
    return f"{unit_name(gd, e.unit)} retreated {place(gd, e.path[-1], 'to')}{zoc}."


def _retreat_blocked(gd: GameDef, e: RetreatBlocked) -> str:
    return f"{units_text(gd, e.units)} could not retreat from {gd.place_name(e.hex)} and lose steps instead."


def _advanced(gd: GameDef, e: UnitAdvanced) -> str:
    return f"{unit_name(gd, e.unit)} advanced {place(gd, e.to, 'into')}."


def _advance_cancelled(gd: GameDef, e: AdvanceCancelled) -> str:
    return f"{unit_name(gd, e.unit)} took back its advance."


def _assault_failed(gd: GameDef, e: AmphibiousAssaultFailed) -> str:
    return f"{unit_name(gd, e.unit)} failed to take the port and went back to sea."


# --- sea and air --------------------------------------------------------------------------------


def _interception(gd: GameDef, e: ForceZInterception) -> str:
    name = unit_name(gd, e.unit)
    if not e.intercepted:
        return f"Force Z missed {name} at sea (rolled {e.roll})."
    if e.eliminated:
        return f"Force Z caught and sank {name} at sea (rolled {e.roll})."
    return f"Force Z caught {name} at sea (rolled {e.roll}): it lost {count_text(e.steps_lost, 'step')}."


def _force_z_attacked(gd: GameDef, e: ForceZAttacked) -> str:
    outcome = "Force Z was sunk" if e.sunk else "Force Z survived"
    return (f"Japanese aircraft attacked Force Z with {count_text(e.air_points, 'air point')}: "
            f"rolled {e.roll}, {outcome}.")


def _force_z_left(gd: GameDef, e: ForceZLeft) -> str:
    return "Force Z left Malayan waters."


def _penang(gd: GameDef, e: PenangShippingRolled) -> str:
    if not e.captured:
        return f"Penang's shipping escaped (rolled {e.roll}, needed {e.percent} or less)."
    when = f" from turn {e.from_turn}" if e.from_turn is not None else ""
    return (f"The Japanese captured Penang's shipping (rolled {e.roll}, needed {e.percent} or less): "
            f"they may sail the West coast{when}.")


def _air_received(gd: GameDef, e: AirPointsReceived) -> str:
    return f"{_capital(SIDE_NAMES[e.side])} received {count_text(e.points, 'air point')}."


def _air_allocated(gd: GameDef, e: AirAllocated) -> str:
    who, total = _capital(SIDE_NAMES[e.side]), e.attack + e.defense
    if e.attack == 0 or e.defense == 0:  # "put all 3 air points to defence"
        points = {1: "1 air point", 2: "both air points"}.get(total, f"all {total} air points")
        return f"{who} put {points} to {'defence' if e.attack == 0 else 'attack'}."
    return f"{who} put {count_text(e.attack, 'air point')} to attack and {e.defense} to defence."


# --- supply, reinforcements, options --------------------------------------------------------------


def _supply(gd: GameDef, e: SupplyDetermined) -> str:
    parts = []
    if e.became_unsupplied:
        parts.append(f"{units_text(gd, e.became_unsupplied)} ran out of supply")
    if e.became_supplied:
        parts.append(f"{units_text(gd, e.became_supplied)} {'is' if len(e.became_supplied) == 1 else 'are'} "
                     "supplied again")
    return _capital("; ".join(parts)) + "."


def _attrition(gd: GameDef, e: AttritionLoss) -> str:
    name = unit_name(gd, e.unit)
    if e.eliminated:
        return f"{name}, too long out of supply, melted away."
    return f"{name}, too long out of supply, lost {count_text(e.steps_lost, 'step')}."


def _arrived(gd: GameDef, e: ReinforcementsArrived) -> str:
    return f"Reinforcements are ready: {units_text(gd, e.units)}."


def _placed(gd: GameDef, e: ReinforcementPlaced) -> str:
    if e.hex is None:
        return f"{unit_name(gd, e.unit)} joined the Japanese off-map box."
    return f"{unit_name(gd, e.unit)} arrived {place(gd, e.hex)}."


def _placement_undone(gd: GameDef, e: PlacementUndone) -> str:
    return f"{unit_name(gd, e.unit)} was taken back off the map."


def _delayed(gd: GameDef, e: ReinforcementsDelayed) -> str:
    return f"{units_text(gd, e.units)} stayed back and will arrive on turn {e.turn}."


def _offered(gd: GameDef, e: OptionalUnitsOffered) -> str:
    return f"Optional units on offer: {units_text(gd, e.units)}."


def _accepted(gd: GameDef, e: OptionalUnitAccepted) -> str:
    return f"{unit_name(gd, e.unit)} was taken for {e.vp} VP and arrives on turn {e.turn}."


def _declined(gd: GameDef, e: OptionalUnitDeclined) -> str:
    return f"{unit_name(gd, e.unit)} was declined."


def _options(gd: GameDef, e: OptionsChosen) -> str:
    names = {o.id: o.name for o in gd.scenario.options}
    chosen = [names.get(o, o.replace("_", " ")) for o in e.options]
    if not chosen:
        return f"{_capital(SIDE_NAMES[e.side])} chose no options."
    return f"{_capital(SIDE_NAMES[e.side])} chose {join_words(chosen)} for {e.vp} VP."


def _across_border(gd: GameDef, e: UnitSetUpAcrossBorder) -> str:
    return f"{unit_name(gd, e.unit)} set up across the border {place(gd, e.hex)}."


def _border_undone(gd: GameDef, e: SetUpAcrossBorderUndone) -> str:
    return f"{unit_name(gd, e.unit)} went back {place(gd, e.hex, 'to')}."


_SENTENCES: dict[type[Event], Callable[[GameDef, Any], str]] = {
    PhaseStarted: _phase_started, HexControlChanged: _control_changed, GameEnded: _game_ended,
    UnitMoved: _unit_moved, MoveUndone: _move_undone, UnitRailMoved: _rail_moved, UnitShipped: _shipped,
    BridgeDemolished: _demolished, BridgeRepaired: _repaired,
    DiceRolled: _dice, UnitsRevealed: _revealed, CombatCancelled: _cancelled, StepLost: _step_lost,
    UnitEliminated: _eliminated, UnitRetreated: _retreated, RetreatBlocked: _retreat_blocked,
    UnitAdvanced: _advanced, AdvanceCancelled: _advance_cancelled, AmphibiousAssaultFailed: _assault_failed,
    ForceZInterception: _interception, ForceZAttacked: _force_z_attacked, ForceZLeft: _force_z_left,
    PenangShippingRolled: _penang, AirPointsReceived: _air_received, AirAllocated: _air_allocated,
    SupplyDetermined: _supply, AttritionLoss: _attrition, ReinforcementsArrived: _arrived,
    ReinforcementPlaced: _placed, PlacementUndone: _placement_undone, ReinforcementsDelayed: _delayed,
    OptionalUnitsOffered: _offered, OptionalUnitAccepted: _accepted, OptionalUnitDeclined: _declined,
    OptionsChosen: _options, UnitSetUpAcrossBorder: _across_border, SetUpAcrossBorderUndone: _border_undone,
}
"""The hand-written sentence of each event class (each writer takes that class)."""

_QUIET: frozenset[type[Event]] = frozenset({
    PhaseEnded, CombatDeclared, AttackerAdded, AttackerRemoved, CombatAirSet, CombatEnded,
})
"""Events not worth a log line: their outcome has its own line (the die roll, the next phase)."""


def _words(name: str) -> str:
    """``CombatAirSet`` → ``Combat air set``."""
    spaced = re.sub(r"(?<!^)(?=[A-Z])", " ", name.lstrip("_")).lower()
    return spaced[:1].upper() + spaced[1:]


def field_text(gd: GameDef, key: str, value: object) -> str | None:
    """A field for a plain sentence: names for units, places for hexes; None to leave it out."""
    if value is None or value is False or value in ((), frozenset()):
        return None
    if value is True:
        return key.replace("_", " ")
    label = key.replace("_", " ")
    if isinstance(value, Hex):
        return f"{label} {gd.place_name(value)}" if gd.board.on_map(value) else None
    if isinstance(value, Side):
        return f"{label} {SIDE_ADJECTIVES[value]}" if key != "side" else SIDE_ADJECTIVES[value]
    if isinstance(value, Fraction | int):
        return f"{label} {number_text(value)}"
    if isinstance(value, str) and value in gd.unit_index:
        return unit_name(gd, value)
    if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
        return join_words([unit_name(gd, str(v)) if v in gd.unit_index else str(v).replace("_", " ") for v in value])
    if isinstance(value, tuple) and value and all(isinstance(v, Hex) for v in value):
        return f"{label} {gd.place_name(value[-1])}"
    return f"{label} {getattr(value, 'value', value)}"


def plain_fields(gd: GameDef, model: object) -> str:
    """Any event or action as a plain phrase: its class name in words and its fields, readable."""
    fields = [t for k, v in getattr(model, "__dict__", {}).items() if (t := field_text(gd, k, v))]
    name = _words(type(model).__name__)
    return f"{name}: {', '.join(fields)}" if fields else name


def sentence(gd: GameDef, event: Event) -> str:
    """One plain sentence for any event: its class's hand-written one, else one built from its fields."""
    writer = _SENTENCES.get(type(event))
    return writer(gd, event) if writer else plain_fields(gd, event) + "."


def describe(gd: GameDef, event: Event) -> str | None:
    """One sentence for the message log, or None for events the log leaves out."""
    if type(event) in _QUIET or (isinstance(event, SupplyDetermined) and not
                                 (event.became_supplied or event.became_unsupplied)):
        return None
    if isinstance(event, HexControlChanged) and not gd.board.places_at(event.hex):
        return None  # ground changing hands is shown on the map; named places get a line
    return sentence(gd, event)


def is_dice_roll(event: Event) -> bool:
    """True for the events the dice ledger lists."""
    return isinstance(event, DiceRolled | ForceZAttacked)
