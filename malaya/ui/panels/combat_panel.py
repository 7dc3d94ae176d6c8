"""The Combat Panel (R12.10 steps 4–7, R12.11): the declared combat, air points, the preview, Roll Dice.

Buttons carry the action they submit; each is enabled only when the engine's gate
accepts that action, and otherwise shows the gate's reason. The preview comes from
``malaya.engine.combat.preview`` when the engine provides it; its fields are listed
generically, so the panel shows whatever the preview holds.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pygame

from malaya.engine.actions import Action, CancelCombat, EndCombat, RollDice, SetCombatAir
from malaya.engine.state import CombatStage
from malaya.session.game_client import GameClient
from malaya.ui.widgets.kit import DIM, TEXT, Button, draw_lines, draw_panel, draw_text, px, wrap

Hits = list[tuple[Button, Action]]


def combat_preview(client: GameClient) -> object | None:
    """The engine's combat preview of the declared combat, or None (not available yet, or no combat)."""
    try:
        from malaya.engine import combat

        return combat.preview(client.gd, client.state)  # type: ignore[attr-defined]
    except Exception:  # not implemented yet, or not applicable now: the panel shows less
        return None


def preview_lines(preview: object) -> list[str]:
    """A preview as readable lines: its own ``lines()``, the R12.11 layout, or its fields listed."""
    own = getattr(preview, "lines", None)
    if callable(own):
        return [str(line) for line in own()]
    if all(hasattr(preview, k) for k in ("attack", "defense", "column", "modifier", "probabilities")):
        return _r12_11_lines(preview)
    if dataclasses.is_dataclass(preview):
        fields = {f.name: getattr(preview, f.name) for f in dataclasses.fields(preview)}
    else:
        fields = preview.model_dump() if hasattr(preview, "model_dump") else getattr(preview, "__dict__", {})
    return [f"{k.replace('_', ' ')}: {_fmt(v)}" for k, v in fields.items() if not k.startswith("_")]


def _r12_11_lines(p: object) -> list[str]:
    """Totals with their reasons, odds column, die modifiers with reasons, defending AP, probabilities."""
    g = lambda name, default=(): getattr(p, name, default)  # noqa: E731
    lines = [f"Attack {_fmt(g('attack'))} vs Defense {_fmt(g('defense'))}  →  odds {g('column') or 'below 1:2'}"]
    for item in (*g("attack_lines"), *g("defense_lines"), *g("shift_lines"), *g("modifier_lines")):
        lines.append(f"  {getattr(item, 'text', item)} {_fmt(getattr(item, 'value', ''))}")
    lines.append(f"Die modifier {g('modifier', 0):+d}   defending AP {g('defense_air', 0)}")
    probs = g("probabilities")
    if probs:
        lines.append("  ".join(f"{code} {_fmt(pr)}" for code, pr in probs if pr))
    if g("unresolvable", None):
        lines.append(str(g("unresolvable")))
    return lines


def _fmt(value: object) -> str:
    """Fractions as percentages when they are probabilities, dicts and lists compactly."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {_fmt(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "; ".join(_fmt(v) for v in value)
    if isinstance(value, Fraction) and 0 <= value <= 1 and value.denominator > 1:
        return f"{float(value) * 100:.0f}%"
    if isinstance(value, Fraction):
        return f"{float(value):g}"
    return str(value)


def draw_combat_panel(surface: pygame.Surface, rect: pygame.Rect, client: GameClient,
                      mouse: tuple[int, int]) -> Hits:
    """Draw the panel for the combat under way; returns its buttons and their actions."""
    combat = client.state.combat
    assert combat is not None
    side = client.state.side
    inner = draw_panel(surface, rect, f"Combat at {client.gd.describe_hex(combat.defender_hex)}")
    names = ", ".join(client.gd.unit_def(u).name for u in combat.attackers) or "none yet — click your units"
    lines = [(f"Stage: {combat.stage.value}", TEXT)]
    lines += [(t, DIM) for t in wrap(f"Attackers: {names}", 12, inner.width)]
    preview = combat_preview(client) if combat.stage is CombatStage.DECLARING else None
    if preview is not None:
        for line in preview_lines(preview):
            lines += [(t, TEXT) for t in wrap(line, 12, inner.width)]
    if combat.stage is CombatStage.ADVANCING:
        hint = "Click an outlined attacker to advance into the emptied hex; click it again to take it back."
        lines += [(t, TEXT) for t in wrap(hint, 12, inner.width)]
    button_h = px(26)
    die_h = px(44) if combat.result else 0
    text_rect = pygame.Rect(inner.left, inner.top, inner.width, inner.height - 2 * button_h - px(8) - die_h)
    draw_lines(surface, text_rect, lines, 12)
    if combat.result:
        _draw_last_roll(surface, (inner.left, text_rect.bottom + px(4)), client)
    hits: Hits = []
    row1 = pygame.Rect(inner.left, inner.bottom - 2 * button_h - px(4), inner.width, button_h)
    row2 = pygame.Rect(inner.left, inner.bottom - button_h, inner.width, button_h)
    if combat.stage is CombatStage.DECLARING:
        ap = combat.air_points
        hits += _air_buttons(surface, row1, client, ap)
        roll, cancel = RollDice(side=side), CancelCombat(side=side)
        hits += _row(surface, row2, client, [("Roll Dice", roll), ("Cancel Combat", cancel)], mouse)
    else:
        hits += _row(surface, row2, client, [("End / Cancel Current Combat", EndCombat(side=side))], mouse)
    for button, _ in hits:
        button.draw(surface, mouse)
    return hits


def _draw_last_roll(surface: pygame.Surface, topleft: tuple[int, int], client: GameClient) -> None:
    """The die of the combat just rolled, with its modified roll and result."""
    from malaya.session.phase_info import last_roll
    from malaya.ui.widgets.dice import draw_roll

    roll = last_roll(client)
    if roll is not None:
        draw_roll(surface, topleft, roll.die, roll.modifier, roll.modified_roll, roll.result)


def _air_buttons(surface: pygame.Surface, row: pygame.Rect, client: GameClient, ap: int) -> Hits:
    """``Air points: [-] n [+]`` for the attacker's AP (R11.3)."""
    side = client.state.side
    r = draw_text(surface, f"Attack AP: {ap}   (pool {client.state.pool('attack', side)})",
                  (row.left, row.centery), 12, TEXT, anchor="midleft")
    hits: Hits = []
    x = max(r.right + px(8), row.right - 2 * px(34))
    for label, value in (("-", ap - 1), ("+", ap + 1)):
        action = SetCombatAir(side=side, air_points=max(0, value))
        reason = _reason(client, action) if value >= 0 else "No air points committed."
        button = Button(label, reason, pygame.Rect(x, row.top, px(30), row.height), size=14)
        hits.append((button, action))
        x += px(34)
    return hits


def _row(surface: pygame.Surface, row: pygame.Rect, client: GameClient, items: list[tuple[str, Action]],
         mouse: tuple[int, int]) -> Hits:
    """Buttons side by side across ``row``, each enabled by the gate."""
    gap = px(6)
    w = (row.width - gap * (len(items) - 1)) // len(items)
    hits: Hits = []
    for i, (label, action) in enumerate(items):
        rect = pygame.Rect(row.left + i * (w + gap), row.top, w, row.height)
        hits.append((Button(label, _reason(client, action), rect, size=12), action))
    return hits


def _reason(client: GameClient, action: Action) -> str | None:
    """The gate's reason an action is refused now, or None."""
    rejection = client.check(action)
    return None if rejection is None else rejection.message

