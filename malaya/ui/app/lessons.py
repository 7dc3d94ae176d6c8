"""Starting, leaving and resuming a lesson.

A lesson is a normal recorded game against the computer (the scenario, side and seed its file
names, its prelude applied through the gate) with a :class:`LessonRun` beside it. Leaving saves
the game to the slot ``Lesson: <title>`` and the step reached to ``lessons.json`` in the config
folder (beside the settings); resuming loads both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from malaya.content.campaign import load_game_def
from malaya.persistence import SaveError, load_record, save_record
from malaya.persistence.record import GameRecord
from malaya.resources import scenario_file
from malaya.session.controllers import controller_names
from malaya.session.game_client import GameClient
from malaya.session.lesson_runner import LessonRun
from malaya.session.lessons import Lesson, lesson_by_id
from malaya.ui.app.flow import LEVELS, computer_players
from malaya.ui.app.intents import Problem, Reset, ToLesson, Transition
from malaya.ui.app.settings import config_dir
from malaya.ui.app.stack import App

PROGRESS_FILE = "lessons.json"
DONE_FILE = "lessons-done.json"
"""The lessons played to their last step (the Learn page marks them done)."""


@dataclass(frozen=True)
class Progress:
    """Where a left lesson stands: its step and the save of its game."""

    step: int
    save: Path


def progress_path() -> Path:
    """The file that remembers left lessons."""
    return config_dir() / PROGRESS_FILE


def read_progress() -> dict[str, Progress]:
    """Every left lesson's progress (an unreadable file counts as none)."""
    path = progress_path()
    if not path.is_file():
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return {k: Progress(int(v["step"]), Path(v["save"])) for k, v in raw.items()}
    except (ValueError, KeyError, TypeError):  # a damaged file: start the lessons afresh
        return {}


def write_progress(lesson_id: str, progress: Progress | None) -> None:
    """Remember (or, with None, forget) a lesson's progress."""
    everything = read_progress()
    if progress is None:
        everything.pop(lesson_id, None)
    else:
        everything[lesson_id] = progress
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({k: {"step": p.step, "save": str(p.save)} for k, p in everything.items()},
                               indent=1), encoding="utf-8")


def done_path() -> Path:
    """The file that lists the finished lessons."""
    return config_dir() / DONE_FILE


def read_done() -> frozenset[str]:
    """The ids of the lessons played to their end (an unreadable file counts as none)."""
    path = done_path()
    if not path.is_file():
        return frozenset()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:  # a damaged file: no lesson marked done
        return frozenset()
    return frozenset(str(i) for i in raw) if isinstance(raw, list) else frozenset()


def mark_done(lesson_id: str) -> None:
    """Remember that a lesson was played to its end."""
    done = read_done() | {lesson_id}
    path = done_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(sorted(done)), encoding="utf-8")


def left_lesson_at(save: Path) -> tuple[Lesson, Progress] | None:
    """The left lesson whose game is the save at ``save`` (the menu's Continue resumes it as a lesson), if any."""
    for lesson_id, progress in read_progress().items():
        if progress.save.resolve() == save.resolve():
            try:
                return lesson_by_id(lesson_id), progress
            except KeyError:  # a lesson no longer bundled: its save opens as a normal game
                return None
    return None


def _battle(app: App, record: GameRecord, run: LessonRun) -> Transition:
    """The lesson's battle as the only screen."""
    lesson = run.lesson
    humans = frozenset({lesson.side})
    client = GameClient(record.match, humans, history_later=True)
    client.tell_recorded_history(record.options)  # each action fogged as it was told live (R2.5)
    level = app.settings.ai_level if app.settings.ai_level in LEVELS else "normal"
    return Reset(ToLesson(client, computer_players(humans, lesson.seed, level), record, run))


def start_lesson(app: App, lesson: Lesson) -> Transition:
    """A new game of the lesson's scenario and side, set up by its prelude, at the lesson's first step."""
    gd = app.gd if app.gd.scenario.id == lesson.scenario else load_game_def(scenario_file(lesson.scenario))
    record = GameRecord.new(gd, lesson.seed, (), controller_names(frozenset({lesson.side}), "ai:normal"))
    for action in lesson.prelude:
        rejection = record.match.submit(action)
        if rejection is not None:
            raise ValueError(f"lesson {lesson.id}: prelude action refused: {rejection.message}")
    record.sync()
    write_progress(lesson.id, None)
    return _battle(app, record, LessonRun(lesson, since=len(record.match.log)))


def resume_lesson(app: App, lesson: Lesson, progress: Progress) -> Transition | Problem:
    """The left lesson's game at the step it was left at."""
    try:
        record, _ = load_record(progress.save)
    except SaveError as exc:
        return Problem(str(exc))
    run = LessonRun(lesson, index=min(progress.step, len(lesson.steps)), since=len(record.match.log))
    return _battle(app, record, run)


def leave_lesson(record: GameRecord, run: LessonRun) -> Progress:
    """Save the lesson's game and its step, to resume later; the progress written."""
    path = save_record(record, f"Lesson {run.lesson.title}")
    progress = Progress(run.index, path)
    write_progress(run.lesson.id, progress)
    return progress
