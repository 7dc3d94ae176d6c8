"""Naval movement, landings, Penang shipping, Force Z (RULES R9). [stub: its rules come with issue 3]"""

from __future__ import annotations

from malaya.engine.registry import ChanceResolver, Handler, no_actions, nothing

HANDLERS: dict[str, Handler] = {}
"""Handlers of the action types this module owns."""

CHANCE: dict[str, ChanceResolver] = {}
"""Resolvers of the chance nodes this module creates."""

legal_actions = no_actions
on_enter = nothing
