"""The ``malaya`` command line: play, check a map, render a screenshot, verify a replay, list saves.

Every failure reaches the user as one readable line and a non-zero exit
status; an unexpected error also writes its traceback to a log file whose path
the message names. The user never sees a raw traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from malaya import __version__
from malaya.resources import DEFAULT_SCENARIO, scenario_file, scenarios_dir

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner in any command's output

if TYPE_CHECKING:
    from malaya.ui.app.stack import App

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
ANALYSIS_LEVELS = ("rollout", "easy", "normal", "hard")
"""The AI levels `malaya analyze` may play its rollouts at, its default first (`session.analysis.ANALYSIS_LEVEL`)."""


def _size(text: str) -> tuple[int, int]:
    """Parse ``WxH`` (e.g. ``1920x1080``) for --size."""
    match = re.fullmatch(r"\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1600x1000, got {text!r}")
    w, h = int(match[1]), int(match[2])
    if not (64 <= w <= 16384 and 64 <= h <= 16384):
        raise argparse.ArgumentTypeError("width and height must be between 64 and 16384 pixels")
    return w, h


def _scenario(text: str) -> Path:
    """Parse --scenario: a bundled scenario's name (``jitra``), its folder, or its scenario.toml."""
    from malaya.persistence.user_scenarios import find_scenario_file

    path = Path(text)
    if re.fullmatch(r"[a-z][a-z0-9_]*", text) and not path.exists():
        if find_scenario_file(text).is_file():
            return find_scenario_file(text)
        names = ", ".join(sorted(p.parent.name for p in scenarios_dir().glob("*/scenario.toml")))
        raise argparse.ArgumentTypeError(f"no scenario named {text!r}; the bundled ones are {names} (and your own "
                                         "in your scenarios folder)")
    return path / "scenario.toml" if path.is_dir() else path


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="malaya",
        description="1942: Campaign For Malaya — a hex wargame of the Japanese conquest of Malaya "
        "and Singapore. With no command, opens the game on the bundled campaign.",
    )
    parser.add_argument("--version", action="version", version=f"malaya {__version__}")
    parser.add_argument("--scenario", type=_scenario, default=None,
                        help="a bundled scenario's name (malaya1941, jitra, kampar, muar, singapore) "
                        "or a scenario file or folder (default: the campaign)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", help="open the game window (the default)")
    play.add_argument("--size", type=_size, default=None, help="window size WxH (default: the settings, 1280x800)")
    play.add_argument("--frames", type=int, default=None, metavar="N",
                      help="draw N frames, then quit (checks and benchmarks; with SDL_VIDEODRIVER=dummy: headless)")
    play.add_argument("--new", action="store_true", help="skip the menu and start a new game")
    play.add_argument("--side", choices=("JP", "CW", "hotseat"), default="hotseat",
                      help="with --new: play JP or CW against the computer, or both sides (hotseat)")
    play.add_argument("--seed", type=int, default=None, help="with --new: the dice seed (default: random)")
    play.add_argument("--options", default="", help="with --new: comma-separated option ids to buy (R16)")
    check = sub.add_parser("check-map", help="validate a Tiled TMX map; prints one line, exit 0 or 1")
    check.add_argument("path", type=Path, help="the .tmx file")
    shot = sub.add_parser("screenshot", help="render the game to PNGs, headless (one view, or --all of them)")
    shot.add_argument("out", type=Path, help="output .png file (with --all: a folder)")
    shot.add_argument("--size", type=_size, default=(1600, 1000), help="image size WxH (default 1600x1000)")
    shot.add_argument(
        "--view", default="full",
        help="'full': the whole peninsula, map only (default); 'start': the opening view, map only; "
        "the game window: 'opening', 'combat' (an attack with its Combat Panel), 'strategic', "
        "'zoom-1' (farthest) … 'zoom-9' (nearest)",
    )
    shot.add_argument("--all", action="store_true",
                      help="every game-window view at 1366x768 and 1920x1080 into the folder OUT")
    replay = sub.add_parser("replay", help="open a save in the replay viewer, or verify it headless (--verify)")
    replay.add_argument("file", type=Path, help="the save file (.json), or with --verify a finished play-by-e-mail "
                        "game: a folder of its turn files or one of them")
    replay.add_argument("--verify", action="store_true",
                        help="re-simulate it headless and report the first divergence, or OK (exit 0 or 1)")
    replay.add_argument("--size", type=_size, default=None, help="window size WxH")
    replay.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # tests
    report = sub.add_parser("report", help="write an HTML after-action report of a save (map per turn, "
                            "combats, losses, VP, the historical timeline)")
    report.add_argument("file", type=Path, help="the save file (.json)")
    report.add_argument("--out", type=Path, default=None,
                        help="output folder (default: a new folder beside FILE, FILE's name plus '-report', "
                             "'-report-2'… if that exists)")
    sub.add_parser("saves", help="list the save slots in the user's data folder")
    checks = sub.add_parser("check-scenario", help="check a scenario folder: every problem at once, then a computer "
                            "game of it to its end; exit 0 or 1")
    checks.add_argument("path", type=Path, help="the scenario's folder (or its scenario.toml, or your own's id)")
    checks.add_argument("--no-play", action="store_true", help="check the files only, without the computer game")
    own = sub.add_parser("scenario", help="make, pack and install scenarios of your own (docs/modding.md)")
    own_sub = own.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = own_sub.add_parser("new", help="start a scenario of your own in your scenarios folder from a bundled one")
    new.add_argument("name", help="its id and folder name: lower-case letters, digits and _")
    new.add_argument("--from", dest="source", default="jitra", help="the bundled scenario to start from (jitra)")
    new.add_argument("--with-map", action="store_true", help="copy the map and its tilesets too, to edit in Tiled")
    packs = own_sub.add_parser("pack", help="write a scenario folder as a zip to share (ID.zip)")
    packs.add_argument("path", type=Path, help="the scenario's folder (or your own scenario's id)")
    packs.add_argument("--out", type=Path, default=None, help="the zip to write (default: ID.zip here)")
    installs = own_sub.add_parser("install", help="check a shared zip and install it into your scenarios folder")
    installs.add_argument("file", type=Path, help="the .zip made by malaya scenario pack")
    installs.add_argument("--replace", action="store_true", help="install over a scenario of the same id")
    own_sub.add_parser("list", help="list your own scenarios and where they are")
    sim = sub.add_parser("simulate", help="play AI-vs-AI campaigns headless and print a table of results")
    sim.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (then seed+1, …)")
    players = ("easy", "normal", "hard", "baseline", "random")  # baseline: hard as of issue 18, frozen
    sim.add_argument("--jp", choices=players, default="normal", help="JP player")
    sim.add_argument("--cw", choices=players, default="normal", help="CW player")
    sim.add_argument("--jobs", type=int, default=2, help="worker processes when games > 1 (default 2)")
    sim.add_argument("--json", action="store_true", help="print JSON instead of the table")
    sim.add_argument("--cluster", default=None, metavar="ADDRESS",
                     help="run the games on a Dask cluster (tcp://host:8786) instead of this machine")
    ana = sub.add_parser("analyze", help="the chance of each side winning after every player-turn of a save, "
                         "its turning points and luck ledger (writes FILE.analysis.json)")
    ana.add_argument("file", type=Path, help="the save file (.json)")
    ana.add_argument("--rollouts", type=int, default=32, help="games played on from each position (default 32)")
    ana.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    ana.add_argument("--level", choices=ANALYSIS_LEVELS, default=ANALYSIS_LEVELS[0],
                     help="the computer's level in the rollouts (default rollout: cheap, made for analysis)")
    ana.add_argument("--cluster", default=None, metavar="ADDRESS",
                     help="run the rollouts on a Dask cluster (tcp://host:8786); needs malaya[cluster]")
    ana.add_argument("--turn-ends", action="store_true",
                     help="only the end of each game-turn, not every player-turn (half the work)")
    ana.add_argument("--from-turn", type=int, default=0, metavar="N", help="only from game-turn N on")
    _add_ladder(sub, players[:-1])
    from malaya.runners.pbem_commands import add_parser as add_pbem_parser

    add_pbem_parser(sub)
    return parser


