"""The static definition of a game: board + scenario + look-up tables built once.

A :class:`GameDef` never changes during a game. Rules functions take it with
the state (``f(gd, state)``) so the state holds only what changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from malaya.engine.board import Board, Place, Terrain
from malaya.engine.hexgrid import Hex, to_offset
from malaya.engine.placement import resolve_at
from malaya.engine.ruleset import stacking_limit
from malaya.engine.scenario import Arrival, Scenario, StartPosition, UnitDef, Victory, air_points
from malaya.engine.sides import Side
from malaya.engine.start_position import start_control, start_demolished, with_units_holding
from malaya.engine.state import ForceZStatus, GameState, Location, Phase, UnitState


@dataclass(frozen=True, slots=True, eq=False)
class GameDef:
    """Board, scenario and the indices derived from them; see module docstring."""

    board: Board
    scenario: Scenario
    unit_defs: tuple[UnitDef, ...] = field(init=False)
    unit_index: dict[str, int] = field(init=False)
    unit_side: dict[str, Side] = field(init=False)  # unit id → its side (looked up in every rules loop)
    singapore_hexes: frozenset[Hex] = field(init=False)
    objective_vp: dict[Hex, int] = field(init=False)
    adjacent: dict[Hex, tuple[Hex, ...]] = field(init=False)
    option_fortress: dict[str, frozenset[Hex]] = field(init=False)
    first_landing: dict[str, Hex] = field(init=False)  # unit → the port of its fixed first landing (R17)

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit_defs", tuple(self.scenario.units))
        object.__setattr__(self, "unit_index", {u.id: i for i, u in enumerate(self.scenario.units)})
        object.__setattr__(self, "unit_side", {u.id: Side(u.side) for u in self.scenario.units})
        fortress = frozenset(h for h, t in self.board.terrain.items() if t is Terrain.FORTRESS)
        object.__setattr__(self, "singapore_hexes", fortress)
        objectives = {resolve_at(self.board, at): vp for at, vp in self.scenario.victory.objectives.items()}
        object.__setattr__(self, "objective_vp", {h: vp for h, vp in objectives.items() if h is not None})
        terrain = self.board.terrain
        adjacent = {h: tuple(n for n in h.neighbors() if n in terrain) for h in terrain}
        object.__setattr__(self, "adjacent", adjacent)
        by_option = {
            o.id: frozenset(h for h in (resolve_at(self.board, at) for at in o.effects.fortress_hexes) if h is not None)
            for o in self.scenario.options
        }
        object.__setattr__(self, "option_fortress", {k: v for k, v in by_option.items() if v})
        landings = {p.unit: resolve_at(self.board, p.first_landing) for p in self.scenario.setup if p.first_landing}
        object.__setattr__(self, "first_landing", {u: h for u, h in landings.items() if h is not None})

    @property
    def victory(self) -> Victory:
        """The scenario's victory rules (R15)."""
        return self.scenario.victory

    @property
    def last_turn(self) -> int:
        """The last game-turn (R1.2)."""
        return self.scenario.calendar.turns

    def unit_def(self, unit_id: str) -> UnitDef:
        """The definition of a unit by id."""
        return self.unit_defs[self.unit_index[unit_id]]

    def side_of(self, unit_id: str) -> Side:
        """The side a unit belongs to."""
        return self.unit_side[unit_id]

    def stacking_value(self, unit_id: str) -> int:
        """A unit's stacking points (R2.1)."""
        return self.unit_defs[self.unit_index[unit_id]].stacking

    def max_steps(self, unit_id: str) -> int:
        """A unit's steps at full strength (R2.1)."""
        return self.unit_defs[self.unit_index[unit_id]].steps

    def fortress_by_option(self, options: Iterable[str]) -> frozenset[Hex]:
        """Hexes that count as fortress through the chosen options (Johore defences, R16.2)."""
        out: frozenset[Hex] = frozenset()
        for option_id in options:
            out |= self.option_fortress.get(option_id, frozenset())
        return out

    def terrain_for_rules(self, h: Hex, state: GameState) -> Terrain:
        """The map terrain of ``h``, or fortress where a chosen option makes it one (R16.2)."""
        terrain = self.board.terrain_at(h)
        if state.options and terrain is not Terrain.FORTRESS and h in self.fortress_by_option(state.options):
            return Terrain.FORTRESS
        return terrain

    def stacking_limit(self, h: Hex, state: GameState) -> int:
        """Stacking points allowed in hex ``h`` (R4.1; option fortress hexes count as fortress)."""
        return stacking_limit(self.scenario.ruleset.stacking, self.terrain_for_rules(h, state))

    def air_points(self, side: Side, turn: int, options: Iterable[str]) -> int:
        """Air points ``side`` receives on ``turn`` with the chosen options (R11.1, R16.2)."""
        chosen = [o for o in self.scenario.options if o.id in set(options)]
        return air_points(self.scenario.air, side, turn, chosen)

    def describe_hex(self, h: Hex) -> str:
        """A short human name for a hex: its place name if any, else its Tiled cell."""
        places = self.board.places_at(h)
        col, row = to_offset(h, self.board.stagger)
        return f"{places[0].name} ({col},{row})" if places else f"hex ({col},{row})"

    def place_of(self, h: Hex) -> tuple[Place | None, bool]:
        """The place a hex is named by: (its own place, True), else (the nearest town, False), or (None, False) on a
        map without places."""
        places = self.board.places_at(h)
        if places:
            return places[0], True
        return self.nearest_town(h), False

    def place_name(self, h: Hex) -> str:
        """A hex as a player names it: ``Kampar`` on a named hex, else ``near Kampar`` (nearest town)."""
        place, own = self.place_of(h)
        if place is None:
            return "open country"
        return place.name if own else f"near {place.name}"

    def nearest_town(self, h: Hex) -> Place | None:
        """The town nearest ``h`` (map-edge entries only where the map has no town), None on a map without places."""
        towns = [p for p in self.board.places if not p.entry] or list(self.board.places)
        return min(towns, key=lambda p: (p.hex.distance(h), p.name)) if towns else None


