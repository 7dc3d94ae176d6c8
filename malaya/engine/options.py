"""Game options bought at the start (RULES R16.1, R16.2), and the Operation Matador set-up.

The pre-game Options phase (game-turn 0) is played JP first, then CW. Each side
chooses once (:class:`~malaya.engine.actions.ChooseOptions`, an empty tuple buys
nothing); the phase cannot end until the phasing side has chosen. Each option's VP
cost is booked against its buyer at once (R15.4).

Operation Matador (an option with ``setup_across_border``): once CW has bought it,
still in the CW Options phase, CW may re-position each listed unit with
:class:`~malaya.engine.actions.PlaceReinforcement` onto any Siam land hex at most
``max_hexes`` hexes from Malaya (counted through Siam), the terrain open to the
unit and not JP-occupied; :class:`~malaya.engine.actions.UndoPlacement` puts it
back on its set-up hex. Stacking is checked when the phase ends (R3.2, R4); hex
control follows the units when it ends (R13.2). See docs/rules-notes.md.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from malaya.engine.actions import (
    Action,
    ChooseOptions,
    PlaceReinforcement,
    Rejection,
    UndoPlacement,
)
from malaya.engine.board import Country, Terrain
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.position_memo import enemy_occupied
from malaya.engine.refusal import Refusal
from malaya.engine.registry import ChanceResolver, Handler, reject
from malaya.engine.scenario import BorderSetup, Option
from malaya.engine.sides import Side
from malaya.engine.stacking import overstack_rejection
from malaya.engine.state import ChanceKind, GameState, Location, Phase
from malaya.engine.step_tables import static_value
from malaya.engine.unitdefs import UnitType
from malaya.engine.unitrefs import own_unit_rejection, replace_unit, unit_name


class OptionsChosen(Event):
    """A side bought its options (possibly none) for ``vp`` VP (R16.1)."""

    side: Side
    options: tuple[str, ...]
    vp: int


class UnitSetUpAcrossBorder(Event):
    """A unit was set up across the Siam border on ``hex`` (Operation Matador, R16.2)."""

    unit: str
    hex: Hex


class SetUpAcrossBorderUndone(Event):
    """A unit set up across the border went back to its set-up hex ``hex``."""

    unit: str
    hex: Hex


def side_options(gd: GameDef, side: Side) -> list[Option]:
    """The options ``side`` may buy, in scenario order."""
    return [o for o in gd.scenario.options if o.side is side]


# --- ChooseOptions --------------------------------------------------------------------------------


def _check_choose(gd: GameDef, state: GameState, action: ChooseOptions) -> Rejection | None:
    """Once per side; only that side's options, each at most once (R16.1)."""
    if action.side in state.options_chosen:
        return reject(Refusal.OPTIONS_ALREADY_CHOSEN, side=action.side.value)
    known = {o.id: o for o in gd.scenario.options}
    for option_id in action.options:
        if option_id not in known:
            return reject(Refusal.UNKNOWN_OPTION, option=repr(option_id))
        if known[option_id].side is not action.side:
            return reject(Refusal.NOT_YOUR_OPTION, option=known[option_id].name, side=known[option_id].side.value)
    if len(set(action.options)) != len(action.options):
        return reject(Refusal.DUPLICATE_OPTION)
    return None


def _apply_choose(gd: GameDef, state: GameState, action: ChooseOptions) -> tuple[GameState, list[Event]]:
    """Book the VP cost against the buyer and record the choice (R15.4, R16.1)."""
    cost = sum(gd.scenario.option(o).vp for o in action.options)
    vp = tuple((s, n - cost if s is action.side else n) for s, n in state.vp)
    new = replace(
        state, vp=vp, options=state.options | set(action.options),
        options_chosen=state.options_chosen | {action.side},
    )
    return new, [OptionsChosen(side=action.side, options=action.options, vp=cost)]


def blocker(gd: GameDef, state: GameState) -> Rejection | None:
    """The phasing side must make its one choice (possibly none) before the phase ends (R16.1)."""
    if state.side not in state.options_chosen:
        return reject(Refusal.OPTIONS_NOT_CHOSEN)
    return overstack_rejection(gd, state)


# --- Operation Matador ------------------------------------------------------------------------------


def border_setup(gd: GameDef, state: GameState, side: Side) -> BorderSetup | None:
    """The across-the-border set-up ``side`` bought, if any (R16.2)."""
    for o in gd.scenario.options:
        if o.side is side and o.id in state.options and o.effects.setup_across_border is not None:
            return o.effects.setup_across_border
    return None


