"""``malaya report FILE``: an HTML after-action report of a saved game (issue 6).

:func:`write_report` replays the save (checked like a load), gathers per game-turn the map,
the front, the combats, the losses and the VP margin, compares the campaign with the
historical timeline, and writes ``index.html`` and one ``turn-NN.png`` per game-turn.
"""

from __future__ import annotations

from pathlib import Path

from malaya.engine import GameDef
from malaya.persistence.atomic import atomic_write
from malaya.persistence.replay_log import ReplayLog
from malaya.report.analysis_section import analysis_sections
from malaya.report.html_page import page
from malaya.report.snapshot import SnapshotRenderer, scenario_area
from malaya.report.timeline import HISTORY, GameTimeline, build_timeline
from malaya.session.words.catalog import say

__all__ = ["GameTimeline", "build_timeline", "write_report"]


def fresh_folder(save_path: Path) -> Path:
    """A new folder beside the save, made now for the report: ``NAME-report``, else ``NAME-report-2``, …

    Made with an exclusive ``mkdir``, so it is never a folder (or a link) someone else prepared."""
    base = save_path.with_name(f"{save_path.stem}-report")
    for number in range(1, 10_000):
        folder = base if number == 1 else base.with_name(f"{base.name}-{number}")
        try:
            folder.mkdir()
        except FileExistsError:
            continue
        return folder
    raise FileExistsError(say("report_files.too_many_report_folders_already", base=base))


def write_report(save_path: Path, out_dir: Path | None = None, gd: GameDef | None = None) -> Path:
    """Write the report of the save at ``save_path`` into ``out_dir`` (default: a fresh folder); index.html's path.

    A bad save raises a one-line SaveError before anything is written. Every file is written atomically and
    never through a link found in the folder.
    """
    log = ReplayLog.open(save_path, gd)
    timeline = build_timeline(log)
    if out_dir is None:
        out_dir = fresh_folder(save_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    renderer = SnapshotRenderer(log.gd, area=scenario_area(log.gd, (t.state for t in timeline.turns)))
    labels = tuple(place for place, _, _ in HISTORY)
    images: dict[int, str] = {}
    for turn in timeline.turns:
        name = f"turn-{turn.turn:02d}.png"
        renderer.render(turn.state, out_dir / name, say("report_files.end_of_turn", turn=turn.turn), labels)
        images[turn.turn] = name
    index = out_dir / "index.html"
    atomic_write(index, page(timeline, images, analysis_sections(log, save_path)).encode("utf-8"), backup=False)
    return index
