"""``malaya pbem …``: play by e-mail from the command line (new game, open a received file, watch a shared folder,
list, play, check, export).

A human plays their turn in the game window (``malaya pbem play GAME``); ``--ai LEVEL`` lets the computer
play it instead, headless (tests, and playing against oneself through two data folders).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from malaya.engine import Side
from malaya.persistence.data_folder import data_dir
from malaya.persistence.errors import printable
from malaya.persistence.pbem.autoplay import play_turn
from malaya.persistence.pbem.export import chain_to_save
from malaya.persistence.pbem.games import PbemGame, Sent, Stage, list_games, load_game, new_game, pbem_root, receive
from malaya.persistence.pbem.shared_folder import set_watched_folder, watched_folder
from malaya.persistence.pbem.turnfile import PbemError
from malaya.persistence.pbem.watch import POLL_S, Seen, scan
from malaya.persistence.store import write_save
from malaya.session.controllers import make_controller

LEVELS = ("easy", "normal", "hard", "random")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``pbem`` subcommand and its own subcommands."""
    pbem = sub.add_parser("pbem", help="play by e-mail: start a game, open a received turn file, list games")
    pbem.add_argument("--data", type=Path, default=None, help="the data folder (default: the user's)")
    pbem.add_argument("--out", type=Path, default=None, help="where to write files to send (default: the game's "
                      "outbox folder)")
    inner = pbem.add_subparsers(dest="pbem_command", metavar="ACTION", required=True)
    new = inner.add_parser("new", help="start a game (the global --scenario chooses it) and write its first file")
    new.add_argument("--side", choices=("JP", "CW"), required=True, help="the side you play")
    opened = inner.add_parser("open", help="open a turn file your opponent sent")
    opened.add_argument("file", type=Path)
    opened.add_argument("--ai", choices=LEVELS, default=None, help="let the computer play your turn, headless")
    play = inner.add_parser("play", help="play your turn in a game (window; or --ai headless)")
    play.add_argument("game", help="the game id (or its first letters)")
    play.add_argument("--ai", choices=LEVELS, default=None, help="let the computer play your turn, headless")
    play.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # checks: draw N frames, quit
    inner.add_parser("list", help="your play-by-e-mail games and whose turn it is")
    watch = inner.add_parser("watch", help="wait for your opponent's next file in a shared folder, then open it")
    watch.add_argument("folder", type=Path, nargs="?", default=None,
                       help="the shared or synced folder (default: the one chosen with 'pbem folder')")
    watch.add_argument("--once", action="store_true", help="stop after one file is opened")
    watch.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                       help="give up after this long without a file (exit status 1)")
    watch.add_argument("--ai", choices=LEVELS, default=None, help="let the computer play your turn, headless")
    folder = inner.add_parser("folder", help="choose the shared folder your games write their files to and watch")
    folder.add_argument("folder", type=Path, nargs="?", default=None, help="the folder (none given: stop using one)")
    check = inner.add_parser("check", help="check a game in progress again from its first file (ignores the record "
                             "that makes opening files fast)")
    check.add_argument("game", help="the game id (or its first letters)")
    export = inner.add_parser("export", help="turn a finished game's files into a save (replay viewer, report)")
    export.add_argument("chain", type=Path, help="a folder of turn files, or one of them")
    export.add_argument("save", type=Path, help="the save file to write (.json)")


def _data(args: argparse.Namespace) -> Path:
    """The data folder the command works in."""
    return args.data if args.data is not None else data_dir()


def _tell_sent(sent: Sent) -> None:
    """Say where the file to send is, its size, and the e-mail text."""
    print(printable(f"Send this file to your opponent: {sent.path} ({sent.size:,} bytes)"))
    print("E-mail text:")
    print(sent.body.rstrip())


def _tell_stage(game: PbemGame) -> None:
    """Say whose turn it is in ``game``."""
    state = game.match.state
    print(f"Game {game.game_id[:8]} ({game.ledger.gd.scenario.id}), you play {game.side.value}: {game.stage.value}"
          + ("" if game.stage is Stage.OVER else f" (turn {state.turn}, {state.side.value} {state.phase.value})"))


def _find(data: Path, prefix: str) -> PbemGame:
    """The game whose id starts with ``prefix``; PbemError if none or several."""
    root = pbem_root(data)
    found = [f for f in (sorted(root.iterdir()) if root.is_dir() else []) if f.name.startswith(prefix.lower())]
    if len(found) != 1:
        raise PbemError(f"no game {prefix} in {root}" if not found else f"several games start with {prefix}")
    return load_game(found[0])


def _play_ai(game: PbemGame, level: str, out: Path | None) -> None:
    """The computer plays this side's turn and sends."""
    seed = int(game.game_id[:8], 16)
    _tell_sent(play_turn(game, make_controller(level if level == "random" else f"ai:{level}", game.side, seed),
                         seed, out))


