"""JP air contact by airfields (issue 18 blunder 1, ``contact_airfields``): air range is counted from the
airfields the JP controls (R11.5), and a hex is the JP's once its unit enters it (R13.2), so taking a CW
airfield in the Movement phase gives the same turn's attack AP (R11.2: they lapse unused) a target."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.air_contact import airfield_reach, targets_now
from malaya.ai.controller import AIController
from malaya.ai.levels import level
from malaya.ai.movement import best_destination
from malaya.engine import rules
from malaya.engine.actions import MoveUnit
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder

ROAD = tuple((2, r) for r in range(14))
CW_FIELD = (4, 8)
BRIGADE = (6, 17)


def _field_short_of_the_brigade() -> Game:
    # given a JP regiment on a supplied road with a JP airfield behind it, a CW airfield 8 hexes from the
    # JP one, and a CW brigade 18 hexes from the JP airfield (beyond the rulebook's 10) but 10 from the
    # CW airfield
    return (GameBuilder(width=9, height=40).terrain((2, 39), "fortress").road(*ROAD).siam(*ROAD, (2, 1))
            .place("JP base", (2, 0), supply_source="JP").place("JP field", (2, 1), airfield=True)
            .place("CW field", CW_FIELD, airfield=True)
            .unit("jp_a", "JP", at=(2, 5)).unit("cw_brigade", "CW", at=BRIGADE, defense=6)
            .at_phase(Phase.MOVEMENT).build())


def _destination(game: Game, fields: bool) -> Hex | None:
    """Where the hard JP moves its regiment, with or without ``contact_airfields``."""
    bot = AIController("hard", game.state.side)
    ctx = bot._move_context(game.gd, game.state)
    lvl = replace(level("hard"), contact_airfields=fields)
    return best_destination(game.gd, game.state, ctx, lvl, "jp_a", reachable(game.gd, game.state, "jp_a"), {})


def test_without_the_knob_the_regiment_marches_past_the_airfield_that_would_reach_the_brigade() -> None:
    # given the position
    game = _field_short_of_the_brigade()
    # when the JP moves counting only the range it has now
    d = _destination(game, fields=False)
    # then it leaves the CW airfield alone: next turn's AP still have nowhere to go
    assert d != game.hex(*CW_FIELD)


def test_with_the_knob_the_regiment_takes_the_airfield_that_brings_the_brigade_into_range() -> None:
    # given the position
    game = _field_short_of_the_brigade()
    # when the hard JP moves, a CW airfield worth the stacks its capture brings into range (R11.5)
    d = _destination(game, fields=True)
    # then it takes the airfield
    assert d == game.hex(*CW_FIELD)


def test_an_airfield_taken_in_the_phase_puts_the_brigade_in_range_for_the_next_moves() -> None:
    # given the position, the brigade out of range, worth one contact for whoever takes the airfield
    game = _field_short_of_the_brigade()
    ctx = AIController("hard", game.state.side)._move_context(game.gd, game.state)
    assert targets_now(game.gd, game.state, ctx) == frozenset()
    assert airfield_reach(game.gd, game.state, ctx, game.hex(*CW_FIELD)) == 1.0
    # when the regiment enters the CW airfield (the JP's at the end of the phase, R3.3, R13.2)
    taken = rules.apply(game.gd, game.state, MoveUnit(side=game.state.side, unit="jp_a", to=game.hex(*CW_FIELD))).state
    # then the later moves of the phase see the brigade within air range
    assert targets_now(game.gd, taken, ctx) == frozenset({game.hex(*BRIGADE)})
