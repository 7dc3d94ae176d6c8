"""Runs a controller (an AI) in a worker thread so the window never waits for it.

The main thread asks for a move with :meth:`AIWorker.request` (the worker gets an
immutable ``GameState``), then polls :meth:`AIWorker.poll` each frame and submits the
answer through the match itself — the worker never touches the match.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass

from malaya.engine import Action, GameDef, GameState
from malaya.session.match import Controller


@dataclass(frozen=True, slots=True)
class AIAnswer:
    """The worker's answer for the state it was asked about (``error`` if the controller failed)."""

    state: GameState
    action: Action | None
    error: str | None = None


class AIWorker:
    """One daemon thread computing one controller's actions on request."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self._requests: queue.Queue[tuple[GameDef, GameState] | None] = queue.Queue()
        self._answers: queue.Queue[AIAnswer] = queue.Queue()
        self.busy = False
        self._thread = threading.Thread(target=self._run, name="malaya-ai", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        """Answer requests until told to stop (a None request)."""
        while True:
            try:  # a short timeout rather than a blocking get: never miss a wake-up
                job = self._requests.get(timeout=0.05)
            except queue.Empty:
                continue
            if job is None:
                return
            gd, state = job
            try:
                self._answers.put(AIAnswer(state, self.controller(gd, state)))
            except Exception as exc:  # a failing AI must not kill the thread silently
                self._answers.put(AIAnswer(state, None, f"{type(exc).__name__}: {exc}"))

    def request(self, gd: GameDef, state: GameState) -> bool:
        """Ask for an action for ``state``; False (nothing asked) while an answer is pending."""
        if self.busy:
            return False
        self.busy = True
        self._requests.put((gd, state))
        return True

    def poll(self) -> AIAnswer | None:
        """The answer, once ready (non-blocking)."""
        try:
            answer = self._answers.get_nowait()
        except queue.Empty:
            return None
        self.busy = False
        return answer

    def close(self) -> None:
        """Stop the thread (it finishes any move in progress first)."""
        self._requests.put(None)
