"""The game-end page speaks the scenario's own words and offers the game's file (issue 26 item 5)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from malaya.engine.actions import Action, ChanceResult
from malaya.engine.gamedef import GameDef
from malaya.persistence import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.sample import RANDOM_CONTROLLERS, play_random
from malaya.ui.app.flow import start_recorded_game
from malaya.ui.dialogs.save_as import SaveDialog
from malaya.ui.screens.end import EndScreen, HandoverScreen, vp_breakdown
from malaya.ui.screens.replay import ReplayScreen
from tests.ui.client_driver import Driver, driving


@pytest.fixture(scope="module")
def finished_log(jitra: GameDef) -> tuple[Action, ...]:
    """The player actions of a whole random Jitra game (its four game-turns), played once."""
    return tuple(a for a in play_random(jitra, seed=5).match.log if not isinstance(a, ChanceResult))


@pytest.fixture
def at_end(jitra: GameDef, finished_log: tuple[Action, ...], tmp_path: Path) -> Iterator[tuple[Driver, EndScreen]]:
    """A hotseat Jitra game played to its end, opened in the client: its end page up."""
    record = GameRecord.new(jitra, 5, (), RANDOM_CONTROLLERS)
    for action in finished_log:
        assert record.submit(action) is None
    assert record.match.state.finished
    for driver in driving(jitra, tmp_path):
        driver.app.apply(start_recorded_game(record))
        for _ in range(4):
            driver.frames(1)
            if isinstance(driver.app.top, HandoverScreen):
                driver.app.stack.pop()
        end = driver.app.top
        assert isinstance(end, EndScreen)
        yield driver, end


def drawn_words(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the end page draws in one frame."""
    import malaya.ui.screens.end as end_module

    words: list[str] = []
    real = end_module.draw_text
    monkeypatch.setattr(end_module, "draw_text", lambda surface, text, *a, **k: (words.append(text),
                                                                                 real(surface, text, *a, **k))[1])
    driver.frames(1)
    return words


@pytest.mark.slow
def test_a_jitra_ending_names_jitra_and_only_its_own_victory_terms(at_end, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Given the end of a Jitra game (R15 with Jitra's own terms: its towns, JP steps; no Singapore VP),
    then the page says "Game over: Jitra and Kedah", never "campaign", and no row mentions Singapore."""
    driver, end = at_end
    words = drawn_words(driver, monkeypatch)
    assert "Game over: Jitra and Kedah" in words
    assert not [w for w in words if "campaign" in w.lower()]
    rows = vp_breakdown(end.client)
    assert not [label for label, _ in rows if "Singapore" in label]
    assert any("Japanese steps eliminated" in label for label, _ in rows) and rows[-1][0].startswith("Total")


@pytest.mark.slow
def test_the_end_page_offers_view_map_replay_report_save_analyse_and_main_menu(at_end) -> None:  # type: ignore[no-untyped-def]
    """Given the end page, then its buttons are View Map, Replay, Report, Save, Analyse and Main Menu, all on the
    page."""
    driver, end = at_end
    assert [b.label for b in end.buttons] == ["View Map", "Replay", "Report", "Save", "Analyse", "Main Menu"]
    page = pygame.display.get_surface().get_rect()
    assert all(page.contains(b.rect) for b in end.buttons)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(end.buttons) for b in end.buttons[i + 1:])


@pytest.mark.slow
def test_replay_opens_the_replay_viewer_on_this_game(at_end) -> None:  # type: ignore[no-untyped-def]
    """Given the end page, when Replay is clicked, then the replay viewer opens on this very game's actions."""
    driver, end = at_end
    driver.click(end.replay.rect.center)
    viewer = driver.app.top
    assert isinstance(viewer, ReplayScreen), end.said
    assert list(viewer.cursor.log.actions) == list(end.client.match.log)


@pytest.mark.slow
def test_report_writes_the_report_next_to_the_save_and_says_where(at_end, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Given the end page with the report writer the command line hands in, when Report is clicked, then the
    report is written from this game's save, the page says where, and the button becomes Open Report."""
    driver, end = at_end
    written: list[Path] = []

    def write(save: Path) -> Path:
        assert ReplayLog.open(save).actions == tuple(end.client.match.log)
        index = tmp_path / "report" / "index.html"
        index.parent.mkdir()
        index.write_text("<html></html>")
        written.append(index)
        return index

    driver.app.write_report = write
    driver.frames(1)
    driver.click(end.report.rect.center)
    assert end.writing is not None
    end.writing.join(30)
    driver.frames(1)
    assert written and end.said == f"Report written: {written[0]}" and end.report.label == "Open Report"


@pytest.mark.slow
def test_without_a_report_writer_report_is_greyed_with_its_reason(at_end) -> None:  # type: ignore[no-untyped-def]
    """Given a window started without the command line's report writer, then Report is greyed and says why."""
    driver, end = at_end
    driver.frames(1)
    assert not end.report.enabled and "malaya report" in (end.report.reason or "")


@pytest.mark.slow
def test_save_opens_the_save_dialog(at_end) -> None:  # type: ignore[no-untyped-def]
    """Given the end page, when Save is reached by Tab and pressed with Enter, then the Save dialog opens."""
    driver, end = at_end
    for _ in range(4):
        driver.key(pygame.K_TAB)
        if end.save.focused:
            break
    assert end.save.focused
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.top, SaveDialog)


@pytest.mark.slow
def test_the_command_lines_report_writer_says_in_plain_words_why_it_could_not(tmp_path: Path) -> None:
    """Given the writer `malaya` hands the window (a `malaya report` process of its own), when the save is gone,
    then it raises with the plain reason, which the end page shows."""
    from malaya.cli import report_in_own_process

    with pytest.raises(RuntimeError, match="file not found"):
        report_in_own_process(tmp_path / "gone.json")
