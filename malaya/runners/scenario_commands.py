"""What ``malaya check-scenario`` and ``malaya scenario new | pack | install | list`` do (the parsers are in cli.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from malaya.content.scenario_catalog import scenario_catalog
from malaya.persistence.user_scenarios import user_scenarios_dir
from malaya.resources import scenarios_dir
from malaya.runners import check_scenario as checker
from malaya.runners.scenario_files import ID_PATTERN, ScenarioToolError, new_scenario
from malaya.runners.scenario_pack import install, pack


def _folder(path: Path) -> Path:
    """A scenario folder given as a path, or as the id of one of the player's own (``my_kampar``)."""
    if not path.exists() and ID_PATTERN.match(str(path)):
        own = user_scenarios_dir() / str(path)
        if own.is_dir():
            return own
    return path


def check_scenario(args: argparse.Namespace) -> int:
    """``malaya check-scenario PATH [--no-play]``: 0 when no problem was found, else 1."""
    return checker.run(_folder(args.path), play=not args.no_play)


def scenario(args: argparse.Namespace) -> int:
    """``malaya scenario ACTION ...``: one line saying what was done, or why not (exit 1)."""
    try:
        if args.action == "new":
            folder = new_scenario(args.name, args.source, args.with_map)
            print(f"made {folder} from {args.source}: edit its scenario.toml, then run malaya check-scenario "
                  f"\"{folder}\"")
        elif args.action == "pack":
            print(f"wrote {pack(_folder(args.path), args.out)}: share it; malaya scenario install installs it")
        elif args.action == "install":
            print(f"installed {install(args.file, args.replace)}: it is listed on New Game")
        else:
            _list()
    except ScenarioToolError as err:
        print(f"malaya: {err}", file=sys.stderr)
        return 1
    return 0


def _list() -> None:
    """Print the player's own scenarios (each with its problem, if any) and the folder they are in."""
    entries = [e for e in scenario_catalog(scenarios_dir(), own_folders=(user_scenarios_dir(),)) if e.own]
    print(f"your scenarios folder: {user_scenarios_dir()}")
    for entry in entries:
        state = "ok" if entry.playable else f"cannot be played: {entry.problem}"
        print(f"  {entry.id:20} {entry.name} — {state}")
    if not entries:
        print("  (none yet: malaya scenario new NAME --from kampar starts one)")
