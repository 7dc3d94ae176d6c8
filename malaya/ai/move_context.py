"""What a side knows at the start of its Movement phase, shared by the movement scorers (computed once per phase)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TypeVar, overload

from malaya.ai.knowledge import EnemyPicture, MapKnowledge
from malaya.engine import Edge, GameDef, GameState, Hex, Side, UnitType, overland_reach

T = TypeVar("T")


class LazyRings:
    """Hex distances over land from the hexes a supply line reaches, worked out for a hex the first time it is
    asked (most destinations are supplied and never ask)."""

    def __init__(self, distance: Callable[[Hex], int | None]) -> None:
        self._distance = distance
        self._known: dict[Hex, int | None] = {}

    def get(self, h: Hex, default: int) -> int:
        """The distance of ``h``, or ``default`` if it is further than the rings go."""
        if h in self._known:
            found = self._known[h]
        else:
            found = self._known[h] = self._distance(h)
        return default if found is None else found


class SupplyReach(Mapping[UnitType, frozenset[Hex]]):
    """For each unit type, the hexes where a unit of the side of that type is Supplied now (R10.4): exactly
    ``engine.supplied_hexes``, from the network and blocked hexes the context has already, each type worked out
    the first time it is asked (the JP's movement never asks)."""

    def __init__(self, gd: GameDef, state: GameState, network: frozenset[Hex], blocked: frozenset[Hex]) -> None:
        self._args = (gd, state, network, blocked)
        self._reach: dict[UnitType, frozenset[Hex]] = {}

    def __getitem__(self, kind: UnitType) -> frozenset[Hex]:
        """The hexes a unit of ``kind`` is supplied in."""
        if not isinstance(kind, UnitType):
            raise KeyError(kind)
        found = self._reach.get(kind)
        if found is None:
            gd, state, network, blocked = self._args
            found = self._reach[kind] = overland_reach(gd, state, kind, network, blocked)
        return found

    @overload
    def get(self, kind: UnitType, /) -> frozenset[Hex] | None: ...

    @overload
    def get(self, kind: UnitType, /, default: frozenset[Hex] | T) -> frozenset[Hex] | T: ...

    def get(self, kind: UnitType, /, default: object = None) -> object:
        """The hexes a unit of ``kind`` is supplied in (``default`` for what is not a unit type): the hot path."""
        found = self._reach.get(kind)
        if found is not None:
            return found
        return self[kind] if isinstance(kind, UnitType) else default

    def __iter__(self) -> Iterator[UnitType]:
        """Every unit type."""
        return iter(UnitType)

    def __len__(self) -> int:
        """The number of unit types."""
        return len(UnitType)


SupplyOutlook = tuple[set[Hex], dict[Hex, int], LazyRings]
"""JP: the supply network, a unit type's supply steps from it and the land rings around those."""


@dataclass
class MoveContext:
    """What the side knows at the start of its Movement phase (computed once per phase)."""

    side: Side
    know: MapKnowledge
    picture: EnemyPicture
    threat: dict[Hex, float]
    supplied: Mapping[UnitType, frozenset[Hex]]
    front: float  # the enemy's (JP) or own (JP) foremost MP distance to Singapore
    garrison_needed: int  # CW: steps wanted in the Singapore fortress hexes
    garrison: set[str] = field(default_factory=set)  # CW units assigned to Singapore
    final_stand: bool = False  # CW: everyone back to the island
    network: frozenset[Hex] = frozenset()  # the side's supply network (road/rail to a source) at phase start
    blocked: frozenset[Hex] = frozenset()  # hexes supply cannot pass (R6.4)
    assault: dict[str, Hex] = field(default_factory=dict)  # unit → the enemy stack it gathers against
    assault_spot: dict[str, Hex] = field(default_factory=dict)  # with assault_room: unit → the hex it attacks from
    make_room: bool = False  # uncommitted units leave hexes next to an assault target they cannot attack
    assault_worth: dict[Hex, float] = field(default_factory=dict)  # assault target → what taking it is worth
    supply_outlook: dict[tuple[UnitType, frozenset[Hex], frozenset[Edge]], SupplyOutlook] = field(
        default_factory=dict)
    strand_room: dict[Hex, int] = field(default_factory=dict)  # CW: room stranded units want on the island
    strand_block: dict[Hex, int] = field(default_factory=dict)  # CW: mainland ends of island retreats (strand_block)
    redoubt_ways: frozenset[Hex] | None = None  # CW: hexes with a safe way back to the redoubt (redoubt_path)
    air_targets: frozenset[Hex] | None = None  # JP: known CW stacks within JP air range (air_contact)
