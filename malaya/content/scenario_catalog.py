"""The scenarios in a folder, as New Game lists them: name, length, difficulty and briefing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from malaya.content.scenario_loader import load_scenario
from malaya.engine.scenario import Briefing, Difficulty


@dataclass(frozen=True, slots=True)
class ScenarioEntry:
    """One playable scenario: where its file is and what a player is told before choosing it."""

    id: str
    name: str
    path: Path
    first_turn: int
    last_turn: int
    difficulty: Difficulty
    briefing: Briefing | None

    @property
    def turns(self) -> int:
        """How many game-turns are played."""
        return self.last_turn - self.first_turn + 1


def scenario_catalog(folder: Path, campaign_id: str = "malaya1941") -> list[ScenarioEntry]:
    """Every scenario in ``folder`` (one sub-folder each): the campaign first, then by first game-turn."""
    entries = []
    for path in sorted(folder.glob("*/scenario.toml")):
        sc = load_scenario(path)
        entries.append(
            ScenarioEntry(sc.id, sc.name, path, sc.first_turn, sc.calendar.turns, sc.difficulty, sc.briefing)
        )
    return sorted(entries, key=lambda e: (e.id != campaign_id, e.first_turn, e.id))
