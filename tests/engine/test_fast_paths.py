"""The engine's shortcuts answer exactly what the plain computations answer (issue 16: every speed-up
keeps the game bit for bit). Checked on the positions of the bundled 28-turn example game."""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields
from pathlib import Path

import pytest
from pydantic import ValidationError

from malaya.engine import rules
from malaya.engine.actions import ACTION_ADAPTER, Action, MoveUnit
from malaya.engine.board import Terrain
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.intel import reveals_more, visible_units
from malaya.engine.movement import _search, reachable, route_to
from malaya.engine.pathfind import ground_route, ground_routes
from malaya.engine.sides import Side
from malaya.engine.state import GameState, _json_text, _member_key, _unit_text, canonical
from malaya.engine.step_tables import mp_scale, steps_from
from malaya.engine.supply import supplied_hexes, supply_sources
from malaya.engine.supply_lines import blocked_hexes, blocks_supply, overland_feeders, supply_network, traces_to
from malaya.engine.terrain import entry_cost
from malaya.engine.unitdefs import UnitType
from malaya.engine.zoc import occupied_hexes
from malaya.persistence import read_save
from malaya.persistence.checkpoints import opening
from tests.bundled import bundled_game

FULL_GAME = Path(__file__).resolve().parents[2] / "saves" / "full-game.json"


Played = tuple[GameDef, list[tuple[GameState, Action]]]


@pytest.fixture(scope="module")
def played() -> Played:
    """The campaign and every (state, action taken in it) of the example game."""
    gd = bundled_game()
    save = read_save(FULL_GAME)
    state = opening(gd, save.options)[0]
    steps = []
    for action in save.actions:
        steps.append((state, action))
        state = rules.apply(gd, state, action).state
    return gd, steps


@pytest.mark.slow
def test_a_route_to_one_hex_is_the_route_the_full_search_records(played: Played) -> None:
    """R7.1: the gate checks and applies a move by a search that stops at its destination."""
    gd, steps = played
    moves = [(s, a) for s, a in steps if isinstance(a, MoveUnit)][::7]
    assert moves
    for state, action in moves:
        # given a position where a unit moved, and its search inputs
        unit = state.units[gd.unit_index[action.unit]]
        search = _search(gd, state, unit)
        assert search is not None
        # when every hex around it is asked for by the single-target search
        full = ground_routes(gd, state, search)
        around = {h for h in full} | {n for h in full for n in gd.adjacent[h]}
        # then each answer is the full search's route (or None where it records none)
        for h in sorted(around):
            assert ground_route(gd, state, search, h) == full.get(h), (action, h)


@pytest.mark.slow
def test_the_gate_reads_the_route_a_move_takes_from_the_full_search_when_it_is_known(played: Played) -> None:
    # given a position where a unit moved
    gd, steps = played
    state, action = next((s, a) for s, a in steps if isinstance(a, MoveUnit))
    # when its route is asked for before and after its whole reachable area is computed
    alone = route_to(gd, state, action.unit, action.to)
    known = reachable(gd, state, action.unit)
    # then both are the same route
    assert alone == known[action.to] == route_to(gd, state, action.unit, action.to)


@pytest.mark.slow
def test_steps_beside_demolished_bridges_are_those_entry_cost_gives(played: Played) -> None:
    """R7.7: the per-type steps table with demolished bridges as an overlay."""
    gd, steps = played
    demolished_sets = sorted({s.demolished for s, _ in steps if s.demolished}, key=len)
    assert demolished_sets
    for demolished in demolished_sets:
        for h in sorted({h for e in demolished for h in e} | {n for e in demolished for n in gd.adjacent[e[0]]}):
            for unit_type in {gd.unit_def(u.id).type for u in steps[0][0].units}:
                # given a hex on or near a demolished bridge, when its steps are read from the cache
                cached = steps_from(gd, unit_type, demolished, h)
                # then they are what entry_cost says with that whole set demolished, cost included
                fresh = [(n, entry_cost(gd, unit_type, h, n, demolished)) for n in gd.adjacent[h]]
                assert [(s.to, s.cost, s.whole_ma) for s in cached] == [
                    (n, e.cost * mp_scale(gd), e.whole_ma) for n, e in fresh if e is not None]


