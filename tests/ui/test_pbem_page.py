"""The Play by e-mail page: games with whose turn, a dropped turn file opened or refused in plain words."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.content.campaign import load_game_def
from malaya.engine.sides import Side
from malaya.persistence.pbem.games import new_game
from malaya.resources import scenario_file
from malaya.ui.app.intents import Push, ToPbem
from malaya.ui.app.loop import make_app, step
from malaya.ui.screens.pbem import PbemScreen


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, display: pygame.Surface) -> PbemScreen:
    monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path / "mine"))
    pygame.display.set_mode((1280, 720))
    app = make_app(lambda: load_game_def(scenario_file("jitra")))
    app.apply(Push(ToPbem()))
    step(app, 1 / 60)
    assert isinstance(app.top, PbemScreen)
    return app.top


def _drop(page: PbemScreen, path: Path) -> None:
    page.handle(pygame.event.Event(pygame.DROPFILE, file=str(path)), page.app)


def test_a_dropped_invitation_lists_the_game_as_your_turn(page: PbemScreen, tmp_path: Path) -> None:
    # given an opponent's invitation (CW), dropped on the page
    _game, invitation = new_game(tmp_path / "theirs", "jitra", Side.CW)
    _drop(page, invitation.path)
    # then the game is listed as this player's (JP) turn, and the page says the file was opened
    [(button, game)] = page.rows
    assert game is not None and game.side is Side.JP and button.enabled and "your turn" in button.label
    assert page.message == (f"Opened {invitation.path.name}: your turn.", False)


def test_a_damaged_file_is_refused_in_plain_words_and_nothing_is_listed(page: PbemScreen, tmp_path: Path) -> None:
    _game, invitation = new_game(tmp_path / "theirs", "jitra", Side.CW)
    damaged = tmp_path / invitation.path.name
    damaged.write_bytes(invitation.path.read_bytes()[:-30])
    _drop(page, damaged)
    text, warning = page.message
    assert warning and "the file is damaged or incomplete" in text and not page.rows


def test_the_j_key_starts_a_game_as_japan_and_says_where_its_first_file_is(page: PbemScreen) -> None:
    page.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="j"), page.app)
    text, warning = page.message
    assert not warning and "Turn file written:" in text and ".pbem.json" in text
    [(button, game)] = page.rows
    assert game is not None and game.side is Side.JP and not button.enabled  # waiting for the opponent
