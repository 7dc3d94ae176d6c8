"""A small game builder for rules tests: a little map, a few units, the real ruleset (with the
rulebook's numbers where the campaign tunes them, see :func:`rulebook_ruleset`).

    game = (GameBuilder(width=6, height=5)
            .terrain((2, 2), "jungle")
            .road((1, 1), (2, 1))
            .unit("jp_a", "JP", at=(1, 1))
            .unit("cw_a", "CW", at=(3, 1), attack=5, defense=6)
            .build())
    gd, state = game.gd, game.state

Cells are Tiled ``(col, row)`` offset coordinates of an odd-q map (as a map author
sees them); :meth:`Game.hex` converts. Every hex is clear Malaya land unless set.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from malaya.content.scenario_loader import load_ruleset
from malaya.engine.board import Board, Connection, Country, Hexside, Place, Terrain
from malaya.engine.gamedef import GameDef, new_game
from malaya.engine.hexgrid import ODD_Q, Hex, edge, from_offset
from malaya.engine.scenario import Scenario
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from malaya.resources import scenario_file

Cell = tuple[int, int]


@lru_cache(maxsize=1)
def campaign_ruleset() -> Any:
    """The bundled campaign's ruleset (loaded once per test session)."""
    return load_ruleset(scenario_file().parent / "ruleset.toml")


@lru_cache(maxsize=1)
def rulebook_ruleset() -> Any:
    """The campaign's ruleset with the rulebook's own numbers where the campaign tunes a [design]
    number for balance (docs/rules-notes.md, "Balance"): rules tests check mechanisms against
    the numbers RULES.md states (R4.1 fortress stacking 6, R5.1 fortress ×2, R5.2 strait attack ×½,
    R10.4 4 hexes, R11.5 10 hexes)."""
    rs = campaign_ruleset()
    terrain = dict(rs.terrain)
    terrain[Terrain.FORTRESS] = terrain[Terrain.FORTRESS].model_copy(update={"defense": Fraction(2)})
    stacking = rs.stacking.model_copy(update={"terrain_limits": {Terrain.FORTRESS: 6}})
    hexsides = dict(rs.hexsides)
    hexsides[Hexside.STRAIT] = hexsides[Hexside.STRAIT].model_copy(update={"attack": Fraction(1, 2)})
    return rs.model_copy(update={
        "terrain": terrain, "stacking": stacking, "hexsides": hexsides,
        "supply": rs.supply.model_copy(update={"overland_hexes": 4}),
        "air": rs.air.model_copy(update={"range_hexes": 10}),
    })


def place_name(cell: Cell) -> str:
    """The name the builder gives the place it puts on a cell."""
    return f"cell {cell[0]}.{cell[1]}"


@dataclass
class Game:
    """What the builder makes: the static definition and a state to start from."""

    gd: GameDef
    state: GameState

    def hex(self, col: int, row: int) -> Hex:
        """The axial hex of a Tiled cell."""
        return from_offset(col, row, ODD_Q)


