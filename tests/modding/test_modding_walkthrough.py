"""docs/modding.md, followed as written: its commands run in order, its edits made as its diffs say, and what it
shows the checker printing is what the checker prints (issue 27 §9)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from malaya.cli import main
from malaya.content.scenario_catalog import scenario_catalog
from malaya.persistence.user_scenarios import user_scenarios_dir
from malaya.resources import scenarios_dir

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"(?:<!-- edit (?P<file>\S+) -->\n)?```(?P<kind>\w+)\n(?P<body>.*?)```", re.S)


def _steps() -> list[tuple[str, str, str | None]]:
    """The doc's code blocks in order: (kind, body, file an edit applies to)."""
    return [(m["kind"], m["body"], m["file"]) for m in BLOCK.finditer(DOC)]


def _edit(path: Path, diff: str) -> None:
    """Apply a doc diff: each ``-`` line is replaced by the ``+`` line after it."""
    lines = diff.splitlines()
    text = path.read_text(encoding="utf-8")
    for old, new in zip(lines[::2], lines[1::2], strict=True):
        assert old.startswith("-") and new.startswith("+") and old[1:] in text, old
        text = text.replace(old[1:], new[1:], 1)
    path.write_text(text, encoding="utf-8")


def _play(args: list[str], env: dict[str, str]) -> None:
    """A ``play`` command in a process of its own, headless, for a few frames, in a player's plain environment (only
    the path, the home folder and malaya's folders: nothing other tests may have left in this process's)."""
    plain = {k: v for k, v in env.items() if k in ("PATH", "HOME", "LANG") or k in ("MALAYA_DATA_DIR",
                                                                                   "MALAYA_CONFIG_DIR")}
    done = subprocess.run([sys.executable, "-m", "malaya", *args, "--frames", "30"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=False,
                          env=plain | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr}"


@pytest.mark.slow
def test_the_walkthrough_works_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Given a clean data folder, when every command and edit of docs/modding.md is made in order, then each
    command succeeds except the first check (which prints the doc's line), and the packed scenario, installed into
    another clean data folder, is listed on New Game as the player's own."""
    monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path / "author"))
    monkeypatch.setenv("MALAYA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    shown = next(body for kind, body, _ in _steps() if kind == "text").strip()
    checks = 0
    for kind, body, file in _steps():
        if file is not None:
            _edit(user_scenarios_dir() / file, body)
            continue
        if kind != "sh":
            continue
        for line in body.strip().splitlines():
            args = shlex.split(line)[1:]
            if "install" in args:  # a friend's computer: another clean data folder
                monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path / "friend"))
            if "play" in args:
                _play(args, dict(os.environ))
                continue
            status = main(args)
            out = capsys.readouterr().out
            if args[0] == "check-scenario":
                checks += 1
                assert status == (1 if checks == 1 else 0), out
                assert checks != 1 or out.splitlines()[0] == shown
            else:
                assert status == 0, out
    assert checks == 2 and (tmp_path / "my_kampar.zip").is_file()
    entries = scenario_catalog(scenarios_dir(), own_folders=(user_scenarios_dir(),))
    mine = {e.id: e for e in entries if e.own}
    assert mine["my_kampar"].playable and mine["my_kampar"].name == "Kampar: the reserve held back"
    assert mine["my_map"].playable
