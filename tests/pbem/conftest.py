"""A whole short game (Jitra) played by two computer players in two data folders, through turn files."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from malaya.engine.sides import Side
from malaya.persistence.pbem.autoplay import play_by_files
from malaya.persistence.pbem.games import Sent
from malaya.session.controllers import make_controller


@dataclass(frozen=True)
class PlayedGame:
    """The two data folders of a finished game and every file sent, in order."""

    data: dict[Side, Path]
    sent: list[Sent]

    def folder_at(self, side: Side, files: int, where: Path) -> Path:
        """A copy of ``side``'s data folder as it was when it held the first ``files`` turn files."""
        copy = where / f"{side.value}-{files}"
        shutil.copytree(self.data[side], copy)
        for stored in copy.glob("pbem/*/files/*.pbem.json"):
            if int(stored.name.split(".")[0]) >= files:
                stored.unlink()
        return copy


@pytest.fixture(scope="package")
def played(tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    """Jitra, CW created the game, both sides played by the easy computer player."""
    root = tmp_path_factory.mktemp("pbem")
    data = {Side.CW: root / "cw-player", Side.JP: root / "jp-player"}
    controllers = {side: make_controller("ai:easy", side, 7 + i) for i, side in enumerate(Side)}
    return PlayedGame(data, play_by_files(data, controllers, "jitra", creator=Side.CW))
