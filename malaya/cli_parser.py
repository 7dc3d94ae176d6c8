"""The ``malaya`` command line's words and options: every command, its arguments and their help (the commands
themselves are carried out by :mod:`malaya.cli`)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from malaya import __version__
from malaya.resources import DEFAULT_SCENARIO, scenarios_dir
from malaya.session.words.catalog import say

ANALYSIS_LEVELS = ("rollout", "easy", "normal", "hard")
"""The AI levels `malaya analyze` may play its rollouts at, its default first (`session.analysis.ANALYSIS_LEVEL`)."""


def _size(text: str) -> tuple[int, int]:
    """Parse ``WxH`` (e.g. ``1920x1080``) for --size."""
    match = re.fullmatch(r"\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(say("cli.expected_widthxheight_such_as_1600x1000", text=text))
    w, h = int(match[1]), int(match[2])
    if not (64 <= w <= 16384 and 64 <= h <= 16384):
        raise argparse.ArgumentTypeError(say("cli.width_and_height_must_be"))
    return w, h


def _scenario(text: str) -> Path:
    """Parse --scenario: a bundled scenario's name (``jitra``), its folder, or its scenario.toml."""
    from malaya.persistence.user_scenarios import find_scenario_file

    path = Path(text)
    if re.fullmatch(r"[a-z][a-z0-9_]*", text) and not path.exists():
        if find_scenario_file(text).is_file():
            return find_scenario_file(text)
        names = ", ".join(sorted(p.parent.name for p in scenarios_dir().glob("*/scenario.toml")))
        raise argparse.ArgumentTypeError(say("cli.no_scenario_named_the_bundled", text=text, names=names))
    return path / "scenario.toml" if path.is_dir() else path


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="malaya",
        description=say("cli.n1942_campaign_for_malaya_a"),
    )
    parser.add_argument("--version", action="version", version=say("cli.malaya", version=__version__))
    parser.add_argument("--scenario", type=_scenario, default=None,
                        help=say("cli.a_bundled_scenario_s_name"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", help=say("cli.open_the_game_window_the"))
    play.add_argument("--size", type=_size, default=None, help=say("cli.window_size_wxh_default_the"))
    play.add_argument("--frames", type=int, default=None, metavar="N",
                      help=say("cli.draw_n_frames_then_quit"))
    play.add_argument("--new", action="store_true", help=say("cli.skip_the_menu_and_start"))
    play.add_argument("--side", choices=("JP", "CW", "hotseat"), default="hotseat",
                      help=say("cli.with_new_play_jp_or"))
    play.add_argument("--seed", type=int, default=None, help=say("cli.with_new_the_dice_seed"))
    play.add_argument("--options", default="", help=say("cli.with_new_comma_separated_option"))
    check = sub.add_parser("check-map", help=say("cli.validate_a_tiled_tmx_map"))
    check.add_argument("path", type=Path, help=say("cli.the_tmx_file"))
    shot = sub.add_parser("screenshot", help=say("cli.render_the_game_to_pngs"))
    shot.add_argument("out", type=Path, help=say("cli.output_png_file_with_all"))
    shot.add_argument("--size", type=_size, default=(1600, 1000), help=say("cli.image_size_wxh_default_1600x1000"))
    shot.add_argument(
        "--view", default="full",
        help=say("cli.full_the_whole_peninsula_map"),
    )
    shot.add_argument("--all", action="store_true",
                      help=say("cli.every_game_window_view_at"))
    replay = sub.add_parser("replay", help=say("cli.open_a_save_in_the"))
    replay.add_argument("file", type=Path, help=say("cli.the_save_file_json_or"))
    replay.add_argument("--verify", action="store_true",
                        help=say("cli.re_simulate_it_headless_and"))
    replay.add_argument("--size", type=_size, default=None, help=say("cli.window_size_wxh"))
    replay.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # tests
    report = sub.add_parser("report", help=say("cli.write_an_html_after_action"))
    report.add_argument("file", type=Path, help=say("cli.the_save_file_json"))
    report.add_argument("--out", type=Path, default=None,
                        help=say("cli.output_folder_default_a_new"))
    sub.add_parser("saves", help=say("cli.list_the_save_slots_in"))
    checks = sub.add_parser("check-scenario", help=say("cli.check_a_scenario_folder_every"))
    checks.add_argument("path", type=Path, help=say("cli.the_scenario_s_folder_or"))
    checks.add_argument("--no-play", action="store_true", help=say("cli.check_the_files_only_without"))
    own = sub.add_parser("scenario", help=say("cli.make_pack_and_install_scenarios"))
    own_sub = own.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = own_sub.add_parser("new", help=say("cli.start_a_scenario_of_your"))
    new.add_argument("name", help=say("cli.its_id_and_folder_name"))
    new.add_argument("--from", dest="source", default="jitra", help=say("cli.the_bundled_scenario_to_start"))
    new.add_argument("--with-map", action="store_true", help=say("cli.copy_the_map_and_its"))
    packs = own_sub.add_parser("pack", help=say("cli.write_a_scenario_folder_as"))
    packs.add_argument("path", type=Path, help=say("cli.the_scenario_s_folder_or_2"))
    packs.add_argument("--out", type=Path, default=None, help=say("cli.the_zip_to_write_default"))
    installs = own_sub.add_parser("install", help=say("cli.check_a_shared_zip_and"))
    installs.add_argument("file", type=Path, help=say("cli.the_zip_made_by_malaya"))
    installs.add_argument("--replace", action="store_true", help=say("cli.install_over_a_scenario_of"))
    own_sub.add_parser("list", help=say("cli.list_your_own_scenarios_and"))
    sim = sub.add_parser("simulate", help=say("cli.play_ai_vs_ai_campaigns"))
    sim.add_argument("--games", type=int, default=1, help=say("cli.number_of_games_default_1"))
    sim.add_argument("--seed", type=int, default=0, help=say("cli.seed_of_the_first_game"))
    players = ("easy", "normal", "hard", "baseline", "random")  # baseline: hard as of issue 18, frozen
    sim.add_argument("--jp", choices=players, default="normal", help=say("cli.jp_player"))
    sim.add_argument("--cw", choices=players, default="normal", help=say("cli.cw_player"))
    sim.add_argument("--jobs", type=int, default=2, help=say("cli.worker_processes_when_games_1"))
    sim.add_argument("--json", action="store_true", help=say("cli.print_json_instead_of_the"))
    sim.add_argument("--cluster", default=None, metavar="ADDRESS",
                     help=say("cli.run_the_games_on_a"))
    ana = sub.add_parser("analyze", help=say("cli.the_chance_of_each_side"))
    ana.add_argument("file", type=Path, help=say("cli.the_save_file_json"))
    ana.add_argument("--rollouts", type=int, default=32, help=say("cli.games_played_on_from_each"))
    ana.add_argument("--workers", type=int, default=None, help=say("cli.worker_processes_default_every_core"))
    ana.add_argument("--level", choices=ANALYSIS_LEVELS, default=ANALYSIS_LEVELS[0],
                     help=say("cli.the_computer_s_level_in"))
    ana.add_argument("--cluster", default=None, metavar="ADDRESS",
                     help=say("cli.run_the_rollouts_on_a"))
    ana.add_argument("--turn-ends", action="store_true",
                     help=say("cli.only_the_end_of_each"))
    ana.add_argument("--from-turn", type=int, default=0, metavar="N", help=say("cli.only_from_game_turn_n"))
    _add_ladder(sub, players[:-1])
    from malaya.runners.pbem_commands import add_parser as add_pbem_parser

    add_pbem_parser(sub)
    return parser


def _add_ladder(sub: argparse._SubParsersAction[argparse.ArgumentParser], levels: tuple[str, ...]) -> None:
    """``malaya ladder``: its options (the runner is malaya/runners/ladder.py)."""
    lad = sub.add_parser("ladder", help=say("cli.measure_ai_levels_against_a"))
    lad.add_argument("--scenario", dest="ladder_scenario", default=DEFAULT_SCENARIO, metavar="NAME",
                     help=say("cli.a_bundled_scenario_s_name_2"))
    lad.add_argument("--levels", nargs="+", choices=levels, default=["hard", "baseline"],
                     help=say("cli.the_levels_to_measure_default"))
    lad.add_argument("--against", choices=levels, default="baseline",
                     help=say("cli.the_reference_level_default_baseline"))
    lad.add_argument("--pairs", type=int, default=40, help=say("cli.side_swapped_pairs_per_scenario"))
    lad.add_argument("--pace", type=int, default=None, metavar="N",
                     help=say("cli.normal_v_normal_campaign_games"))
    lad.add_argument("--hard-games", type=int, default=None, metavar="N", help=say("cli.hard_v_hard_campaign_games"))
    lad.add_argument("--save", type=Path, default=None, metavar="DIR", help=say("cli.save_each_hard_v_hard"))
    lad.add_argument("--run", default="ladder", help=say("cli.the_run_s_name_its"))
    lad.add_argument("--jobs", type=int, default=2, help=say("cli.worker_processes_default_2"))
