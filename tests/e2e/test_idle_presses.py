"""A turn on a real X display played at a person's pace (issue 26, "Also"): pauses of seconds between presses, the
pointer resting on End Phase, keys for the map cursor. Every press must count, however long the window idled first
(issue 26 §1); the test waits on the state the game writes (``$MALAYA_STATE_FILE``), never on the clock, so a loaded
machine only makes it slower. The pauses model the player; they synchronise nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from malaya.engine.hexgrid import Hex, to_offset
from malaya.ui.battle.end_phase import ABSORBED
from tests.e2e.paced import PacedPlayer, State, paced_game, top

pytestmark = pytest.mark.slow


@pytest.fixture
def player(tmp_path: Path) -> Iterator[PacedPlayer]:
    """Xvfb at SIZE and a hotseat game (seed 5) started straight into its hand-over screen."""
    with paced_game(tmp_path, ["play", "--new", "--side", "hotseat", "--seed", "5"], 340, 440) as paced:
        paced.until("the hand-over screen", lambda s: "HandoverScreen" in (s.get("screens") or []))
        yield paced


NEXT_TO_JITRA = Hex(10, 6)
"""A hex next to Jitra that the 11th and 41st Infantry reach from Singora in the Jitra scenario's first Movement
phase (together they may attack it)."""


def _arrow(at: Hex, to: Hex) -> str:
    """The arrow key (X key name) a player presses to bring the map cursor from ``at`` a step nearer ``to``."""
    (col, row), (to_col, to_row) = to_offset(at), to_offset(to)
    if row != to_row:
        return "Down" if to_row > row else "Up"
    return "Right" if to_col > col else "Left"


def _phase(state: State) -> tuple[object, object, object]:
    """Where the game is: turn, side, phase."""
    return state.get("turn"), state.get("side"), state.get("phase")


def _ends_phase(player: PacedPlayer, press: Callable[[], object]) -> State:
    """An End Phase press (click or key) that must end the phase, or ask first: then Enter, after a pause, ends it."""
    before = _phase(player.state())
    press()
    after = player.until("End Phase to end the phase or ask first",
                         lambda s: _phase(s) != before or (s.get("screens") or [""])[-1] == "ConfirmDialog")
    if (after.get("screens") or [""])[-1] == "ConfirmDialog":
        player.think(1.5)
        player.key("Return")
        after = player.until("Enter to end the phase", lambda s: _phase(s) != before)
    return after


def test_a_paced_player_ends_phases_after_long_rests_and_moves_by_keys(player: PacedPlayer) -> None:
    """Given a hotseat game's first Japanese phase in a real window, when the pointer rests on End Phase and clicks
    after 3 to 5 seconds each time, then every click ends a phase (none is dropped after the window idled); in the
    Movement phase N, C and Enter move a unit by the map cursor; E, pressed every few seconds, ends Movement (after
    its question), Rail and Combat, and the Commonwealth's hand-over shows."""
    # given the battle behind the hand-over screen
    player.think(2.0)
    player.click_here()
    state = player.until("the battle screen", lambda s: (s.get("screens") or [""])[-1] == "BattleScreen")
    end_x, end_y = state["end_phase"]
    player.xdotool("mousemove", str(end_x), str(end_y))
    # when End Phase is clicked, the pointer left resting on it, every few seconds until the Movement phase
    for rest in (3.0, 5.0, 4.0, 3.5):
        if state.get("phase") == "movement":
            break
        player.think(rest)  # the pointer rests on End Phase; the window idles
        state = _ends_phase(player, player.click_here)
    # then each click counted: the Japanese Movement phase came
    assert _phase(state) == (1, "JP", "movement"), state
    # when N selects a unit, C puts the cursor on its nearest destination and Enter moves it (keys only)
    player.xdotool("mousemove", str(end_x), str(end_y + 60))  # the pointer rests on the bar, off the map
    player.think(2.0)
    moved_from = int(str(player.state().get("actions")))
    player.key("n")
    chosen = player.until("N to select a unit and show the cursor on it", lambda s: bool(s.get("selected"))
                          and s.get("cursor") is not None)
    player.think(2.5)
    player.key("c")
    aimed = player.until("C to move the cursor to a destination", lambda s: s.get("cursor") != chosen.get("cursor"))
    player.think(2.0)
    player.key("Return")
    player.until("Enter to move the unit", lambda s: int(str(s.get("actions"))) > moved_from)
    assert aimed.get("cursor") is not None
    # when E is pressed every 2.5 s: Movement asks first (units left), Enter ends it; Rail; Combat ends the turn
    for _ in range(4):
        if player.state().get("side") != "JP":
            break
        player.think(2.5)
        _ends_phase(player, lambda: player.key("e"))
    # then the Japanese player-turn is over: the Commonwealth's hand-over screen shows
    final = player.until("the Commonwealth's turn", lambda s: s.get("side") == "CW")
    assert ABSORBED not in (final.get("toasts") or []), "a deliberate press was taken for a double press"


