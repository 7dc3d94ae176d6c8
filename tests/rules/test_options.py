"""Options bought at the start (R16.1, R16.2, R15.4) and the Operation Matador set-up."""

from __future__ import annotations

from dataclasses import replace

from malaya.engine import rules
from malaya.engine.actions import ChooseOptions, EndPhase, PlaceReinforcement, UndoPlacement
from malaya.engine.gamedef import new_game
from malaya.engine.options import OptionsChosen, matador_hexes
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game


def _game() -> Game:
    """Two JP options, one CW option, all unbought, with the game at its very start."""
    game = (GameBuilder().unit("jp", "JP", at=(0, 0)).unit("cw", "CW", at=(5, 5))
            .option("jp_air", "JP", chosen=False, vp=2, extra_air_points=1)
            .option("jp_ship", "JP", chosen=False, vp=3, west_shipping_from_turn=1, west_shipping_capacity=1)
            .option("cw_rail", "CW", chosen=False, vp=2, rail_capacity=2).build())
    return Game(game.gd, new_game(game.gd))


def test_a_new_game_begins_with_the_jp_options_phase_of_turn_0_R16_1() -> None:
    game = _game()
    assert (game.state.turn, game.state.side, game.state.phase) == (0, Side.JP, Phase.OPTIONS)
    assert game.state.options_chosen == frozenset()


def test_options_given_to_new_game_are_bought_at_once_R16_1() -> None:
    game = _game()
    state = new_game(game.gd, ["cw_rail"])
    assert (state.turn, state.phase, state.options, state.vp_of(Side.CW)) == (1, Phase.SUPPLY, {"cw_rail"}, -2)


def test_each_side_chooses_once_and_pays_the_listed_vp_R16_1_R15_4() -> None:
    # given the JP options phase
    game = _game()
    state = rules.start(game.gd, game.state).state
    # when JP buys both its options
    outcome = rules.apply(game.gd, state, ChooseOptions(side=Side.JP, options=("jp_air", "jp_ship")))
    # then they are in force, JP paid 5 VP, and JP cannot choose again
    state = outcome.state
    assert state.options == {"jp_air", "jp_ship"} and state.vp_of(Side.JP) == -5
    assert OptionsChosen(side=Side.JP, options=("jp_air", "jp_ship"), vp=5) in outcome.events
    again = rules.check(game.gd, state, ChooseOptions(side=Side.JP, options=()))
    assert again is not None and again.code == "options_already_chosen"


def test_a_side_may_buy_only_its_own_options_R16_2() -> None:
    game = _game()
    rejection = rules.check(game.gd, game.state, ChooseOptions(side=Side.JP, options=("cw_rail",)))
    assert rejection is not None and rejection.code == "not_your_option"
    unknown = rules.check(game.gd, game.state, ChooseOptions(side=Side.JP, options=("nope",)))
    assert unknown is not None and unknown.code == "unknown_option"


def test_the_options_phase_cannot_end_before_the_side_has_chosen_R16_1() -> None:
    game = _game()
    rejection = rules.check(game.gd, game.state, EndPhase(side=Side.JP))
    assert rejection is not None and rejection.code == "options_not_chosen"


def test_the_choices_offered_are_every_subset_of_the_sides_options_R16_1() -> None:
    game = _game()
    assert rules.legal_actions(game.gd, game.state) == [
        ChooseOptions(side=Side.JP, options=()),
        ChooseOptions(side=Side.JP, options=("jp_air",)),
        ChooseOptions(side=Side.JP, options=("jp_ship",)),
        ChooseOptions(side=Side.JP, options=("jp_air", "jp_ship")),
    ]


def test_after_both_sides_choose_turn_1_begins_with_jp_R16_1_R3_1() -> None:
    # given the pre-game phase
    game = _game()
    state = rules.start(game.gd, game.state).state
    # when JP buys nothing and CW buys increased rail capacity
    state = rules.apply(game.gd, state, ChooseOptions(side=Side.JP, options=())).state
    state = rules.apply(game.gd, state, EndPhase(side=Side.JP)).state
    assert (state.turn, state.side, state.phase) == (0, Side.CW, Phase.OPTIONS)
    state = rules.apply(game.gd, state, ChooseOptions(side=Side.CW, options=("cw_rail",))).state
    state = rules.apply(game.gd, state, EndPhase(side=Side.CW)).state
    # then the JP turn-1 Reinforcement phase follows the automatic Supply phase
    assert (state.turn, state.side, state.phase) == (1, Side.JP, Phase.REINFORCEMENT)
    assert state.options == {"cw_rail"} and state.vp == ((Side.JP, 0), (Side.CW, -2))


