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
from malaya.session.words.catalog import say

LEVELS = ("easy", "normal", "hard", "random")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``pbem`` subcommand and its own subcommands."""
    pbem = sub.add_parser("pbem", help=say("pbem_cli.play_by_e_mail_start"))
    pbem.add_argument("--data", type=Path, default=None, help=say("pbem_cli.the_data_folder_default_the"))
    pbem.add_argument("--out", type=Path, default=None, help=say("pbem_cli.where_to_write_files_to"))
    inner = pbem.add_subparsers(dest="pbem_command", metavar="ACTION", required=True)
    new = inner.add_parser("new", help=say("pbem_cli.start_a_game_the_global"))
    new.add_argument("--side", choices=("JP", "CW"), required=True, help=say("pbem_cli.the_side_you_play"))
    opened = inner.add_parser("open", help=say("pbem_cli.open_a_turn_file_your"))
    opened.add_argument("file", type=Path)
    opened.add_argument("--ai", choices=LEVELS, default=None, help=say("pbem_cli.let_the_computer_play_your"))
    play = inner.add_parser("play", help=say("pbem_cli.play_your_turn_in_a"))
    play.add_argument("game", help=say("pbem_cli.the_game_id_or_its"))
    play.add_argument("--ai", choices=LEVELS, default=None, help=say("pbem_cli.let_the_computer_play_your"))
    play.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # checks: draw N frames, quit
    inner.add_parser("list", help=say("pbem_cli.your_play_by_e_mail"))
    watch = inner.add_parser("watch", help=say("pbem_cli.wait_for_your_opponent_s"))
    watch.add_argument("folder", type=Path, nargs="?", default=None,
                       help=say("pbem_cli.the_shared_or_synced_folder"))
    watch.add_argument("--once", action="store_true", help=say("pbem_cli.stop_after_one_file_is"))
    watch.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                       help=say("pbem_cli.give_up_after_this_long"))
    watch.add_argument("--ai", choices=LEVELS, default=None, help=say("pbem_cli.let_the_computer_play_your"))
    folder = inner.add_parser("folder", help=say("pbem_cli.choose_the_shared_folder_your"))
    folder.add_argument("folder", type=Path, nargs="?", default=None, help=say("pbem_cli.the_folder_none_given_stop"))
    check = inner.add_parser("check", help=say("pbem_cli.check_a_game_in_progress"))
    check.add_argument("game", help=say("pbem_cli.the_game_id_or_its"))
    export = inner.add_parser("export", help=say("pbem_cli.turn_a_finished_game_s"))
    export.add_argument("chain", type=Path, help=say("pbem_cli.a_folder_of_turn_files"))
    export.add_argument("save", type=Path, help=say("pbem_cli.the_save_file_to_write"))


def _data(args: argparse.Namespace) -> Path:
    """The data folder the command works in."""
    return args.data if args.data is not None else data_dir()


def _tell_sent(sent: Sent) -> None:
    """Say where the file to send is, its size, and the e-mail text."""
    print(printable(say("pbem_cli.send_this_file_to_your", path=sent.path, size=format(sent.size, ","))))
    print(say("pbem_cli.e_mail_text"))
    print(sent.body.rstrip())


def _tell_stage(game: PbemGame) -> None:
    """Say whose turn it is in ``game``."""
    state = game.match.state
    fields = {"game_id": game.game_id[:8], "scenario": game.ledger.gd.scenario.id, "side": game.side.value,
              "stage": game.stage.words}
    if game.stage is Stage.OVER:
        print(say("pbem_cli.game_stage_over", **fields))
    else:
        print(say("pbem_cli.game_stage", **fields, turn=state.turn, to_play=state.side.value,
                  phase=state.phase.value))


def _find(data: Path, prefix: str) -> PbemGame:
    """The game whose id starts with ``prefix``; PbemError if none or several."""
    root = pbem_root(data)
    found = [f for f in (sorted(root.iterdir()) if root.is_dir() else []) if f.name.startswith(prefix.lower())]
    if len(found) != 1:
        raise PbemError(say("pbem_cli.no_game", prefix=prefix, folder=root) if not found
                        else say("pbem_cli.several_games", prefix=prefix))
    return load_game(found[0])


def _play_ai(game: PbemGame, level: str, out: Path | None) -> None:
    """The computer plays this side's turn and sends."""
    seed = int(game.game_id[:8], 16)
    _tell_sent(play_turn(game, make_controller(level if level == "random" else f"ai:{level}", game.side, seed),
                         seed, out))