def _add_ladder(sub: argparse._SubParsersAction[argparse.ArgumentParser], levels: tuple[str, ...]) -> None:
    """``malaya ladder``: its options (the runner is malaya/runners/ladder.py)."""
    lad = sub.add_parser("ladder", help="measure AI levels against a reference level in side-swapped pairs, "
                         "judged by each scenario's result levels, with every target met or not")
    lad.add_argument("--scenario", dest="ladder_scenario", default=DEFAULT_SCENARIO, metavar="NAME",
                     help="a bundled scenario's name, or 'all' for every one (default: the campaign)")
    lad.add_argument("--levels", nargs="+", choices=levels, default=["hard", "baseline"],
                     help="the levels to measure (default: hard baseline)")
    lad.add_argument("--against", choices=levels, default="baseline", help="the reference level (default baseline)")
    lad.add_argument("--pairs", type=int, default=40, help="side-swapped pairs per scenario (default 40)")
    lad.add_argument("--pace", type=int, default=None, metavar="N",
                     help="normal v normal campaign games for the pace targets (default: as many as --pairs)")
    lad.add_argument("--hard-games", type=int, default=None, metavar="N",
                     help="hard v hard campaign games for the hard Japanese's supply (default: as many as --pairs)")
    lad.add_argument("--save", type=Path, default=None, metavar="DIR",
                     help="save each hard v hard game in DIR, to read with 'malaya replay' or 'malaya report'")
    lad.add_argument("--run", default="ladder", help="the run's name; its seeds come from a hash of it")
    lad.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")


