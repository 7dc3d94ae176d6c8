"""Print the computer player's ``W`` explanation after every player-turn of an AI-against-AI game.

``python tools/content_words/w_panel.py SCENARIO LEVEL TURNS`` plays ``TURNS`` game-turns from the scenario's first
(seed 7, the AIs seeded 11 and 12) and prints, after each player-turn, what the battle screen's W panel would show.
Before and after a change to the explanation's words (issue 28 item 2), as for ``problems.py``::

    git archive <base> malaya scenarios assets tests | tar -x -C /tmp/base
    (cd /tmp/base && PYTHONPATH=/tmp/base python $OLDPWD/tools/content_words/w_panel.py kampar normal 3) > before.txt
    PYTHONPATH=$PWD python tools/content_words/w_panel.py kampar normal 3 > after.txt && diff before.txt after.txt
"""

from __future__ import annotations

import sys

sys.path.insert(0, ".")

from malaya import engine  # noqa: E402
from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import Side  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session import controllers  # noqa: E402
from malaya.session.match import Match  # noqa: E402
from malaya.ui.battle.ai_driver import explanation_text  # noqa: E402


def main(scenario: str, level: str, turns: int) -> None:
    """Play and print each player-turn's explanation."""
    gd = load_game_def(scenario_file(scenario))
    last_turn = gd.scenario.calendar.first_turn + turns - 1
    match = Match.new(gd, seed=7)
    bots = {side: controllers.make_controller(f"ai:{level}", side, 11 + i) for i, side in enumerate(Side)}
    last = (match.state.turn, match.state.side)
    while not engine.is_terminal(match.state) and match.state.turn <= last_turn:
        state = match.state
        if (state.turn, state.side) != last:
            print(f"===== after {last}\n{explanation_text(bots[last[1]])}")
            last = (state.turn, state.side)
        rejection = match.submit(bots[state.side](gd, state))
        assert rejection is None, rejection
    print(f"===== after {last}\n{explanation_text(bots[last[1]])}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
