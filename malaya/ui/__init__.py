"""All pygame code: a thin client that renders engine state and submits actions."""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
