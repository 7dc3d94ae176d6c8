"""Fog by construction (R2.5): the computer plays on its side's view, never on the true game.

The lockstep test plays a campaign and, at every decision of one side, asks two identical
computer players: one shown the true game, one shown the same game with everything that side
cannot see changed (hidden enemy units weakened and swapped, the enemy's air pools altered).
Through the fog they never differ; a deliberately leaky picture is caught at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache

import pytest

from malaya.ai import controller as ai_controller
from malaya.ai import make_ai, move_setup
from malaya.ai.knowledge import EnemyPicture, EnemyStack, map_knowledge
from malaya.ai.naval import jp_main_front
from malaya.engine import intel
from malaya.engine.actions import Action, EndPhase, Rejection
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase, UnitState, set_pool
from malaya.engine.view_of_side import estimated_defense_pool, side_view
from malaya.session.fog import FoggedController
from malaya.session.match import Controller, Match
from tests.builder import GameBuilder
from tests.bundled import bundled_game

SEED = 3


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    return bundled_game()


@lru_cache(maxsize=1)
def midgame() -> tuple[Match, int]:
    """A campaign played by the fogged normal AI to CW's turn-5 Movement phase."""
    gd = campaign()
    match = Match.new(gd, seed=SEED)
    ais = {side: FoggedController(make_ai("normal", side, SEED + i), side) for i, side in enumerate(Side)}
    while not (match.state.turn == 5 and match.state.side is Side.CW and match.state.phase is Phase.MOVEMENT):
        assert match.submit(ais[match.state.side](gd, match.state)) is None
    return match, len(match.log)


def disguise(gd: GameDef, state: GameState, side: Side) -> GameState:
    """``state`` with only what ``side`` cannot see changed: hidden enemy units weakened, out of
    supply and swapped with each other when they have the same stacking value; the enemy's pools altered."""
    seen = intel.observation(gd, state, side)
    visible = {u.id for u in seen.own} | {u.id for u in seen.enemy}
    hidden = [u for u in state.units if u.id not in visible]
    changed: dict[int, UnitState] = {}
    by_points: dict[tuple[int, bool], list[UnitState]] = {}
    for u in hidden:
        by_points.setdefault((gd.stacking_value(u.id), u.location is Location.MAP), []).append(u)
    for group in by_points.values():
        for u, other in zip(group, group[1:] + group[:1], strict=True):
            changed[gd.unit_index[u.id]] = replace(u, location=other.location, hex=other.hex, steps=1,
                                                   supplied=False, unsupplied_turns=2)
    enemy = side.enemy
    return replace(state.with_units(changed),
                   attack_pool=set_pool(state.attack_pool, enemy, state.pool("attack", enemy) + 5),
                   defense_pool=set_pool(state.defense_pool, enemy, state.pool("defense", enemy) + 3))


def lockstep(make: Callable[[], Controller], side: Side, actions: int = 150) -> Iterator[str]:
    """Play on from the mid-game position; at each of ``side``'s decisions compare a player shown the
    true game with its twin shown :func:`disguise`; say where they differ."""
    gd = campaign()
    start, _ = midgame()
    match = Match(gd, start.seed, start.state)
    match.resolve_chance()
    honest, twin = make(), make()
    decisions = 0
    for _ in range(actions):
        state = match.state
        if state.finished:
            return
        action = honest(gd, state)
        if state.side is side:
            decisions += 1
            other = twin(gd, disguise(gd, state, side))
            if other != action:
                yield f"turn {state.turn} {state.phase.value}: {action} but {other} when the hidden game changed"
        else:
            twin(gd, state)
        assert match.submit(action) is None
    assert decisions >= 20, "the lockstep saw too few decisions of the side to prove anything"


