"""The sound board (issue 15 §4): every cue loads and plays on the dummy driver, volumes and mute
apply, and where no audio device opens the game gets a silent board that takes every call."""

from __future__ import annotations

import json

import pygame
import pytest

from malaya.engine.combat.events import DiceRolled, StepLost
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.ui.app.settings import Settings
from malaya.ui.audio.board import REPEAT_GAP, Levels, MixerBoard, SilentBoard, open_board
from malaya.ui.audio.cues import Sound, Track, file_of, sounds_dir

MIXER_STEP = 1 / 128
"""SDL_mixer keeps volumes in 128 steps."""


def _manifest_seconds() -> dict[str, float]:
    """The length of each shipped sound, as tools/build_sounds.py recorded it."""
    doc = json.loads((sounds_dir() / "manifest.json").read_text(encoding="utf-8"))
    return {e["name"]: float(e["seconds"]) for e in doc["sounds"]}


def _roll(result: str) -> DiceRolled:
    """A combat die roll with the given CRT result."""
    return DiceRolled(turn=1, side=Side.JP, attacker_hexes=(Hex(1, 1),), defender_hex=Hex(2, 1), attack="6",
                      defense="3", column="2:1", die=4, modifier=0, modified_roll=4, result=result,
                      attack_air=0, defense_air=0)


def test_given_every_cue_and_track_then_its_file_is_shipped_and_in_the_manifest() -> None:
    seconds = _manifest_seconds()
    for cue in [*Sound, *Track]:
        assert file_of(cue).is_file(), f"{cue} has no file"
        assert cue.value in seconds, f"{cue} is not in the manifest"


def test_given_the_dummy_driver_when_the_board_opens_then_every_cue_is_loaded_at_its_length(
    mixer_board: MixerBoard,
) -> None:
    seconds = _manifest_seconds()
    assert mixer_board.audible and set(mixer_board.sounds) == set(Sound)
    for cue, sound in mixer_board.sounds.items():
        assert sound.get_length() == pytest.approx(seconds[cue.value], abs=0.01), cue


def test_when_each_cue_is_played_then_a_channel_plays_that_cue(mixer_board: MixerBoard) -> None:
    silent = []
    for cue in Sound:
        pygame.mixer.stop()
        mixer_board.play(cue)
        playing = {pygame.mixer.Channel(i).get_sound() for i in range(pygame.mixer.get_num_channels())}
        if mixer_board.sounds[cue] not in playing:
            silent.append(cue)
    assert silent == []


@pytest.mark.parametrize("track", list(Track))
def test_when_a_music_track_is_played_then_it_loops_at_the_music_volume(mixer_board: MixerBoard, track: Track) -> None:
    mixer_board.play_music(track)
    assert pygame.mixer.music.get_busy() and mixer_board.track is track
    assert pygame.mixer.music.get_volume() == pytest.approx(Levels().music_gain, abs=MIXER_STEP)


def test_when_the_same_track_is_asked_for_again_then_it_carries_on(mixer_board: MixerBoard) -> None:
    mixer_board.play_music(Track.PLAY)
    position = pygame.mixer.music.get_pos()
    mixer_board.play_music(Track.PLAY)
    assert pygame.mixer.music.get_pos() >= position and mixer_board.track is Track.PLAY


def test_when_the_music_stops_then_no_track_is_playing(mixer_board: MixerBoard) -> None:
    mixer_board.play_music(Track.MENU)
    mixer_board.stop_music()
    assert mixer_board.track is None


def test_when_volumes_change_then_effects_and_music_take_master_times_their_own(mixer_board: MixerBoard) -> None:
    # given music playing, when the player sets master 50 %, effects 40 %, music 20 %
    mixer_board.play_music(Track.MENU)
    mixer_board.set_levels(Levels(master=50, effects=40, music=20))
    # then every effect plays at 20 % and the music at 10 %
    for sound in mixer_board.sounds.values():
        assert sound.get_volume() == pytest.approx(0.2, abs=MIXER_STEP)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.1, abs=MIXER_STEP)


def test_when_muted_then_no_effect_starts_and_the_music_is_silent(mixer_board: MixerBoard) -> None:
    # given music playing and nothing else
    mixer_board.play_music(Track.PLAY)
    pygame.mixer.stop()
    # when the player mutes and a cue and a combat are sounded
    mixer_board.set_levels(Levels(muted=True))
    mixer_board.play(Sound.ELIMINATION)
    mixer_board.play_events([_roll("DE")])
    # then no channel plays and the music is at volume 0
    assert not pygame.mixer.get_busy()
    assert pygame.mixer.music.get_volume() == 0.0


def test_when_a_combat_batch_is_sounded_then_its_dice_play_and_its_result_waits_behind_them(
    mixer_board: MixerBoard,
) -> None:
    pygame.mixer.stop()
    mixer_board.play_events([_roll("A1"), StepLost(unit="jp_a", steps_left=1)])
    channels = [pygame.mixer.Channel(i) for i in range(pygame.mixer.get_num_channels())]
    busy = [c for c in channels if c.get_busy()]
    assert len(busy) == 1
    assert busy[0].get_sound() is mixer_board.sounds[Sound.DICE]
    assert busy[0].get_queue() is mixer_board.sounds[Sound.LOSS]


def test_given_no_audio_device_when_the_board_opens_then_it_is_silent_and_takes_every_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # given an audio driver that does not exist on this machine
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_audio_driver")
    # when the board opens
    board = open_board(Levels())
    # then it is silent, says why in plain words, and plays, changes levels and closes without error
    assert isinstance(board, SilentBoard) and not board.audible
    assert board.reason.startswith("No sound:")
    board.play(Sound.SELECT)
    board.play_events([_roll("EX"), StepLost(unit="jp_a", steps_left=0)])
    board.play_music(Track.MENU)
    board.set_levels(Levels(master=10))
    board.stop_music()
    board.close()
    assert board.levels == Levels(master=10) and board.track is None and pygame.mixer.get_init() is None


def test_given_settings_then_the_levels_are_their_volumes_and_sound_off_is_muted() -> None:
    settings = Settings().with_(master_volume=60, effects_volume=70, music_volume=30, sound=False)
    assert Levels.from_settings(settings) == Levels(master=60, effects=70, music=30, muted=True)
    assert Levels.from_settings(Settings()) == Levels()


def test_when_the_same_cue_is_asked_for_twice_at_once_then_it_sounds_once_until_the_gap_has_passed(
    mixer_board: MixerBoard,
) -> None:
    """A fast computer turn moving many units does not stack the same sound many times over."""
    now = [100.0]
    mixer_board.clock = lambda: now[0]
    pygame.mixer.stop()
    mixer_board.play(Sound.MOVE)
    mixer_board.play(Sound.MOVE)
    assert _busy_channels() == 1
    now[0] += 1.5 * REPEAT_GAP
    mixer_board.play(Sound.MOVE)
    assert _busy_channels() == 2


def _busy_channels() -> int:
    """How many mixer channels are playing."""
    return sum(pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels()))
