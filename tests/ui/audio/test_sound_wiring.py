"""The sound board wired into the client (issue 15 §4): a move is heard, a refused click is heard, music follows
the screen, and the Settings page sets the board's levels. A recording board stands in for the mixer."""

from __future__ import annotations

from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from malaya.ui.app.intents import Push, Reset, ToBattle, ToSettings
from malaya.ui.audio.board import MixerBoard
from malaya.ui.audio.cues import Sound, Track
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.screens.settings import SettingsScreen
from tests.builder import Game, GameBuilder
from tests.ui.audio.recording import RecordingBoard
from tests.ui.client_driver import Driver


def _battle(driver: Driver, game: Game) -> tuple[BattleScreen, RecordingBoard]:
    """The battle screen on a builder game (both sides here), listened to by a recording board."""
    board = RecordingBoard()
    driver.app.sound = board
    client = GameClient(Match(game.gd, 1, game.state), frozenset(Side))
    driver.app.apply(Reset(ToBattle(client, {})))
    driver.frames(1)
    assert isinstance(driver.app.top, BattleScreen)
    return driver.app.top, board


def _game(movement: int = 4) -> Game:
    """A JP unit in the movement phase on an open map, a CW unit far to the east."""
    return (GameBuilder(width=8, height=3).unit("jp", "JP", at=(0, 1), movement=movement)
            .unit("cw", "CW", at=(7, 1)).at_phase(Phase.MOVEMENT).build())


def test_the_client_opens_a_mixer_board_on_the_dummy_audio_device(driver: Driver) -> None:
    # given the window opened on SDL's dummy audio driver, then the board is a real mixer playing the menu music
    assert isinstance(driver.app.sound, MixerBoard) and driver.app.sound.track is Track.MENU


def test_selecting_a_unit_clicks_and_moving_it_plays_the_move_cue_R7_1(driver: Driver) -> None:
    game = _game()
    _battle_screen, board = _battle(driver, game)
    # when the JP unit is clicked, then the selection click is heard
    driver.click(driver.hex_pos(game.hex(0, 1)))
    assert board.heard == [Sound.SELECT]
    # when a hex in reach is clicked, then the unit moves and the move is heard
    driver.click(driver.hex_pos(game.hex(2, 1)))
    assert board.heard == [Sound.SELECT, Sound.MOVE]


def test_a_refused_click_plays_the_illegal_cue(driver: Driver) -> None:
    game = _game(movement=2)
    _battle_screen, board = _battle(driver, game)
    # given the unit selected, when a hex beyond its movement points is clicked (R7.1)
    driver.click(driver.hex_pos(game.hex(0, 1)))
    driver.click(driver.hex_pos(game.hex(4, 1)))
    # then the refusal is heard after the selection click, and said in a toast
    assert board.heard == [Sound.SELECT, Sound.ILLEGAL] and driver.app.toasts[-1].warning


def test_the_battle_plays_the_play_music_and_the_menu_the_menu_music(driver: Driver) -> None:
    _battle_screen, board = _battle(driver, _game())
    assert board.track is Track.PLAY


def test_a_volume_slider_on_the_settings_page_sets_the_board_levels_and_the_effects_slider_clicks(
        driver: Driver) -> None:
    board = RecordingBoard()
    driver.app.sound = board
    driver.app.apply(Push(ToSettings()))
    driver.frames(1)
    page = driver.app.top
    assert isinstance(page, SettingsScreen)
    # when the effects slider is clicked at its left end
    track = page.sliders["effects_volume"].track
    driver.click((track.left, track.centery))
    # then the setting, the board's levels follow at once, and the select cue is played to hear the level
    assert driver.app.settings.effects_volume == 0 and board.levels.effects == 0
    assert board.heard == [Sound.SELECT]
    # when the master slider is clicked at 70 % of its track, then it snaps to a step of 10 %
    track = page.sliders["master_volume"].track
    driver.click((track.left + round(track.width * 0.68), track.centery))
    assert driver.app.settings.master_volume == 70 and board.levels.master == 70


def test_switching_sound_off_on_the_settings_page_mutes_the_board(driver: Driver) -> None:
    board = RecordingBoard()
    driver.app.sound = board
    driver.app.apply(Push(ToSettings()))
    driver.frames(1)
    page = driver.app.top
    assert isinstance(page, SettingsScreen)
    driver.click(page.checks["sound"].rect.center)
    assert not driver.app.settings.sound and board.levels.muted