@pytest.mark.slow
def test_supply_feeders_beside_demolished_bridges_are_those_entry_cost_allows(played: Played) -> None:
    """R7.7, R10.4: feeders kept by the demolished edges at a hex equal those of the whole demolished set."""
    gd, steps = played
    for demolished in sorted({s.demolished for s, _ in steps if s.demolished}, key=len):
        for unit_type in UnitType:
            # given a demolished set of the game, when the feeders of a hex beside one of its bridges are read
            feeders = overland_feeders(gd, unit_type, demolished)
            for x in sorted({h for e in demolished for h in e if gd.board.terrain[h] is not Terrain.SEA}):
                # then y feeds x exactly when entry_cost, with the whole set demolished, lets a unit step in
                assert feeders[x] == tuple(
                    y for y in gd.adjacent[x]
                    if gd.board.terrain[y] is not Terrain.SEA
                    and entry_cost(gd, unit_type, y, x, demolished) is not None
                    and not blocks_supply(gd, y, x, demolished))


def test_every_step_of_the_table_is_what_entry_cost_gives_with_nothing_demolished() -> None:
    """R5.1, R5.2: the scaled step table is built from look-ups, not from entry_cost."""
    # given a freshly loaded campaign (its step tables empty)
    gd = bundled_game()
    scale = mp_scale(gd)
    for unit_type in UnitType:
        for h in gd.adjacent:
            # when the steps out of a hex are built
            built = [(s.to, s.cost, s.whole_ma) for s in steps_from(gd, unit_type, frozenset(), h)]
            # then each is entry_cost's step, its exact MP scaled to an integer
            entries = [(n, entry_cost(gd, unit_type, h, n)) for n in gd.adjacent[h]]
            assert built == [(n, e.cost * scale, e.whole_ma) for n, e in entries if e is not None]


def test_supply_feeders_are_the_steps_entry_cost_allows_across_open_hexsides() -> None:
    """R10.4: a supply line steps as a unit moves, never across an all-sea or strait hexside."""
    # given a freshly loaded campaign, when its supply feeders are built with nothing demolished
    gd = bundled_game()
    for unit_type in UnitType:
        feeders = overland_feeders(gd, unit_type, frozenset())
        # then y feeds land hex x exactly when entry_cost lets the unit step from y into x and supply may cross
        for x, kind in gd.board.terrain.items():
            if kind is not Terrain.SEA:
                assert feeders[x] == tuple(
                    y for y in gd.adjacent[x]
                    if gd.board.terrain[y] is not Terrain.SEA and entry_cost(gd, unit_type, y, x) is not None
                    and not blocks_supply(gd, y, x, frozenset()))


@pytest.mark.slow
def test_occupied_hexes_carried_from_the_position_before_are_those_a_full_scan_finds(played: Played) -> None:
    """R6.1, R7.2: a side's hexes are carried over from a recent position when none of its units moved."""
    gd, steps = played
    carried = 0
    for (before, _), (state, _) in zip(steps, steps[1:], strict=False):
        for side in Side:
            # given the position before (its hexes known), when the next one's hexes are asked for
            known = occupied_hexes(gd, before, side)
            found = occupied_hexes(gd, state, side)
            carried += found is known and state.units is not before.units
            # then they are the hexes of the side's units on the map
            assert found == {u.hex for u in state.units if u.on_map and gd.side_of(u.id) is side}
    assert carried > 500


@pytest.mark.slow
def test_the_text_of_each_unit_and_frozen_set_is_its_canonical_json(played: Played) -> None:
    # given every unit record and every frozen set of the game's positions
    _gd, steps = played
    units = {u for state, _ in steps for u in state.units}
    sets = {getattr(state, f.name) for state, _ in steps for f in fields(state)
            if isinstance(getattr(state, f.name), frozenset)}
    assert len(units) > 1000 and any(len(s) > 100 for s in sets)
    # when each is written for the digest, then it is the canonical form's JSON text
    for unit in units:
        assert _unit_text(unit) == json.dumps(canonical(unit), separators=(",", ":"), sort_keys=True)
    for value in sets:
        assert _json_text(value) == json.dumps(canonical(value), separators=(",", ":"), sort_keys=True)


