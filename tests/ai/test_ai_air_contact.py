"""JP air contact (issue 18 blunder 1): attack AP lapse unused at the end of the player-turn (R11.2)
unless a combat can take them, and a combat takes AP only against a hex within air range of a JP
airfield (R11.5). The hard JP ends its move in contact with a CW stack within range rather than
standing back, so that its AP have a combat to go to."""

from __future__ import annotations

from malaya.ai.air_contact import air_targets
from malaya.ai.controller import AIController
from malaya.ai.levels import Behaviour, level
from malaya.ai.movement import best_destination
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder

ROAD = tuple((2, r) for r in range(14))


def _brigade_beside_the_road(field: tuple[int, int]) -> Game:
    # given a JP regiment on a supplied road, a strong CW brigade three hexes east of the road
    # (too strong for the regiment alone to promise good odds) and a JP airfield at ``field``
    return (GameBuilder(width=9, height=40).terrain((2, 39), "fortress").road(*ROAD).siam(*ROAD, field)
            .place("JP base", (2, 0), supply_source="JP").place("JP field", field, airfield=True)
            .unit("jp_a", "JP", at=(2, 5)).unit("cw_brigade", "CW", at=(5, 8), defense=12)
            .at_phase(Phase.MOVEMENT).build())


def _destination(game: Game, contact: bool) -> Hex | None:
    """Where the hard JP moves its regiment, seeking air contact or not."""
    bot = AIController("hard", game.state.side)
    ctx = bot._move_context(game.gd, game.state)
    routes = reachable(game.gd, game.state, "jp_a")
    lvl = level("hard") if contact else level("hard").without(Behaviour.SEEK_AIR_CONTACT)
    return best_destination(game.gd, game.state, ctx, lvl, "jp_a", routes, {})


def _in_contact(game: Game, d: Hex | None) -> bool:
    return d is not None and d.distance(game.hex(5, 8)) == 1


def test_without_the_knob_the_regiment_marches_on_and_leaves_the_brigade_out_of_contact() -> None:
    # given the brigade within air range of the JP field
    game = _brigade_beside_the_road(field=(2, 1))
    # when the JP moves without paying for air contact
    d = _destination(game, contact=False)
    # then it ends out of contact: its attack AP would have no combat to go to (R11.2)
    assert not _in_contact(game, d)


def test_with_the_knob_the_regiment_ends_next_to_the_brigade_within_air_range() -> None:
    # given the same position (the brigade is 7 hexes from the JP field, within the campaign's 14, R11.5)
    game = _brigade_beside_the_road(field=(2, 1))
    ctx = AIController("hard", game.state.side)._move_context(game.gd, game.state)
    assert air_targets(game.gd, game.state, ctx) == frozenset({game.hex(5, 8)})
    # when the hard JP moves with air contact paid
    d = _destination(game, contact=True)
    # then it ends adjacent to the brigade, so a combat can take its AP
    assert _in_contact(game, d)


def test_a_brigade_beyond_air_range_is_not_worth_the_detour() -> None:
    # given the only JP field far to the south, over 30 hexes from the brigade: beyond air range (R11.5)
    game = _brigade_beside_the_road(field=(0, 39))
    ctx = AIController("hard", game.state.side)._move_context(game.gd, game.state)
    assert air_targets(game.gd, game.state, ctx) == frozenset()
    # when the hard JP moves with air contact paid
    d = _destination(game, contact=True)
    # then it marches on: a combat there could take no AP
    assert not _in_contact(game, d)