@pytest.fixture
def jitra(tmp_path: Path) -> Iterator[PacedPlayer]:
    """Xvfb at SIZE and a hotseat game of the short Jitra scenario (seed 5), at its first screen."""
    args = ["--scenario", "jitra", "play", "--new", "--side", "hotseat", "--seed", "5"]
    with paced_game(tmp_path, args, 540, 640) as paced:
        paced.until("the game's first screen", lambda s: top(s) in ("HandoverScreen", "BattleScreen"))
        yield paced


def test_a_paced_turn_of_the_jitra_scenario_by_clicks_and_keys(jitra: PacedPlayer) -> None:
    """Given the short Jitra scenario in a real window, when the player clicks End Phase with the pointer resting on
    it every few seconds, moves two units next to Jitra by N, the arrows and Enter, then in the Combat phase declares
    an attack by C and Enter, adds the attackers by C and Enter, an air point by ], rolls by X and ends the combat by
    X, and ends the turn by E, pausing seconds before every press, then every press counts and the Commonwealth's
    turn comes (R7, R11.3, R12.10)."""
    player = jitra
    if player.top() == "HandoverScreen":
        player.think(2.0)
        player.click_here()
    state = player.until("the battle screen", lambda s: top(s) == "BattleScreen")
    end_x, end_y = state["end_phase"]
    player.point((end_x, end_y))
    for rest in (3.0, 4.5, 3.5, 4.0, 3.0):
        if state.get("phase") == "movement":
            break
        player.think(rest)  # the pointer rests on End Phase; the window idles
        state = _ends_phase(player, player.click_here)
    assert _phase(state)[1:] == ("JP", "movement"), state
    # N selects the next unit that can act (the 11th, then the 41st, at Singora); the arrows walk the cursor to a hex
    # next to Jitra, a press a moment; Enter moves the unit there (the pointer resting off the map)
    player.point((end_x, end_y + 60))
    for unit in ("jp_11_inf", "jp_41_inf"):
        player.think(2.0)
        moved_from = int(str(player.state().get("actions")))
        player.key("n")
        state = player.until(f"N to select {unit}", lambda s, u=unit: s.get("selected") == u and bool(s.get("cursor")))
        for _ in range(40):
            if state["cursor"] == [NEXT_TO_JITRA.q, NEXT_TO_JITRA.r]:
                break
            player.think(0.7)
            before = state["cursor"]
            player.arrow(_arrow(Hex(*state["cursor"]), NEXT_TO_JITRA))
            state = player.until("the arrow to move the cursor", lambda s, b=before: s.get("cursor") != b)
        player.think(1.5)
        player.key("Return")
        player.until(f"Enter to move {unit}", lambda s, n=moved_from: int(str(s.get("actions"))) > n)
    # E, every few seconds, until the Combat phase
    for _ in range(4):
        if player.state().get("phase") == "combat":
            break
        player.think(3.0)
        _ends_phase(player, lambda: player.key("e"))
    assert _phase(player.state())[1:] == ("JP", "combat"), player.state()
    # a combat by keys: C to an attackable stack, Enter declares; C to a unit that may join, Enter adds it
    player.think(2.5)
    player.key("c")
    player.until("C to put the cursor on an attackable stack", lambda s: s.get("cursor") is not None)
    player.think(1.5)
    player.key("Return")
    player.until("Enter to declare the combat", lambda s: s.get("combat") == "declaring")
    for joined in (1, 2):  # the two units share a hex: C stays on it, each Enter adds one
        player.think(2.0)
        player.key("c")
        player.think(1.5)
        player.key("Return")
        player.until(f"Enter to add attacker {joined}", lambda s, n=joined: int(s.get("attackers") or 0) == n)
    # ] gives the attack an air point (no Ctrl+Tab to the Combat Panel first)
    player.think(2.0)
    player.key("bracketright")
    player.until("] to set an air point", lambda s: s.get("air") == 1)
    # X rolls; once the result is in, X ends the combat
    player.think(3.0)
    player.key("x")
    state = player.until("the result to be taken", lambda s: s.get("combat") not in ("declaring", "resolving"))
    if state.get("combat") is not None:
        player.think(3.0)
        player.key("x")
        player.until("X to end the combat", lambda s: s.get("combat") is None)
    # E ends the Combat phase and the Japanese turn
    player.think(2.5)
    _ends_phase(player, lambda: player.key("e"))
    final = player.until("the Commonwealth's turn", lambda s: s.get("side") == "CW")
    assert ABSORBED not in (final.get("toasts") or []), "a deliberate press was taken for a double press"
