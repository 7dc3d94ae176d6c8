"""The seven blunders issue 25 lists, one small built position each, and the hard AI not making them.

Where another module provokes the same blunder in more detail:
- a (captured fortress hex walked out of): tests/ai/test_ai_candidates.py, the captured fortress hex tests;
- b (optional unit bought, never placed): tests/ai/test_ai_candidates.py, optional_unit_that_could_not_be_placed;
- c (division left in a pocket with its way south open): here only;
- d (counterattack gathered beside the enemy mass, never made): here only;
- e (pursuit off the axis cutting its own road): tests/ai/test_ai_supply_guard.py, tests/ai/test_ai_pickets.py;
- f (lone regiment at 1:2 against the fortress): tests/ai/test_ai_low_odds_wait.py;
- g (four units at 3.6:1 never attacking, even at the end): tests/ai/test_ai_last_turns.py.
"""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.combat_search import search_phase
from malaya.ai.controller import AIController
from malaya.ai.effort import TurnEffort
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import level
from malaya.ai.options import accept_optional_unit
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase, set_pool
from malaya.engine.movement import reachable
from malaya.engine.supply import supplied_hexes
from malaya.engine.unitdefs import UnitType
from malaya.session.match import Match
from tests.builder import Game, GameBuilder


def _play_player_turn(game: Game, state: GameState | None = None, phases: int = 1, seed: int = 1) -> GameState:
    """The position after the hard AI of the side to move plays ``phases`` of its phases from ``state``."""
    state = state or game.state
    match = Match(game.gd, seed, state)
    bot = AIController("hard", state.side, seed=seed)
    side, seen = state.side, [state.phase]
    for _ in range(2000):
        if match.state.side is not side:
            break
        if match.state.phase is not seen[-1]:
            seen.append(match.state.phase)
        if len(seen) > phases:
            break
        assert match.submit(bot(game.gd, match.state)) is None
    return match.state


def _at(state: GameState, unit_id: str) -> Hex | None:
    return next(u.hex for u in state.units if u.id == unit_id and u.location is Location.MAP)


# --- a: the Japanese walk out of captured Singapore fortress hexes ---------------------------------------------


def test_a_the_jp_does_not_walk_out_of_a_captured_fortress_hex_the_cw_could_walk_back_into() -> None:
    # given a JP regiment on a fortress hex it captured (one of Singapore's two), a CW brigade beside it that
    # would walk back in if it left (R13.2), and the other fortress hex two hexes away
    game = (GameBuilder(width=10, height=10).siam((0, 0)).terrain((5, 5), "fortress").terrain((7, 7), "fortress")
            .unit("jp_a", "JP", at=(5, 5)).unit("cw_a", "CW", at=(5, 6), defense=4)
            .lasting(28).at_phase(Phase.MOVEMENT, side="JP", turn=24).build())
    state = replace(game.state, jp_control=game.state.jp_control | {game.hex(5, 5)})
    # when the hard JP plays its Movement phase
    after = _play_player_turn(game, state)
    # then the regiment is still on the captured fortress hex (R15.1: Singapore falls when every one is JP)
    assert _at(after, "jp_a") == game.hex(5, 5)


# --- b: the hard Commonwealth pays for an armoured brigade it never places --------------------------------------


def test_b_the_hard_cw_does_not_pay_for_an_optional_unit_with_no_room_to_place_it() -> None:
    # given a CW optional armoured brigade (1 VP, R16.3) arriving at Singapore's one fortress hex, which three
    # brigades already fill (R4.1)
    builder = (GameBuilder(width=8, height=8).siam((0, 0)).terrain((5, 5), "fortress")
               .optional_unit("cw_armd", "CW", turn=18, where="singapore", vp=1, type="armor", defense=4)
               .unit("jp_a", "JP", at=(1, 1)))
    for i in range(3):
        builder.unit(f"cw_{i}", "CW", at=(5, 5))
    game = builder.at_phase(Phase.REINFORCEMENT, side="CW", turn=18).build()
    # when the hard CW weighs the offer
    bought = accept_optional_unit(game.gd, game.state, level("hard"), map_knowledge(game.gd), "cw_armd", 10.0)
    # then it does not pay VP for a unit that would wait off the map turn after turn (R14.4)
    assert bought is False


