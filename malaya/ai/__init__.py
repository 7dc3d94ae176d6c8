"""Computer players: the random-legal bot (tests) and the AI (``make_ai(level, side, seed)``).

The AI acts only through the engine's legal-action API and decides from what its side may
see (R2.5). See :mod:`malaya.ai.controller` for the structure and :mod:`malaya.ai.levels`
for what distinguishes easy, normal and hard.
"""

from __future__ import annotations

from malaya.ai.controller import AIController, make_ai
from malaya.ai.levels import LEVELS

__all__ = ["LEVELS", "AIController", "make_ai"]