def initial_units(gd: GameDef) -> tuple[UnitState, ...]:
    """Every unit in scenario order at its 8 Dec 1941 position (R17) or pending (R14, R16)."""
    placed = {p.unit: p.at for p in gd.scenario.setup}
    steps = {p.unit: p.steps for p in gd.scenario.setup}
    # R14.5: a scheduled reinforcement carries its due turn and arrival; an optional unit its
    # offer turn and no arrival (it becomes OFFERED then, R16.1; see engine/reinforcement.py).
    due: dict[str, tuple[int, Arrival | None]] = {r.unit: (r.turn, r.where) for r in gd.scenario.reinforcements}
    due.update({o.unit: (o.turn, None) for o in gd.scenario.optional_units})
    units = []
    for u in gd.unit_defs:
        if u.id not in placed:
            turn, arrival = due.get(u.id, (None, None))
            units.append(UnitState(id=u.id, location=Location.PENDING, steps=u.steps, due_turn=turn, arrival=arrival))
            continue
        h = resolve_at(gd.board, placed[u.id])
        location = Location.JP_BOX if h is None else Location.MAP
        units.append(UnitState(id=u.id, location=location, hex=h, steps=steps.get(u.id) or u.steps))
    return tuple(units)


def initial_control(board: Board, start: StartPosition | None = None) -> frozenset[Hex]:
    """Hexes JP controls at the start: Siam (R17), plus a short scenario's front line; the rest is CW."""
    return start_control(board, start if start is not None else StartPosition())


def _opening(gd: GameDef, turn: int, phase: Phase, chosen: frozenset[str], vp: dict[Side, int]) -> GameState:
    """The opening state; a short scenario starts with Force Z gone and Penang's shipping settled (R9.3, R9.7)."""
    start = gd.scenario.start
    force_z_gone = gd.scenario.first_turn > gd.scenario.ruleset.force_z.leaves_after_turn
    units = initial_units(gd)
    control = initial_control(gd.board, start)
    if start != StartPosition():  # a short scenario's front line: each occupied hex is its occupier's
        control = with_units_holding(control, {u.hex: gd.side_of(u.id) for u in units if u.on_map and u.hex})
    return GameState(
        turn=turn, side=Side.JP, phase=phase, units=units, jp_control=control,
        vp=((Side.JP, vp[Side.JP]), (Side.CW, vp[Side.CW])), options=chosen,
        force_z=ForceZStatus.GONE if force_z_gone else ForceZStatus.AFLOAT,
        west_shipping_turn=start.west_shipping_from_turn, demolished=start_demolished(gd.board, start),
        penang_rolled=start.west_shipping_from_turn is not None,
    )


class UnknownOptions(ValueError):
    """Options asked for that the scenario does not offer (R16.1), as data: the session writes the sentence.

    ``str()`` is for developers (a log, a crash file): the ids asked for and the ids offered.
    """

    def __init__(self, options: tuple[str, ...], known: tuple[str, ...]) -> None:
        super().__init__(f"unknown_options(options={options!r}, known={known!r})")
        self.options = options
        self.known = known


def new_game(gd: GameDef, options: Iterable[str] | None = None) -> GameState:
    """The opening position before the first phase is entered (see ``rules.start``).

    With ``options=None`` the game begins in the pre-game Options phase (game-turn 0,
    JP first), where each side buys its options (R16.1). Given an iterable of option
    ids, those are bought at once (their VP cost booked, R15.4) and the game begins
    on the first turn (1 for the campaign) in the JP Supply phase.
    """
    if options is None:
        return _opening(gd, 0, Phase.OPTIONS, frozenset(), {Side.JP: 0, Side.CW: 0})
    chosen = frozenset(options)
    unknown = chosen - {o.id for o in gd.scenario.options}
    if unknown:
        raise UnknownOptions(tuple(sorted(unknown)), tuple(o.id for o in gd.scenario.options))
    cost = {Side.JP: 0, Side.CW: 0}
    for o in gd.scenario.options:
        if o.id in chosen:
            cost[Side(o.side)] -= o.vp
    return _opening(gd, gd.scenario.first_turn, Phase.SUPPLY, chosen, cost)