# --- c: the opening leaves a division in a pocket with its supplied way south open ------------------------------

POCKET_ROAD = [(3, r) for r in range(0, 16)]


def _pocket() -> Game:
    # given a road south from the border (rows 0-1, Siam) past a 2-VP town (3, 12) to a CW supply source at its
    # end; two CW brigades
    # on the road just south of the border, four JP regiments beside them, and a fifth JP regiment already
    # round their east flank: next JP turn it can close the road behind them (R6.2, R10.4)
    builder = (GameBuilder(width=8, height=16).siam(*[(c, r) for c in range(8) for r in range(2)])
               .road(*POCKET_ROAD).place("CW base", (3, 15), supply_source="CW")
               .place("JP base", (3, 0), supply_source="JP").objective((3, 12), 2)
               .unit("cw_1", "CW", at=(3, 3)).unit("cw_2", "CW", at=(2, 3)))
    for i, cell in enumerate(((2, 2), (3, 2), (4, 2), (1, 2))):
        builder.unit(f"jp_{i}", "JP", at=cell)
    return (builder.unit("jp_flank", "JP", at=(5, 4)).lasting(10)
            .at_phase(Phase.MOVEMENT, side="CW", turn=1).build())


def test_c_the_hard_cw_takes_a_division_out_of_a_pocket_while_its_way_south_is_open() -> None:
    game = _pocket()
    start = {u.id: u.hex for u in game.state.units}
    # when the hard CW plays its Movement phase
    after = _play_player_turn(game)
    # then both brigades fall back south along the open road, out of the pocket, instead of waiting there to be
    # cut off and destroyed
    for unit_id in ("cw_1", "cw_2"):
        now = _at(after, unit_id)
        assert now is not None and start[unit_id] is not None
        assert now.distance(game.hex(3, 15)) < start[unit_id].distance(game.hex(3, 15)) - 1, unit_id


# --- d: a counterattack gathered beside the enemy mass, never made ----------------------------------------------


def test_d_the_hard_cw_does_not_gather_beside_the_jp_mass_without_attacking() -> None:
    # given three JP regiments stacked on one hex (defense 18 together) and two CW brigades (attack 8 each) three
    # hexes away: any counterattack goes in below 1:1 (R12.4)
    game = (GameBuilder(width=10, height=10).siam((0, 0))
            .unit("jp_0", "JP", at=(4, 4)).unit("jp_1", "JP", at=(4, 4)).unit("jp_2", "JP", at=(4, 4))
            .unit("cw_1", "CW", at=(4, 7)).unit("cw_2", "CW", at=(5, 7))
            .lasting(10).at_phase(Phase.MOVEMENT, side="CW", turn=3).build())
    # when the hard CW plays its Movement and Combat phases
    after = _play_player_turn(game, phases=3)
    # then it has not left a brigade beside the mass it does not attack, to lose both in the JP turn
    mass = game.hex(4, 4)
    beside = [u.id for u in after.units if u.id.startswith("cw_") and u.hex is not None and u.hex.distance(mass) == 1]
    assert beside == []


# --- e: a pursuit off the axis cuts its own supply road ---------------------------------------------------------

AXIS = tuple((2, r) for r in range(30))


