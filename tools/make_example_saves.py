"""Regenerate the example saves in ``saves/`` with the current engine (fixed seeds, random bots).

Run: ``python tools/make_example_saves.py`` (add ``--v1`` to rewrite the version-1 fixture too).

- ``saves/short-game.json`` — 3 player-turns of the bundled campaign;
- ``saves/full-game.json`` — a whole 28-turn campaign;
- ``saves/v1-opening.json`` — a save in the old version-1 format (see
  ``malaya/persistence/migrations.py``) made from the opening of a real game. It is a
  fixture proving old saves still load, so it is written only when missing or with ``--v1``.

The output is deterministic: the same engine gives byte-identical files.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine.actions import ACTION_ADAPTER, EndPhase  # noqa: E402
from malaya.engine.gamedef import GameDef  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.persistence.atomic import atomic_write  # noqa: E402
from malaya.persistence.record import GameRecord  # noqa: E402
from malaya.persistence.sample import play_random  # noqa: E402
from malaya.persistence.store import write_save  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402

SAVES = ROOT / "saves"
SAVED_AT = "1941-12-08T00:00:00+00:00"  # fixed, so regenerating gives identical bytes
SHORT_SEED, SHORT_TURNS, FULL_SEED = 11, 3, 42
V1_OPENING_ACTIONS = 1  # JP ends its first Reinforcement phase: about as stable as a game can be


def write_v1_fixture(gd: GameDef, path: Path) -> Path:
    """Write the opening of a real game the way version 1 of the format did (no hashes, old keys)."""
    record = GameRecord.new(gd, seed=1941, options=(), controllers={Side.JP: "human", Side.CW: "ai:normal"})
    for _ in range(V1_OPENING_ACTIONS):
        assert record.submit(EndPhase(side=record.match.state.side)) is None
    state = record.match.state
    v1 = {
        "version": 1, "game": "malaya", "scenario": gd.scenario.id, "seed": record.match.seed, "options": [],
        "players": {"JP": "human", "CW": "ai:normal"}, "title": "Opening (format 1)", "saved": SAVED_AT,
        "turn": state.turn, "side": state.side.value, "phase": state.phase.value,
        "log": [ACTION_ADAPTER.dump_python(a, mode="json") for a in record.match.log],
    }
    atomic_write(path, (json.dumps(v1, indent=1) + "\n").encode("utf-8"), backup=False)
    return path


def main(argv: list[str] | None = None) -> None:
    """Write the example saves; print each path."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--v1", action="store_true", help="also rewrite the version-1 fixture")
    args = parser.parse_args(argv)
    gd = load_game_def(scenario_file())
    short = play_random(gd, SHORT_SEED, player_turns=SHORT_TURNS)
    full = play_random(gd, FULL_SEED)
    written = [
        write_save(short.to_save("Example: three player-turns", SAVED_AT), SAVES / "short-game.json",
                   backup=False, pretty=True),
        write_save(full.to_save("Example: a whole campaign", SAVED_AT), SAVES / "full-game.json",
                   backup=False, pretty=True),
    ]
    v1 = SAVES / "v1-opening.json"
    if args.v1 or not v1.exists():
        written.append(write_v1_fixture(gd, v1))
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
