"""CW anchors its front island stack with armor (issue 18 blunder 4): armor may not cross the Johore Strait (R5.2)
nor enter swamp (R5.1), and a defending stack retreats together (R12.8), so a stack holding armor is never pushed
off Singapore island into the swamp, where it would starve out of supply (R10): with no island room left its
retreat is blocked, it loses two steps and holds its hex."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai import make_ai
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import LEVELS, Behaviour, level
from malaya.ai.options import accept_optional_unit
from malaya.ai.redoubt_room import ANCHOR, anchor_value
from malaya.engine import rules
from malaya.engine.actions import MoveUnit
from malaya.engine.combat.retreat import best_retreat
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase, UnitState
from malaya.session.match import Match
from tests.ai.strait_map import THIN_EAST, THIN_FRONT, THIN_MIDDLE, THIN_SHORE, THIN_SWAMP, thin_island
from tests.builder import Game
from tests.bundled import bundled_game

JP_SHORE, FRONT, MIDDLE, EAST, SWAMP = THIN_SHORE, THIN_FRONT, THIN_MIDDLE, THIN_EAST, THIN_SWAMP
ARMOR = {"type": "armor", "attack": 7, "defense": 4, "movement": 10}


def _island() -> Game:
    # given a thin Singapore island running south: a plantation shore hex (4,2) two JP regiments hold, the
    # fortress hexes (4,3) in front, (4,4) and (4,5) behind, 4 stacking points each (R4.1), and the swamp (4,6)
    # across the Johore Strait from the last; sea everywhere else. A CW brigade holds the front hex, an armored
    # brigade and a brigade the middle one, two brigades the east one: the front stack has no island room.
    builder = thin_island((("jp_a", "JP", JP_SHORE), ("jp_b", "JP", JP_SHORE), ("cw_a", "CW", FRONT)))
    builder.unit("cw_t", "CW", at=MIDDLE, **ARMOR).unit("cw_c", "CW", at=MIDDLE)
    builder.unit("cw_d", "CW", at=EAST).unit("cw_e", "CW", at=EAST)
    return builder.at_phase(Phase.MOVEMENT, side="CW", turn=22).build()


def _cw_moves(game: Game, anchor: bool) -> GameState:
    saved = LEVELS["hard"]
    LEVELS["hard"] = saved if anchor else saved.without(Behaviour.ARMOR_ANCHOR)
    try:
        ai, state = make_ai("hard", Side.CW, seed=1), game.state
        for _ in range(10):
            action = ai(game.gd, state)
            if not isinstance(action, MoveUnit):
                return state
            state = rules.apply(game.gd, state, action).state
        return state
    finally:
        LEVELS["hard"] = saved


def _front_retreat_end(game: Game, state: GameState) -> object:
    front = tuple(u.id for u in state.units if u.hex == game.hex(*FRONT))
    path = best_retreat(game.gd, state, front, game.hex(*FRONT), game.hex(*FRONT), 2)
    return None if path is None else path.hexes[-1]


def test_without_armor_the_front_brigade_is_pushed_into_the_swamp_and_with_it_holds() -> None:
    game = _island()
    # when the hard CW moves without the knob, the armor stays behind and the front brigade, pushed (R12.8),
    # would end across the strait in the swamp
    plain = _cw_moves(game, False)
    assert _front_retreat_end(game, plain) == game.hex(*SWAMP)
    # then with it the armor joins the front brigade, and their retreat is blocked: they hold the hex
    anchored = _cw_moves(game, True)
    assert {u.id for u in anchored.units if u.hex == game.hex(*FRONT)} == {"cw_a", "cw_t"}
    assert _front_retreat_end(game, anchored) is None


def test_armor_is_paid_for_the_island_hex_the_jp_can_hit_hardest_and_infantry_is_not() -> None:
    game = _island()
    know = map_knowledge(game.gd)
    threat = {game.hex(*FRONT): 16.0, game.hex(*MIDDLE): 8.0}
    assert anchor_value(game.gd, know, threat, "cw_t", game.hex(*FRONT)) == ANCHOR
    assert anchor_value(game.gd, know, threat, "cw_t", game.hex(*MIDDLE)) == ANCHOR / 2
    assert anchor_value(game.gd, know, threat, "cw_t", game.hex(*EAST)) == 0.0
    assert anchor_value(game.gd, know, threat, "cw_c", game.hex(*FRONT)) == 0.0
    assert anchor_value(game.gd, know, {}, "cw_t", game.hex(*FRONT)) == 0.0


def arrived(unit: UnitState, at: Hex) -> UnitState:
    """A unit scheduled to arrive by turn 19 as on the map at ``at`` (a unit due later as it is)."""
    due = unit.location is Location.PENDING and unit.due_turn is not None and unit.due_turn <= 19
    return replace(unit, location=Location.MAP, hex=at, due_turn=None, arrival=None) if due else unit


def test_hard_cw_takes_the_armored_brigade_for_its_vp_and_baseline_does_not() -> None:
    # given the campaign's 7th Armoured Brigade offered to the CW for 4 VP (R16.3) with the JP near Johore, every
    # other optional unit declined and the reinforcements due by now arrived on the mainland (the island has room)
    gd = bundled_game()
    optional = {o.unit for o in gd.scenario.optional_units}
    start = Match.new(gd, seed=1).state
    mainland = gd.board.place("Kuala Lumpur").hex
    units = tuple(replace(u, location=Location.OFFERED if u.id == "cw_7armd_bde" else Location.DECLINED)
                  if u.id in optional else arrived(u, mainland) for u in start.units)
    state = replace(start, side=Side.CW, turn=18, units=units)
    know = map_knowledge(gd)
    # then the hard CW takes it (an anchor no retreat pushes off the island), baseline does not
    assert accept_optional_unit(gd, state, level("hard"), know, "cw_7armd_bde", 20.0)
    assert not accept_optional_unit(gd, state, level("baseline"), know, "cw_7armd_bde", 20.0)
