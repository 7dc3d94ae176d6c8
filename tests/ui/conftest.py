"""Headless pygame for every UI test: dummy video and audio drivers, a tiny display."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from malaya.engine.board import Board  # noqa: E402
from tests.ui.fake_board import make_board  # noqa: E402


@pytest.fixture
def display() -> Iterator[pygame.Surface]:
    """An initialised dummy display (so surfaces can be converted) and fonts."""
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.get_surface() or pygame.display.set_mode((64, 64))
    yield surface


@pytest.fixture(scope="session")
def board() -> Board:
    """The synthetic peninsula board."""
    return make_board()


@pytest.fixture(autouse=True)
def _ui_scale_one() -> Iterator[None]:
    """Every UI test starts at UI scale 1 and leaves it there, whichever test ran before it in this process."""
    from malaya.ui.widgets.kit import set_ui_scale

    set_ui_scale(1.0)
    yield
    set_ui_scale(1.0)


@pytest.fixture(autouse=True)
def _private_settings(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every UI test reads and writes settings in its own folder, never the player's."""
    monkeypatch.setenv("MALAYA_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture
def driver(campaign, tmp_path):  # type: ignore[no-untyped-def]
    """A client in a dummy 1280×800 window on the campaign (tests/ui/client_driver.py)."""
    from tests.ui.client_driver import driving

    yield from driving(campaign, tmp_path)
