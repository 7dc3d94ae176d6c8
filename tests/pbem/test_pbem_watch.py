"""A shared or synced folder watched for the opponent's turn files (issue 30: "it can watch one")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from malaya.cli import main
from malaya.engine.sides import Side
from malaya.persistence.pbem.games import Stage, list_games, new_game, pbem_root
from malaya.persistence.pbem.shared_folder import set_watched_folder, watched_folder
from malaya.persistence.pbem.watch import FolderWatch, Seen, scan

from .conftest import PlayedGame


def _watch(data: Path, shared: Path, *more: str) -> list[str]:
    return ["pbem", "--data", str(data), "watch", str(shared), "--once", "--timeout", "0", *more]


def test_a_file_written_into_the_shared_folder_is_noticed_and_opened(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    shared, cw, jp = tmp_path / "shared", tmp_path / "cw", tmp_path / "jp"
    shared.mkdir()
    # given both players watch the same shared folder
    for data in (cw, jp):
        assert set_watched_folder(data, shared) is None and watched_folder(data) == shared.resolve()
    # when the Commonwealth player starts a game, its first file goes into the shared folder
    game, invitation = new_game(cw, "jitra", Side.CW)
    assert invitation.path.parent == shared.resolve()
    # then the Japanese player's watch offers it as an invitation
    [arrival] = scan(shared, jp)
    assert arrival.seen is Seen.READY and arrival.text.startswith("An invitation has arrived: Jitra")
    # and the watch command opens it, the computer plays the turn and its answer goes into the shared folder
    assert main(_watch(jp, shared, "--ai", "easy")) == 0
    assert "opening it." in capsys.readouterr().out
    # then the Commonwealth player's watch offers the Japanese turn, and neither side is offered its own files
    [ready] = scan(shared, cw)
    assert ready.seen is Seen.READY and ready.text == f"The Japanese turn 1 has arrived (game {game.game_id[:8]})"
    assert scan(shared, jp) == []


def test_a_file_still_being_copied_is_not_opened_until_it_is_whole(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    shared, jp = tmp_path / "shared", tmp_path / "jp"
    shared.mkdir()
    _game, invitation = new_game(tmp_path / "cw", "jitra", Side.CW)
    whole = invitation.path.read_bytes()
    arriving = shared / invitation.path.name
    # given the first half of the opponent's file, under its final name (a copy or a sync under way)
    arriving.write_bytes(whole[: len(whole) // 2])
    # then the watch sees it arriving: the checksum in its name does not match its bytes yet
    [arrival] = scan(shared, jp)
    assert arrival.seen is Seen.ARRIVING and "is incomplete, still arriving or damaged" in arrival.text
    # and the watch command opens nothing and says so
    assert main(_watch(jp, shared)) == 1
    out = capsys.readouterr().out
    assert "is incomplete, still arriving" in out and "No turn file arrived in time." in out
    assert not pbem_root(jp).exists()
    # when the rest of the file has arrived, then it is opened
    arriving.write_bytes(whole)
    assert main(_watch(jp, shared)) == 0
    [game] = list_games(jp)
    assert not isinstance(game, tuple) and game.stage is Stage.YOUR_TURN


def test_a_file_of_another_game_is_ignored_with_its_reason(played: PlayedGame, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    shared, jp = tmp_path / "shared", tmp_path / "jp"
    shared.mkdir()
    # given a player with one game, and a shared folder holding a file of another game
    _game, invitation = new_game(tmp_path / "cw", "jitra", Side.CW)
    assert main(["pbem", "--data", str(jp), "open", str(invitation.path)]) == 0
    stranger = Path(shutil.copy(played.sent[3].path, shared))
    other_id = played.sent[3].path.name.split("-")[1]
    # then the watch does not offer it, and says why
    [arrival] = scan(shared, jp)
    assert arrival.seen is Seen.IGNORED
    assert arrival.text == f"{stranger.name}: belongs to game {other_id}, which is not one of your games here"
    capsys.readouterr()
    assert main(_watch(jp, shared)) == 1
    assert arrival.text in capsys.readouterr().out


def test_the_watch_looks_on_its_own_thread_while_it_is_asked(tmp_path: Path) -> None:
    shared, jp = tmp_path / "shared", tmp_path / "jp"
    shared.mkdir()
    new_game(tmp_path / "cw", "jitra", Side.CW, outbox=shared)
    watch = FolderWatch(jp, shared, interval=0.01)
    # when a page asks what it found (which starts the thread), and the thread has looked once
    watch.found()
    assert watch.scanned.wait(30)
    # then the invitation is found, ready to open
    assert [a.seen for a in watch.found()] == [Seen.READY]
    watch.stop()


def test_the_folder_is_chosen_from_the_command_line_and_a_missing_one_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, shared = tmp_path / "me", tmp_path / "shared"
    assert main(["pbem", "--data", str(data), "folder", str(tmp_path / "nowhere")]) == 1
    assert "is not a folder this computer can open" in capsys.readouterr().out and watched_folder(data) is None
    shared.mkdir()
    assert main(["pbem", "--data", str(data), "folder", str(shared)]) == 0
    assert watched_folder(data) == shared.resolve()
    # and a game started then writes its first file there
    assert main(["--scenario", "jitra", "pbem", "--data", str(data), "new", "--side", "JP"]) == 0
    assert len(list(shared.glob("*-000-*.pbem.json"))) == 1
    # and "folder" with nothing given stops using it
    assert main(["pbem", "--data", str(data), "folder"]) == 0 and watched_folder(data) is None


@pytest.mark.slow
def test_two_players_play_a_whole_game_through_the_shared_folder_and_it_verifies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shared, cw, jp = tmp_path / "shared", tmp_path / "cw", tmp_path / "jp"
    shared.mkdir()
    # given two players who chose the same shared folder, and the Commonwealth's invitation written there
    for data in (cw, jp):
        assert main(["pbem", "--data", str(data), "folder", str(shared)]) == 0
    assert main(["--scenario", "jitra", "pbem", "--data", str(cw), "new", "--side", "CW"]) == 0
    # when each in turn watches the folder, opens what arrived and lets the computer play, until nothing comes
    players, opened = [jp, cw], 0
    while main(["pbem", "--data", str(players[opened % 2]), "watch", "--once", "--timeout", "0", "--ai", "easy"]) == 0:
        opened += 1
        assert opened < 40, "the game did not end"
    # then the whole game went through the folder, and the folder checks as one finished game
    capsys.readouterr()
    assert main(["replay", "--verify", str(shared)]) == 0
    assert capsys.readouterr().out.startswith("OK: a finished play-by-e-mail game of")
