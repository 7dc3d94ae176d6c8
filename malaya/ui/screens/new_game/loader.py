"""New Game's check of every listed scenario in full (map and set-up), on a thread of its own.

The list opens at once from the scenario files alone (``content.scenario_catalog``); this loads each
playable scenario's game definition in the background, so a scenario whose map is broken or whose
set-up does not fit its map is greyed with its reason a moment later, and Start uses the game
already loaded. The page never waits for it: a scenario not loaded yet is loaded when it is started.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path

from malaya.content.campaign import load_game_def
from malaya.content.errors import ContentError
from malaya.engine import GameDef
from malaya.session.words.content_words import content_text

Loaded = GameDef | str
"""A scenario's game definition, or why it cannot be loaded (one line)."""


class BackgroundLoader:
    """Loads the given scenario files one by one on a daemon thread, once started; results are taken by the page's
    frames. The page starts it after its first frame, so that frame is drawn without sharing the interpreter."""

    def __init__(self, paths: Iterable[Path]) -> None:
        self._paths = tuple(paths)
        self._done: dict[Path, Loaded] = {}
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="new-game-check", daemon=True)

    def start(self) -> None:
        """Begin loading (once)."""
        if not self.started:
            self._thread.start()

    @property
    def started(self) -> bool:
        """True once loading has begun."""
        return self._thread.ident is not None

    def _run(self) -> None:
        """Load each scenario; keep its game or its problem."""
        for path in self._paths:
            try:
                result: Loaded = load_game_def(path)
            except ContentError as err:
                result = content_text(err)
            with self._lock:
                self._done[path] = result

    def take(self) -> dict[Path, Loaded]:
        """The results finished since the last call."""
        with self._lock:
            done, self._done = self._done, {}
        return done

    def join(self) -> None:
        """Start if need be, and wait until every scenario has been loaded (the tests' way to see the page after
        the check)."""
        self.start()
        self._thread.join()

    @property
    def pending(self) -> bool:
        """True when results are waiting to be taken."""
        with self._lock:
            return bool(self._done)

    @property
    def busy(self) -> bool:
        """True while scenarios are still being loaded."""
        return self._thread.is_alive()
