"""Opening a turn file from this player's own record of the checked chain (issue 30: re-check speed).

The record lets a game skip replaying the files it already checked; it must change nothing a full check
gives, and it is trusted only if it is this player's own, of this version, over the very same files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from malaya.cli import main
from malaya.engine.sides import Side
from malaya.persistence.pbem import checked
from malaya.persistence.pbem.games import PbemGame, load_game, pbem_root, receive
from malaya.persistence.pbem.ledger import Ledger
from malaya.persistence.pbem.turnfile import PbemError

from .conftest import PlayedGame


@pytest.fixture
def adds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The numbers of the turn files played through the rules (``Ledger.add``), in order."""
    played: list[int] = []
    real = Ledger.add

    def counting(self: Ledger, turn: object, data: bytes) -> None:
        played.append(turn.number)  # type: ignore[attr-defined]
        real(self, turn, data)  # type: ignore[arg-type]

    monkeypatch.setattr(Ledger, "add", counting)
    yield played


def _game_folder(data: Path) -> Path:
    [folder] = list(pbem_root(data).iterdir())
    return folder


def _same(a: PbemGame, b: PbemGame) -> None:
    """Two loads of a game agree on everything the chain decides."""
    la, lb = a.ledger, b.ledger
    assert la.match is not None and lb.match is not None
    assert la.match.state == lb.match.state and la.match.log == lb.match.log
    assert (la.hashes, la.elements, la.public_keys, la.masters) == (lb.hashes, lb.elements, lb.public_keys, lb.masters)
    assert (la.dice, la.skipped, la.resolved, la.numbers) == (lb.dice, lb.skipped, lb.resolved, lb.numbers)
    assert la.opponent_start == lb.opponent_start and a.stage is b.stage and a.base == b.base
    assert (la.work is None) == (lb.work is None)
    if la.work is not None and lb.work is not None:
        assert (la.work.number, la.work.orders) == (lb.work.number, lb.work.orders)


@pytest.mark.parametrize("files", [1, 4, 7, 12])
def test_a_game_opened_from_its_record_is_the_game_a_full_check_gives(played: PlayedGame, tmp_path: Path,
                                                                       adds: list[int], files: int) -> None:
    # given each side's data folder as it was after ``files`` turn files, checked in full once (its record kept)
    for side in Side:
        folder = _game_folder(played.folder_at(side, files, tmp_path))
        full = load_game(folder, full=True)
        adds.clear()
        # when the game is opened again
        quick = load_game(folder)
        # then no stored file was played again, and the game is the one the full check gives
        assert adds == []
        _same(quick, full)


def test_the_next_file_opened_from_the_record_gives_the_same_answer_as_the_original_game(
        played: PlayedGame, tmp_path: Path, adds: list[int]) -> None:
    # given the receiver of a late file, its record covering every file before it
    number = len(played.sent) - 3
    receiver = Side.CW if json.loads(played.sent[number].path.read_bytes())["side"] == "JP" else Side.JP
    data = played.folder_at(receiver, number, tmp_path)
    load_game(_game_folder(data), full=True)
    adds.clear()
    # when it opens the file
    game, reply = receive(data, played.sent[number].path)
    # then only the new file (and the answer, if one was written at once) went through the rules
    assert adds[0] == number and set(adds) <= {number, number + 1}
    # and its answer, if it wrote one at once, is byte for byte the one the original game sent
    if reply is not None:
        assert reply.path.read_bytes() == played.sent[number + 1].path.read_bytes()
    # and the record it kept gives the game a full check gives
    _same(load_game(_game_folder(data)), load_game(_game_folder(data), full=True))
    assert game.stage is load_game(_game_folder(data)).stage


def test_a_record_edited_by_hand_is_not_trusted_and_the_chain_is_checked_in_full(
        played: PlayedGame, tmp_path: Path, adds: list[int], caplog: pytest.LogCaptureFixture) -> None:
    # given a player's record whose dice were changed by hand (its tag left as it was)
    folder = _game_folder(played.folder_at(Side.CW, 8, tmp_path))
    full = load_game(folder, full=True)
    record = json.loads((folder / checked.RECORD).read_text())
    body = json.loads(record["body"])
    body["numbers"] = [n + 1 for n in body["numbers"]]
    (folder / checked.RECORD).write_text(json.dumps({"tag": record["tag"], "body": json.dumps(body)}))
    adds.clear()
    # when the game is opened
    game = load_game(folder)
    # then every stored file was checked again through the rules, the edit had no effect, and the log says why
    assert adds == list(range(8))
    _same(game, full)
    assert "the checked record is not this player's own" in caplog.text


def test_the_opponents_record_is_not_this_players_own(played: PlayedGame, tmp_path: Path, adds: list[int]) -> None:
    # given the Commonwealth player's folder holding the Japanese player's record of the same game (same files)
    cw = _game_folder(played.folder_at(Side.CW, 8, tmp_path))
    jp = _game_folder(played.folder_at(Side.JP, 8, tmp_path))
    load_game(jp, full=True)
    (cw / checked.RECORD).write_bytes((jp / checked.RECORD).read_bytes())
    adds.clear()
    # when the CW game is opened, then it checks the chain in full: the record's tag needs CW's own secret
    load_game(cw)
    assert adds == list(range(8))


def test_a_record_of_another_version_of_malaya_is_not_used(played: PlayedGame, tmp_path: Path, adds: list[int],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _game_folder(played.folder_at(Side.JP, 6, tmp_path))
    load_game(folder, full=True)
    # given the program was updated since the record was made
    monkeypatch.setattr(checked, "__version__", "99.0")
    adds.clear()
    # then the rules of this version check every file again
    load_game(folder)
    assert adds == list(range(6))


def test_a_stored_file_changed_under_the_record_is_still_refused(played: PlayedGame, tmp_path: Path) -> None:
    # given a recorded game whose stored turn file 3 was then replaced by the bytes of another file
    folder = _game_folder(played.folder_at(Side.CW, 8, tmp_path))
    load_game(folder, full=True)
    files = folder / "files"
    (files / "0003.pbem.json").write_bytes((files / "0005.pbem.json").read_bytes())
    # when the game is opened, then the record does not cover the changed chain, and the full check refuses it
    with pytest.raises(PbemError, match="turn file 5"):
        load_game(folder)


def test_pbem_check_replays_a_game_in_progress_from_its_first_file(played: PlayedGame, tmp_path: Path,
                                                                   adds: list[int],
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # given a player's folder after 6 files, its record up to date
    data = played.folder_at(Side.JP, 6, tmp_path)
    folder = _game_folder(data)
    load_game(folder)
    adds.clear()
    # when the player asks for a full check from the command line
    assert main(["pbem", "--data", str(data), "check", folder.name[:6]]) == 0
    # then every stored file went through the rules again, and it says so
    assert adds == list(range(6))
    assert "Checked in full from its first file: 6 turn files, all accepted." in capsys.readouterr().out
