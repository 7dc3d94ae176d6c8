"""The stranded-unit trace (issue 18, blunder 4): it counts what the AI ladder counts and says how each unit left
Singapore island and what it could reach from the swamp across the Johore Strait (R12.8, R10.4)."""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType

from malaya.ai.knowledge import map_knowledge
from malaya.engine.hexgrid import Hex
from malaya.engine.state import GameState, Phase
from tests.ai.strait_map import THIN_EAST, THIN_FRONT, THIN_MIDDLE, THIN_SHORE, THIN_SWAMP, thin_island
from tests.benchmark_module import benchmark_module
from tests.builder import Game

JP_SHORE, FRONT, MIDDLE, EAST, SWAMP = THIN_SHORE, THIN_FRONT, THIN_MIDDLE, THIN_EAST, THIN_SWAMP


def _trace() -> ModuleType:
    """benchmarks/strand_trace.py as a module."""
    return benchmark_module("strand_trace")


def _island() -> Game:
    # given a thin Singapore island running south (the JP on its shore hex, fortress hexes in front, middle
    # and east, 4 stacking points each, R4.1) and the swamp across the Johore Strait from the east hex; the
    # east hex is full, and a brigade stands in the swamp, unsupplied (no supply line crosses the strait, R10.4)
    game = thin_island((("jp_a", "JP", JP_SHORE), ("cw_a", "CW", FRONT), ("cw_c", "CW", MIDDLE),
                        ("cw_d", "CW", EAST), ("cw_e", "CW", EAST), ("cw_f", "CW", SWAMP))
                       ).at_phase(Phase.MOVEMENT, side="CW", turn=22).build()
    units = tuple(replace(u, supplied=False) if u.id == "cw_f" else u for u in game.state.units)
    return Game(game.gd, replace(game.state, units=units))


def _moved(state: GameState, unit_id: str, to: Hex) -> GameState:
    return replace(state, units=tuple(replace(u, hex=to) if u.id == unit_id else u for u in state.units))


def test_the_trace_counts_the_brigade_in_the_swamp_and_says_it_was_pushed_off_the_east_hex() -> None:
    trace, game = _trace(), _island()
    know = map_knowledge(game.gd)
    # when the brigade got there by a retreat from the east hex (R12.8)
    left: dict[str, tuple[str, Hex]] = {}
    on_island = _moved(game.state, "cw_f", game.hex(*EAST))
    trace.left_island(game.gd, frozenset(know.redoubt), on_island, game.state, {"cw_f"}, left)
    assert left == {"cw_f": ("retreat", game.hex(*EAST))}
    # then it is the one stranded unit-turn, pushed off the east hex; it can cross back to the east hex but
    # that is full, so no hex it reaches would supply it with room for it, and no CW port is near
    [row] = trace.stranded_now(game.gd, game.state, 7, know, left)
    assert (row.seed, row.unit, row.hex, row.cause, row.left_from) == (7, "cw_f", game.hex(*SWAMP), "retreat",
                                                                        game.hex(*EAST))
    assert row.reach_island == 1 and row.reach_supplied == 0 and row.port_distance == 99


def test_a_unit_walking_off_the_island_is_a_move_and_an_island_unit_is_never_stranded() -> None:
    trace, game = _trace(), _island()
    know = map_knowledge(game.gd)
    left: dict[str, tuple[str, Hex]] = {}
    # when the brigade walked across the strait itself, nothing retreating
    trace.left_island(game.gd, frozenset(know.redoubt), _moved(game.state, "cw_f", game.hex(*EAST)), game.state,
                      set(), left)
    assert left == {"cw_f": ("move", game.hex(*EAST))}
    # and once it is back on the island, unsupplied or not, it is not stranded
    home = _moved(game.state, "cw_f", game.hex(*MIDDLE))
    assert trace.stranded_now(game.gd, home, 7, know, left) == []
