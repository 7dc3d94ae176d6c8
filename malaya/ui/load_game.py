"""Starting play from a recorded game: a loaded save, a resumed autosave, or a replay's branch.

Who is human and who is the computer comes from the save's controllers (a solo game against
the computer resumes as one); a game recorded with no human side continues as hotseat.
"""

from __future__ import annotations

from pathlib import Path

from malaya.persistence import GameRecord, SaveError, load_record
from malaya.session.controllers import HUMAN, computer_controllers, humans_of
from malaya.session.game_client import GameClient
from malaya.ui.screens import App


def start_recorded_game(app: App, record: GameRecord, note: str = ""):  # type: ignore[no-untyped-def]
    """Make a battle of ``record`` the only screen (hotseat: behind a hand-over); the battle screen."""
    from malaya.ui.battle_screen import BattleScreen
    from malaya.ui.end_screen import HandoverScreen

    humans = humans_of(record.controllers)
    for side in humans:
        record.controllers[side] = HUMAN
    client = GameClient(record.match, humans, record=record)
    if note:
        client.note(note)
    seed = record.match.seed + len(record.match.log)
    battle = BattleScreen(app, client, computer_controllers(record.controllers, humans, seed))
    app.reset(battle)
    state = record.match.state
    if len(humans) > 1 and not state.finished:
        app.push(HandoverScreen(state.side, state.turn, client.status().date))
    return battle


def open_saved_game(app: App, path: Path) -> str | None:
    """Load a save and play it on; None if it opened, else the one-line reason (nothing changes)."""
    try:
        record, save = load_record(path, app.gd)
    except SaveError as exc:
        return str(exc)
    except Exception as exc:  # anything unexpected in an untrusted file: a message, never a crash
        return f"{path.name}: cannot load: {type(exc).__name__}: {exc}"
    start_recorded_game(app, record, f"Loaded “{save.name}” (turn {save.turn}, {save.side.value}).")
    return None
