"""``malaya pbem``: start a game, open a file with the computer playing the turn, refuse a file in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from malaya.cli import main


def test_two_data_folders_exchange_files_from_the_command_line(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    mail = tmp_path / "mail"
    # given CW starts a Jitra game from the command line
    assert main(["--scenario", "jitra", "pbem", "--data", str(tmp_path / "cw"), "--out", str(mail), "new",
                 "--side", "CW"]) == 0
    [invitation] = mail.glob("*-000-*.pbem.json")
    assert "E-mail text:" in capsys.readouterr().out
    # when JP opens it and lets the computer play its turn
    assert main(["pbem", "--data", str(tmp_path / "jp"), "--out", str(mail), "open", str(invitation),
                 "--ai", "easy"]) == 0
    [turn] = mail.glob("*-001-turn1-JP-*.pbem.json")
    out = capsys.readouterr().out
    assert "your turn (turn 1, JP reinforcement)" in out and f"Send this file to your opponent: {turn}" in out
    # then opening it twice is refused in one plain line, exit 1
    assert main(["pbem", "--data", str(tmp_path / "cw"), "--out", str(mail), "open", str(turn), "--ai", "easy"]) == 0
    capsys.readouterr()
    assert main(["pbem", "--data", str(tmp_path / "cw"), "open", str(turn)]) == 1
    assert capsys.readouterr().out.strip() == "malaya: turn file 1 (JP) was already played in this game: nothing to do"
    # and an unfinished chain cannot be checked by an onlooker yet
    assert main(["replay", "--verify", str(mail)]) == 1
    assert "REFUSED: the game is not over" in capsys.readouterr().out
