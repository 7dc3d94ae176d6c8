"""The seven blunders issue 25 lists, one small built position each: the hard AI does not make the blunder, and
(where a level or a behaviour off makes it) the position provokes it.

Where another module provokes the same blunder in more detail:
- a (captured fortress hex walked out of): tests/ai/test_ai_candidates.py, the captured fortress hex tests;
- b (optional unit bought, never placed): tests/ai/test_ai_candidates.py, optional_unit_that_could_not_be_placed;
- c (division left in a pocket with its way south open): here only (fixed by ``COUNTER_CLEAR_OF_MASS``);
- d (counterattack gathered beside the enemy mass, both brigades lost): here only (the same fix);
- e (advance off the axis leaving its road open to be cut): tests/ai/test_ai_supply_guard.py (this position, one
  unit's destination), tests/ai/test_ai_pickets.py;
- f (lone regiment at 1:2 against the fortress): tests/ai/test_ai_low_odds_wait.py;
- g (four units at 3.6:1 never attacking, even at the end): tests/ai/test_ai_last_turns.py.
"""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.combat import choose_combat
from malaya.ai.combat_search import search_phase
from malaya.ai.controller import AIController
from malaya.ai.effort import TurnEffort
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import Behaviour, Level, level
from malaya.ai.options import accept_optional_unit
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase, set_pool
from malaya.engine.supply import supplied_hexes
from malaya.engine.unitdefs import UnitType
from malaya.session.match import Match
from tests.builder import Game, GameBuilder


def _play_player_turn(game: Game, state: GameState | None = None, phases: int = 1, seed: int = 1,
                      lvl: Level | None = None) -> GameState:
    """The position after the hard AI (or ``lvl``) of the side to move plays ``phases`` of its phases."""
    state = state or game.state
    match = Match(game.gd, seed, state)
    bot = AIController("hard", state.side, seed=seed)
    bot.level = lvl or bot.level
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
    return next((u.hex for u in state.units if u.id == unit_id and u.location is Location.MAP), None)


# --- a: the Japanese walk out of captured Singapore fortress hexes ---------------------------------------------


def test_a_the_jp_does_not_walk_out_of_a_captured_fortress_hex_the_cw_could_walk_back_into() -> None:
    # given a JP regiment on a fortress hex it captured (one of Singapore's two), a CW brigade beside it that
    # would walk back in if it left (R13.2), and the other fortress hex two hexes away
    game = (GameBuilder(width=10, height=10).siam((0, 0)).terrain((5, 5), "fortress").terrain((7, 7), "fortress")
            .unit("jp_a", "JP", at=(5, 5)).unit("cw_a", "CW", at=(5, 6), defense=4)
            .lasting(28).at_phase(Phase.MOVEMENT, side="JP", turn=24).build())
    state = replace(game.state, jp_control=game.state.jp_control | {game.hex(5, 5)})
    # when the hard JP plays its Movement phase, and the same level without its ``keep`` candidate
    after = _play_player_turn(game, state)
    without_keep = _play_player_turn(game, state, lvl=level("hard").without(Behaviour.KEEP))
    # then the regiment is still on the captured fortress hex (R15.1: Singapore falls when every one is JP);
    # without ``keep`` it walked out
    assert _at(after, "jp_a") == game.hex(5, 5)
    assert _at(without_keep, "jp_a") != game.hex(5, 5)


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
    baseline = accept_optional_unit(game.gd, game.state, level("baseline"), map_knowledge(game.gd), "cw_armd", 10.0)
    # then it does not pay VP for a unit that would wait off the map turn after turn (R14.4); the frozen baseline,
    # which does not look, pays (the blunder)
    assert bought is False
    assert baseline is True


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
    # cut off and destroyed; gathering counterattacks blind to the JP mass, they stayed to counterattack
    blind = _play_player_turn(game, lvl=level("hard").without(Behaviour.COUNTER_CLEAR_OF_MASS))
    for unit_id in ("cw_1", "cw_2"):
        now, was, stayed = _at(after, unit_id), start[unit_id], _at(blind, unit_id)
        assert now is not None and was is not None and stayed is not None
        assert now.distance(game.hex(3, 15)) < was.distance(game.hex(3, 15)) - 1, unit_id
        assert stayed.distance(game.hex(3, 15)) >= was.distance(game.hex(3, 15)) - 1, unit_id


# --- d: a counterattack gathered beside the enemy mass, never made ----------------------------------------------