@dataclass
class GameBuilder:
    """Fluent builder of a tiny game; see module docstring."""

    width: int = 6
    height: int = 6
    _terrain: dict[Cell, str] = field(default_factory=dict)
    _country: dict[Cell, str] = field(default_factory=dict)
    _connections: dict[str, set[tuple[Cell, Cell]]] = field(default_factory=dict)
    _hexsides: dict[tuple[Cell, Cell], str] = field(default_factory=dict)
    _places: list[dict[str, Any]] = field(default_factory=list)
    _units: list[dict[str, Any]] = field(default_factory=list)
    _setup: list[dict[str, str]] = field(default_factory=list)
    _objectives: dict[str, int] = field(default_factory=dict)
    _options: list[dict[str, Any]] = field(default_factory=list)
    _chosen: list[str] = field(default_factory=list)
    _reinforcements: list[dict[str, Any]] = field(default_factory=list)
    _optional_units: list[dict[str, Any]] = field(default_factory=list)
    _turn: int = 1
    _turns: int = 28
    _hints: dict[str, Any] = field(default_factory=dict)
    _victory: dict[str, Any] = field(default_factory=dict)
    _side: str = "JP"
    _phase: Phase = Phase.MOVEMENT
    _ruleset: Any = None

    def terrain(self, cell: Cell, kind: str) -> GameBuilder:
        """Set the terrain of a cell."""
        self._terrain[cell] = kind
        return self

    def siam(self, *cells: Cell) -> GameBuilder:
        """Put cells in Siam (JP-controlled at the start)."""
        for c in cells:
            self._country[c] = "Siam"
        return self

    def road(self, *cells: Cell) -> GameBuilder:
        """A road through consecutive adjacent cells."""
        return self._line("road", cells)

    def rail(self, *cells: Cell) -> GameBuilder:
        """A railway through consecutive adjacent cells."""
        return self._line("rail", cells)

    def _line(self, kind: str, cells: tuple[Cell, ...]) -> GameBuilder:
        for a, b in zip(cells, cells[1:], strict=False):
            self._connections.setdefault(kind, set()).add((a, b))
        return self

    def hexside(self, a: Cell, b: Cell, kind: str) -> GameBuilder:
        """A river/strait/causeway/sea feature on the hexside between two cells."""
        self._hexsides[(a, b)] = kind
        return self

    def place(self, name: str, cell: Cell, **roles: Any) -> GameBuilder:
        """A named place with roles (port, airfield, objective, supply_source "JP"/"CW", ...)."""
        if "supply_source" in roles:
            roles["supply_source"] = Side(roles["supply_source"])
        self._places.append({"name": name, "cell": cell, **roles})
        return self

    def objective(self, cell: Cell, vp: int) -> GameBuilder:
        """Make a cell a victory objective worth ``vp`` to JP (R15.2)."""
        self._objectives[place_name(cell)] = vp
        return self

    def unit(self, unit_id: str, side: str, at: Cell | None, **factors: Any) -> GameBuilder:
        """A unit set up on a cell (``at=None``: the JP off-map box); factors default to a 2-step infantry unit."""
        self._unit_spec(unit_id, side, factors)
        self._setup.append({"unit": unit_id, "at": "jp_box" if at is None else place_name(at)})
        return self

    def first_landing(self, unit_id: str, cell: Cell) -> GameBuilder:
        """Fix the first landing of a unit set up in the JP box (R17)."""
        for entry in self._setup:
            if entry["unit"] == unit_id:
                entry["first_landing"] = place_name(cell)
        return self

    def option(self, option_id: str, side: str, chosen: bool = True, vp: int = 0, **effects: Any) -> GameBuilder:
        """A scenario option (R16.2) with these effects, bought at the start unless ``chosen=False``."""
        self._options.append({"id": option_id, "name": option_id, "side": side, "vp": vp, "effects": effects})
        if chosen:
            self._chosen.append(option_id)
        return self

    def _unit_spec(self, unit_id: str, side: str, factors: dict[str, Any]) -> None:
        nationality = "Army" if side == "JP" else "Indian"
        spec = {
            "id": unit_id, "name": unit_id, "side": side, "nationality": nationality,
            "type": "infantry", "size": "III" if side == "JP" else "X",
            "attack": 8, "defense": 6, "movement": 7, "stacking": 2, "steps": 2,
        }
        spec.update(factors)
        self._units.append(spec)

    def reinforcement(self, unit_id: str, side: str, turn: int, where: str, **factors: Any) -> GameBuilder:
        """A unit not set up but scheduled to arrive on ``turn`` at ``where`` (R14.5)."""
        self._unit_spec(unit_id, side, factors)
        self._reinforcements.append({"turn": turn, "unit": unit_id, "where": where})
        return self

    def optional_unit(self, unit_id: str, side: str, turn: int, where: str, vp: int, **factors: Any) -> GameBuilder:
        """A unit offered to its owner on ``turn`` for ``vp`` VP, arriving next turn at ``where`` (R16.3)."""
        self._unit_spec(unit_id, side, factors)
        self._optional_units.append({"turn": turn, "unit": unit_id, "where": where, "vp": vp})
        return self

    def with_ruleset(self, ruleset: Any) -> GameBuilder:
        """Use this ruleset instead of the campaign's (e.g. a variant with another CRT)."""
        self._ruleset = ruleset
        return self

    def lasting(self, turns: int) -> GameBuilder:
        """The scenario ends after ``turns`` game-turns (default 28)."""
        self._turns = turns
        return self

    def victory_terms(self, **terms: Any) -> GameBuilder:
        """Override victory terms (R15): e.g. ``cw_singapore_held_vp=0``, ``cw_vp_per_jp_step=2``, ``levels=[...]``."""
        self._victory.update(terms)
        return self

    def ai_hints(self, side: str, **table: Any) -> GameBuilder:
        """The scenario's ``[ai.<side>]`` table (targets, hold, avoid, landings), cells given as place names."""
        self._hints[side] = table
        return self

    def at_phase(self, phase: Phase, side: str = "JP", turn: int = 1) -> GameBuilder:
        """Start the built state in this phase of this player-turn."""
        self._phase, self._side, self._turn = phase, side, turn
        return self

    def _board(self) -> Board:
        cells = [(c, r) for r in range(self.height) for c in range(self.width)]
        hx = {cell: from_offset(*cell, ODD_Q) for cell in cells}
        terrain = {hx[c]: Terrain(self._terrain.get(c, "clear")) for c in cells}
        country = {hx[c]: Country(self._country.get(c, "Malaya")) for c in cells if terrain[hx[c]] is not Terrain.SEA}
        connections = {
            Connection(kind): frozenset(edge(hx[a], hx[b]) for a, b in pairs)
            for kind, pairs in self._connections.items()
        }
        hexsides = {edge(hx[a], hx[b]): Hexside(kind) for (a, b), kind in self._hexsides.items()}
        places = [Place(name=place_name(c), hex=hx[c]) for c in cells]
        places += [Place(name=p.pop("name"), hex=hx[p.pop("cell")], **p) for p in map(dict, self._places)]
        return Board(
            name="test board", columns=self.width, rows=self.height, stagger=ODD_Q, terrain=terrain,
            connections=connections, hexsides=hexsides, places=tuple(places), country=country,
        )

    def _scenario(self) -> Scenario:
        data = {
            "id": "test", "name": "test", "map": "test.tmx",
            "calendar": {"start": "1941-12-08", "days_per_turn": 3, "turns": self._turns},
            "ruleset": self._ruleset if self._ruleset is not None else rulebook_ruleset(),
            "units": self._units,
            "setup": self._setup,
            "air": {"JP": [{"turns": [1, self._turns], "points": 4}], "CW": [{"turns": [1, self._turns], "points": 2}]},
            "victory": {
                "singapore_multiplier": 2, "singapore_base_turn": 29, "cw_vp_per_jp_step": 1,
                "cw_singapore_held_vp": 10, "objectives": self._objectives,
                "levels": [{"name": "JP wins", "min": 3}, {"name": "Draw", "min": -2}, {"name": "CW wins"}],
            } | self._victory,
            "options": self._options,
            "reinforcements": self._reinforcements,
            "optional_units": self._optional_units,
            "ai": self._hints,
        }
        return Scenario.model_validate(data)

    def build(self) -> Game:
        """The game definition and a state in the chosen phase (no phase entry steps run)."""
        gd = GameDef(self._board(), self._scenario())
        state = replace(new_game(gd, self._chosen), turn=self._turn, side=Side(self._side), phase=self._phase)
        return Game(gd, state)
