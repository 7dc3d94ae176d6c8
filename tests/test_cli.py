"""The command line: --version, --help, check-map, screenshot; failures are one line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from malaya import __version__  # noqa: E402
from malaya.cli import main  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CAMPAIGN_MAP = scenario_file().parent / "map.tmx"


def _one_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"malaya {__version__}"


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for command in ("play", "check-map", "screenshot"):
        assert command in out


def test_check_map_accepts_the_campaign_map_with_one_ok_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-map", str(CAMPAIGN_MAP)]) == 0
    line = _one_line(capsys.readouterr().out)
    assert line.startswith("OK: ") and "62×69" in line


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "not found"),
        ("<map version='1.10' orientation='hexagonal'", "line"),
        ("<?xml version='1.0'?><map orientation='orthogonal' width='2' height='2' tilewidth='8' "
         "tileheight='8' infinite='0'></map>", "hexagonal"),
    ],
    ids=["missing file", "malformed xml", "not hexagonal"],
)
def test_check_map_rejects_a_bad_map_with_one_line_and_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, expected: str
) -> None:
    # given a missing or broken map file
    path = tmp_path / "bad.tmx"
    if content is not None:
        path.write_text(content)
    # when it is checked
    status = main(["check-map", str(path)])
    # then the status is 1 and stderr holds one line naming the file and the problem
    captured = capsys.readouterr()
    assert status == 1 and captured.out == ""
    line = _one_line(captured.err)
    assert "bad.tmx" in line and expected in line


@pytest.mark.slow
def test_screenshot_renders_the_opening_position_to_a_png(tmp_path: Path) -> None:
    import pygame

    out = tmp_path / "shot.png"
    assert main(["screenshot", str(out), "--size", "640x400"]) == 0
    assert pygame.image.load(str(out)).get_size() == (640, 400)


def test_screenshot_refuses_a_file_that_is_not_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", str(tmp_path / "shot.jpg")]) == 2
    assert "png" in _one_line(capsys.readouterr().err)


@pytest.mark.slow
def test_screenshot_of_a_named_view_draws_the_game_window(tmp_path: Path) -> None:
    """Given --view combat, when the screenshot is taken, then the window with an attack is saved (issue 15 §5)."""
    import pygame

    out = tmp_path / "combat.png"
    assert main(["screenshot", str(out), "--view", "combat", "--size", "800x500"]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (800, 500)
    # and it is not the bare opening: the panel and map differ from the opening view's
    opening = tmp_path / "opening.png"
    assert main(["screenshot", str(opening), "--view", "opening", "--size", "800x500"]) == 0
    assert pygame.image.tobytes(picture, "RGB") != pygame.image.tobytes(pygame.image.load(str(opening)), "RGB")


def test_screenshot_refuses_a_view_it_does_not_know_and_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Given --view nowhere, when the screenshot is asked for, then status 2 and one line naming the views."""
    assert main(["screenshot", str(tmp_path / "s.png"), "--view", "nowhere"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert "nowhere" in line and "combat" in line and "zoom-1" in line


def test_a_broken_scenario_file_gives_one_line_and_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "scenario.toml"
    bad.write_text("id = 'x'\nunits = [ { id = 'a' } \n")
    status = main(["--scenario", str(bad), "screenshot", str(tmp_path / "s.png")])
    assert status == 1
    assert "scenario.toml" in _one_line(capsys.readouterr().err)


@pytest.mark.slow
def test_python_dash_m_malaya_runs_the_same_command_line() -> None:
    out = subprocess.run([sys.executable, "-m", "malaya", "--version"], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == f"malaya {__version__}"


def test_play_opens_the_window_on_the_bundled_campaign_and_closes_cleanly() -> None:
    # given the dummy video driver; when the game runs three frames; then it exits with status 0
    assert main(["play", "--frames", "3"]) == 0


@pytest.mark.slow
def test_play_new_jumps_straight_into_a_game_and_closes_cleanly(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given a private settings folder; when a new hotseat game runs five frames; then it exits with status 0
    monkeypatch.setenv("MALAYA_CONFIG_DIR", str(tmp_path))
    assert main(["play", "--new", "--side", "CW", "--seed", "5", "--frames", "5"]) == 0


@pytest.mark.slow
def test_play_new_with_an_option_the_scenario_lacks_names_it_and_the_options_R16_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # given a private settings folder; when a new game asks for an option the campaign does not offer
    monkeypatch.setenv("MALAYA_CONFIG_DIR", str(tmp_path))
    status = main(["play", "--new", "--side", "CW", "--options", "no_such_option", "--frames", "2"])
    # then status 2 and one line naming it and the options there are, no "unexpected error"
    line = _one_line(capsys.readouterr().err)
    assert status == 2 and "no_such_option" in line and "cw_matador" in line and "unexpected" not in line


@pytest.mark.slow
def test_screenshot_accepts_a_bundled_scenario_by_name(tmp_path: Path) -> None:
    # given the name of a short scenario / when a screenshot of its opening is asked for / then it is drawn
    import pygame

    out = tmp_path / "kampar.png"
    assert main(["--scenario", "kampar", "screenshot", str(out), "--size", "640x400"]) == 0
    assert pygame.image.load(str(out)).get_size() == (640, 400)


@pytest.mark.slow
def test_simulate_plays_a_scenario_given_by_its_folder(capsys: pytest.CaptureFixture[str]) -> None:
    # given a scenario's folder / when one AI-vs-AI game of it is simulated
    from malaya.resources import scenario_file

    folder = scenario_file("jitra").parent
    assert main(["--scenario", str(folder), "simulate", "--games", "1", "--json"]) == 0
    # then the game was played to its end and scored with that scenario's result levels
    out = capsys.readouterr().out
    assert '"level"' in out and any(name in out for name in ("Japanese victory", "Draw", "Commonwealth victory"))


def test_an_unknown_scenario_name_is_a_usage_error_naming_the_bundled_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # given a name that is no bundled scenario and no file / when it is given to --scenario
    with pytest.raises(SystemExit) as exit_info:
        main(["--scenario", "no_such_scenario", "screenshot", str(tmp_path / "s.png")])
    # then argparse refuses it (status 2) and says which scenarios there are
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "no scenario named 'no_such_scenario'" in err and "jitra" in err
