"""Issue 13 §4 and §6: the VP standing in the top bar, fixed button places, objectives, Continue."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from malaya.engine.actions import EndPhase
from malaya.engine.sides import Side
from malaya.session.standing import objectives, standing
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.screens.menu import MenuScreen
from tests.ui.client_driver import Driver


def test_the_top_bar_shows_the_vp_margin_and_level_and_its_breakdown_on_hover(driver: Driver) -> None:
    # given a new game (R15: CW holds Singapore, so CW leads by its VP)
    battle = driver.new_game("hotseat", seed=3)
    driver.frames(1)
    now = standing(battle.client.gd, battle.client.state)
    # then the bar has a VP box naming the margin and the level it would give now
    vp = battle.layout().box("VP")
    assert now.headline().startswith("VP ") and now.margin == now.jp_vp - now.cw_vp
    assert now.level == battle.client.gd.victory.result_level(now.margin)
    # when the mouse rests on it, then its tooltip is the breakdown, one line per source of VP, then its rule
    import malaya.ui.battle.drawing as drawing_module

    shown: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pygame.mouse, "get_pos", lambda: vp.rect.center)
        patch.setattr(drawing_module, "draw_tooltip", lambda surface, text, pos: shown.append(text))
        driver.frames(1)
    breakdown = now.breakdown(battle.drawing.standing.trend())
    assert len(shown) == 1 and shown[0].startswith(breakdown) and shown[0].endswith("R15.5, click the box.")
    assert "If the game ended now" in shown[0] and "Commonwealth: still holds Singapore" in shown[0]
    # and the sides and the level are written out (issue 13 §3)
    assert "Commonwealth substantive victory" in shown[0] and now.words in now.headline()
    assert not re.search(r"\b(JP|CW)\b", shown[0])
    # and the turns left are counted from the calendar (R1.2)
    assert now.turns_left == battle.client.gd.last_turn - 1


def test_top_bar_buttons_keep_their_places_whatever_the_phase(driver: Driver) -> None:
    # given the battle in its first phase
    battle = driver.new_game("hotseat", seed=3)
    driver.frames(1)
    first = {b.name: b.rect for b in battle.layout().boxes if b.panel == "bar"}
    phases = {battle.client.state.phase}
    # when phases end one after another (their names differ in length) and the Strategic Map is toggled
    for _ in range(4):
        battle.client.submit(EndPhase(side=battle.client.state.side))
        battle.apply(battle.input.toggled_map())
        driver.frames(1)
        phases.add(battle.client.state.phase)
        now = {b.name.replace("Hide", "Show"): b.rect for b in battle.layout().boxes if b.panel == "bar"}
        # then every bar button is exactly where it was
        assert now == first
    assert len(phases) >= 3


def test_objectives_come_from_the_scenario_and_name_their_holder(driver: Driver) -> None:
    # given a new game, when the victory places are listed
    battle = driver.new_game("hotseat", seed=3)
    gd = battle.client.gd
    places = objectives(gd, battle.client.state)
    # then they are the scenario's objectives and Singapore's fortress hexes, CW-held at the start (R15.2)
    assert {p.hex for p in places} == set(gd.objective_vp) | set(gd.singapore_hexes)
    assert all(p.holder is Side.CW for p in places)
    assert {p.vp for p in places if p.hex in gd.objective_vp} == set(gd.objective_vp.values())


def test_objectives_are_marked_on_the_strategic_map_too(driver: Driver) -> None:
    # given the Strategic Map, when it is drawn with and without the objective marks
    from malaya.render.objectives import RING, draw_objectives

    battle = driver.new_game("hotseat", seed=3)
    battle.apply(battle.input.on_strategic())
    driver.frames(1)
    target = pygame.Surface((battle.strategic.width, battle.strategic.height))
    target.fill((0, 0, 0))
    draw_objectives(target, battle.strategic, objectives(battle.client.gd, battle.client.state))
    # then gold ring pixels appear
    gold = sum(1 for x in range(0, target.get_width(), 2) for y in range(0, target.get_height(), 2)
               if tuple(target.get_at((x, y)))[:3] == RING)
    assert gold > 20


def menu_rects(menu: MenuScreen) -> list[pygame.Rect]:
    """The menu buttons' rectangles, top to bottom."""
    return [b.rect for b in menu.layout().boxes]


@pytest.mark.slow
def test_continue_resumes_the_most_recent_game_after_a_normal_quit(campaign, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a first start: Continue is there but has nothing to open, and says so
    first = Driver(campaign, tmp_path)
    menu = first.app.top
    assert isinstance(menu, MenuScreen)
    first.frames(1)
    empty = menu.buttons["continue"]
    assert not empty.enabled and "New Game" in (empty.reason or "")
    before = menu_rects(menu)
    # when a game vs the computer is played a little and left by the Menu button (a normal quit)
    battle = first.new_game("JP", seed=11)
    battle.client.submit(EndPhase(side=Side.JP))
    turn, phase = battle.client.state.turn, battle.client.state.phase
    first.frames(1)
    first.click(battle.buttons["menu"].rect.center)
    again = first.app.top
    assert isinstance(again, MenuScreen)
    first.frames(1)
    # then the menu offers Continue naming that game, in the same place, and nothing else moved
    cont = again.buttons["continue"]
    assert cont.enabled and cont.label == f"Continue (turn {turn}, Japanese)"
    assert menu_rects(again) == before
    # when Continue is clicked, then that very game opens, JP still against the computer, where it was left
    first.click(cont.rect.center)
    resumed = first.app.top
    assert isinstance(resumed, BattleScreen)
    assert resumed.client.humans == frozenset({Side.JP})
    assert (resumed.client.state.turn, resumed.client.state.phase) == (turn, phase)
    resumed.close()
