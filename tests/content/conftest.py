"""Fixtures for the content tests: a TMX builder writing into a temporary directory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from malaya.content import load_board
from malaya.engine.board import Board
from tests.content.tmx_builder import TmxBuilder

TILED_EXAMPLES = Path(__file__).resolve().parents[2] / ".." / "shared" / "tiled-examples"


@pytest.fixture
def tmx() -> TmxBuilder:
    """A 5×5 flat-top (x/odd) map of clear Malaya land with no features or places."""
    return TmxBuilder()


@pytest.fixture
def load(tmp_path: Path) -> Callable[..., Board]:
    """Write a builder's map into tmp_path and load it."""

    def _load(builder: TmxBuilder, **kwargs: Any) -> Board:
        return load_board(builder.write(tmp_path, **kwargs))

    return _load


@pytest.fixture
def tiled_examples() -> Path:
    """Tiled's own example maps beside the repo (/work/shared); skip when absent."""
    if not TILED_EXAMPLES.is_dir():
        pytest.skip("Tiled example maps not present")
    return TILED_EXAMPLES
