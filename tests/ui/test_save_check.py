"""Issue 16: a loaded save shows at once; play waits for its full check, and a save that fails it is not played on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from malaya.engine.actions import ChanceResult, EndPhase
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.persistence import GameRecord, load_record, save_record
from malaya.persistence.reading import read_save
from malaya.persistence.sample import play_random
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from malaya.session.words.plain_words import refusal_text
from malaya.ui.app.flow import open_saved_game
from malaya.ui.battle.save_check import CHECKING
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.screens.menu import MenuScreen
from tests.ui.client_driver import Driver


def _game(gd: GameDef) -> GameRecord:
    """Two player-turns of random play, saved as JP at this computer against the computer (no hand-over)."""
    record = play_random(gd, seed=7, player_turns=2)
    record.controllers = {Side.JP: "human", Side.CW: "ai:normal"}
    return record


def _told_live(gd: GameDef, match: Match, humans: frozenset[Side]) -> GameClient:
    """A client that followed ``match``'s game live: each player action submitted in turn (the dice redrawn)."""
    client = GameClient(Match.new(gd, match.seed), humans)
    for action in match.log:
        if not isinstance(action, ChanceResult):
            assert client.submit(action) is None
    return client


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _open(driver: Driver, path: Path) -> BattleScreen:
    """Open ``path`` as the Load page does and draw its first frame."""
    opened = open_saved_game(driver.app, path)
    driver.app.apply(opened)  # type: ignore[arg-type]
    driver.frames(1)
    battle = driver.battle()
    assert isinstance(battle, BattleScreen)
    return battle


def _check(driver: Driver, battle: BattleScreen) -> None:
    """Run frames until the battle's full check of the save has finished and been picked up."""
    driver.frames(1)
    battle.save_check.join(60)
    driver.frames(1)


def test_a_loaded_save_shows_at_once_and_play_waits_for_its_check(driver: Driver, campaign, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a good save of two player-turns
    record = _game(campaign)
    path = save_record(record, "good", tmp_path / "slots")
    # when it is opened, its first frame is drawn before the check
    battle = _open(driver, path)
    # then End Phase waits, with a plain note, and the history is not told yet
    client = battle.client
    rejection = client.submit(EndPhase(side=client.state.side))
    assert rejection is not None and rejection.code == "held" and refusal_text(rejection) == CHECKING
    # when the check has run
    _check(driver, battle)
    # then play goes on, and the message log tells the history as it was told live, action by action (R2.5)
    full = _told_live(campaign, load_record(path, campaign)[0].match, client.humans)
    n = len(full.messages)
    assert client.messages[:n] == full.messages and client.dice == full.dice
    assert client.messages[n].startswith("Loaded “good”")
    assert client.messages[n + 1:] == [CHECKING, "The save checks out: play on."]
    assert client.hold is None and client.submit(EndPhase(side=client.state.side)) is None


@pytest.mark.slow
def test_a_save_that_fails_its_check_is_not_played_on_and_nothing_is_written(driver: Driver, campaign,  # type: ignore[no-untyped-def]
                                                                             tmp_path: Path) -> None:
    # given a save in which a recorded die was changed to one the seed did not give (the game comes out the same)
    record = _game(campaign)
    path = save_record(record, "loaded die", tmp_path / "slots")
    raw = json.loads(path.read_bytes())
    at = next(i for i, a in enumerate(raw["actions"]) if a["type"] == "chance")
    real = raw["actions"][at]["value"]
    raw["actions"][at]["value"] = real + 1 if real < 6 else real - 1
    path.write_text(json.dumps(raw), encoding="utf-8")
    before = _files(tmp_path)
    # when it is opened and checked
    battle = _open(driver, path)
    _check(driver, battle)
    # then the player is back at the menu, under a page saying why, and no file was written or changed
    page = driver.app.top
    assert [type(s) for s in driver.app.stack[:1]] == [MenuScreen]
    assert getattr(page, "title", "") == "This save cannot be played on"
    lines = " ".join(getattr(page, "lines", []))
    assert f"action {at + 1}: die" in lines and "The file has not been changed." in lines
    assert _files(tmp_path) == before


@pytest.mark.slow
def test_a_loaded_save_is_not_saved_again_before_its_check(driver: Driver, campaign, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # given a good save, opened and shown but not yet checked
    path = save_record(_game(campaign), "good", tmp_path / "slots")
    battle = _open(driver, path)
    # when the player saves it under another name, then it is refused in plain words
    assert battle.saves.save_as("copy") == "The save is still being checked; save again in a moment."
    # and once checked, it saves
    _check(driver, battle)
    battle.saves.folder = tmp_path / "slots"
    assert battle.saves.save_as("copy") is None


@pytest.mark.slow
def test_a_save_opens_from_its_snapshot_at_its_position_and_goes_on_with_the_same_dice(  # type: ignore[no-untyped-def]
        driver: Driver, campaign, tmp_path: Path) -> None:
    # given a save (format 3) taken one action after its last checkpoint, so its snapshot is not its final state
    record = _game(campaign)
    record.submit(EndPhase(side=record.match.state.side))
    path = save_record(record, "good", tmp_path / "slots")
    save = read_save(path)
    assert save.snapshot is not None and save.snapshot.action_index == len(save.actions) - 1
    # when it is opened as the Load page does
    battle = _open(driver, path)
    # then the map shows the saved position, built from the snapshot: only the last action's events are known yet
    full = load_record(path, campaign)[0].match
    client = battle.client
    assert client.state == full.state and len(client.match.events) < len(full.events)
    # and once its full check is done the match has the whole game's events, and its dice go on as the full load's
    _check(driver, battle)
    assert client.match.events == full.events
    assert client.match._dice.random() == full._dice.random()
