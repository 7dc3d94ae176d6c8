"""The battle screen's top bar and banner (the screen decides what to show)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from malaya.render.fonts import font
from malaya.render.phase_bar import SIDE_COLORS
from malaya.session.standing import Standing, Trend
from malaya.session.views import PhaseStatus
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.session.words.rules_ref.links import Link
from malaya.session.words.rules_ref.phases import explain_phase, explain_turn, explain_vp
from malaya.ui.widgets.kit import (
    BG,
    DIM,
    PANEL_EDGE,
    TEXT,
    WARN,
    Button,
    draw_text,
    px,
    text_surface,
    wrap,
)
from malaya.ui.widgets.link_text import PanelNotes, draw_linked


@dataclass
class BarLayout:
    """Where the bar put things this frame: the VP box (hover: the breakdown), every button, the hint's lines."""

    vp: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    buttons: list[Button] = field(default_factory=list)
    hint: list[str] = field(default_factory=list)
    notes: PanelNotes = field(default_factory=PanelNotes)
    """The phase name and the VP box: links to their rules (sequence of play, victory) and their hover words."""


def button_width(b: Button) -> int:
    """A bar button's fixed width: room for the longest of its labels, so nothing shifts when it changes."""
    labels = (b.label, *b.alternatives) if isinstance(b, BarButton) else (b.label,)
    return max(text_surface(label, b.size, bold=True).get_width() for label in labels) + px(18)


@dataclass
class BarButton(Button):
    """A top-bar button that may show other labels (its width fits the longest)."""

    alternatives: tuple[str, ...] = ()


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, status: PhaseStatus, buttons: Sequence[Button],
             end_phase: Button, mouse: tuple[int, int], standing: Standing | None = None,
             trend: Trend | None = None) -> BarLayout:
    """Turn, date, turns left, side chip, phase at the left; tools, VP and End Phase at fixed places at the right.

    The right-hand block is laid out from the right edge with fixed widths, so no button moves
    when the phase name or a label changes; the phase text is shortened if the window is narrow.
    """
    surface.fill(BG, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.bottomleft, rect.bottomright)
    mid, bh, gap = rect.centery, rect.height - px(12), px(6)
    end_phase.rect = pygame.Rect(rect.right - px(130), rect.top + px(6), px(120), bh)
    x_right = end_phase.rect.left - px(10)
    placed = BarLayout()
    if standing is not None:
        placed.vp = _draw_vp(surface, pygame.Rect(x_right - px(VP_W), rect.top + px(6), px(VP_W), bh), standing,
                             trend, mouse)
        vp = explain_vp(standing.breakdown(trend))
        placed.notes.links.append((placed.vp, vp.rule))
        placed.notes.tips.append((placed.vp, vp.text))
        x_right = placed.vp.left - px(10)
    for b in reversed(buttons):
        w = button_width(b)
        b.rect = pygame.Rect(x_right - w, rect.top + px(6), w, bh)
        x_right = b.rect.left - gap
    x = rect.left + px(12)
    left = _draw_when(surface, x, mid, status, standing)
    turn = explain_turn(status.turn, None if standing is None else standing.turns_left, status.side)
    placed.notes.links.append((pygame.Rect(x, rect.top, left - x, rect.height), turn.rule))  # turn, date, turns left
    placed.notes.tips.append((pygame.Rect(x, rect.top, left - x, rect.height), turn.text))
    after = _draw_side_and_phase(surface, rect, left, x_right, status, bool(end_phase.reason), (placed.notes, mouse))
    placed.hint = _draw_reason(surface, end_phase.reason or "",
                               pygame.Rect(after, rect.top, x_right - px(10) - after, rect.height))
    for b in [*buttons, end_phase]:
        b.draw(surface, mouse)
    placed.buttons = [*buttons, end_phase]
    return placed


def _draw_side_and_phase(surface: pygame.Surface, rect: pygame.Rect, left: int, x_right: int, status: PhaseStatus,
                         hint: bool, linked: tuple[PanelNotes, tuple[int, int]]) -> int:
    """The side's name on its colour and the phase beside it; stacked in one chip (side over phase) where a hint
    needs the room. The phase links to the sequence of play and says what it is for. Returns the x after them."""
    notes, mouse = linked
    said = explain_phase(status.phase)
    name, phase = SIDE_ADJECTIVES[status.side], status.phase.replace("_", " ").title()
    color = SIDE_COLORS.get(status.side, (200, 200, 200))
    img = text_surface(name, 15, (16, 16, 16), bold=True)
    beside = img.get_width() + px(32) + text_surface(phase, 16, bold=True).get_width() + px(14)
    if not hint or x_right - px(10) - left - beside >= px(HINT_ROOM):
        chip = pygame.Rect(left, rect.top + px(8), img.get_width() + px(18), rect.height - px(16))
        pygame.draw.rect(surface, color, chip, border_radius=px(4))
        surface.blit(img, img.get_rect(center=chip.center))
        phase = _fit(phase, x_right - px(12) - chip.right - px(14), 16)
        if not phase:
            return chip.right + px(14)
        y = rect.centery - text_surface(phase, 16, bold=True).get_height() // 2
        [(shown, rule)] = draw_linked(surface, phase, (chip.right + px(14), y), 16, TEXT, mouse, bold=True,
                                      links=[Link(0, len(phase), said.rule, term=True)])
        notes.links.append((shown, rule))
        notes.tips.append((shown, said.text))
        return shown.right + px(14)
    top, bottom = text_surface(name, 12, (16, 16, 16), bold=True), text_surface(phase, 13, (16, 16, 16), bold=True)
    chip = pygame.Rect(left, rect.top + px(3), max(top.get_width(), bottom.get_width()) + px(14), rect.height - px(6))
    pygame.draw.rect(surface, color, chip, border_radius=px(4))
    surface.blit(top, top.get_rect(midbottom=(chip.centerx, chip.centery + px(1))))
    surface.blit(bottom, bottom.get_rect(midtop=(chip.centerx, chip.centery)))
    notes.links.append((chip, said.rule))  # the phase is in the chip: the chip is its link
    notes.tips.append((chip, said.text))
    return chip.right + px(12)