def test_e_the_hard_jp_pursuit_keeps_its_units_where_the_cw_cannot_cut_their_supply() -> None:
    # given the JP road held down to row 12, three JP regiments at its end, a beaten CW brigade (defense 2) off
    # the axis to the south-east and a fresh one (movement 7) to the east that could march between them
    game = (GameBuilder(width=9, height=30).road(*AXIS).siam(*AXIS[:13])
            .place("JP base", (2, 0), supply_source="JP")
            .unit("jp_a", "JP", at=(2, 12)).unit("jp_b", "JP", at=(2, 11)).unit("jp_c", "JP", at=(1, 12))
            .unit("cw_beaten", "CW", at=(6, 17), defense=2, steps=1)
            .unit("cw_fresh", "CW", at=(7, 13), defense=14, movement=7)
            .at_phase(Phase.MOVEMENT).build())
    # when the hard JP plays its Movement phase and the fresh brigade then stands anywhere it can reach
    after = _play_player_turn(game)
    fresh_routes = {game.hex(7, 13)} | set(_reach(game, after, "cw_fresh"))
    # then no JP regiment is cut off from its supply source by that one move (R10.4)
    for h in fresh_routes:
        moved = replace(after, units=tuple(replace(u, hex=h) if u.id == "cw_fresh" else u for u in after.units))
        supplied = supplied_hexes(game.gd, moved, Side.JP, (UnitType.INFANTRY,))[UnitType.INFANTRY]
        cut = [u.id for u in moved.units if u.id.startswith("jp_") and u.hex not in supplied]
        assert cut == [], game.gd.place_name(h)


def _reach(game: Game, state: GameState, unit_id: str) -> list[Hex]:
    cw_turn = replace(state, side=Side.CW, phase=Phase.MOVEMENT)
    return list(reachable(game.gd, cw_turn, unit_id))


# --- f: lone regiments attack the fortress at 1:2 when a second could join next turn ----------------------------


def test_f_a_lone_regiment_does_not_attack_the_fortress_at_1_to_2_while_a_second_is_a_turn_away() -> None:
    # given a JP regiment (attack 8) beside a CW brigade (defense 5) on a fortress hex (x2, R5.1): 8 to 10, the
    # 1:2 column; 3 attack AP (R11.3) and a second regiment three hexes back that makes it 16 to 10 next turn
    game = (GameBuilder(width=8, height=8).place("JP field", (0, 0), airfield=True).siam((0, 0))
            .terrain((5, 3), "fortress").terrain((7, 7), "fortress")
            .unit("jp_a", "JP", at=(5, 2)).unit("jp_f", "JP", at=(4, 0)).unit("cw_bde", "CW", at=(5, 3), defense=5)
            .lasting(28).at_phase(Phase.COMBAT, turn=20).build())
    state = replace(game.state, attack_pool=set_pool(game.state.attack_pool, Side.JP, 3))
    # when the hard JP plans its Combat phase
    plan, _ = search_phase(game.gd, state, map_knowledge(game.gd), level("hard"), TurnEffort(10**6))
    # then the regiment does not attack alone
    assert plan == ()


# --- g: four units gathered at 3.6:1 against a town, never attacking --------------------------------------------


def _gathered(turn: int) -> Game:
    # given four JP regiments (attack 8 each) round a CW brigade (defense 9) on a 2-VP town: 32 to 9, the 3:1
    # column, on game-turn ``turn`` of six
    return (GameBuilder(width=9, height=9).siam((0, 0)).objective((4, 4), 2)
            .unit("jp_0", "JP", at=(4, 3)).unit("jp_1", "JP", at=(3, 4)).unit("jp_2", "JP", at=(5, 4))
            .unit("jp_3", "JP", at=(3, 5)).unit("cw_town", "CW", at=(4, 4), defense=9)
            .victory_terms(cw_singapore_held_vp=0).lasting(6).at_phase(Phase.COMBAT, turn=turn).build())


def test_g_four_regiments_at_3_6_to_1_attack_the_town_and_on_the_last_turn_too() -> None:
    for turn in (3, 6):
        game = _gathered(turn)
        # when the hard JP plans its Combat phase mid-game and on the scenario's last turn
        plan, _ = search_phase(game.gd, game.state, map_knowledge(game.gd), level("hard"), TurnEffort(10**6))
        # then it attacks the town (R12.4, R15.2)
        assert game.hex(4, 4) in {o.target for o in plan}, turn