@pytest.mark.slow
def test_a_disguise_changes_the_true_game_but_not_the_sides_view() -> None:
    # given the mid-game position and the same game with every hidden JP unit weakened and moved
    gd = campaign()
    state = midgame()[0].state
    other = disguise(gd, state, Side.CW)
    # then the true games differ, but CW's views of them are the same (R2.5)
    assert other.digest() != state.digest()
    assert side_view(gd, other, Side.CW).digest() == side_view(gd, state, Side.CW).digest()


@pytest.mark.parametrize("side", list(Side))
@pytest.mark.slow
def test_changing_only_what_the_ai_cannot_see_changes_no_decision(side: Side) -> None:
    # given two fogged hard players of one side in lockstep, one shown the true game, one the disguised game
    differences = list(lockstep(lambda: FoggedController(make_ai("hard", side, 7), side), side, actions=400))
    # then every one of their decisions is the same
    assert differences == []


def leaky_picture(gd: GameDef, state: GameState, side: Side) -> EnemyPicture:
    """A deliberately leaky picture: every enemy unit on the map, hidden or not, at its true strength."""
    stacks: dict = {}
    for u in state.units:
        if gd.side_of(u.id) is side.enemy and u.location is Location.MAP and u.hex is not None:
            f = gd.unit_def(u.id).factors(u.steps)
            old = stacks.get(u.hex)
            attack = f.attack + (old.attack if old else 0.0)
            defense = f.defense + (old.defense if old else 0.0)
            stacks[u.hex] = EnemyStack(u.hex, 2, attack, defense, f.movement, False, True, u.steps)
    return EnemyPicture(side, stacks)


@pytest.mark.slow
def test_a_leaky_picture_is_flagged_by_the_lockstep_test(monkeypatch: pytest.MonkeyPatch) -> None:
    # given a CW AI whose enemy picture peeks at hidden JP units, handed the true game
    monkeypatch.setattr(ai_controller, "enemy_picture", leaky_picture)
    monkeypatch.setattr(move_setup, "enemy_picture", leaky_picture)
    differences = list(lockstep(lambda: make_ai("normal", Side.CW, 7), Side.CW, actions=400))
    # then the lockstep test sees its decisions change with what it should not know
    assert differences


@pytest.mark.slow
def test_the_fog_stops_even_a_leaky_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    # given the same peeking AI, but played through the fog
    monkeypatch.setattr(ai_controller, "enemy_picture", leaky_picture)
    monkeypatch.setattr(move_setup, "enemy_picture", leaky_picture)
    differences = list(lockstep(lambda: FoggedController(make_ai("normal", Side.CW, 7), Side.CW), Side.CW,
                                actions=400))
    # then there is nothing true for it to peek at: no decision changes
    assert differences == []


def far_jp_game() -> tuple[GameDef, GameState]:
    """CW to move; one JP regiment beside it, one (reduced) far away, one in the JP box."""
    game = (GameBuilder(width=10, height=6)
            .unit("cw_a", "CW", at=(1, 1))
            .unit("jp_near", "JP", at=(2, 1)).unit("jp_far", "JP", at=(8, 4)).unit("jp_box", "JP", at=None)
            .at_phase(Phase.MOVEMENT, side="CW", turn=2).build())
    far = game.gd.unit_index["jp_far"]
    state = game.state.with_units({far: replace(game.state.units[far], steps=1)})
    return game.gd, replace(state, defense_pool=set_pool(state.defense_pool, Side.JP, 3))


def test_a_hidden_stack_is_filled_with_a_stand_in_at_full_strength_from_the_order_of_battle() -> None:
    # given CW sees the adjacent JP regiment, while a reduced one stands far off, unseen (R2.5)
    gd, state = far_jp_game()
    far_hex = state.units[gd.unit_index["jp_far"]].hex
    # when CW's view is built
    view = side_view(gd, state, Side.CW)
    # then the seen regiment is as it is, and the unseen stack holds a full-strength stand-in of
    # the same stacking value, taken from the JP units CW cannot see
    assert view.units[gd.unit_index["jp_near"]] == state.units[gd.unit_index["jp_near"]]
    at_far = view.units_at(far_hex)
    assert len(at_far) == 1 and at_far[0].steps == 2 and at_far[0].id in {"jp_far", "jp_box"}
    assert intel.observation(gd, view, Side.CW).unknown == intel.observation(gd, state, Side.CW).unknown


