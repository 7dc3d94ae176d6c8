"""The computer side on the battle screen: pacing its actions, player-turn changes, its explanations.

The worker thread computes; :meth:`AiDriver.next_action` hands its answers to the screen,
which submits them on the main thread (one per frame at most, paced by the animation
speed, never during an animation unless the player skips; a combat's steps are held
longer, so its Combat Panel can be read). When a computer player-turn
ends, the controller's explanation of that turn (``session.words.ai_words.explanation_text``,
when it has one) is logged and kept for the "Computer's reasoning" overlay (key ``W``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from malaya.ai.explain import AIExplanation
from malaya.engine import Action, DeclareCombat, GameDef, GameState, Hex, Side
from malaya.persistence.record import GameRecord
from malaya.render.camera import Camera, step_zoom
from malaya.render.geometry import hex_to_pixel
from malaya.session.ai_worker import AIWorker
from malaya.session.attack_arrows import AttackArrow, last_turn_arrows
from malaya.session.game_client import GameClient
from malaya.session.log_fog import seen_lines
from malaya.session.match import Controller
from malaya.session.words.ai_words import explanation_text as turn_explained
from malaya.session.words.catalog import say
from malaya.ui.app.intents import GameFiles, Push, ToEnd, ToHandover, ToText, Transition

NO_REPORT = say("ai_driver.the_computer_has_not_explained")
COMBAT_HOLD = 3.0
"""While a computer's combat is open, the pause between its actions is this many times the usual one."""
MARGIN = 0.15
"""A followed hex closer than this share of the view to its edge is brought to the centre."""


@dataclass(frozen=True)
class AiFailed:
    """The computer player raised an error; it plays no more in this battle."""

    error: str


@dataclass(frozen=True)
class TurnNews:
    """What a new frame found: whether the player-turn changed, and a page to show (end, hand-over)."""

    changed: bool = False
    show: Transition | None = None


class AiDriver:
    """Owns the AI worker thread, its pacing, the skip flag and the computer's last explanation."""

    def __init__(self, controllers: Mapping[Side, Controller], client: GameClient) -> None:
        self.controllers = dict(controllers)
        self.worker = AIWorker(self._move) if self.controllers else None
        self.wait = 0.0
        self.skip = False
        self.busy_for = 0.0
        self.report: list[str] = []
        self.arrows: tuple[AttackArrow, ...] = ()  # the computer's attacks of its last player-turn (key A)
        self.player_turn = (client.state.turn, client.state.side)
        self.ended_shown = False

    def _move(self, gd: GameDef, state: GameState) -> Action:
        """The controller of the side to act (runs in the worker thread)."""
        return self.controllers[state.side](gd, state)

    def next_action(self, dt: float, client: GameClient, animating: bool, delay: float) -> Action | AiFailed | None:
        """The computer side's next action to submit now, if any (asking the worker for more as needed)."""
        worker = self.worker
        if worker is None or client.state.finished:
            return None
        if client.is_human_turn():
            self.skip = False
            return None
        self.busy_for = self.busy_for + dt if worker.busy else 0.0
        if animating and not self.skip:
            return None
        answer = worker.poll()
        if answer is not None:
            if answer.error:
                self.close()
                return AiFailed(answer.error)
            if answer.state is client.state and answer.action is not None:
                self.wait = 0.0 if self.skip else delay
                return answer.action
            return None
        self.wait -= dt
        if self.wait <= 0 and not worker.busy:
            worker.request(client.gd, client.state)
        return None

    def hold_for_combat(self, client: GameClient, delay: float) -> None:
        """After an action of the computer: while its combat is open, wait longer before the next one."""
        if not self.skip and client.state.combat is not None:
            self.wait = max(self.wait, delay * COMBAT_HOLD)

    def watch_turn(self, client: GameClient, files: GameFiles | None = None,
                   record: GameRecord | None = None) -> TurnNews:
        """Game end → the end page (with the game's ``files`` and ``record``); a computer turn over → its
        explanation; hotseat → the hand-over page."""
        state = client.state
        if state.finished and not self.ended_shown:
            self.ended_shown = True
            self.close()
            return TurnNews(show=Push(ToEnd(client, files, record)))
        turn = (state.turn, state.side)
        if turn == self.player_turn:
            return TurnNews()
        previous = self.player_turn[1]
        self.player_turn = turn
        if previous in self.controllers and previous not in client.humans:
            self._take_explanation(client, previous)
        if len(client.humans) > 1 and state.side in client.humans:
            return TurnNews(changed=True, show=Push(ToHandover(state.side, state.turn, client.status().date)))
        return TurnNews(changed=True)

    def _take_explanation(self, client: GameClient, side: Side) -> None:
        """Keep the computer's explanation of its turn (less units the player may not see) and its attacks;
        note it in the log."""
        self.arrows = last_turn_arrows(self.controllers.get(side))
        text = explanation_text(self.controllers.get(side))
        if text is None:
            return
        self.report = seen_lines(client.gd, client.state, client.viewer, text.splitlines())  # R2.5
        client.note(say("ai_driver.the_computer_explained_its_turn", lines=len(self.report)))

    def report_page(self) -> Transition:
        """The computer's reasoning overlay (or a line saying there is none yet)."""
        return Push(ToText(say("ai_driver.computer_s_reasoning_last_player"), self.report or [NO_REPORT]))

    def close(self) -> None:
        """Stop the worker thread."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None


def follow(camera: Camera, action: Action) -> None:
    """Bring a combat the computer declares into view, so its turn plays out visibly.

    Only combats are followed: they are fought against the player's own units, so the
    camera reveals nothing the player may not see (R2.5); hidden moves are not followed.
    """
    if isinstance(action, DeclareCombat):
        follow_path(camera, (action.defender,))


def follow_path(camera: Camera, path: tuple[Hex, ...]) -> None:
    """Bring a path (a move the player may see, or one hex) into view: centre on its middle if an end is off view."""
    ends = [hex_to_pixel(path[0]), hex_to_pixel(path[-1])]
    if all(_well_inside(camera, x, y) for x, y in ends):
        return
    camera.center_on((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)


def show_all(camera: Camera, points: list[tuple[float, float]]) -> None:
    """Centre the camera on world ``points`` and zoom out, a level at a time, until all are well inside the view."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    while True:
        camera.center_on((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        smaller = step_zoom(camera.zoom, -1)
        if all(_well_inside(camera, x, y) for x, y in points) or smaller >= camera.zoom:
            return
        camera.set_zoom(smaller)


def _well_inside(camera: Camera, x: float, y: float) -> bool:
    """True if the world point is on view and away from its edges."""
    x0, y0, x1, y1 = camera.visible_world()
    margin_x, margin_y = (x1 - x0) * MARGIN, (y1 - y0) * MARGIN
    return x0 + margin_x <= x <= x1 - margin_x and y0 + margin_y <= y <= y1 - margin_y


def explanation_text(controller: object) -> str | None:
    """The controller's account of its last player-turn, if it gives one."""
    explanations = getattr(controller, "explanations", None)
    if not isinstance(explanations, AIExplanation) or explanations.last is None:
        return None
    try:
        return turn_explained(explanations)
    except Exception:  # an explanation must never break the game
        return None
