"""The ``malaya`` command line: play, check a map, render a screenshot, verify a replay, list saves.

Every failure reaches the user as one readable line and a non-zero exit
status; an unexpected error also writes its traceback to a log file whose path
the message names. The user never sees a raw traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from malaya.cli_parser import build_parser
from malaya.resources import scenario_file
from malaya.session.words.catalog import say

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner in any command's output

if TYPE_CHECKING:
    from malaya.ui.app.stack import App

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
def _check_map(args: argparse.Namespace) -> int:
    """``malaya check-map PATH``."""
    from malaya.content import check_map
    from malaya.session.words.content_words import said_text

    print(said_text(check_map(args.path)))
    return EXIT_OK


def _scenario_path(args: argparse.Namespace) -> Path:
    """The scenario to play: --scenario or the bundled campaign."""
    return args.scenario if args.scenario is not None else scenario_file()


def _screenshot(args: argparse.Namespace) -> int:
    """``malaya screenshot OUT.png``."""
    from malaya.render.frame import View, render_screenshot
    from malaya.session.presenter import Presenter

    if args.all or args.view not in ("full", "start"):
        return _window_screenshot(args)
    if args.out.suffix.lower() != ".png":
        raise _UsageError(say("cli.the_screenshot_file_must_end", out=args.out))
    presenter = Presenter.open(_scenario_path(args))
    out = render_screenshot(
        presenter.board, presenter.views(), presenter.status(), args.out, size=args.size, view=View(args.view)
    )
    print(say("cli.wrote", out=out))
    return EXIT_OK


def _window_screenshot(args: argparse.Namespace) -> int:
    """``malaya screenshot OUT.png --view NAME`` / ``--all FOLDER``: the game window, drawn headless."""
    from malaya.content.campaign import load_game_def
    from malaya.render.frame import ensure_headless, save_png
    from malaya.ui.app.showcase import SHOT_SIZES, SHOTS, render_all, render_shot

    ensure_headless()
    path = _scenario_path(args)
    load = lambda: load_game_def(path)  # noqa: E731
    if args.all:
        for out in render_all(load, args.out, SHOT_SIZES):
            print(say("cli.wrote", out=out))
        return EXIT_OK
    if args.view not in SHOTS:
        raise _UsageError(say("cli.no_view_named_the_views", view=args.view, join=', '.join(SHOTS)))
    if args.out.suffix.lower() != ".png":
        raise _UsageError(say("cli.the_screenshot_file_must_end", out=args.out))
    print(say("cli.wrote_2", save_png=save_png(render_shot(load, args.view, args.size), args.out)))
    return EXIT_OK


def _play(args: argparse.Namespace) -> int:
    """``malaya`` / ``malaya play``: the main menu, or with ``--new`` straight into a game."""
    from malaya.content.campaign import load_game_def
    from malaya.engine import UnknownOptions
    from malaya.ui.app.loop import NewGameRequest, run_client

    path = _scenario_path(args)
    size = getattr(args, "size", None)
    start = None
    if getattr(args, "new", False):
        options = tuple(o.strip() for o in args.options.split(",") if o.strip())
        start = NewGameRequest(side=args.side, seed=args.seed, options=options)
    try:
        return run_client(lambda: load_game_def(path), size=size, max_frames=getattr(args, "frames", None),
                          start=start, setup=_offer_reports)
    except UnknownOptions as err:
        raise _UsageError(say("cli.unknown_options", options=", ".join(err.options),
                              known=", ".join(err.known) or say("cli.no_options"))) from None


def _offer_reports(app: App) -> None:
    """Let the game-end page write the after-action report (next to the save, as ``malaya report`` does)."""
    app.write_report = report_in_own_process


def report_in_own_process(save: Path) -> Path:
    """Write the report of ``save`` into ``<save>-report/`` by ``malaya report`` in a process of its own (its map
    drawing uses fonts, which must not be shared with the window's thread); the path of its index.html."""
    import subprocess

    out = save.with_name(f"{save.stem}-report")
    done = subprocess.run([sys.executable, "-m", "malaya", "report", str(save), "--out", str(out)],
                          capture_output=True, text=True, check=False)
    if done.returncode != EXIT_OK:
        said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
        raise RuntimeError(said[-1].removeprefix("malaya: ") if said else
                           say("cli.malaya_report_stopped_with_code", returncode=done.returncode))
    return out / "index.html"


def _given_game_def(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The --scenario's game definition, or None (a save names its installed scenario)."""
    if args.scenario is None:
        return None
    from malaya.content.campaign import load_game_def

    return load_game_def(args.scenario)


def _replay(args: argparse.Namespace) -> int:
    """``malaya replay [--verify] FILE``: the viewer (the file is checked before the window opens)."""
    from malaya.persistence import verify_replay
    from malaya.persistence.errors import printable
    from malaya.session.heap import batch_collection

    gd = _given_game_def(args)
    if args.verify and (args.file.is_dir() or args.file.name.endswith(".pbem.json")):
        from malaya.persistence.pbem.chain_check import verify_chain

        chain = verify_chain(args.file)
        print(printable(chain.line()))
        return EXIT_OK if chain.ok else EXIT_FAILED
    if args.verify:
        with batch_collection():
            report = verify_replay(args.file, gd)
        print(printable(report.line()))
        return EXIT_OK if report.ok else EXIT_FAILED
    from malaya.persistence.replay_log import ReplayLog
    from malaya.ui.app.intents import Push, ToReplay
    from malaya.ui.app.loop import run_client

    log = ReplayLog.open(args.file, gd)
    return run_client(lambda: log.gd, size=args.size, max_frames=args.frames,
                      setup=lambda app: app.apply(Push(ToReplay(log))))


def _report(args: argparse.Namespace) -> int:
    """``malaya report FILE [--out DIR]``: the HTML after-action report."""
    from malaya.report import write_report

    index = write_report(args.file, args.out, _given_game_def(args))
    print(say("cli.wrote_3", index=index))
    return EXIT_OK


def _saves(args: argparse.Namespace) -> int:
    """``malaya saves``: one line per slot, newest first; unreadable files reported after them."""
    from malaya.persistence import list_slots, saves_dir
    from malaya.persistence.errors import printable
    from malaya.persistence.store import shown_time

    listing = list_slots()
    if not listing.slots and not listing.unreadable:
        print(printable(say("cli.no_saves_in", saves_dir=saves_dir())))
    for slot in listing.slots:  # every name from a file is printable: none may drive the terminal
        status = say("saves_cli.finished") if slot.finished else say("cli.turn", turn=slot.turn,
                                                                     side=slot.side.value, phase=slot.phase)
        print(printable(say("saves_cli.slot", name=slot.name, scenario=slot.scenario, status=status,
                            saved=shown_time(slot.date), path=slot.path)))
    for _path, problem in listing.unreadable:
        print(printable(say("cli.unreadable", problem=problem)))
    return EXIT_OK


def _simulate(args: argparse.Namespace) -> int:
    """``malaya simulate --games N --seed S [--jp LEVEL] [--cw LEVEL] [--json]``."""
    from malaya.runners.simulate import simulate, table, to_json

    if args.games < 1:
        raise _UsageError(say("cli.games_must_be_at_least"))
    records = simulate(args.games, args.seed, args.jp, args.cw, scenario=args.scenario,
                       processes=max(1, args.jobs), cluster=args.cluster)
    print(to_json(records) if args.json else table(records))
    return EXIT_OK


def _ladder(args: argparse.Namespace) -> int:
    """``malaya ladder [--scenario NAME|all] [--levels …] [--against LEVEL] [--pairs N] [--run NAME]``."""
    from malaya.runners.ladder_command import run_ladder_command

    problem = run_ladder_command(args)
    if problem:
        raise _UsageError(problem)
    return EXIT_OK


def _scenario_tools(args: argparse.Namespace) -> int:
    """``malaya check-scenario PATH`` and ``malaya scenario new | pack | install | list`` (runners/)."""
    from malaya.runners import scenario_commands

    run = scenario_commands.scenario if args.command == "scenario" else scenario_commands.check_scenario
    return run(args)


def _analyze(args: argparse.Namespace) -> int:
    """``malaya analyze FILE [--rollouts N] [--workers N] [--level L] [--cluster ADDRESS]``."""
    from malaya.runners.analyze import analyze, table
    from malaya.runners.pool import ClusterError

    if args.rollouts < 1:
        raise _UsageError(say("cli.rollouts_must_be_at_least"))
    try:
        run = analyze(args.file, args.rollouts, args.level, args.workers, args.cluster, turn_ends=args.turn_ends,
                      from_turn=args.from_turn)
    except ClusterError as exc:
        raise _UsageError(str(exc)) from None
    print(table(run.analysis))
    if run.stopped:
        print(say("cli.stopped_after_rollouts_what_was", played=run.played))
    print(say("cli.wrote_4", path=run.path))
    return EXIT_OK


def _pbem(args: argparse.Namespace) -> int:
    """``malaya pbem ACTION``: play by e-mail (see ``malaya.runners.pbem_commands``); ``play`` opens the window."""
    from malaya.runners.pbem_commands import run

    def window(game, outbox):  # type: ignore[no-untyped-def]
        from malaya.ui.app.intents import Push, ToPbem, ToPbemTurn
        from malaya.ui.app.loop import run_client

        if args.data is not None:  # the window's Play by e-mail page lists the games of the same folder
            os.environ["MALAYA_DATA_DIR"] = str(args.data)

        def setup(app):  # type: ignore[no-untyped-def]
            app.apply(Push(ToPbem()))
            app.apply(Push(ToPbemTurn(game)))

        return run_client(lambda: game.ledger.gd, setup=setup, max_frames=getattr(args, "frames", None))

    return run(args, window)


class _UsageError(Exception):
    """A command was given a value it cannot use."""


COMMANDS: dict[str | None, Callable[[argparse.Namespace], int]] = {
    None: _play,
    "play": _play,
    "check-map": _check_map,
    "screenshot": _screenshot,
    "replay": _replay,
    "report": _report,
    "saves": _saves,
    "simulate": _simulate,
    "ladder": _ladder,
    "check-scenario": _scenario_tools,
    "scenario": _scenario_tools,
    "analyze": _analyze,
    "pbem": _pbem,
}


def _crash_log(exc: BaseException) -> Path | None:
    """Write the traceback of an unexpected error to the user log folder; its path, if written."""
    try:
        from platformdirs import user_log_path

        from malaya.persistence.atomic import atomic_write

        folder = user_log_path("malaya", appauthor=False, ensure_exists=True)
        path = folder / "crash.log"
        atomic_write(path, "".join(traceback.format_exception(exc)).encode("utf-8"), backup=False)
        return path
    except Exception:  # the log is a courtesy; never fail while reporting a failure
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    from malaya.content.errors import ContentError
    from malaya.persistence.errors import printable
    from malaya.session.words.content_words import content_text

    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="malaya: %(message)s")
    try:
        return COMMANDS[args.command](args)
    except ContentError as err:
        print(printable(say("cli.malaya_2", error=content_text(err))), file=sys.stderr)
        return EXIT_FAILED
    except _UsageError as err:
        print(say("cli.malaya_2", error=err), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_FAILED
    except OSError as err:
        problem = str(err.strerror or err)
        print(say("os_error.with_file", problem=problem, file=err.filename) if err.filename
              else say("os_error.alone", problem=problem), file=sys.stderr)
        return EXIT_FAILED
    except Exception as err:  # last line of defence: one line for the user, details in a file
        log_path = _crash_log(err)
        if log_path:
            print(say("cli.unexpected_error_logged", kind=type(err).__name__, error=err, log=log_path), file=sys.stderr)
        else:
            print(say("cli.unexpected_error", kind=type(err).__name__, error=err), file=sys.stderr)
        return EXIT_FAILED