def _mass_and_two_brigades() -> Game:
    # given four JP regiments (attack 8, defense 6) side by side, a 2-VP town behind two CW brigades (attack 8,
    # defense 4) three hexes south of them: a counterattack on one regiment would go in at 16 to 6 (2:1), and
    # leave both brigades (defense 8) where the four regiments can reach them next turn (32 to 8, R12.4)
    return (GameBuilder(width=10, height=12).siam((0, 0)).objective((4, 10), 2)
            .unit("jp_0", "JP", at=(4, 4)).unit("jp_1", "JP", at=(3, 4)).unit("jp_2", "JP", at=(5, 4))
            .unit("jp_3", "JP", at=(4, 3))
            .unit("cw_1", "CW", at=(3, 7), defense=4).unit("cw_2", "CW", at=(5, 7), defense=4)
            .lasting(10).at_phase(Phase.MOVEMENT, side="CW", turn=3).build())


def _beside_the_jp(state: GameState) -> list[str]:
    jp = [u.hex for u in state.units if u.id.startswith("jp_") and u.hex is not None]
    return [u.id for u in state.units
            if u.id.startswith("cw_") and u.hex is not None and any(u.hex.distance(h) == 1 for h in jp)]


def test_d_the_hard_cw_does_not_gather_a_counterattack_beside_the_jp_mass_that_then_destroys_it() -> None:
    game = _mass_and_two_brigades()
    # when the hard CW plays its Movement and Combat phases, and the same level gathering counterattacks blind to
    # the mass
    after = _play_player_turn(game, phases=3)
    blind = _play_player_turn(game, phases=3, lvl=level("hard").without(Behaviour.COUNTER_CLEAR_OF_MASS))
    # then no brigade ends its player-turn beside the mass; blind to it, both did
    assert _beside_the_jp(after) == []
    assert _beside_the_jp(blind) == ["cw_1", "cw_2"]


# --- e: a pursuit off the axis cuts its own supply road ---------------------------------------------------------

AXIS = tuple((2, r) for r in range(30))
SWAMP = ((3, 7), (3, 8), (3, 10), (3, 11), (4, 7), (4, 8), (4, 10), (5, 7), (5, 8), (5, 10), (6, 8), (6, 9), (6, 10),
         (4, 11), (5, 11))


def _bypassed_brigade() -> Game:
    # given the JP axis road from its base south to the fortress, the spearhead of three regiments near the
    # fortress, a spare regiment on the road far behind, and a CW brigade the spearhead bypassed in a swamp pocket
    # east of the road whose one dry way out reaches the road at row 9 (R5.1, R6.4)
    builder = (GameBuilder(width=9, height=30).terrain((2, 29), "fortress").road(*AXIS).siam(*AXIS)
               .place("JP base", (2, 0), supply_source="JP")
               .unit("jp_a", "JP", at=(2, 27)).unit("jp_b", "JP", at=(2, 26)).unit("jp_c", "JP", at=(1, 26))
               .unit("jp_spare", "JP", at=(2, 3)).unit("cw_brigade", "CW", at=(5, 9), movement=2))
    for cell in SWAMP:
        builder.terrain(cell, "swamp")
    return builder.at_phase(Phase.MOVEMENT).build()


def _cut_by_one_move(game: Game, after: GameState, unit_id: str) -> list[tuple[Hex, list[str]]]:
    """Each hex the CW unit could move to next, with the JP units its zone of control there cuts off (R10.4)."""
    out = []
    for h in {_at(after, unit_id)} | set(_reach(game, after, unit_id)):
        moved = replace(after, units=tuple(replace(u, hex=h) if u.id == unit_id else u for u in after.units))
        supplied = supplied_hexes(game.gd, moved, Side.JP, (UnitType.INFANTRY,))[UnitType.INFANTRY]
        cut = [u.id for u in moved.units if u.id.startswith("jp_") and u.hex not in supplied]
        if h is not None and cut:
            out.append((h, cut))
    return out


def test_e_the_hard_jp_advance_leaves_no_way_for_a_bypassed_brigade_to_cut_its_road() -> None:
    game = _bypassed_brigade()
    # when the hard JP plays its Movement phase, and without its supply guard
    after = _play_player_turn(game)
    unguarded = _play_player_turn(game, lvl=level("hard").without(Behaviour.GUARD_SUPPLY_ROAD))
    # then no move of the bypassed brigade cuts the spearhead off its supply (a regiment stands on its way out);
    # without the guard the spare regiment pushes on and the brigade's step onto the road cuts all four off
    assert _cut_by_one_move(game, after, "cw_brigade") == []
    assert [cut for _, cut in _cut_by_one_move(game, unguarded, "cw_brigade")] == [["jp_a", "jp_b", "jp_c", "jp_spare"]]


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
    # when the hard JP plans its Combat phase, and the frozen baseline level
    plan, _ = search_phase(game.gd, state, map_knowledge(game.gd), level("hard"), TurnEffort(10**6))
    baseline = choose_combat(game.gd, state, map_knowledge(game.gd), level("baseline"))
    # then the regiment does not attack alone; the baseline sends it in at 1:2 with the 3 AP (the blunder)
    assert plan == ()
    assert baseline is not None and baseline.chosen.column == "1:2"


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