def test_the_enemy_air_pools_in_the_view_are_what_the_side_can_know() -> None:
    # given JP keeps 3 air points in defence (R11.2), which CW cannot see
    gd, state = far_jp_game()
    # when CW's view is built, then JP's attack pool shows nothing and its defence pool the estimate:
    # JP, the attacker, is reckoned to keep one point of its receipt back; CW's own pools are true
    view = side_view(gd, state, Side.CW)
    assert view.pool("attack", Side.JP) == 0
    assert view.pool("defense", Side.JP) == estimated_defense_pool(gd, state, Side.CW) == 1
    assert view.pool("defense", Side.CW) == state.pool("defense", Side.CW)


def test_jp_reckons_cw_kept_all_it_received_last_turn_for_defence() -> None:
    # given JP to act on turn 2: CW's latest Air phase was on turn 1, when it received 2 (R3.1, R11.1)
    gd, state = far_jp_game()
    jp_turn = replace(state, side=Side.JP)
    # when JP's view is built, then CW's defence pool shows those 2 points, whatever CW truly kept
    assert side_view(gd, jp_turn, Side.JP).pool("defense", Side.CW) == 2


class Stubborn:
    """A controller that always asks for the same move, whatever it is told."""

    def __init__(self, action: Action) -> None:
        self.action, self.told = action, 0

    def __call__(self, gd: GameDef, state: GameState) -> Action:
        return self.action

    def refused(self, action: Action, rejection: Rejection) -> None:
        self.told += 1


def test_a_refused_answer_is_asked_again_then_a_neutral_action_is_played() -> None:
    # given a controller that insists on ending a phase that is not CW's
    gd, state = far_jp_game()
    stubborn = Stubborn(EndPhase(side=Side.JP))
    fogged = FoggedController(stubborn, Side.CW, asks=8)
    # when it is asked for CW's action
    action = fogged(gd, state)
    # then each refusal was told to it, eight times, and CW's neutral action (end the phase) is played
    assert stubborn.told == 8 == fogged.refusals
    assert action == EndPhase(side=Side.CW)


def test_the_ai_is_never_handed_the_true_state() -> None:
    # given a controller that records what it is shown, played through the fog
    gd, state = far_jp_game()
    shown: list[GameState] = []

    def spy(gd: GameDef, seen: GameState) -> Action:
        shown.append(seen)
        return EndPhase(side=Side.CW)

    FoggedController(spy, Side.CW)(gd, state)
    # then it was shown CW's view: the reduced far JP regiment is not there as it truly is
    assert shown == [side_view(gd, state, Side.CW)] and shown[0] != state


def test_cw_reckons_the_jp_main_body_from_the_stacking_points_it_sees_not_from_hidden_units() -> None:
    # given three JP regiments far north, and one unseen stack of three one-point JP companies near Singapore
    game = (GameBuilder(width=6, height=14).terrain((3, 13), "fortress")
            .unit("jp_a", "JP", at=(1, 0)).unit("jp_b", "JP", at=(2, 0)).unit("jp_c", "JP", at=(3, 0))
            .unit("jp_x", "JP", at=(3, 11), stacking=1).unit("jp_y", "JP", at=(3, 11), stacking=1)
            .unit("jp_z", "JP", at=(3, 11), stacking=1)
            .unit("cw_a", "CW", at=(2, 6)).at_phase(Phase.MOVEMENT, side="CW").build())
    know = map_knowledge(game.gd)
    # when CW measures the JP main body (R2.5: it sees that stack only as "Unknown", 3 points)
    main = jp_main_front(game.gd, game.state, know)
    # then three points ahead are not a main body of three regiments: the front is the regiments' far north
    assert main == know.dist(game.hex(1, 0)) > know.dist(game.hex(3, 11))
