"""The campaign map opens and renders in real Tiled (Debian's `tiled` package), where installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from malaya.resources import scenario_file

CAMPAIGN_MAP = scenario_file().parent / "map.tmx"
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
def test_tmxrasterizer_renders_the_campaign_map(tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    subprocess.run(["tmxrasterizer", "--scale", "0.1", str(CAMPAIGN_MAP), str(out)], env=ENV, check=True,
                   capture_output=True, timeout=120)
    assert out.stat().st_size > 1000


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
def test_tiled_exports_the_campaign_map_with_every_layer(tmp_path: Path) -> None:
    import json

    out = tmp_path / "map.json"
    subprocess.run(["tiled", "--export-map", "json", str(CAMPAIGN_MAP), str(out)], env=ENV, check=True,
                   capture_output=True, timeout=120)
    names = {layer["name"] for layer in json.loads(out.read_text())["layers"]}
    assert {"terrain", "country", "road", "rail", "river_major", "places"} <= names
