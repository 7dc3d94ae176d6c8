"""The computer side on the battle screen: pacing its actions, player-turn changes, its explanations.

The worker thread computes; the answers are submitted here on the main thread (one
per frame at most, paced by the animation speed, never during an animation unless
the player skips). When a computer player-turn ends, the controller's explanation of
that turn (``controller.explanations.to_text()``, when it has one) is logged and kept
for the "Computer's reasoning" overlay (key ``W``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from malaya.engine.actions import Action, DeclareCombat
from malaya.render.geometry import hex_to_pixel
from malaya.ui.battle_input import Idle
from malaya.ui.screens import App

if TYPE_CHECKING:
    from malaya.ui.battle_screen import BattleScreen


def drive(screen: BattleScreen, dt: float) -> None:
    """Ask the worker for the computer side's next action; submit its answer (paced unless skipping)."""
    worker, client = screen.worker, screen.client
    if worker is None or client.state.finished:
        return
    if client.is_human_turn():
        screen.skip = False
        return
    screen.ai_busy_for = screen.ai_busy_for + dt if worker.busy else 0.0
    if screen.animator.active and not screen.skip:
        return
    answer = worker.poll()
    if answer is not None:
        if answer.error:
            screen.app.toast(f"The computer player failed: {answer.error}", warning=True)
            screen.close()
            return
        if answer.state is client.state and answer.action is not None:
            if not screen.skip:
                follow(screen, answer.action)
            screen.submit(answer.action)
            screen.ai_wait = 0.0 if screen.skip else screen.app.settings.ai_delay
        return
    screen.ai_wait -= dt
    if screen.ai_wait <= 0 and not worker.busy:
        worker.request(client.gd, client.state)


def follow(screen: BattleScreen, action: Action) -> None:
    """Bring a combat the computer declares into view, so its turn plays out visibly.

    Only combats are followed: they are fought against the player's own units, so the
    camera reveals nothing the player may not see (R2.5); hidden moves are not followed.
    """
    if not isinstance(action, DeclareCombat) or screen.show_strategic:
        return
    x, y = hex_to_pixel(action.defender)
    x0, y0, x1, y1 = screen.tactical.visible_world()
    margin_x, margin_y = (x1 - x0) * 0.15, (y1 - y0) * 0.15
    if not (x0 + margin_x <= x <= x1 - margin_x and y0 + margin_y <= y <= y1 - margin_y):
        screen.tactical.center_on(x, y)


def turn_change(screen: BattleScreen, app: App) -> None:
    """Game end → the end screen; a computer turn over → its explanation; hotseat → the hand-over screen."""
    state = screen.client.state
    if state.finished and not screen.ended_shown:
        from malaya.ui.end_screen import EndScreen

        screen.ended_shown = True
        screen.close()
        app.push(EndScreen(screen.client))
        return
    turn = (state.turn, state.side)
    if turn == screen.player_turn:
        return
    previous = screen.player_turn[1]
    screen.player_turn = turn
    screen.selection = Idle()
    if previous in screen.controllers and previous not in screen.client.humans:
        take_explanation(screen, previous)
    if len(screen.client.humans) > 1 and state.side in screen.client.humans:
        from malaya.ui.end_screen import HandoverScreen

        app.push(HandoverScreen(state.side, state.turn, screen.client.status().date))


def explanation_text(controller: object) -> str | None:
    """The controller's account of its last player-turn, if it gives one."""
    explanations = getattr(controller, "explanations", None)
    to_text = getattr(explanations, "to_text", None)
    if not callable(to_text):
        return None
    try:
        text = str(to_text())
    except Exception:  # an explanation must never break the game
        return None
    return text if text.strip() and not text.startswith("(") else None


def take_explanation(screen: BattleScreen, side: object) -> None:
    """Keep the computer's explanation of its turn and put a summary in the log."""
    text = explanation_text(screen.controllers.get(side))  # type: ignore[call-overload]
    if text is None:
        return
    screen.ai_report = text.splitlines()
    screen.client.note(f"The computer explained its turn ({len(screen.ai_report)} lines): press W to read it.")


def open_report(screen: BattleScreen) -> None:
    """Show the computer's reasoning overlay (or say there is none yet)."""
    from malaya.ui.text_overlay import TextOverlay

    lines = screen.ai_report or ["The computer has not explained a player-turn yet."]
    screen.app.push(TextOverlay("Computer's reasoning (last player-turn)", lines))
