"""Pygame drawing of the map, counters, marks and labels: surfaces in, surfaces out.

No window, no event loop, no input: ``ui`` and ``report`` both draw through these modules
(``geometry`` pixels of hexes, ``camera`` world↔screen, ``map_painter`` the cached static map,
``counters``/``stacks`` unit counters, ``highlights``/``marks`` what changes over the map,
``labels`` text over a picture, ``frame`` off-screen frames and PNGs).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
