"""The window's state as a small JSON file, for tests that drive a real window (``$MALAYA_STATE_FILE``).

A real-window test cannot look inside the game, and waiting a fixed time for a press to take
effect fails on a loaded machine; so with ``MALAYA_STATE_FILE=path.json`` set the loop writes what
the screens show after every frame that changed it (the screens on the stack, the top screen's
:meth:`~malaya.ui.app.stack.Screen.status`, the toasts, a count of frames), and the test waits on
that. The file is written whole and renamed, so a reader never sees half of it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from malaya.ui.app.stack import App

STATE_FILE_ENV = "MALAYA_STATE_FILE"


class StateFile:
    """Writes the app's state to ``path`` whenever it changes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.last = ""
        self.handled = 0
        """How many key and mouse-button presses the app has handled (a test waits for its own press to be seen)."""

    @classmethod
    def from_env(cls) -> StateFile | None:
        """The state file ``$MALAYA_STATE_FILE`` names, if set."""
        name = os.environ.get(STATE_FILE_ENV)
        return cls(Path(name)) if name else None

    def write(self, app: App) -> None:
        """Write the state if it changed since the last write."""
        battle = next((shown for s in reversed(app.stack) if (shown := s.status())), {})
        state = {"screens": [type(s).__name__ for s in app.stack], "presses": self.handled,
                 "toasts": [t.text for t in app.toasts], **battle}
        text = json.dumps(state, sort_keys=True)
        if text == self.last:
            return
        self.last = text
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(f".{self.path.name}")
        partial.write_text(text)
        os.replace(partial, self.path)
