"""The Combat Panel's air points by direct keys (issue 26 §2 "every click has a key"): ] adds one, [ takes one back,
whenever a combat is being declared, without first moving the panel focus there; their keys are in the buttons'
tooltips and can be rebound (R11.3, R12.10)."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.state import Phase
from malaya.ui.battle.input.cursor_keys import NO_COMBAT
from malaya.ui.battle.panels.combat_panel import NO_AIR_SET
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.input.keymap import DEFAULT_KEYS, Command, checked_bindings
from tests.ui.client_driver import Driver
from tests.ui.test_play_by_clicks import SEED, jitra_attack_declared


def _air(battle: BattleScreen) -> int:
    """The attacking air points set for the combat being declared."""
    combat = battle.client.state.combat
    assert combat is not None
    return combat.air_points


def _button(battle: BattleScreen, label: str):  # type: ignore[no-untyped-def]
    """The Combat Panel button with this label."""
    return next(b for b, _ in battle.hits.buttons if b.label == label)


@pytest.mark.slow
def test_right_and_left_bracket_add_and_take_back_air_points_with_no_panel_focus(driver: Driver) -> None:
    """Given the JP attack on Jitra declared and no side-panel button focused (no Ctrl+Tab), when ] is pressed twice
    and [ once, then one air point is set (R11.3); [ at none says why, as - does."""
    battle = jitra_attack_declared(driver)
    driver.frames(1)
    assert battle.keys.panel.index is None and _air(battle) == 0
    # when ] twice, then [ once
    driver.key(pygame.K_RIGHTBRACKET)
    driver.key(pygame.K_RIGHTBRACKET)
    assert _air(battle) == 2
    driver.key(pygame.K_LEFTBRACKET)
    assert _air(battle) == 1
    # when [ is pressed until none is left and once more, then the last press is refused with the panel's words
    driver.key(pygame.K_LEFTBRACKET)
    driver.key(pygame.K_LEFTBRACKET)
    assert _air(battle) == 0 and driver.app.toasts[-1].text == NO_AIR_SET and driver.app.toasts[-1].warning


@pytest.mark.slow
def test_the_air_keys_say_why_not_when_no_combat_is_declared(driver: Driver) -> None:
    """Given the JP Movement phase (no combat), when ] is pressed, then nothing is submitted and a warning says a
    combat must be declared first."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    log = len(battle.client.match.log)
    driver.key(pygame.K_RIGHTBRACKET)
    assert len(battle.client.match.log) == log and driver.app.toasts[-1].text == NO_COMBAT


@pytest.mark.slow
def test_the_combat_panel_buttons_name_their_keys_in_their_tooltips(driver: Driver) -> None:
    """Given the Jitra attack declared, then +, -, Roll Dice say what they do and their keys (], [, X); after a
    rebinding of the air keys the tooltips name the new keys."""
    battle = jitra_attack_declared(driver)
    driver.key(pygame.K_RIGHTBRACKET)  # one set, so - is enabled and shows its tip, not a reason
    driver.frames(1)
    assert _button(battle, "+").tip == "One more air point for this attack (key ])"
    assert _button(battle, "-").tip == "One air point fewer for this attack (key [)"
    assert _button(battle, "Roll Dice").tip == "Roll Dice for this combat (X)"
    # when the player puts the air keys on U and J (Settings → Keys)
    driver.app.set_settings(driver.app.settings.with_(key_bindings={"air_more": "u", "air_fewer": "j"}))
    driver.frames(1)
    assert _button(battle, "+").tip == "One more air point for this attack (U)"
    driver.key(pygame.K_u)
    assert _air(battle) == 2
    driver.key(pygame.K_RIGHTBRACKET)  # no longer an air key
    assert _air(battle) == 2


def test_the_air_keys_clash_with_no_other_key_and_a_clashing_binding_is_put_back() -> None:
    """Given the default keys, then ] and [ belong to the air commands alone and are neither the zoom keys nor
    reserved; a stored binding that puts the air key on E (End Phase's) is reset with its reason."""
    assert (DEFAULT_KEYS[Command.AIR_MORE], DEFAULT_KEYS[Command.AIR_FEWER]) == ("]", "[")
    assert list(DEFAULT_KEYS.values()).count("]") == 1 and list(DEFAULT_KEYS.values()).count("[") == 1
    assert not {"]", "["} & {"+", "=", "-"}
    keymap, problems = checked_bindings({"air_more": "e"})
    assert keymap.keys[Command.AIR_MORE] == "]" and keymap.keys[Command.END_PHASE] == "e"
    assert problems and "both on E" in problems[0]