def _new(args: argparse.Namespace) -> int:
    scenario = args.scenario.parent.name if args.scenario is not None else "malaya1941"
    game, sent = new_game(_data(args), scenario, Side(args.side), args.out)
    print(say("pbem_cli.new_play_by_e_mail", game_id=game.game_id[:8], scenario=scenario, side=game.side.value))
    _tell_sent(sent)
    return 0


def _open(args: argparse.Namespace) -> int:
    _open_file(_data(args), args.file, args.out, args.ai)
    return 0


def _open_file(data: Path, path: Path, out: Path | None, level: str | None) -> None:
    """Open a received file, say what it gave, and let the computer play the turn if ``level`` is given."""
    game, sent = receive(data, path, out)
    if sent is not None:
        print(say("pbem_cli.answered_at_once_no_choice"))
        _tell_sent(sent)
    _tell_stage(game)
    if game.stage is Stage.YOUR_TURN and level is not None:
        _play_ai(game, level, out)
    elif game.stage is Stage.YOUR_TURN:
        print(say("pbem_cli.play_your_turn_malaya_pbem", game_id=game.game_id[:8]))


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
        raise PbemError(say("pbem_cli.no_game_window_here_give"))
    return window(game, args.out)


def _list(args: argparse.Namespace) -> int:
    games = list_games(_data(args))
    if not games:
        print(printable(say("pbem_cli.no_play_by_e_mail", folder=pbem_root(_data(args)))))
    for game in games:
        if isinstance(game, PbemGame):
            _tell_stage(game)
        else:
            print(printable(say("pbem_cli.unreadable", name=game[0].name, game=game[1])))
    return 0


def _export(args: argparse.Namespace) -> int:
    path = write_save(chain_to_save(args.chain), args.save, backup=False)
    print(printable(say("pbem_cli.wrote_open_it_with_malaya", path=path)))
    return 0


def _folder(args: argparse.Namespace) -> int:
    problem = set_watched_folder(_data(args), args.folder)
    if problem is not None:
        raise PbemError(problem)
    print(printable(say("pbem_cli.your_games_write_their_files", folder=args.folder) if args.folder is not None
                    else say("pbem_cli.no_shared_folder_your_games")))
    return 0


def _check(args: argparse.Namespace) -> int:
    game = _find(_data(args), args.game)
    game = load_game(game.folder, full=True)
    print(say("pbem_cli.checked_in_full_from_its", files=len(game.ledger.files)))
    _tell_stage(game)
    return 0


def _watch(args: argparse.Namespace) -> int:
    """Look into the folder every few seconds; open each file that is ready (and say why others are not)."""
    data = _data(args)
    folder = args.folder or watched_folder(data)
    if folder is None:
        raise PbemError(say("pbem_cli.no_folder_to_watch_give"))
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    told: set[str] = set()
    refused: set[Path] = set()
    print(printable(say("pbem_cli.watching_for_your_opponent_s", folder=folder)), flush=True)
    while True:
        arrivals = [a for a in scan(folder, data) if a.path not in refused]
        for arrival in arrivals:
            if arrival.seen is not Seen.READY and arrival.text not in told:
                told.add(arrival.text)
                print(printable(arrival.text), flush=True)
        ready = next((a for a in arrivals if a.seen is Seen.READY), None)
        if ready is not None:
            print(printable(say("pbem_cli.opening_it", arrival=ready.text)), flush=True)
            try:
                _open_file(data, ready.path, args.out or folder, args.ai)
            except PbemError as err:
                print(printable(say("pbem_cli.malaya", error=err)), flush=True)
                refused.add(ready.path)
                if args.once:
                    return 1
                continue
            if args.once:
                return 0
            continue
        if deadline is not None and time.monotonic() >= deadline:
            print(say("pbem_cli.no_turn_file_arrived_in"))
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
        print(printable(say("pbem_cli.malaya", error=err)))
        return 1
