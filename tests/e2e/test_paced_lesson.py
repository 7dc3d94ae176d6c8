"""The first lesson of Learn to play, played whole on a real X display at a person's pace (issue 26, "Also").

From the main menu (T, then Tab and Enter), every step of "Your first turn: the Japanese landings" is
done as the card asks, with pauses of seconds between presses and the pointer resting where it
clicked: Next on the card, End Phase, the ringed buttons and unit rows, counters and hexes on the map, the air
keys ] and the Roll Dice key X, the map cursor (C, Enter) for the detachment in its boats. The
test reads where to click from the state the game writes (``$MALAYA_STATE_FILE``: the ring, the
card's buttons, the side panel's rows, the map's view) and waits on it, never on the clock; the
lesson must reach its end (the card's Play on) with no press dropped as a double press.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from malaya.engine.hexgrid import Hex
from malaya.ui.battle.end_phase import ABSORBED
from tests.e2e.paced import PacedPlayer, State, hex_pixel, paced_game, top

pytestmark = pytest.mark.slow

JITRA = Hex(10, 7)
MOVES = (("jp_21_inf", Hex(9, 7)), ("jp_1_tank", Hex(10, 6)), ("jp_11_inf", Hex(10, 6)), ("jp_41_inf", Hex(11, 6)))
"""Four JP units next to Jitra (two share a hex), as the lesson asks (as in tests/ui/test_lessons.py)."""
PLACES = {"Singora": Hex(12, -4), "Hat Yai": Hex(11, -2), "Sadao": Hex(10, 3), "Kota Bharu": Hex(33, -3)}
"""The hexes of the places the lesson names (the campaign map's; a test in tests/ui keeps them so)."""
REPLY_PATIENCE_S = 900
"""The computer's whole reply (the lesson paces it for the learner to watch) on a loaded machine."""


@pytest.fixture
def learner(tmp_path: Path) -> Iterator[PacedPlayer]:
    """Xvfb at 1366×768 and the game at its main menu, a first-time player's data folder."""
    with paced_game(tmp_path, ["play"], 440, 540) as paced:
        paced.until("the main menu", lambda s: top(s) == "MenuScreen")
        yield paced


def lesson(state: State) -> dict[str, object]:
    """The lesson part of the state (empty before the lesson screen)."""
    shown = state.get("lesson")
    return shown if isinstance(shown, dict) else {}


def at_step(player: PacedPlayer, title: str) -> State:
    """Wait until the card shows the step titled ``title``."""
    return player.until(f"the step {title!r}", lambda s: lesson(s).get("title") == title)


def click_ring(player: PacedPlayer, title: str) -> State:
    """Click what the step ``title`` rings (a button or a unit's row), after looking at it."""
    state = player.until(f"a ring at {title!r}", lambda s: lesson(s).get("title") == title and bool(
        lesson(s).get("ring")))
    return player.click_at(lesson(state)["ring"])  # type: ignore[arg-type]


def click_next(player: PacedPlayer, reading: float) -> State:
    """Read the card for ``reading`` seconds, then click its Next."""
    state = player.until("the card's Next", lambda s: "Next" in (lesson(s).get("card") or {}))
    player.think(reading)
    return player.click_at(lesson(state)["card"]["Next"], rest=0.8)  # type: ignore[index]


def click_hex(player: PacedPlayer, h: Hex) -> State:
    """Click a hex on the Tactical Map, as seen now (it must be in view: the lesson brings its targets there)."""
    where = hex_pixel(player.state(), h)
    assert where is not None, f"{h} is not in view: {player.state().get('view')}"
    return player.click_at(where)


def move(player: PacedPlayer, unit: str, start: Hex, to: Hex) -> None:
    """Click the unit's counter on the map (its hex); if the click picked another unit of the stack, click the
    unit's row in the side panel's stack viewer; then click the hex it goes to."""
    click_hex(player, start)
    state = player.until(f"a unit at {start} selected", lambda s: s.get("selected") is not None)
    if state["selected"] != unit:
        state = player.until(f"{unit}'s row in the stack viewer", lambda s: unit in (s.get("rows") or {}))
        player.click_at(state["rows"][unit], rest=1.2)
        player.until(f"{unit} selected", lambda s: s.get("selected") == unit)
    actions = int(player.state()["actions"])
    click_hex(player, to)
    player.until(f"{unit} to move", lambda s: int(s["actions"]) > actions)


def end_phase(player: PacedPlayer, rest: float) -> State:
    """Click End Phase after a rest; a question (units left to move) is answered with Enter after reading it."""
    state = player.state()
    before = (state.get("side"), state.get("phase"))
    player.click_at(state["end_phase"], rest=rest)
    state = player.until("End Phase to end the phase or ask first", lambda s: (s.get("side"), s.get(
        "phase")) != before or top(s) == "ConfirmDialog")
    if top(state) == "ConfirmDialog":
        player.think(2.0)
        player.key("Return")
        state = player.until("Enter to end the phase", lambda s: (s.get("side"), s.get("phase")) != before)
    return state


def roll_and_close(player: PacedPlayer) -> None:
    """X rolls the dice; once the result is in, X again ends the combat (the attackers stay where they are)."""
    player.think(2.0)
    player.key("x")
    player.until("the dice to be rolled", lambda s: s.get("combat") != "declaring")
    player.think(3.0)  # the die, the result bars
    state = player.until("the result to be taken", lambda s: s.get("combat") != "resolving")
    if state.get("combat") is not None:
        player.key("x")
        player.until("X to end the combat", lambda s: s.get("combat") is None)


def test_the_first_lesson_is_played_whole_at_a_persons_pace_to_its_end(learner: PacedPlayer) -> None:
    """Given the main menu in a real window, when the first lesson is opened by keys and every step is done as its
    card asks, pausing seconds between presses, then each press counts (no step is stuck), the lesson ends with
    Play on after the computer's reply (turn 2), and no deliberate press was taken for a double press."""
    player = learner
    # given the Learn to play page (T) and the first lesson's Start (Tab, Enter)
    player.think(2.0)
    player.key("t")
    player.until("the Learn to play page", lambda s: top(s) == "LessonsScreen")
    player.think(2.5)
    player.key("Tab")
    player.think(1.0)
    player.key("Return")
    at_step(player, "Welcome")
    # the reading steps: Next, after reading; the second asks to point at Singora first
    click_next(player, 4.0)
    at_step(player, "Reading a counter")
    player.point(hex_pixel(player.state(), PLACES["Singora"]) or player.state()["end_phase"])
    click_next(player, 3.0)
    # End Phase (ringed): the Air phase; the ringed air split; End Phase again
    click_ring(player, "Ending a phase")
    at_step(player, "Splitting your aircraft")
    click_ring(player, "Splitting your aircraft")
    click_ring(player, "On to the Naval phase")
    # the Takumi Detachment's row (ringed), then Kota Bharu
    click_ring(player, "The landing at Kota Bharu")
    player.until("the detachment selected", lambda s: s.get("selected") == "jp_56_inf")
    click_hex(player, PLACES["Kota Bharu"])
    click_ring(player, "On to the Movement phase")
    # the 21st to Sadao, and back
    at_step(player, "Moving a unit")
    move(player, "jp_21_inf", PLACES["Hat Yai"], PLACES["Sadao"])
    at_step(player, "Taking a move back")
    click_hex(player, PLACES["Sadao"])
    # four units next to Jitra
    at_step(player, "Closing up on Jitra")
    for unit, to in MOVES:
        start = PLACES["Hat Yai"] if unit in ("jp_21_inf", "jp_1_tank") else PLACES["Singora"]
        move(player, unit, start, to)
    # End Phase until the Combat phase (the Movement phase asks about the units left)
    at_step(player, "To the Combat phase")
    for rest in (3.0, 4.0, 3.0):
        if player.state().get("phase") == "combat":
            break
        end_phase(player, rest)
    # Jitra declared, the four attackers added by clicks, two air points by the air key
    click_hex(player, JITRA)
    at_step(player, "Adding attackers")
    for _, at in MOVES:
        attackers = int(player.state()["attackers"])
        click_hex(player, at)
        player.until("the attacker to join", lambda s, n=attackers: int(s["attackers"]) > n)
    at_step(player, "Air support")
    for given in (1, 2):
        player.think(1.5)
        player.key("bracketright")
        player.until(f"{given} air points set", lambda s, n=given: s.get("air") == n)
    at_step(player, "Reading the Combat Panel")
    click_next(player, 5.0)
    at_step(player, "Roll the dice")
    roll_and_close(player)
    # Kota Bharu: declared by a click, the detachment in its boats added by the map cursor (C, Enter), the kept air
    # point by the air key, rolled and closed by X
    at_step(player, "The landing must fight")
    click_hex(player, PLACES["Kota Bharu"])
    at_step(player, "The detachment joins in")
    player.think(2.0)
    player.key("c")
    player.until("the cursor on the detachment's boats", lambda s: bool(s.get("cursor_landing")))
    player.think(1.5)
    player.key("Return")
    at_step(player, "Air for the landing")
    player.think(2.0)
    player.key("bracketright")
    at_step(player, "Roll at Kota Bharu")
    roll_and_close(player)
    # the turn ends; the computer replies, the camera following it; then the lesson is done
    at_step(player, "Ending your turn")
    end_phase(player, 3.0)
    at_step(player, "The computer's reply")
    final = player.until("the lesson's end (the computer's reply played out)", lambda s: bool(lesson(s).get("done")),
                         patience=REPLY_PATIENCE_S)
    assert (final["turn"], final["side"]) == (2, "JP") and "Play on" in lesson(final)["card"]  # type: ignore[operator]
    assert ABSORBED not in (final.get("toasts") or []), "a deliberate press was taken for a double press"
    # when Play on is clicked after a look, then the game goes on without the card
    player.click_at(lesson(final)["card"]["Play on"], rest=2.0)  # type: ignore[index]
    player.until("the card to go", lambda s: "lesson" in s and s["lesson"] is None)
