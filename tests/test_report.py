"""``malaya report FILE``: the HTML after-action report, and ``malaya replay FILE`` opening the viewer."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from malaya.cli import main  # noqa: E402
from malaya.persistence import write_save  # noqa: E402
from malaya.persistence.replay_log import ReplayLog  # noqa: E402
from malaya.persistence.sample import play_random  # noqa: E402
from malaya.report.timeline import build_timeline, date_turn  # noqa: E402
from malaya.session.front import front_edges  # noqa: E402
from tests.bundled import bundled_game


@pytest.fixture(scope="module")
def short_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A random game of three whole game-turns (six player-turns), saved."""
    gd = bundled_game()
    record = play_random(gd, seed=13, player_turns=6)
    return write_save(record.to_save("three turns"), tmp_path_factory.mktemp("saves") / "short.json", backup=False)


@pytest.mark.slow
def test_report_writes_html_with_one_png_per_game_turn_and_the_timeline(short_save: Path, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # given a saved game of three game-turns; when the report is written
    out = tmp_path / "report"
    assert main(["report", str(short_save), "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out / 'index.html'}"
    # then there is one map snapshot per game-turn, each referenced by the page
    html = (out / "index.html").read_text(encoding="utf-8")
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == ["turn-01.png", "turn-02.png", "turn-03.png", "turn-04.png"][: len(pngs)] and len(pngs) >= 3
    assert all(f"src='{name}'" in html for name in pngs)
    # and the historical timeline table lists every milestone with its date and game-turn
    table = html[html.index("class='timeline'"):]
    for place, when in (("Jitra", "12 Dec 1941 (turn 2)"), ("Kuala Lumpur", "11 Jan 1942 (turn 12)"),
                        ("Singapore", "15 Feb 1942 (turn 24)"), ("Johore Bahru", "31 Jan 1942 (turn 19)")):
        assert place in table and when in table
    # and the page is self-contained: an inline SVG chart, no scripts, no external links
    assert "<svg" in html and "<script" not in html
    assert not re.search(r"(src|href)=['\"](https?:)?//", html)


def test_report_of_a_bad_file_is_one_line_and_status_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # given a file that is not a save; when a report is asked for
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    out = tmp_path / "out"
    # then one line, status 1, and nothing written
    assert main(["report", str(bad), "--out", str(out)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("malaya: bad.json:") and "\n" not in err
    assert not out.exists()


@pytest.mark.slow
def test_the_timeline_counts_losses_and_finds_the_front(short_save: Path) -> None:
    # given the replayed game
    log = ReplayLog.open(short_save)
    timeline = build_timeline(log)
    gd = log.gd
    # then game-turns follow each other, each over when the next begins
    assert [t.turn for t in timeline.turns] == list(range(1, len(timeline.turns) + 1))
    assert all(t.state.turn == t.turn + 1 for t in timeline.turns[:-1])
    # and the historical dates map to game-turns of three days from 8 Dec 1941
    assert [m.historical_turn for m in timeline.milestones] == [2, 4, 9, 11, 12, 16, 19, 24]
    assert date_turn(gd, gd.scenario.calendar.start) == 1
    # and the front line separates JP-held land from the rest
    edges = front_edges(gd, timeline.turns[-1].state.jp_control)
    assert edges and all(h in timeline.turns[-1].state.jp_control for h, _ in edges)


@pytest.mark.slow
def test_replay_command_opens_the_viewer_and_refuses_a_bad_file(short_save: Path, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # given a private settings folder; when the viewer runs five frames on a save, then it closes cleanly
    monkeypatch.setenv("MALAYA_CONFIG_DIR", str(tmp_path))
    assert main(["replay", str(short_save), "--frames", "5"]) == 0
    # when the file is not a save; then one line and status 1, no window
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("malaya: bad.json:") and "\n" not in err


@pytest.mark.slow
def test_report_prints_no_banner_and_writes_into_a_fresh_folder_readable_as_usual(short_save: Path,
                                                                                  tmp_path: Path) -> None:
    # given a save beside a folder already named as its report would be (planted by someone else)
    import shutil
    import subprocess
    import sys

    save = tmp_path / "game.json"
    shutil.copy(short_save, save)
    (tmp_path / "game-report").mkdir()
    # when `malaya report` runs without --out, under the usual umask
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", "import os, sys; os.umask(0o022); from malaya.cli import main; "
                             f"sys.exit(main(['report', {str(save)!r}]))"], capture_output=True, text=True, cwd=root,
                            timeout=300, check=False)
    # then the only line printed says where it wrote (no pygame banner)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"wrote {tmp_path / 'game-report-2' / 'index.html'}"
    # and it wrote into a fresh folder of its own, leaving the existing one alone
    assert not any((tmp_path / "game-report").iterdir())
    # and index.html is readable as any file the user makes (not owner-only)
    assert (tmp_path / "game-report-2" / "index.html").stat().st_mode & 0o777 == 0o644


@pytest.mark.slow
def test_report_never_writes_through_a_link_planted_in_its_folder(short_save: Path, tmp_path: Path) -> None:
    # given an output folder holding a link named as the first turn's picture, pointing at a precious file
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    out = tmp_path / "out"
    out.mkdir()
    (out / "turn-01.png").symlink_to(victim)
    (out / "index.html").symlink_to(victim)
    # when the report is written there
    assert main(["report", str(short_save), "--out", str(out)]) == 0
    # then the precious file is untouched and the report's files are files of their own
    assert victim.read_text() == "keep me"
    assert not (out / "turn-01.png").is_symlink() and not (out / "index.html").is_symlink()
    assert (out / "turn-01.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_a_scenario_fought_in_one_corner_is_drawn_cropped_to_its_area() -> None:
    # given the Jitra scenario (its objectives all in the north) and the campaign
    from malaya.render.geometry import hex_to_pixel
    from malaya.report.snapshot import SnapshotRenderer, scenario_area

    jitra = bundled_game("jitra")
    # when their report maps are set up
    cropped = SnapshotRenderer(jitra, area=scenario_area(jitra, ()))
    whole = SnapshotRenderer(jitra)
    # then Jitra's map shows its objectives and stops well north of Singapore, zoomed in on them
    x0, y0, x1, y1 = cropped.camera.visible_world()
    for h in jitra.objective_vp:
        px_, py_ = hex_to_pixel(h)
        assert x0 <= px_ <= x1 and y0 <= py_ <= y1
    singapore = hex_to_pixel(jitra.board.place("Singapore").hex)
    assert singapore[1] > y1 and cropped.camera.zoom > 1.5 * whole.camera.zoom


@pytest.mark.slow
def test_the_combats_table_spans_the_page_with_room_for_what_happened_then(short_save: Path, tmp_path: Path) -> None:
    # given a report of a game with combats
    out = tmp_path / "report"
    assert main(["report", str(short_save), "--out", str(out)]) == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    # then each combats table comes after the turn's map-and-facts block (the page's whole width), not beside it
    turn = html[html.index("<h2 id='turn-1'>"):]
    assert "</table></div></div><h3>Combats</h3>" in turn
    # and its "Then" cells keep a readable width (the short columns do not wrap, "Then" and the result do)
    assert "table.combats td.then{white-space:normal;min-width:18em" in html
    if "<table class='combats'>" in html:
        assert "<td class='then'>" in html