@pytest.mark.slow
def test_a_move_built_without_validation_is_the_validated_move(played: Played) -> None:
    """R7.1: the candidate generator's moves are the very actions a player's click or a save would give."""
    _gd, steps = played
    for action in {a for _, a in steps if isinstance(a, MoveUnit)}:
        # given a move of the game, when it is built from its typed values without validation
        built = MoveUnit.of_typed(action.side, action.unit, action.to)
        # then it is equal, hashes alike, writes the same JSON and reads back equal through the action union
        assert built == action and hash(built) == hash(action)
        assert built.model_dump_json() == action.model_dump_json()
        assert ACTION_ADAPTER.validate_json(built.model_dump_json()) == built
        made = MoveUnit(side=action.side, unit=action.unit, to=action.to)
        assert built.__pydantic_fields_set__ == made.__pydantic_fields_set__
        assert list(built.__dict__.items()) == list(made.__dict__.items())  # the same fields, in order
        # and, like it, it cannot be changed
        with pytest.raises(ValidationError):
            built.to = Hex(0, 0)


def test_a_hex_is_ordered_in_a_set_by_its_json_text() -> None:
    # given every hex of the board and some with negative coordinates
    gd = bundled_game()
    for h in [*gd.board.terrain, Hex(-3, 12), Hex(4, -1), Hex(-10, -10)]:
        # when its place in a canonical set is keyed, then the key is its JSON text as json.dumps writes it
        assert _member_key(h) == json.dumps(list(h), sort_keys=True)


@pytest.mark.slow
def test_the_digest_is_the_sha256_of_the_canonical_json(played: Played) -> None:
    # given positions all through the game
    _gd, steps = played
    for state, _ in steps[::13]:
        # when the digest is taken, then it hashes the canonical JSON text of the whole state
        text = json.dumps(state.to_dict(), separators=(",", ":"), sort_keys=True)
        assert state.digest() == hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.slow
def test_a_move_reveals_more_exactly_when_the_observations_say_so(played: Played) -> None:
    """R2.5, R7.6: undo is locked once a move shows the mover an enemy unit it could not see."""
    gd, steps = played
    pairs = [(s, rules.apply(gd, s, a).state, a.side) for s, a in steps if isinstance(a, MoveUnit)]
    revealing = 0
    for before, after, side in pairs:
        # given a move, when asked whether it revealed something, then the shortcut agrees
        expected = not visible_units(gd, after, side) <= visible_units(gd, before, side)
        assert reveals_more(gd, before, after, side) is expected
        revealing += expected
    # and the game has moves of both kinds
    assert 0 < revealing < len(pairs)
    assert {side for _, _, side in pairs} == {Side.JP, Side.CW}


def test_a_unit_traces_supply_exactly_where_the_supplied_area_says(played: Played) -> None:
    """R10.4: the Supply phase searches from each unit toward the network instead of the whole area."""
    gd, steps = played
    checked = cut_off = 0
    for state, _ in steps[::23]:
        for side in Side:
            # given a side's network and the hexes its lines may not pass
            blocked = blocked_hexes(gd, state, side)
            network = supply_network(gd, state, side, supply_sources(gd, state, side), blocked)
            area = supplied_hexes(gd, state, side)
            for unit in state.units:
                if unit.hex is None or not unit.on_map or gd.side_of(unit.id) is not side:
                    continue
                # when the unit's own line is traced, then it agrees with the supplied area of its type
                kind = gd.unit_def(unit.id).type
                traced = traces_to(gd, state, kind, unit.hex, network, blocked)
                assert traced is (unit.hex in area[kind])
                checked += 1
                cut_off += not traced
    # and the sample holds units in supply and units cut off
    assert checked > 100 and cut_off > 0
