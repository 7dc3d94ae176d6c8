"""The scenarios in a folder, as New Game lists them: name, length, difficulty and briefing.

The catalog is tolerant: a scenario folder that cannot be played (bad TOML, a missing map, a broken
``counters.toml``, a pipe or device where a file should be) is listed all the same, with the reason
in plain words, so that one broken folder never hides the others. Reading it opens only regular
files, each up to a cap (``content/safe_files.py``), and never loads a map: the map is only checked
to be there; New Game loads it when the scenario is started.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from malaya.content.counter_symbols import load_counter_symbols
from malaya.content.errors import ContentError
from malaya.content.safe_files import MAP_CAP, check_regular
from malaya.content.said import Flaw, Said, in_file, said
from malaya.content.scenario_loader import load_scenario, scenario_map_path
from malaya.engine import Briefing, Difficulty, Scenario

SCENARIO_FILE = "scenario.toml"


@dataclass(frozen=True, slots=True)
class ScenarioEntry:
    """One scenario folder: where its file is, the scenario (None when it cannot be read) and why not."""

    id: str
    path: Path
    scenario: Scenario | None
    problem: Said | str | None = None  # why it cannot be played, as data (the session writes it); None: playable
    own: bool = False  # the player's own (the user scenarios folder), not bundled with the game

    @property
    def playable(self) -> bool:
        """True when the scenario was read without a problem."""
        return self.scenario is not None and self.problem is None

    @property
    def name(self) -> str:
        """The scenario's name (the folder's name when it cannot be read)."""
        return self.scenario.name if self.scenario is not None else self.path.parent.name

    @property
    def first_turn(self) -> int:
        """The game-turn play begins on (0 when unreadable)."""
        return self.scenario.first_turn if self.scenario is not None else 0

    @property
    def last_turn(self) -> int:
        """The last game-turn (0 when unreadable)."""
        return self.scenario.calendar.turns if self.scenario is not None else 0

    @property
    def difficulty(self) -> Difficulty | None:
        """How hard the scenario is (None when unreadable)."""
        return self.scenario.difficulty if self.scenario is not None else None

    @property
    def briefing(self) -> Briefing | None:
        """What a player is told before choosing it."""
        return self.scenario.briefing if self.scenario is not None else None

    @property
    def turns(self) -> int:
        """How many game-turns are played."""
        return self.last_turn - self.first_turn + 1 if self.scenario is not None else 0


def read_entry(path: Path, own: bool = False) -> ScenarioEntry:
    """The catalog entry of one ``scenario.toml``: the scenario, or the reason it cannot be played."""
    try:
        scenario = load_scenario(path)
    except ContentError as err:
        return ScenarioEntry(path.parent.name, path, None, err.said, own)
    try:
        check_regular(scenario_map_path(path, scenario), MAP_CAP, f"map {scenario.map}")
        load_counter_symbols(path, scenario)
    except ContentError as err:
        return ScenarioEntry(scenario.id, path, scenario, err.said, own)
    return ScenarioEntry(scenario.id, path, scenario, None, own)


def _folder_entries(folder: Path, own: bool) -> list[ScenarioEntry]:
    """The entries of every sub-folder of ``folder`` that holds a ``scenario.toml`` (of any kind)."""
    try:
        subs = sorted(p for p in folder.iterdir() if p.name != "lessons" and not p.name.startswith("."))
    except OSError:
        return []
    return [read_entry(sub / SCENARIO_FILE, own) for sub in subs if (sub / SCENARIO_FILE).is_symlink()
            or (sub / SCENARIO_FILE).exists()]


def _without_repeats(entries: list[ScenarioEntry]) -> list[ScenarioEntry]:
    """The entries with a repeated id (after its first, bundled ones first) marked as not playable."""
    seen: dict[str, ScenarioEntry] = {}
    out = []
    for entry in entries:
        first = seen.setdefault(entry.id, entry)
        if first is not entry and entry.problem is None:
            taken = (said(Flaw.ID_TAKEN_FOLDER, id=entry.id, folder=first.path.parent.name) if first.own
                     else said(Flaw.ID_TAKEN_BUNDLED, id=entry.id))
            entry = ScenarioEntry(entry.id, entry.path, entry.scenario, in_file(SCENARIO_FILE, taken), entry.own)
        out.append(entry)
    return out


def scenario_catalog(folder: Path, campaign_id: str = "malaya1941",
                     own_folders: Sequence[Path] = ()) -> list[ScenarioEntry]:
    """Every scenario in ``folder`` and the player's ``own_folders``, in catalog order (``in_catalog_order``)."""
    entries = _folder_entries(folder, False)
    for own in own_folders:
        entries += _folder_entries(own, True)
    return in_catalog_order(_without_repeats(entries), campaign_id)


def in_catalog_order(entries: Sequence[ScenarioEntry], campaign_id: str = "malaya1941") -> list[ScenarioEntry]:
    """Playable ones first (the campaign, then by first game-turn, bundled before the player's own), then the
    broken ones."""
    return sorted(entries, key=lambda e: (not e.playable, e.own, e.id != campaign_id, e.first_turn, e.id))