def _new(args: argparse.Namespace) -> int:
    scenario = args.scenario.parent.name if args.scenario is not None else "malaya1941"
    game, sent = new_game(_data(args), scenario, Side(args.side), args.out)
    print(f"New play-by-e-mail game {game.game_id[:8]} ({scenario}); you play {game.side.value}.")
    _tell_sent(sent)
    return 0


def _open(args: argparse.Namespace) -> int:
    _open_file(_data(args), args.file, args.out, args.ai)
    return 0


def _open_file(data: Path, path: Path, out: Path | None, level: str | None) -> None:
    """Open a received file, say what it gave, and let the computer play the turn if ``level`` is given."""
    game, sent = receive(data, path, out)
    if sent is not None:
        print("Answered at once (no choice was needed).")
        _tell_sent(sent)
    _tell_stage(game)
    if game.stage is Stage.YOUR_TURN and level is not None:
        _play_ai(game, level, out)
    elif game.stage is Stage.YOUR_TURN:
        print(f"Play your turn: malaya pbem play {game.game_id[:8]}")


PlayWindow = Callable[[PbemGame, Path | None], int]
"""Opens the game window on a PBEM game for the human's turn (given by the command line, above this layer)."""


def _play(args: argparse.Namespace, window: PlayWindow | None) -> int:
    game = _find(_data(args), args.game)
    if game.stage is not Stage.YOUR_TURN:
        _tell_stage(game)
        return 1
    if args.ai is not None:
        _play_ai(game, args.ai, args.out)
        return 0
    if window is None:
        raise PbemError("no game window here: give --ai LEVEL to let the computer play this turn")
    return window(game, args.out)


def _list(args: argparse.Namespace) -> int:
    games = list_games(_data(args))
    if not games:
        print(printable(f"no play-by-e-mail games in {pbem_root(_data(args))}"))
    for game in games:
        if isinstance(game, PbemGame):
            _tell_stage(game)
        else:
            print(printable(f"unreadable: {game[0].name}: {game[1]}"))
    return 0


def _export(args: argparse.Namespace) -> int:
    path = write_save(chain_to_save(args.chain), args.save, backup=False)
    print(printable(f"wrote {path}: open it with malaya replay {path} or malaya report {path}"))
    return 0


def _folder(args: argparse.Namespace) -> int:
    problem = set_watched_folder(_data(args), args.folder)
    if problem is not None:
        raise PbemError(problem)
    print(printable(f"Your games write their files to {args.folder} and watch it." if args.folder is not None
                    else "No shared folder: your games write their files to their outbox folders."))
    return 0


def _check(args: argparse.Namespace) -> int:
    game = _find(_data(args), args.game)
    game = load_game(game.folder, full=True)
    print(f"Checked in full from its first file: {len(game.ledger.files)} turn files, all accepted.")
    _tell_stage(game)
    return 0


def _watch(args: argparse.Namespace) -> int:
    """Look into the folder every few seconds; open each file that is ready (and say why others are not)."""
    data = _data(args)
    folder = args.folder or watched_folder(data)
    if folder is None:
        raise PbemError("no folder to watch: give one (malaya pbem watch FOLDER) or choose one with pbem folder")
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    told: set[str] = set()
    refused: set[Path] = set()
    print(printable(f"Watching {folder} for your opponent's turn files (Ctrl+C stops)."), flush=True)
    while True:
        arrivals = [a for a in scan(folder, data) if a.path not in refused]
        for arrival in arrivals:
            if arrival.seen is not Seen.READY and arrival.text not in told:
                told.add(arrival.text)
                print(printable(arrival.text), flush=True)
        ready = next((a for a in arrivals if a.seen is Seen.READY), None)
        if ready is not None:
            print(printable(ready.text + ": opening it."), flush=True)
            try:
                _open_file(data, ready.path, args.out or folder, args.ai)
            except PbemError as err:
                print(printable(f"malaya: {err}"), flush=True)
                refused.add(ready.path)
                if args.once:
                    return 1
                continue
            if args.once:
                return 0
            continue
        if deadline is not None and time.monotonic() >= deadline:
            print("No turn file arrived in time.")
            return 1
        time.sleep(POLL_S if deadline is None else max(0.0, min(POLL_S, deadline - time.monotonic())))


ACTIONS = {"new": _new, "open": _open, "list": _list, "export": _export, "watch": _watch, "folder": _folder,
           "check": _check}


def run(args: argparse.Namespace, window: PlayWindow | None = None) -> int:
    """Run ``malaya pbem ACTION``; a refused file is one plain line and exit status 1."""
    try:
        if args.pbem_command == "play":
            return _play(args, window)
        return ACTIONS[args.pbem_command](args)
    except PbemError as err:
        print(printable(f"malaya: {err}"))
        return 1
