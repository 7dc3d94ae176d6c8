"""The Play by e-mail page: games with whose turn, a dropped turn file opened or refused in plain words."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.engine.sides import Side
from malaya.persistence.data_folder import data_dir
from malaya.persistence.pbem.games import new_game
from malaya.persistence.pbem.turnfile import dump, file_name, parse
from malaya.ui.app.intents import Push, ToPbem, ToPbemTurn
from malaya.ui.app.loop import make_app, step
from malaya.ui.app.pbem_watch import shared_watch
from malaya.ui.battle.pbem_turn import PbemTurnScreen
from malaya.ui.screens.pbem import PbemScreen
from tests.bundled import bundled_game


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, display: pygame.Surface) -> PbemScreen:
    monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path / "mine"))
    pygame.display.set_mode((1280, 720))
    app = make_app(lambda: bundled_game("jitra"))
    app.apply(Push(ToPbem()))
    step(app, 1 / 60)
    assert isinstance(app.top, PbemScreen)
    return app.top


def _drop(page: PbemScreen, path: Path) -> None:
    page.handle(pygame.event.Event(pygame.DROPFILE, file=str(path)), page.app)


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_j_key_starts_a_game_as_japan_and_says_where_its_first_file_is(page: PbemScreen) -> None:
    page.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="j"), page.app)
    text, warning = page.message
    assert not warning and "Turn file written:" in text and ".pbem.json" in text
    [(button, game)] = page.rows
    assert game is not None and game.side is Side.JP and not button.enabled  # waiting for the opponent


def _key(page: PbemScreen, key: int) -> None:
    page.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""), page.app)


def test_a_turn_file_arriving_in_the_shared_folder_is_offered_and_the_o_key_opens_it(page: PbemScreen,
                                                                                     tmp_path: Path) -> None:
    # given the player dropped a folder on the page: it is watched from now on
    shared = tmp_path / "shared"
    shared.mkdir()
    _drop(page, shared)
    assert page.folder.label == f"Shared folder: {shared.resolve()}"
    # when the opponent's invitation is written into it, and the page's watch has looked
    _game, invitation = new_game(tmp_path / "theirs", "jitra", Side.CW, outbox=shared)
    watch = shared_watch(data_dir())
    assert watch is not None
    watch.scanned.clear()
    watch.found()
    assert watch.scanned.wait(30)
    page.update(1 / 60, page.app)
    # then the page offers it with an Open button
    [(button, arrival)] = page.offers
    assert button.label.startswith("An invitation has arrived: Jitra") and button.label.endswith(": Open (O)")
    # and O opens it: the game is listed as this player's turn, and the offer is gone
    _key(page, pygame.K_o)
    assert page.message == (f"Opened {invitation.path.name}: your turn.", False)
    [(_row, game)] = page.rows
    assert game is not None and game.side is Side.JP and not page.offers


def test_a_folder_that_does_not_exist_is_refused_in_the_dialog(page: PbemScreen, tmp_path: Path) -> None:
    problem = page.choose_folder(str(tmp_path / "nowhere"))
    assert problem is not None and "is not a folder this computer can open" in problem
    assert page.folder.label == "Shared folder: none — choose one"


def test_a_game_row_opens_its_turn_after_making_it_ready_off_the_window_thread(page: PbemScreen,
                                                                               tmp_path: Path) -> None:
    # given an invitation opened on the page: the game is this player's turn
    _game, invitation = new_game(tmp_path / "theirs", "jitra", Side.CW)
    _drop(page, invitation.path)
    step(page.app, 1 / 60)
    [(button, game)] = page.rows
    # when its row is clicked, the turn is made ready on a thread (the page keeps drawing if that takes a while)
    transition = page.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1), page.app)
    if transition is None:
        assert page.loading is not None and page.busy(page.app)
        page.loading.join(60)
        transition = page.update(1 / 60, page.app)
    # then the turn's battle screen opens with what was made ready, its Combat phase to be given as orders
    assert isinstance(transition, Push) and isinstance(transition.to, ToPbemTurn)
    assert transition.to.prepared is not None
    page.app.apply(transition)
    top = page.app.top
    assert isinstance(top, PbemTurnScreen) and top.client.combat_by_orders and top.keeper.game is game
    assert page.loading is None


def test_an_arrived_file_that_is_refused_is_listed_with_why_and_not_offered_again(page: PbemScreen,
                                                                                  tmp_path: Path) -> None:
    # given a watched folder holding an invitation made for another version of the scenario (checksum in order)
    shared = tmp_path / "shared"
    shared.mkdir()
    assert page.choose_folder(str(shared)) is None
    _game, invitation = new_game(tmp_path / "theirs", "jitra", Side.CW)
    turn = parse(invitation.path.read_bytes(), invitation.path.name).model_copy(update={"scenario_hash": "0" * 64})
    data = dump(turn)
    (shared / file_name(turn, data)).write_bytes(data)
    watch = shared_watch(data_dir())
    assert watch is not None
    watch.scanned.clear()
    watch.found()
    assert watch.scanned.wait(30)
    page.update(1 / 60, page.app)
    assert len(page.offers) == 1
    # when the player opens it
    _key(page, pygame.K_o)
    # then it is refused in plain words, no longer offered, and listed with the reason
    text, warning = page.message
    assert warning and "was made for a different version of the scenario jitra" in text
    page.update(1 / 60, page.app)
    assert not page.offers
    [note] = page.notes
    assert note.text.startswith(file_name(turn, data)) and "different version of the scenario" in note.text
