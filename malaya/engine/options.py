"""Game options bought at the start (RULES R16.1, R16.2). [stub: its rules come with issue 3]"""

from __future__ import annotations

from malaya.engine.registry import ChanceResolver, Handler, never_blocked, no_actions

HANDLERS: dict[str, Handler] = {}
"""Handlers of the action types this module owns."""

CHANCE: dict[str, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates."""

legal_actions = no_actions
blocker = never_blocked