# --- Operation Matador --------------------------------------------------------------------------------


def _matador() -> tuple[Game, GameState]:
    """Siam is row 0; CW 'div' stands in Malaya at (2, 2); CW has bought a 1-hex border set-up."""
    builder = (GameBuilder(width=5, height=4).siam(*[(c, 0) for c in range(5)]).siam((0, 1))
               .unit("jp", "JP", at=(4, 0)).unit("div", "CW", at=(2, 2)).unit("other", "CW", at=(3, 3))
               .option("matador", "CW", chosen=False, vp=4, setup_across_border={"units": ["div"], "max_hexes": 1}))
    game = builder.build()
    state = replace(new_game(game.gd), side=Side.CW, options_chosen=frozenset({Side.JP}))
    state = rules.apply(game.gd, state, ChooseOptions(side=Side.CW, options=("matador",))).state
    return game, state


def test_matador_lets_listed_units_set_up_across_the_border_R16_2() -> None:
    game, state = _matador()
    hexes = matador_hexes(game.gd, state, "div")
    # then it may go to Siam hexes next to Malaya, never onto the JP unit, and no other unit may
    assert hexes and all(game.gd.board.country[h].value == "Siam" for h in hexes)
    assert game.hex(4, 0) not in hexes
    assert matador_hexes(game.gd, state, "other") == []
    # when it sets up there
    to = hexes[0]
    state = rules.apply(game.gd, state, PlaceReinforcement(side=Side.CW, unit="div", to=to)).state
    assert state.units[game.gd.unit_index["div"]].hex == to
    # then when the phase ends, CW controls that hex
    after = rules.apply(game.gd, state, EndPhase(side=Side.CW)).state
    assert after.controller(to) is Side.CW


def test_matador_set_up_stays_within_its_distance_of_malaya_R16_2() -> None:
    game, state = _matador()
    malaya = [h for h, c in game.gd.board.country.items() if c.value == "Malaya"]
    assert all(min(h.distance(m) for m in malaya) == 1 for h in matador_hexes(game.gd, state, "div"))
    deep = rules.check(game.gd, state, PlaceReinforcement(side=Side.CW, unit="div", to=game.hex(0, 0)))
    assert deep is not None and deep.code == "bad_border_setup"


def test_a_matador_set_up_can_be_taken_back_R16_2() -> None:
    game, state = _matador()
    to = matador_hexes(game.gd, state, "div")[0]
    state = rules.apply(game.gd, state, PlaceReinforcement(side=Side.CW, unit="div", to=to)).state
    state = rules.apply(game.gd, state, UndoPlacement(side=Side.CW, unit="div")).state
    assert state.units[game.gd.unit_index["div"]].hex == game.hex(2, 2)


def test_without_matador_no_unit_sets_up_across_the_border_R16_2() -> None:
    game, state = _matador()
    state = replace(state, options=frozenset())
    assert matador_hexes(game.gd, state, "div") == []


def test_the_campaign_opens_with_the_options_phase_and_offers_cw_sixteen_choices_R16_2() -> None:
    gd = bundled_game()
    state = rules.start(gd, new_game(gd)).state
    state = rules.apply(gd, state, ChooseOptions(side=Side.JP, options=())).state
    state = rules.apply(gd, state, EndPhase(side=Side.JP)).state
    assert len(rules.legal_actions(gd, state)) == 16  # 2^4 subsets of the CW options; EndPhase is blocked
    state = rules.apply(gd, state, ChooseOptions(side=Side.CW, options=("cw_matador",))).state
    assert len(matador_hexes(gd, state, "cw_6ind_bde")) > 0
    assert state.vp_of(Side.CW) == -4
