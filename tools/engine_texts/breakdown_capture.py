"""Record the Combat Panel's breakdown lines of every combat of played games, to compare two versions of the code.

Used to show that moving the breakdown's sentences out of the engine (issue 28 item 2) changed no word a player
reads: run it on the commit before and on the branch, then ``diff`` the two outputs::

    PYTHONPATH=$PWD python tools/engine_texts/breakdown_capture.py --levels normal --games 1 > /tmp/before.txt

Each combat is written as a heading (level, game, action number) and, indented, the lines the panel shows
(``preview_lines``) and then the engine's own line texts before the panel made them plain (rule numbers kept).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import RollDice  # noqa: E402
from malaya.engine.combat.preview import preview  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session.analysis.rollout import rollout_seed  # noqa: E402
from malaya.session.controllers import make_controller  # noqa: E402
from malaya.session.match import Controller, Match  # noqa: E402
from malaya.ui.battle.panels.combat_panel import preview_lines  # noqa: E402


def raw_text(line: Any) -> str:
    """The engine line's own words: ``.text`` before the move, the session's renderer after."""
    if hasattr(line, "text"):
        return str(line.text)
    from malaya.session.words.breakdown_words import breakdown_text
    return breakdown_text(line)


def recording(inner: Controller, out: list[str], label: str) -> Controller:
    """``inner``, noting the Combat Panel's lines whenever it rolls the dice."""
    def choose(gd: Any, state: Any) -> Any:
        action = inner(gd, state)
        if isinstance(action, RollDice):
            shown = preview(gd, state)
            items = (*shown.attack_lines, *shown.defense_lines, *shown.shift_lines, *shown.modifier_lines)
            out.append(f"{label} combat {len(out)}")
            out.extend(f"  panel: {text}" for text in preview_lines(shown))
            out.extend(f"  engine: {raw_text(item)}" for item in items)
        return action
    return choose


def main() -> None:
    """Play the games and print every combat's lines."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", default="normal")
    p.add_argument("--games", type=int, default=1)
    args = p.parse_args()
    gd = load_game_def(scenario_file())
    opening = Match.new(gd, 0).state
    key = opening.digest()
    for lvl in args.levels.split(","):
        for i in range(args.games):
            out: list[str] = []
            match = Match(gd, rollout_seed(key, i), opening)
            match.resolve_chance()
            match.play({s: recording(make_controller(f"ai:{lvl}", s, rollout_seed(key, i, s.value)), out,
                                     f"{lvl} {i}") for s in Side})
            print("\n".join(out), flush=True)


if __name__ == "__main__":
    main()
