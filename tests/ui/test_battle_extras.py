"""Small battle-screen pieces: the computer's explanation, the window settings, the animation queue."""

from __future__ import annotations

import pygame

from malaya.ai.explain import AIExplanation
from malaya.engine.hexgrid import Hex
from malaya.ui.app.settings import Settings
from malaya.ui.battle.ai_driver import explanation_text
from malaya.ui.battle.map_view.animation import Animator
from malaya.ui.screens.settings import apply_window
from tests.bundled import bundled_game


class _Explaining:
    """A controller stand-in with an AI's explanation log: one player-turn that held the Jitra line."""

    def __init__(self) -> None:
        self.explanations = AIExplanation()
        self.explanations.turn_log(1, "CW").intent.line.append("Jitra")


def test_a_controller_explanation_is_read_when_it_has_one() -> None:
    # given a controller with explanations and one without
    # then the text is read from the first and nothing from the second
    assert explanation_text(_Explaining()) == ("Turn 1, Commonwealth:\n  The plan:\n    Front line at Jitra.\n"
                                               "    No attack this turn.")
    assert explanation_text(object()) is None


def test_changing_the_window_size_setting_resizes_the_open_window(display: pygame.Surface) -> None:
    # given an open window, when the window-size setting is applied
    apply_window(Settings(window_size=(640, 480)))
    # then the window has that size
    assert pygame.display.get_surface().get_size() == (640, 480)


def test_instant_animation_speed_queues_nothing_and_a_skip_clears_the_queue(campaign) -> None:  # type: ignore[no-untyped-def]
    # given the opening state and a retreat event
    from malaya.engine.combat.events import UnitRetreated
    from malaya.session.match import Match

    state = Match.new(campaign, 1).state
    unit = next(u for u in state.units if u.hex is not None)
    event = UnitRetreated(unit=unit.id, path=(unit.hex + Hex(0, 1), unit.hex + Hex(0, 2)))
    animator = Animator()
    # when fed at "instant" speed, then nothing is animated
    animator.feed(campaign, state, state, [event], "instant")
    assert not animator.active
    # when fed at "normal" speed, then the unit slides (hidden from its hex meanwhile) until skipped
    animator.feed(campaign, state, state, [event], "normal")
    assert animator.active and animator.hidden_units() == {unit.id}
    animator.skip()
    assert not animator.active and not animator.hidden_units()


def test_a_roll_a_loss_a_blocked_retreat_and_a_retreat_each_get_their_animation_R12(campaign) -> None:  # type: ignore[no-untyped-def]
    # given the opening state and the events of one combat
    from malaya.engine.combat.events import DiceRolled, RetreatBlocked, StepLost, UnitRetreated
    from malaya.engine.sides import Side
    from malaya.session.match import Match
    from malaya.ui.battle.map_view.animation import StepKind

    state = Match.new(campaign, 1).state
    unit = next(u for u in state.units if u.hex is not None)
    roll = DiceRolled(turn=1, side=Side.JP, attacker_hexes=(), defender_hex=unit.hex, attack="6", defense="3",
                      column="2:1", die=4, modifier=1, modified_roll=5, result="DR", attack_air=0, defense_air=0)
    events = [roll, StepLost(unit=unit.id, steps_left=1), RetreatBlocked(units=(unit.id,), hex=unit.hex),
              UnitRetreated(unit=unit.id, path=(unit.hex + Hex(0, 1),))]
    animator = Animator()
    # when they are fed at normal speed
    animator.feed(campaign, state, state, events, "normal")
    # then the die shows the modified roll and result, the result rises over the hex in words (issue 15 §3),
    # the loss and the blocked retreat flash, the unit slides
    assert [(s.kind, s.text) for s in animator.queue] == [
        (StepKind.DIE, "4 +1 = 5 → DR"), (StepKind.FLOAT, "Defenders retreat"), (StepKind.FLASH, "−1 step"),
        (StepKind.FLASH, "retreat blocked"), (StepKind.SLIDE, "")]
    assert animator.queue[-1].hexes == (unit.hex, unit.hex + Hex(0, 1))


def test_the_front_line_runs_between_jp_and_cw_held_land_R13() -> None:
    # given the opening position: Siam is JP's, Malaya CW's, so the front runs along the border (R17)
    from malaya.session.front import front_edges

    gd = bundled_game()
    from malaya.engine.gamedef import initial_control

    edges = front_edges(gd, initial_control(gd.board))
    # then every front hexside joins a JP-held land hex to a CW-held land hex
    assert edges
    control = initial_control(gd.board)
    for h, d in edges:
        n = h.neighbor(d)
        assert h in control and n not in control
        assert gd.board.terrain_at(n).value != "sea"


def test_a_combat_the_computer_declares_off_screen_is_brought_into_view(campaign) -> None:  # type: ignore[no-untyped-def]
    # given the Tactical Map looking at the far north while the computer declares a combat at Singapore
    from malaya.engine.actions import DeclareCombat, MoveUnit
    from malaya.engine.sides import Side
    from malaya.render.camera import Camera
    from malaya.render.geometry import hex_to_pixel, hexes_bounds
    from malaya.ui.battle.ai_driver import follow

    board = campaign.board
    camera = Camera(hexes_bounds(board.terrain), 800, 600)
    camera.center_on(*hex_to_pixel(board.place("Singora").hex))
    target = board.place("Singapore").hex
    # when a hidden enemy move is answered, the camera stays put (R2.5)
    before = camera.center()
    follow(camera, MoveUnit(side=Side.JP, unit="jp_11_inf", to=target))
    assert camera.center() == before
    # when the combat is declared, the camera centres on its defender hex
    follow(camera, DeclareCombat(side=Side.JP, defender=target))
    x, y = hex_to_pixel(target)
    x0, y0, x1, y1 = camera.visible_world()
    assert x0 < x < x1 and y0 < y < y1
