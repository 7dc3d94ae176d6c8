"""Which engine events make which sound (issue 15 §4): decided by event class, every class decided."""

from __future__ import annotations

import importlib
import pkgutil
from fractions import Fraction

import pytest

import malaya.engine
from malaya.engine.air import AirAllocated
from malaya.engine.bridges import BridgeDemolished
from malaya.engine.combat.events import (
    CombatAirSet,
    DiceRolled,
    StepLost,
    UnitEliminated,
    UnitRetreated,
)
from malaya.engine.events import Event, GameEnded, HexControlChanged, PhaseStarted
from malaya.engine.force_z import ForceZAttacked, ForceZInterception
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import UnitMoved
from malaya.engine.naval_moves import UnitShipped
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.ui.audio.cues import PRIORITY, Sound
from malaya.ui.audio.event_cues import (
    DEPENDENT,
    FIXED,
    SILENT,
    CueContext,
    batch_cues,
    cue_for,
    winner,
)
from tests.builder import GameBuilder


@pytest.fixture(scope="module")
def gd() -> GameDef:
    """A small game with the campaign's CRT and levels JP wins (≥ 3) / Draw (≥ -2) / CW wins."""
    return GameBuilder(width=3, height=3).unit("jp_a", "JP", at=(0, 0)).unit("cw_a", "CW", at=(2, 2)).build().gd


def _engine_event_classes() -> set[type[Event]]:
    """Every Event subclass defined anywhere in malaya.engine."""
    for info in pkgutil.walk_packages(malaya.engine.__path__, "malaya.engine."):
        importlib.import_module(info.name)
    found: set[type[Event]] = set()
    todo = list(Event.__subclasses__())
    while todo:
        kind = todo.pop()
        found.add(kind)
        todo += kind.__subclasses__()
    return {k for k in found if k.__module__.startswith("malaya.engine.")}


def _roll(result: str) -> DiceRolled:
    """A combat die roll with the given CRT result."""
    return DiceRolled(turn=1, side=Side.JP, attacker_hexes=(Hex(1, 1),), defender_hex=Hex(2, 1), attack="6",
                      defense="3", column="2:1", die=4, modifier=0, modified_roll=4, result=result,
                      attack_air=0, defense_air=0)


def _ended(jp_vp: int, cw_vp: int) -> GameEnded:
    """The game ended with these victory points."""
    return GameEnded(turn=12, jp_vp=jp_vp, cw_vp=cw_vp, level="")


def test_given_every_engine_event_class_then_each_has_exactly_one_decision_about_its_sound() -> None:
    decided = [set(FIXED), set(DEPENDENT), set(SILENT)]
    assert _engine_event_classes() == set().union(*decided)
    assert sum(len(d) for d in decided) == len(set().union(*decided)), "a class is decided twice"


def test_given_every_cue_then_it_has_a_place_in_the_priority_order() -> None:
    assert sorted(PRIORITY) == sorted(Sound) and len(PRIORITY) == len(Sound)


@pytest.mark.parametrize(("event", "cue"), [
    (UnitMoved(unit="jp_a", path=(Hex(0, 0), Hex(1, 0)), cost=Fraction(1)), Sound.MOVE),
    (_roll("A1"), Sound.DICE),
    (StepLost(unit="jp_a", steps_left=1), Sound.LOSS),
    (UnitRetreated(unit="cw_a", path=(Hex(2, 2), Hex(2, 3))), Sound.RETREAT),
    (UnitEliminated(unit="cw_a"), Sound.ELIMINATION),
    (BridgeDemolished(a=Hex(1, 1), b=Hex(1, 2)), Sound.BRIDGE),
    (UnitShipped(unit="jp_a", origin=None, port=Hex(1, 1), landing=True), Sound.LANDING),
    (UnitShipped(unit="jp_a", origin=Hex(0, 0), port=Hex(1, 1), landing=False), Sound.MOVE),
    (CombatAirSet(air_points=2), Sound.AIR_ATTACK),
    (CombatAirSet(air_points=0), Sound.SELECT),
    (ForceZAttacked(air_points=3, roll=2, sunk=True), Sound.AIR_ATTACK),
    (ForceZInterception(unit="jp_a", roll=1, intercepted=True, steps_lost=1), Sound.FORCE_Z),
    (PhaseStarted(turn=2, side=Side.CW, phase=Phase.MOVEMENT), Sound.PHASE),
    (PhaseStarted(turn=2, side=Side.CW, phase=Phase.SUPPLY), Sound.TURN_START),
    (HexControlChanged(hex=Hex(1, 1), side=Side.JP), None),
    (AirAllocated(side=Side.JP, attack=3, defense=1), None),
])
def test_given_an_event_then_its_class_and_fields_give_its_cue(event: Event, cue: Sound | None) -> None:
    assert cue_for(event) is cue


