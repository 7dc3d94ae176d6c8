"""``malaya report FILE``: an HTML after-action report of a saved game (issue 6).

:func:`write_report` replays the save (checked like a load), gathers per game-turn the map,
the front, the combats, the losses and the VP margin, compares the campaign with the
historical timeline, and writes ``index.html`` and one ``turn-NN.png`` per game-turn.
"""

from __future__ import annotations

from pathlib import Path

from malaya.engine.gamedef import GameDef
from malaya.persistence.atomic import atomic_write
from malaya.persistence.replay_log import ReplayLog
from malaya.report.analysis_section import analysis_sections
from malaya.report.html_page import page
from malaya.report.snapshot import SnapshotRenderer
from malaya.report.timeline import HISTORY, GameTimeline, build_timeline

__all__ = ["GameTimeline", "build_timeline", "write_report"]


def write_report(save_path: Path, out_dir: Path, gd: GameDef | None = None) -> Path:
    """Write the report of the save at ``save_path`` into ``out_dir``; the path of index.html.

    A bad save raises a one-line SaveError before anything is written.
    """
    log = ReplayLog.open(save_path, gd)
    timeline = build_timeline(log)
    out_dir.mkdir(parents=True, exist_ok=True)
    renderer = SnapshotRenderer(log.gd)
    labels = tuple(place for place, _, _ in HISTORY)
    images: dict[int, str] = {}
    for turn in timeline.turns:
        name = f"turn-{turn.turn:02d}.png"
        renderer.render(turn.state, out_dir / name, f"End of turn {turn.turn}", labels)
        images[turn.turn] = name
    index = out_dir / "index.html"
    atomic_write(index, page(timeline, images, analysis_sections(log, save_path)).encode("utf-8"), backup=False)
    return index