def _check_map(args: argparse.Namespace) -> int:
    """``malaya check-map PATH``."""
    from malaya.content import check_map

    print(check_map(args.path))
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
        raise _UsageError(f"the screenshot file must end in .png: {args.out}")
    presenter = Presenter.open(_scenario_path(args))
    out = render_screenshot(
        presenter.board, presenter.views(), presenter.status(), args.out, size=args.size, view=View(args.view)
    )
    print(f"wrote {out}")
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
            print(f"wrote {out}")
        return EXIT_OK
    if args.view not in SHOTS:
        raise _UsageError(f"no view named {args.view!r}; the views are full, start, {', '.join(SHOTS)}")
    if args.out.suffix.lower() != ".png":
        raise _UsageError(f"the screenshot file must end in .png: {args.out}")
    print(f"wrote {save_png(render_shot(load, args.view, args.size), args.out)}")
    return EXIT_OK


def _play(args: argparse.Namespace) -> int:
    """``malaya`` / ``malaya play``: the main menu, or with ``--new`` straight into a game."""
    from malaya.content.campaign import load_game_def
    from malaya.ui.app.loop import NewGameRequest, run_client

    path = _scenario_path(args)
    size = getattr(args, "size", None)
    start = None
    if getattr(args, "new", False):
        options = tuple(o.strip() for o in args.options.split(",") if o.strip())
        start = NewGameRequest(side=args.side, seed=args.seed, options=options)
    return run_client(lambda: load_game_def(path), size=size, max_frames=getattr(args, "frames", None), start=start,
                      setup=_offer_reports)


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
                           f"malaya report stopped with code {done.returncode}")
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
    print(f"wrote {index}")
    return EXIT_OK


def _saves(args: argparse.Namespace) -> int:
    """``malaya saves``: one line per slot, newest first; unreadable files reported after them."""
    from malaya.persistence import list_slots, saves_dir
    from malaya.persistence.errors import printable
    from malaya.persistence.store import shown_time

    listing = list_slots()
    if not listing.slots and not listing.unreadable:
        print(printable(f"no saves in {saves_dir()}"))
    for slot in listing.slots:  # every name from a file is printable: none may drive the terminal
        status = "finished" if slot.finished else f"turn {slot.turn} {slot.side.value} {slot.phase}"
        print(printable(f"{slot.name}  [{slot.scenario}, {status}, {shown_time(slot.date)}]  {slot.path}"))
    for _path, problem in listing.unreadable:
        print(printable(f"unreadable: {problem}"))
    return EXIT_OK


def _simulate(args: argparse.Namespace) -> int:
    """``malaya simulate --games N --seed S [--jp LEVEL] [--cw LEVEL] [--json]``."""
    from malaya.runners.simulate import simulate, table, to_json

    if args.games < 1:
        raise _UsageError("--games must be at least 1")
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
        raise _UsageError("--rollouts must be at least 1")
    try:
        run = analyze(args.file, args.rollouts, args.level, args.workers, args.cluster, turn_ends=args.turn_ends,
                      from_turn=args.from_turn)
    except ClusterError as exc:
        raise _UsageError(str(exc)) from None
    print(table(run.analysis))
    if run.stopped:
        print(f"stopped after {run.played} rollouts; what was played is kept: run the same command to go on")
    print(f"wrote {run.path}")
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

    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="malaya: %(message)s")
    try:
        return COMMANDS[args.command](args)
    except ContentError as err:
        print(printable(f"malaya: {err}"), file=sys.stderr)
        return EXIT_FAILED
    except _UsageError as err:
        print(f"malaya: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_FAILED
    except OSError as err:
        print(f"malaya: {err.strerror or err}: {err.filename or ''}".rstrip(": "), file=sys.stderr)
        return EXIT_FAILED
    except Exception as err:  # last line of defence: one line for the user, details in a file
        log_path = _crash_log(err)
        where = f" (details in {log_path})" if log_path else ""
        print(f"malaya: unexpected error: {type(err).__name__}: {err}{where}", file=sys.stderr)
        return EXIT_FAILED