@pytest.mark.parametrize(("listener", "jp_vp", "cw_vp", "cue"), [
    (Side.JP, 10, 2, Sound.VICTORY),
    (Side.CW, 10, 2, Sound.DEFEAT),
    (Side.CW, 1, 9, Sound.VICTORY),
    (Side.JP, 1, 9, Sound.DEFEAT),
    (Side.JP, 4, 2, Sound.DRAW),
    (None, 10, 2, Sound.VICTORY),
])
def test_given_the_end_of_the_game_then_the_listener_hears_victory_defeat_or_draw_by_the_level_reached(
    gd: GameDef, listener: Side | None, jp_vp: int, cw_vp: int, cue: Sound
) -> None:
    """R15.5: the result level decides; a level spanning a zero margin is a draw."""
    assert cue_for(_ended(jp_vp, cw_vp), CueContext.for_game(gd, listener)) is cue


@pytest.mark.parametrize(("margin", "side"), [(3, Side.JP), (40, Side.JP), (2, None), (-2, None), (-3, Side.CW)])
def test_given_a_margin_then_the_winner_is_the_side_its_level_favours(
    gd: GameDef, margin: int, side: Side | None
) -> None:
    assert winner(gd.victory, margin) is side


@pytest.mark.parametrize(("result", "outcome"), [
    ("EX", Sound.EXCHANGE), ("DE", Sound.ELIMINATION), ("A1", Sound.LOSS), ("D1R", Sound.LOSS), ("DR", Sound.RETREAT),
])
def test_given_a_combat_roll_then_the_dice_are_heard_before_the_result_the_crt_defines(
    gd: GameDef, result: str, outcome: Sound
) -> None:
    """R12.6: an exchange costs both sides steps; the CRT's result says which kind of result it was."""
    assert batch_cues([_roll(result)], CueContext.for_game(gd, Side.JP)) == (Sound.DICE, outcome)


def test_given_a_combat_batch_then_its_most_telling_event_is_heard_after_the_dice(gd: GameDef) -> None:
    # given a roll of D1R that cost a step, a retreat and the eliminated last step of another unit
    events = [_roll("D1R"), StepLost(unit="cw_a", steps_left=0), UnitEliminated(unit="cw_a"),
              UnitRetreated(unit="cw_b", path=(Hex(2, 2), Hex(2, 3)))]
    # then the dice are heard, then the elimination (not four sounds at once)
    assert batch_cues(events, CueContext.for_game(gd, Side.JP)) == (Sound.DICE, Sound.ELIMINATION)


def test_given_a_new_player_turn_then_the_turn_call_is_heard_once() -> None:
    events = [PhaseStarted(turn=2, side=Side.JP, phase=Phase.SUPPLY),
              PhaseStarted(turn=2, side=Side.JP, phase=Phase.REINFORCEMENT)]
    assert batch_cues(events) == (Sound.TURN_START,)


def test_given_only_silent_events_then_nothing_is_heard() -> None:
    assert batch_cues([HexControlChanged(hex=Hex(1, 1), side=Side.JP)]) == ()


def test_given_an_event_class_nobody_decided_then_cue_for_says_so() -> None:
    class Unheard(Event):
        """An event kind added without deciding its sound."""

    with pytest.raises(KeyError, match="Unheard"):
        cue_for(Unheard())
