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
from malaya.session.words.catalog import say
from malaya.session.words.content_words import said_text


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
            print(say("scenario_cli.made_from_edit_its_scenario", folder=folder, source=args.source))
        elif args.action == "pack":
            print(say("scenario_cli.wrote_share_it_malaya_scenario", pack=pack(_folder(args.path), args.out)))
        elif args.action == "install":
            print(say("scenario_cli.installed_it_is_listed_on", install=install(args.file, args.replace)))
        else:
            _list()
    except ScenarioToolError as err:
        print(say("scenario_cli.malaya", error=err), file=sys.stderr)
        return 1
    return 0


def _list() -> None:
    """Print the player's own scenarios (each with its problem, if any) and the folder they are in."""
    entries = [e for e in scenario_catalog(scenarios_dir(), own_folders=(user_scenarios_dir(),)) if e.own]
    print(say("scenario_cli.your_scenarios_folder", folder=user_scenarios_dir()))
    for entry in entries:
        state = say("scenario_list_cli.playable") if entry.playable else say("scenario_cli.cannot_be_played",
                                                                          problem=said_text(entry.problem or ""))
        print(say("scenario_list_cli.entry", id=f"{entry.id:20}", name=entry.name, state=state))
    if not entries:
        print(say("scenario_cli.none_yet_malaya_scenario_new"))
