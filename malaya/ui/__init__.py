"""The game client: a window over the session; it draws through :mod:`malaya.render` and submits actions.

``app/`` the window loop, the screen stack, transitions and the router (the only importer of
screens); ``battle/`` the battle screen with all its parts (its panels, its map view, its input
handlers and keyboard and mouse); ``screens/`` the other full-window pages; ``dialogs/`` overlays;
``panels/`` sections other screens share (briefing, replay panel, win graph, save slots);
``widgets/`` the small drawing kit; ``map_view/`` the Mini-Map; ``input/`` the key map and keys.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
