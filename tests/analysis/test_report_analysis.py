"""The after-action report's analysis: the win-chance chart linked to each turn, turning points, luck (issue 29)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from malaya.engine.sides import Side  # noqa: E402
from malaya.persistence import write_save  # noqa: E402
from malaya.persistence.game_analysis import (  # noqa: E402
    analysis_path,
    build_analysis,
    positions_of,
    write_analysis,
)
from malaya.persistence.replay_log import ReplayLog  # noqa: E402
from malaya.persistence.sample import play_random  # noqa: E402
from malaya.report import write_report  # noqa: E402
from malaya.session.analysis.estimate import WinEstimate  # noqa: E402
from tests.bundled import bundled_game


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A random game of three game-turns, saved."""
    gd = bundled_game()
    record = play_random(gd, seed=13, player_turns=6)
    return write_save(record.to_save("three turns"), tmp_path_factory.mktemp("saves") / "short.json", backup=False)


@pytest.mark.slow
def test_given_no_analysis_then_the_report_says_how_to_make_one_and_still_keeps_the_luck_ledger(
        save: Path, tmp_path: Path) -> None:
    html = write_report(save, tmp_path / "r").read_text()
    assert "malaya analyze short.json" in html
    assert "<h2 id='luck'>Luck ledger</h2>" in html


@pytest.mark.slow
def test_given_an_analysis_then_the_chart_links_every_point_to_its_turn_and_turning_points_say_what_happened(
        save: Path, tmp_path: Path) -> None:
    # given an analysis whose Japanese chance jumps from 20 % to 70 % in the second player-turn
    log = ReplayLog.open(save)
    refs = positions_of(log)
    shares = [20, 20, 70, 70, 65, 60, 60][: len(refs)]
    estimated = [(r, WinEstimate(jp, 0, 100 - jp)) for r, jp in zip(refs, shares, strict=True)]
    write_analysis(analysis_path(save), build_analysis(log, "three turns", "normal", 100, estimated, True))
    # when the report is written
    html = write_report(save, tmp_path / "r").read_text()
    # then every position is a point linked to its game-turn's section, which exists
    links = re.findall(r"<a href=\"#turn-(\d+)\"><circle", html)
    assert len(links) == len(refs)
    assert all(f"id='turn-{t}'" in html for t in links)
    # and the jump is a turning point naming its player-turn, with the chances before and after
    assert "<h2 id='turning'>Turning points</h2>" in html
    assert f"Turn {refs[1].turn}</a>, {'Commonwealth' if refs[1].side is Side.CW else 'Japanese'} player-turn" in html
    assert "Japanese win 20 % → 70 %" in html
    assert html.count("<li><a href='#turn-") >= 1


@pytest.mark.slow
def test_given_an_analysis_of_another_game_then_the_report_refuses_to_show_it(save: Path, tmp_path: Path) -> None:
    log = ReplayLog.open(save)
    refs = positions_of(log)
    analysis = build_analysis(log, "x", "normal", 1, [(refs[0], WinEstimate(1, 0, 0))], True)
    other = analysis.model_copy(update={"positions": [analysis.positions[0].model_copy(update={"digest": "0" * 64})]})
    write_analysis(analysis_path(save), other)
    html = write_report(save, tmp_path / "r").read_text()
    assert "is the analysis of another game" in html


def test_given_a_finished_game_then_the_charts_band_closes_on_its_known_result() -> None:
    """The 95 % band is the rollouts' uncertainty; at the game's end the result is known, so the band meets the line
    there instead of opening to the interval of one counted game."""
    from malaya.report.win_chart import win_chart
    from malaya.session.analysis.estimate import Outcome
    from malaya.session.analysis.turning import Position

    # given two analysed positions of 32 rollouts and the finished game's end, a Commonwealth win
    positions = [Position(0, 1, Side.JP, WinEstimate(10, 2, 20)), Position(9, 1, Side.CW, WinEstimate(4, 0, 28)),
                 Position(20, 2, Side.JP, WinEstimate.certain(Outcome.CW), final=True)]
    # when the chart is drawn
    svg = win_chart(positions)
    # then the band's upper and lower edges both pass through the last point, at 0 % (the plot's bottom)
    band = re.search(r'<polygon points="([^"]+)" fill="#b22"', svg)
    assert band is not None
    points = band.group(1).split()
    upper_end, lower_end = points[len(positions) - 1], points[len(positions)]
    assert upper_end == lower_end
    # and the band at an analysed position is still its interval (it opens above and below the line there)
    assert points[0] != points[-1]
