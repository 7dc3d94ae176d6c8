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
