"""A corpus of broken scenario folders, each one mistake made in a copy of the bundled Kampar (issue 27 §2).

Each mutant names the mistake, changes the copied folder, and gives the words the checker's line must hold.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from malaya.resources import scenarios_dir

SOURCE = "kampar"


@dataclass(frozen=True)
class Mutant:
    """One kind of mistake: how to make it in a scenario folder, and what the report must say."""

    name: str
    make: Callable[[Path], None]
    expect: str


def sub(old: str, new: str, file: str = "scenario.toml") -> Callable[[Path], None]:
    """A change replacing the first ``old`` of ``file`` by ``new`` (which must be there)."""
    def make(folder: Path) -> None:
        text = (folder / file).read_text(encoding="utf-8")
        assert old in text, old
        (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return make


def write(file: str, data: str | bytes) -> Callable[[Path], None]:
    """A change writing ``data`` as ``file``."""
    def make(folder: Path) -> None:
        path = folder / file
        path.unlink(missing_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return make


def special(file: str, kind: str) -> Callable[[Path], None]:
    """A change making ``file`` a FIFO (``fifo``), a link to /dev/zero (``zero``) or absent (``gone``)."""
    def make(folder: Path) -> None:
        path = folder / file
        path.unlink(missing_ok=True)
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "zero":
            path.symlink_to("/dev/zero")
    return make


def both(*changes: Callable[[Path], None]) -> Callable[[Path], None]:
    """Several changes in order."""
    def make(folder: Path) -> None:
        for change in changes:
            change(folder)
    return make


def _copy_ruleset(folder: Path) -> None:
    shutil.copy(scenarios_dir() / "malaya1941" / "ruleset.toml", folder / "ruleset.toml")


MUTANTS = [
    Mutant("TOML syntax", sub("[calendar]", "[calendar"), "invalid TOML"),
    Mutant("not UTF-8", write("scenario.toml", b'id = "\xff\xfe"\n'), "not UTF-8"),
    Mutant("scenario.toml missing", special("scenario.toml", "gone"), "file not found"),
    Mutant("scenario.toml a FIFO", special("scenario.toml", "fifo"), "is a pipe, not a file"),
    Mutant("scenario.toml links to /dev/zero", special("scenario.toml", "zero"), "is a device, not a file"),
    Mutant("mistyped key", sub("difficulty =", "dificulty ="), "did you mean 'difficulty'"),
    Mutant("name missing", sub('name = "Kampar and Slim River"\n', ""), "name: Field required"),
    Mutant("id not an id", sub('id = "kampar"', 'id = "Kampar River"'), "id: String should match pattern"),
    Mutant("unknown difficulty", sub('difficulty = "moderate"', 'difficulty = "hard"'), "difficulty: Input should be"),
    Mutant("attack not a number", sub("attack = 5", 'attack = "five"'), "units[0].attack"),
    Mutant("duplicate unit id", sub('id = "cw_15ind_bde"', 'id = "cw_6ind_bde"'), "duplicate unit id 'cw_6ind_bde'"),
    Mutant("set-up of an unknown unit", sub('unit = "cw_28ind_bde", at', 'unit = "cw_28ind_bdee", at'),
           "unknown unit id 'cw_28ind_bdee' (did you mean 'cw_28ind_bde'?)"),
    Mutant("set-up at a mistyped place", sub('at = "Tapah"', 'at = "Tapahh"'),
           "unknown place 'Tapahh' (did you mean 'Tapah'?)"),
    Mutant("set-up off the map", sub('at = "Kuantan"', 'at = "Kuantan' + "+SE" * 40 + '"'), "leads off the map"),
    Mutant("more steps than the unit has", sub('at = "Tapah" }', 'at = "Tapah", steps = 5 }'),
           "steps: 5 is more than the 2 steps"),
    Mutant("reinforcement after the last turn", sub("turn = 9, unit", "turn = 19, unit"), "after the last turn"),
    Mutant("reinforcement before the first turn", sub("turn = 9, unit", "turn = 2, unit"),
           "before the first turn played"),
    Mutant("reinforcement arriving on the wrong side", sub('where = "singapore"', 'where = "north_edge"'),
           "north_edge is for JP units"),
    Mutant("unit never entering", sub('  { turn = 10, unit = "jp_55_inf", where = "jp_box" },\n', ""),
           "'jp_55_inf' is never set up, scheduled or offered"),
    Mutant("unit entering twice", sub('{ unit = "jp_6_tank", at = "Taiping" },',
                                  '{ unit = "jp_6_tank", at = "Taiping" },\n  { unit = "jp_6_tank", at = "Ipoh" },'),
           "already enters the game"),
    Mutant("air turns overlapping", sub("JP = [{ turns = [8, 12], points = 6 }]",
                                        "JP = [{ turns = [8, 12], points = 6 }, { turns = [10, 11], points = 1 }]"),
           "overlap"),
    Mutant("air turns beyond the end", sub("CW = [{ turns = [8, 12]", "CW = [{ turns = [8, 14]"),
           "after the last turn"),
    Mutant("objective at an unknown place", sub('"Tapah" = 1', '"Tapahh" = 1'), "unknown place 'Tapahh'"),
    Mutant("victory level of no side", sub('side = "CW"\n\n[briefing]', 'side = "UK"\n\n[briefing]'),
           "victory.levels[2].side"),
    Mutant("first turn after the last", sub("first_turn = 8", "first_turn = 13"), "is after the last turn"),
    Mutant("start north of an unknown place", sub('jp_control_north_of = "Kampar"', 'jp_control_north_of = "Kampr"'),
           "start.jp_control_north_of"),
    Mutant("map missing", sub('map = "malaya1941:map.tmx"', 'map = "gone.tmx"'), "file not found"),
    Mutant("map climbing out", sub('map = "malaya1941:map.tmx"', 'map = "../malaya1941/map.tmx"'),
           'reaches out of the scenario\'s folder; name a file in its folder, or a bundled scenario\'s file by its '
           'id, for example "malaya1941:map.tmx"'),
    Mutant("map of an unknown bundled scenario", sub('map = "malaya1941:map.tmx"', 'map = "malaya1914:map.tmx"'),
           "names the bundled scenario malaya1914, and there is none of that id"),
    Mutant("map not a map", both(sub('map = "malaya1941:map.tmx"', 'map = "map.tmx"'),
                                 write("map.tmx", "<map orientation='hexagonal'")), "malformed XML"),
    Mutant("map a FIFO", both(sub('map = "malaya1941:map.tmx"', 'map = "map.tmx"'), special("map.tmx", "fifo")),
           "is a pipe, not a file"),
    Mutant("ruleset missing", sub('ruleset = "malaya1941:ruleset.toml"', 'ruleset = "rules.toml"'),
           "rules.toml: cannot read the file: file not found"),
    Mutant("ruleset absolute", sub('ruleset = "malaya1941:ruleset.toml"', 'ruleset = "/dev/zero"'),
           "reaches out of the scenario's folder"),
    Mutant("ruleset with a mistyped key", both(_copy_ruleset, sub("[terrain", "[terain", "ruleset.toml"),
                                               sub('ruleset = "malaya1941:ruleset.toml"', 'ruleset = "ruleset.toml"')),
           "ruleset.toml"),
    Mutant("counters: unknown symbol", write("counters.toml", '[symbols]\ncw_6ind_bde = "cavalry"\n'), "cavalry"),
    Mutant("counters: unknown unit", write("counters.toml", '[symbols]\ncw_99_bde = "engineers"\n'),
           "cw_99_bde is not a unit of the scenario"),
    Mutant("counters: climbing same_as", write("counters.toml", 'same_as = "../malaya1941/counters.toml"\n'),
           "reaches out of the scenario's folder"),
    Mutant("counters a FIFO", special("counters.toml", "fifo"), "is a pipe, not a file"),
    Mutant("no briefing", sub("[briefing]\n", "[not_briefing]\n"), "unknown key"),
    Mutant("briefing summary empty", sub('summary = "Hold the Kampar', 'summary = ""\nold_summary = "Hold the Kampar'),
           "briefing.summary"),
    Mutant("ai not a table", both(sub("[ai.JP.redoubt]\nvalue = 4.0\nleast_odds = 0.5\n", ""),
                                  sub("[start]\n", "ai = 3\n\n[start]\n")), "ai: should be a table"),
]
"""Forty-one kinds of mistake."""


def broken_copy(root: Path, mutant: Mutant) -> Path:
    """A copy of the bundled scenario in ``root``, with ``mutant``'s mistake made in it; its folder."""
    folder = root / "broken"
    shutil.copytree(scenarios_dir() / SOURCE, folder)
    mutant.make(folder)
    return folder
