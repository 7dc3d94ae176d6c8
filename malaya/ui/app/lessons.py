"""Starting, leaving and resuming a lesson.

A lesson is a normal recorded game against the computer (the scenario, side and seed its file
names, its prelude applied through the gate) with a :class:`LessonRun` beside it. Leaving saves
the game to the slot ``Lesson: <title>`` and the step reached to ``lessons.json`` in the config
folder (beside the settings); resuming loads both.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from malaya.content.campaign import load_game_def
from malaya.persistence import SaveError, save_record, saves_dir
from malaya.persistence.atomic import atomic_write
from malaya.persistence.autosave import LESSON_PREFIX
from malaya.persistence.errors import clip, printable
from malaya.persistence.last_played import note_played
from malaya.persistence.record import GameRecord
from malaya.persistence.small_files import FileProblem, parse_json, read_small
from malaya.resources import scenario_file
from malaya.session.controllers import controller_names
from malaya.session.game_client import GameClient
from malaya.session.lesson_runner import LessonRun
from malaya.session.lessons import Lesson, lesson_by_id
from malaya.session.words.catalog import say
from malaya.session.words.plain_words import refusal_text
from malaya.ui.app.flow import LEVELS, computer_players
from malaya.ui.app.intents import Problem, Reset, ToLesson, Transition
from malaya.ui.app.settings import config_dir
from malaya.ui.app.stack import App

PROGRESS_FILE = "lessons.json"
PROGRESS_BYTES = 64 * 1024
"""A progress file holds a line per lesson; anything far larger is damaged."""
MAX_STEP = 1000
_LESSON_ID = re.compile(r"[a-z0-9_]{1,64}")
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


@dataclass
class ProgressRead:
    """The lessons' progress as read: every entry that checks out, and why any other was dropped."""

    entries: dict[str, Progress] = field(default_factory=dict)
    dropped: list[str] = field(default_factory=list)

    def warning(self) -> str | None:
        """One line for the player if anything was dropped, else None."""
        if not self.dropped:
            return None
        return clip(say("lessons_file.part_of_was_damaged_and", progress_file=PROGRESS_FILE,
                        join='; '.join(self.dropped)))


def _inside_saves(text: str) -> Path | None:
    """The save path ``text`` names if it is a file inside the saves folder, else None."""
    path = Path(text)
    try:
        path.resolve().relative_to(saves_dir().resolve())
    except (ValueError, OSError):
        return None
    return path


def _entry(key: object, value: object) -> Progress | str:
    """One lesson's progress, checked value by value; or why it cannot be used."""
    if not isinstance(key, str) or _LESSON_ID.fullmatch(key) is None:
        return say("lessons_file.an_entry_that_is_not", entry=printable(str(key)[:30]))
    if not isinstance(value, dict):
        return say("lessons_file.not_a_step_and_a", key=key)
    step, save = value.get("step"), value.get("save")
    if type(step) is not int or not 0 <= step <= MAX_STEP:
        return say("lessons_file.the_step_is_not_a", key=key, max_step=MAX_STEP)
    where = _inside_saves(save) if isinstance(save, str) and 0 < len(save) < 4096 else None
    if where is None:
        return say("lessons_file.the_save_is_not_a", key=key)
    return Progress(step, where)


def read_progress() -> ProgressRead:
    """Every left lesson's progress, each entry checked on its own: bad ones are dropped, with why."""
    try:
        raw = parse_json(read_small(progress_path(), PROGRESS_BYTES))
    except FileNotFoundError:
        return ProgressRead()
    except (FileProblem, OSError) as err:
        return ProgressRead(dropped=[say("lessons_file.the_whole_file", error=err)])
    if not isinstance(raw, dict):
        return ProgressRead(dropped=[say("lessons_file.the_whole_file_it_is")])
    read = ProgressRead()
    for key, value in raw.items():
        entry = _entry(key, value)
        if isinstance(entry, Progress):
            read.entries[key] = entry
        else:
            read.dropped.append(entry)
    return read


def write_progress(lesson_id: str, progress: Progress | None) -> None:
    """Remember (or, with None, forget) a lesson's progress."""
    everything = read_progress().entries
    if progress is None:
        everything.pop(lesson_id, None)
    else:
        everything[lesson_id] = progress
    text = json.dumps({k: {"step": p.step, "save": str(p.save)} for k, p in everything.items()}, indent=1)
    atomic_write(progress_path(), text.encode("utf-8"), backup=False)


def done_path() -> Path:
    """The file that lists the finished lessons."""
    return config_dir() / DONE_FILE


def read_done() -> frozenset[str]:
    """The ids of the lessons played to their end (a missing or damaged file counts as none)."""
    try:
        raw = parse_json(read_small(done_path(), PROGRESS_BYTES))
    except (FileProblem, OSError):  # missing or damaged: no lesson is marked done
        return frozenset()
    if not isinstance(raw, list):
        return frozenset()
    return frozenset(i for i in raw if isinstance(i, str) and _LESSON_ID.fullmatch(i))


def mark_done(lesson_id: str) -> None:
    """Remember that a lesson was played to its end."""
    done = read_done() | {lesson_id}
    atomic_write(done_path(), json.dumps(sorted(done)).encode("utf-8"), backup=False)


def left_lesson_at(save: Path) -> tuple[Lesson, Progress] | None:
    """The left lesson whose game is the save at ``save`` (the menu's Continue resumes it as a lesson), if any."""
    for lesson_id, progress in read_progress().entries.items():
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
            raise ValueError(say("lessons_file.lesson_prelude_action_refused", id=lesson.id,
                                 message=refusal_text(rejection)))
    record.sync()
    write_progress(lesson.id, None)
    return _battle(app, record, LessonRun(lesson, since=len(record.match.log)))


def resume_lesson(app: App, lesson: Lesson, progress: Progress) -> Transition | Problem:
    """The left lesson's game at the step it was left at (read and checked in the save reader's process)."""
    try:
        record, _ = app.reader.load_record(progress.save)
    except SaveError as exc:
        return Problem(str(exc))
    run = LessonRun(lesson, index=min(progress.step, len(lesson.steps)), since=len(record.match.log))
    return _battle(app, record, run)


def leave_lesson(record: GameRecord, run: LessonRun) -> Progress:
    """Save the lesson's game and its step, to resume later; the progress written."""
    path = save_record(record, f"{LESSON_PREFIX}{run.lesson.title}")
    note_played(path, finished=False)  # the menu's Continue is this lesson, resumed with its card
    progress = Progress(run.index, path)
    write_progress(run.lesson.id, progress)
    return progress
