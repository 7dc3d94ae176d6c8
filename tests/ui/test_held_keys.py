"""A held key (or one whose release a loaded machine delivers late) acts once, unless repeating it means something:
pygame repeats a key held 250 ms (``set_repeat``), and a second Enter, E or X would act twice."""

from __future__ import annotations

import pygame

from malaya.ui.input.held_keys import HeldKeys


def _down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def test_an_action_key_held_down_acts_once_and_again_after_it_is_released() -> None:
    held = HeldKeys()
    # given Enter pressed, when pygame repeats it before its release, then the repeat is dropped
    assert not held.is_repeat_to_drop(_down(pygame.K_RETURN))
    assert held.is_repeat_to_drop(_down(pygame.K_RETURN))
    # when it is released and pressed again, then the new press acts
    assert not held.is_repeat_to_drop(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
    assert not held.is_repeat_to_drop(_down(pygame.K_RETURN))


def test_a_held_arrow_keeps_moving_and_a_lost_focus_forgets_the_keys_down() -> None:
    held = HeldKeys()
    # given an arrow held down, then each repeat acts (the map cursor and the lists keep moving)
    assert not held.is_repeat_to_drop(_down(pygame.K_DOWN))
    assert not held.is_repeat_to_drop(_down(pygame.K_DOWN))
    # given E down when the window loses the focus (its release goes elsewhere), then the next E acts
    assert not held.is_repeat_to_drop(_down(pygame.K_e))
    held.is_repeat_to_drop(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert not held.is_repeat_to_drop(_down(pygame.K_e))


def test_f12_held_until_pygame_repeats_it_saves_one_screenshot(driver, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from malaya.ui.app.loop import SCREENSHOT_ENV

    # given screenshots asked for next to a base name, and F12 held past the repeat delay (its release comes late:
    # pygame sends it down again), when the frames handle both
    base = tmp_path / "shot.png"
    monkeypatch.setenv(SCREENSHOT_ENV, str(base))
    pygame.event.post(_down(pygame.K_F12))
    driver.frames(1)
    pygame.event.post(_down(pygame.K_F12))  # pygame's repeat, a frame later, the key still down
    driver.frames(1)
    # then one screenshot is saved, not one per repeat (a test pressing F12 twice would read a stale second shot)
    assert len(list(tmp_path.glob("shot-*.png"))) == 1
