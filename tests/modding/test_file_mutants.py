"""Mutant corpora of the lesson and scenario files (issue 27): whatever the bytes, a lesson file is a lesson or one
line saying why not, and a scenario folder is listed with its scenario or a reason; nothing else ever escapes."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from malaya.content.scenario_catalog import read_entry
from malaya.content.scenario_check import check_scenario_folder
from malaya.resources import scenarios_dir
from malaya.session.lessons import Lesson, LessonError, load_lesson
from tests.content.words import player_text

LESSON = (scenarios_dir() / "lessons" / "1_japan_first_turn.toml").read_text(encoding="utf-8")
KAMPAR = (scenarios_dir() / "kampar" / "scenario.toml").read_bytes()


def _text(old: str, new: str) -> Callable[[Path], None]:
    """The lesson with ``old`` replaced by ``new``."""
    assert old in LESSON, old
    return lambda path: path.write_text(LESSON.replace(old, new, 1), encoding="utf-8")


LESSON_MUTANTS: dict[str, tuple[Callable[[Path], None], str]] = {
    "bad TOML": (_text("\n[[steps]]", "\n[[steps]"), "invalid TOML"),
    "no title": (_text('title = "Your first turn', 'name = "Your first turn'), "title is missing"),
    "unknown side": (_text('side = "JP"', 'side = "USA"'), "not of the kind a lesson needs"),
    "seed not a number": (_text("seed = 5", 'seed = "five"'), "not of the kind a lesson needs"),
    "steps not a list": (lambda p: p.write_text(LESSON.split("\n[[steps]]")[0] + 'steps = "many"\n', encoding="utf-8"),
                         "not of the kind a lesson needs"),
    "unknown done kind": (_text('done = { kind = "next" }', 'done = { kind = "later" }'), "not of the kind"),
    "unknown phase": (_text('phase = "air"', 'phase = "lunch"'), "not of the kind"),
    "hex not a pair": (lambda p: p.write_text(LESSON.replace('highlight = { place = "Singora" }',
                                                             "highlight = { hex = [1] }", 1), encoding="utf-8"),
                       "not of the kind"),
    "prelude not an action": (_text("\n[[steps]]", '\nprelude = [{ type = "fly_to_the_moon" }]\n[[steps]]'),
                              "an action of the prelude is not one"),
    "not UTF-8": (lambda p: p.write_bytes(b"title = \"\xff\"\n"), "not UTF-8"),
    "a FIFO": (lambda p: os.mkfifo(p), "is a pipe, not a file"),
    "a link to /dev/zero": (lambda p: p.symlink_to("/dev/zero"), "is a device, not a file"),
    "too large": (lambda p: p.write_bytes(b"#" * (5 * 1024 * 1024)), "too large"),
    "nested deeply": (lambda p: p.write_text("x = " + "[" * 5000 + "]" * 5000, encoding="utf-8"), "lesson"),
}


@pytest.mark.parametrize("name", sorted(LESSON_MUTANTS))
def test_a_broken_lesson_file_gives_one_line(tmp_path: Path, name: str) -> None:
    """Given a lesson file with one mistake, when it is loaded, then a LessonError says why in one line."""
    make, words = LESSON_MUTANTS[name]
    path = tmp_path / "1_lesson.toml"
    make(path)
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    said = str(err.value)  # a lesson's error is written by the session already
    assert words in said and "\n" not in said and said.startswith("1_lesson.toml")


def _flipped(data: bytes, rng: random.Random) -> bytes:
    """``data`` with a few random bytes changed, dropped or repeated."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(out))
        kind = rng.randrange(3)
        if kind == 0:
            out[i] = rng.randrange(256)
        elif kind == 1:
            del out[i]
        else:
            out[i:i] = out[i:i + rng.randint(1, 20)]
    return bytes(out)


@pytest.mark.parametrize("seed", range(40))
def test_random_damage_to_a_lesson_is_a_lesson_or_a_reason(tmp_path: Path, seed: int) -> None:
    """Given a lesson file with random bytes damaged, when loaded, then it is a lesson or a LessonError."""
    path = tmp_path / "1_lesson.toml"
    path.write_bytes(_flipped(LESSON.encode("utf-8"), random.Random(seed)))
    try:
        assert isinstance(load_lesson(path), Lesson)
    except LessonError as err:
        assert "\n" not in str(err)


@pytest.mark.parametrize("seed", range(40))
def test_random_damage_to_a_scenario_is_listed_with_a_reason(tmp_path: Path, seed: int) -> None:
    """Given kampar's scenario.toml with random bytes damaged, when the catalog reads it and the checker checks it,
    then it is playable or greyed with a one-line reason, and every problem is one line."""
    folder = tmp_path / "kampar"
    folder.mkdir()
    (folder / "scenario.toml").write_bytes(_flipped(KAMPAR, random.Random(seed)))
    entry = read_entry(folder / "scenario.toml", own=True)
    assert entry.playable or (entry.problem is not None and "\n" not in player_text(entry.problem))
    assert all("\n" not in player_text(p) for p in check_scenario_folder(folder).problems)