HINT_ROOM = 120
"""Room (scaled) the End Phase hint needs on two lines; the side and phase stack to leave it."""

VP_W = 240
"""Width of the VP box (scaled)."""
IF_NOW = say("top_bar_panel.if_it_ended_now")
"""What the VP box's level is: the result if the game ended now, not a verdict (issue 26 item 4)."""


def _draw_when(surface: pygame.Surface, x: int, mid: int, status: PhaseStatus, standing: Standing | None) -> int:
    """``Turn 3  22 Dec 1941  25 turns left``; returns the x after it."""
    x = draw_text(surface, say("top_bar_panel.turn"), (x, mid), 13, DIM, anchor="midleft").right + px(6)
    x = draw_text(surface, str(status.turn), (x, mid), 16, TEXT, bold=True, anchor="midleft").right + px(12)
    x = draw_text(surface, status.date, (x, mid), 16, TEXT, bold=True, anchor="midleft").right + px(8)
    if standing is not None:
        left = say("top_bar_panel.last_turn") if standing.turns_left == 0 else say("top_bar_panel.left",
                                                                             turns_left=standing.turns_left)
        x = draw_text(surface, left, (x, mid), 13, DIM, anchor="midleft").right
    return x + px(14)


def _draw_vp(surface: pygame.Surface, box: pygame.Rect, standing: Standing, trend: Trend | None,
             mouse: tuple[int, int]) -> pygame.Rect:
    """``VP −10 ▲3 If it ended now:`` over the level it would give, in a framed box (lighter when hovered)."""
    hover = box.collidepoint(mouse)
    pygame.draw.rect(surface, (52, 58, 70) if hover else (40, 45, 54), box, border_radius=px(5))
    pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=px(5))
    color = SIDE_COLORS.get("JP" if standing.margin > 0 else "CW", TEXT) if standing.margin else TEXT
    half, x = px(7), box.left + px(8)
    top = box.centery - half
    x = draw_text(surface, say("top_bar_panel.vp", margin=signed(standing.margin)), (x, top), 13, color, bold=True,
                  anchor="midleft").right
    if trend is not None:
        x = draw_text(surface, trend.arrow(), (x + px(6), top), 12, TEXT, anchor="midleft").right
    room = box.right - px(8)
    draw_text(surface, _fit(IF_NOW, room - x - px(8)), (x + px(8), top), 12, DIM, anchor="midleft")
    draw_text(surface, _fit(standing.words, room - box.left - px(8)), (box.left + px(8), box.centery + half), 12,
              TEXT, anchor="midleft")
    return box


def signed(value: int) -> str:
    """``+12``, ``0`` or ``−10`` with a true minus sign (U+2212), not a hyphen."""
    return f"{value:+d}".replace("-", "\u2212") if value else "0"


def _fit(text: str, width: int, size: int = 12) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels ("" if nothing fits)."""
    if width < px(40):
        return ""
    while text and text_surface(text, size).get_width() > width:
        text = text[:-2].rstrip() + "…" if len(text) > 2 else ""
        text = text.replace("……", "…")
    return text


def reason_lines(text: str, width: int) -> list[str]:
    """Why End Phase is refused, in ``width`` pixels: one line, else two (the second shortened if need be)."""
    if not text or width < px(40):
        return []
    lines = wrap(text, 12, width)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [_fit(line, width) for line in lines]


def _draw_reason(surface: pygame.Surface, text: str, box: pygame.Rect) -> list[str]:
    """The reason End Phase is refused, at the right of ``box``, its lines centred on the bar; returns them."""
    lines = reason_lines(text, box.width)
    step = font(px(12)).get_linesize()
    top = box.centery - step * len(lines) // 2
    for i, line in enumerate(lines):
        draw_text(surface, line, (box.right, top + i * step + step // 2), 12, WARN, anchor="midright")
    return lines


def draw_banner(surface: pygame.Surface, rect: pygame.Rect, text: str) -> pygame.Rect:
    """A strip across the top of the map area (e.g. "the computer is playing"); returns where it is."""
    img = text_surface(text, 14, TEXT, bold=True)
    box = pygame.Rect(0, 0, img.get_width() + px(24), img.get_height() + px(10))
    box.midtop = (rect.centerx, rect.top + px(8))
    pygame.draw.rect(surface, (24, 26, 30), box, border_radius=px(6))
    pygame.draw.rect(surface, WARN, box, 2, border_radius=px(6))
    surface.blit(img, img.get_rect(center=box.center))
    return box
