"""The game client: a window over the session; it draws through :mod:`malaya.render` and submits actions.

``app/`` the window loop, the screen stack, transitions and the router (the only importer of
screens); ``screens/`` full-window pages (``screens/battle/`` the battle and its parts);
``dialogs/`` overlays; ``panels/`` sections that draw and report clicks; ``widgets/`` the small
drawing kit; ``map_view/`` the Mini-Map and animations; ``input/`` keys, mouse and the battle
map's input handlers.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
