"""JP air contact by the attack it makes (issue 18 blunder 1, ``contact_odds``): attack AP go only to a
declared combat (R11.3), and below 1:1 the hard JP declares none unless its dice pay (a 1:2 with 3 AP
rolls AR, EX and four DR: ``low_odds_rule``), so ending beside a stack too strong to attack gives the
AP nowhere to go and they lapse (R11.2). A contact counts once its attackers reach the knob's odds."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.controller import AIController
from malaya.ai.levels import level
from malaya.ai.movement import best_destination
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder

ROAD = tuple((2, r) for r in range(14))
WEAK, STRONG = (3, 8), (0, 9)
KNOB_ODDS = 1.5
"""The knob's odds as measured (hard leaves the knob off: with the gathering knobs it cost JP supply)."""


def _weak_and_strong_stack() -> Game:
    # given a JP regiment (attack 8) already beside a weak CW unit (defense 4), a second regiment coming
    # down the supplied road, and a strong CW brigade (defense 12) just off the road, all within air range
    return (GameBuilder(width=9, height=40).terrain((2, 39), "fortress").road(*ROAD).siam(*ROAD, (2, 1))
            .place("JP base", (2, 0), supply_source="JP").place("JP field", (2, 1), airfield=True)
            .unit("jp_a", "JP", at=(2, 8)).unit("jp_b", "JP", at=(2, 4))
            .unit("cw_weak", "CW", at=WEAK, defense=4).unit("cw_strong", "CW", at=STRONG, defense=12)
            .at_phase(Phase.MOVEMENT).build())


def _second_regiment(game: Game, odds: float) -> Hex | None:
    """Where the hard JP moves its second regiment, with ``contact_odds`` at ``odds`` (the gathering knobs off, so
    that the air contact alone decides: ``assault_pull`` would also draw the regiment to the weak unit)."""
    bot = AIController("hard", game.state.side)
    ctx = bot._move_context(game.gd, game.state)
    lvl = replace(level("hard"), contact_odds=odds, assault_pull=0.0, assault_room=False)
    return best_destination(game.gd, game.state, ctx, lvl, "jp_b", reachable(game.gd, game.state, "jp_b"), {})


def test_without_the_knob_the_regiment_ends_beside_a_brigade_it_cannot_attack_at_even_odds() -> None:
    # given the position
    game = _weak_and_strong_stack()
    # when the JP pays a second contact by how near an even attack it gets (8 against 12)
    d = _second_regiment(game, odds=0.0)
    # then the regiment ends beside the brigade alone: at 1:2 no combat takes the AP it was meant for
    assert d is not None and d.distance(game.hex(*STRONG)) == 1 and d.distance(game.hex(*WEAK)) > 1


def test_with_the_knob_the_regiment_joins_the_attack_that_will_be_made() -> None:
    # given the position
    game = _weak_and_strong_stack()
    # when the hard JP counts a contact only at the odds it attacks at
    d = _second_regiment(game, odds=KNOB_ODDS)
    # then the regiment joins the attack on the weak unit (16 against 4), which takes 3 AP
    assert d is not None and d.distance(game.hex(*WEAK)) == 1 and d.distance(game.hex(*STRONG)) > 1
