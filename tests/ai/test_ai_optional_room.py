"""Optional units are bought only where they will find room (issue 25: 0 bought that never reach the map; R14.2,
R14.4, R16.1, R16.3): the room counts the side's other units due at the same hexes by the time it arrives."""

from __future__ import annotations

from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import level
from malaya.ai.options import accept_optional_unit, due_before, has_room
from malaya.engine import Arrival
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder

FORTRESS = (5, 5)


def _offer(on_fortress: int, scheduled_turn: int | None) -> Game:
    # given the CW offered an armoured brigade on turn 18 (R16.3), to arrive next turn on Singapore's one fortress
    # hex (R14.2), with ``on_fortress`` brigades already there and perhaps a brigade scheduled to arrive there too
    builder = (GameBuilder(width=8, height=8).siam((0, 0)).terrain(FORTRESS, "fortress")
               .optional_unit("cw_armd", "CW", turn=18, where="singapore", vp=1, type="armor", defense=4)
               .unit("jp_a", "JP", at=(1, 1)))
    for i in range(on_fortress):
        builder.unit(f"cw_{i}", "CW", at=FORTRESS)
    if scheduled_turn is not None:
        builder.reinforcement("cw_late", "CW", turn=scheduled_turn, where="singapore")
    return builder.at_phase(Phase.REINFORCEMENT, side="CW", turn=18).build()


def _room_for_one_more() -> int:
    """Brigades on the fortress hex that leave room for exactly one more (whatever the test ruleset's limit)."""
    for n in range(8):
        if not has_room(_offer(n + 1, None).gd, _offer(n + 1, None).state, "cw_armd"):
            return n
    raise AssertionError("the fortress hex never fills")


def test_an_optional_unit_is_not_bought_when_a_scheduled_unit_due_first_takes_the_last_room() -> None:
    n = _room_for_one_more()
    # given the fortress hex has room for one more brigade
    alone, crowded = _offer(n, None), _offer(n, 19)
    # when nothing else is due, then the offered brigade has room and the hard CW buys it (JP near Johore)
    assert has_room(alone.gd, alone.state, "cw_armd")
    assert accept_optional_unit(alone.gd, alone.state, level("hard"), map_knowledge(alone.gd), "cw_armd", 10.0)
    # when a scheduled brigade is due there on the same turn 19 (R14.1), then it takes the room first: the
    # offered brigade would wait turn after turn (R14.4), so the hard CW does not pay for it
    assert due_before(crowded.gd, crowded.state, "cw_armd", Arrival.SINGAPORE) == ["cw_late"]
    assert not has_room(crowded.gd, crowded.state, "cw_armd")
    assert not accept_optional_unit(crowded.gd, crowded.state, level("hard"), map_knowledge(crowded.gd),
                                    "cw_armd", 10.0)


def test_a_unit_scheduled_after_the_offered_one_arrives_does_not_count() -> None:
    n = _room_for_one_more()
    # given the fortress hex has room for one more brigade and a brigade scheduled for turn 21
    game = _offer(n, 21)
    # then the offered brigade, arriving on turn 19, comes first and has room
    assert due_before(game.gd, game.state, "cw_armd", Arrival.SINGAPORE) == []
    assert has_room(game.gd, game.state, "cw_armd")