def _siam_within(gd: GameDef, max_hexes: int) -> frozenset[Hex]:
    """Siam land hexes at most ``max_hexes`` hexes from Malaya, counted through Siam (static)."""

    def compute() -> frozenset[Hex]:
        country = gd.board.country
        terrain = gd.board.terrain
        land = {h for h, c in country.items() if c is Country.SIAM and terrain[h] is not Terrain.SEA}
        frontier = {n for h, c in country.items() if c is Country.MALAYA for n in gd.adjacent[h] if n in land}
        seen = set(frontier)
        for _ in range(max_hexes - 1):
            frontier = {n for h in frontier for n in gd.adjacent[h] if n in land and n not in seen}
            seen |= frontier
        return frozenset(seen)

    return static_value(gd, ("siam_within", max_hexes), compute)


def matador_hexes(gd: GameDef, state: GameState, unit_id: str) -> list[Hex]:
    """Hexes where a unit may set up across the border now, sorted; empty if it may not (R16.2)."""
    side = gd.side_of(unit_id)
    border = border_setup(gd, state, side)
    if border is None or unit_id not in border.units or state.phase is not Phase.OPTIONS or state.side is not side:
        return []
    unit = state.units[gd.unit_index[unit_id]]
    if unit.location is not Location.MAP:
        return []
    unit_type = gd.unit_def(unit_id).type
    rules = gd.scenario.ruleset.terrain
    enemy = enemy_occupied(gd, state, side)

    def open_to(h: Hex) -> bool:
        effect = rules[gd.board.terrain_at(h)]
        return (effect.armor_mp if unit_type is UnitType.ARMOR else effect.infantry_mp) is not None

    return sorted(h for h in _siam_within(gd, border.max_hexes) if h not in enemy and h != unit.hex and open_to(h))


def _check_matador(gd: GameDef, state: GameState, action: PlaceReinforcement) -> Rejection | None:
    """Only a listed unit of a bought border set-up, only onto an offered hex."""
    rejection = own_unit_rejection(gd, state, action.unit, action.side)
    if rejection is not None:
        return rejection
    if action.to is None or action.to not in matador_hexes(gd, state, action.unit):
        return reject(Refusal.BAD_BORDER_SETUP, unit=unit_name(gd, action.unit))
    return None


def _apply_matador(gd: GameDef, state: GameState, action: PlaceReinforcement) -> tuple[GameState, list[Event]]:
    """Move the unit to its across-the-border hex; ``start_hex`` remembers its set-up hex."""
    assert action.to is not None
    unit = state.units[gd.unit_index[action.unit]]
    moved = replace(unit, hex=action.to, start_hex=unit.start_hex or unit.hex, used=True)
    return replace_unit(gd, state, moved), [UnitSetUpAcrossBorder(unit=unit.id, hex=action.to)]


def _check_undo(gd: GameDef, state: GameState, action: UndoPlacement) -> Rejection | None:
    """Only a unit set up across the border in this phase can be put back."""
    rejection = own_unit_rejection(gd, state, action.unit, action.side)
    if rejection is not None:
        return rejection
    if state.units[gd.unit_index[action.unit]].start_hex is None:
        return reject(Refusal.NOT_SET_UP_NOW, unit=unit_name(gd, action.unit))
    return None


def _apply_undo(gd: GameDef, state: GameState, action: UndoPlacement) -> tuple[GameState, list[Event]]:
    """Back to the scenario set-up hex."""
    unit = state.units[gd.unit_index[action.unit]]
    assert unit.start_hex is not None
    back = replace(unit, hex=unit.start_hex, start_hex=None, used=False)
    return replace_unit(gd, state, back), [SetUpAcrossBorderUndone(unit=unit.id, hex=unit.start_hex)]


HANDLERS: dict[str, Handler] = {
    "choose_options": Handler(check=_check_choose, apply=_apply_choose),
    "place_reinforcement": Handler(check=_check_matador, apply=_apply_matador),
    "undo_placement": Handler(check=_check_undo, apply=_apply_undo),
}
"""Handlers of the action types this module owns (the Options phase)."""

CHANCE: dict[ChanceKind, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates (none)."""


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """ChooseOptions for every subset of the side's options (smallest first), or Matador set-ups."""
    side = state.side
    if side not in state.options_chosen:
        ids = [o.id for o in side_options(gd, side)]
        return [ChooseOptions(side=side, options=combo) for k in range(len(ids) + 1) for combo in combinations(ids, k)]
    border = border_setup(gd, state, side)
    out: list[Action] = []
    for unit_id in border.units if border else ():
        out += [PlaceReinforcement(side=side, unit=unit_id, to=h) for h in matador_hexes(gd, state, unit_id)]
        if state.units[gd.unit_index[unit_id]].start_hex is not None:
            out.append(UndoPlacement(side=side, unit=unit_id))
    return out
