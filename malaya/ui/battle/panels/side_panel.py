"""The battle screen's side panel: unit info, hex info, stack viewer, off-map units, log, dice.

Drawing returns the clickable rows (unit id by rectangle) and the combat buttons,
so the screen hit-tests exactly what was drawn this frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from malaya.engine import Action, Hex, Phase
from malaya.session.game_client import GameClient
from malaya.session.phase_info import landing_stacks
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.session.words.info_text import hex_lines, unit_lines
from malaya.session.words.rules_ref import cached_reference
from malaya.session.words.rules_ref.explain import explain_unit
from malaya.session.words.rules_ref.links import Link
from malaya.ui.battle.panels.combat_panel import AdvanceToggle, Toggles, combat_panel_height, draw_combat_panel
from malaya.ui.battle.panels.phase_panel import PanelCommand, PanelContext, PhaseHits, draw_phase_panel
from malaya.ui.widgets.kit import (
    ACCENT,
    DIM,
    PANEL_EDGE,
    TEXT,
    WARN,
    Button,
    draw_lines,
    draw_panel,
    draw_text,
    font,
    px,
    wrap,
)
from malaya.ui.widgets.link_text import PanelNotes, draw_linked, link_tips, split_links

ROW = 18
COMBAT_MIN = 150
"""The Combat Panel is as tall as what it says, and never shorter than this (scaled): title, two button rows."""


@dataclass
class PanelHits:
    """What can be clicked in the panel this frame."""

    units: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    buttons: list[tuple[Button, Action]] = field(default_factory=list)
    commands: list[tuple[Button, PanelCommand | AdvanceToggle]] = field(default_factory=list)
    """Buttons that ask the screen rather than the engine (by e-mail: who advances, R12.9)."""
    places: list[tuple[pygame.Rect, Hex]] = field(default_factory=list)
    """Message-log lines about a place: a click centres the map on it."""
    content_height: int = 0
    """Height of everything the panel drew (more than the panel's when it scrolls)."""
    notes: PanelNotes = field(default_factory=PanelNotes)
    """Links to the rules page (message log terms, Combat Panel rule numbers) and hover explanations."""

    def visible_in(self, view: pygame.Rect) -> PanelHits:
        """Only what can be clicked in ``view`` (the rest is scrolled out of sight)."""
        return PanelHits(units=[(r, u) for r, u in self.units if view.contains(r)],
                         buttons=[(b, a) for b, a in self.buttons if view.contains(b.rect)],
                         commands=[(b, c) for b, c in self.commands if view.contains(b.rect)],
                         places=[(r, h) for r, h in self.places if view.colliderect(r)],
                         content_height=self.content_height,
                         notes=PanelNotes([(r, n) for r, n in self.notes.links if view.contains(r)],
                                          [(r, t) for r, t in self.notes.tips if view.colliderect(r)]))

    def rects(self) -> list[tuple[str, pygame.Rect]]:
        """(name, rectangle) of every clickable unit row and button, for the screen's layout."""
        return [*((f"unit {u}", r) for r, u in self.units), *((b.label, b.rect) for b, _ in self.buttons),
                *((b.label, b.rect) for b, _ in self.commands)]

    def command_at(self, pos: tuple[int, int]) -> PanelCommand | AdvanceToggle | None:
        """The UI command (a mode, a view) of an enabled button under ``pos``, if any."""
        return next((c for b, c in self.commands if b.hit(pos)), None)

    def unit_at(self, pos: tuple[int, int]) -> str | None:
        """The unit row under ``pos``, if any."""
        return next((u for r, u in self.units if r.collidepoint(pos)), None)

    def place_at(self, pos: tuple[int, int]) -> Hex | None:
        """The hex of the message-log line under ``pos``, if it is about a place."""
        return next((h for r, h in self.places if r.collidepoint(pos)), None)

    def rule_at(self, pos: tuple[int, int]) -> str | None:
        """The rule number of a link under ``pos`` (a log term, a Combat Panel rule), if any."""
        return self.notes.link_at(pos)

    def action_at(self, pos: tuple[int, int]) -> Action | None:
        """The action of an enabled button under ``pos``, if any."""
        return next((a for b, a in self.buttons if b.hit(pos)), None)

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """The disabled reason of a button under ``pos``, else the explanation of a Combat Panel line."""
        reason = next((t for b, _ in [*self.buttons, *self.commands] if (t := b.tooltip(pos))), None)
        return reason or self.notes.tip_at(pos)


MIN_LOG = 150
"""The Messages section is never shorter than this (scaled); the panel scrolls instead."""


def draw_side_panel(surface: pygame.Surface, rect: pygame.Rect, client: GameClient, selected: str | None,
                    hover: Hex | None, mouse: tuple[int, int], demolish_mode: bool = False,
                    scroll: int = 0, ledger_key: str = "D") -> PanelHits:
    """Draw every section top to bottom inside ``rect``, scrolled up by ``scroll`` pixels; the hit areas.

    Nothing is cut: when the sections and a readable Messages section need more room than
    ``rect``, they run on below it and the panel scrolls (``content_height`` says how far).
    """
    prev = surface.get_clip()
    surface.set_clip(rect.clip(prev))
    try:
        hits = _draw_sections(surface, pygame.Rect(rect.left, rect.top - scroll, rect.width, rect.height + scroll),
                              client, selected, hover, mouse, demolish_mode, ledger_key)
    finally:
        surface.set_clip(prev)
    if hits.content_height > rect.height:
        _scrollbar(surface, rect, scroll, hits.content_height)
    link_tips(hits.notes, cached_reference(client.gd))  # a term or rule number says what it links to
    return hits.visible_in(rect)


def _scrollbar(surface: pygame.Surface, rect: pygame.Rect, scroll: int, content: int) -> None:
    """A thin bar at the panel's right edge showing which part of the content is in view."""
    track = pygame.Rect(rect.right - px(4), rect.top, px(4), rect.height)
    thumb_h = max(px(20), rect.height * rect.height // content)
    top = track.top + (rect.height - thumb_h) * min(scroll, content - rect.height) // max(1, content - rect.height)
    pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=px(2))
    pygame.draw.rect(surface, ACCENT, (track.left, top, track.width, thumb_h), border_radius=px(2))


def _draw_sections(surface: pygame.Surface, rect: pygame.Rect, client: GameClient, selected: str | None,
                   hover: Hex | None, mouse: tuple[int, int], demolish_mode: bool, ledger_key: str) -> PanelHits:
    """The sections from ``rect.top`` down; Messages takes the rest of ``rect`` but at least MIN_LOG."""
    hits = PanelHits()
    gap = px(6)
    phase_hits = PhaseHits()
    y = draw_phase_panel(surface, rect, PanelContext(client, selected, demolish_mode, mouse, ledger_key), phase_hits)
    y = y + gap if y > rect.top else y
    hits.buttons += phase_hits.actions
    hits.commands += phase_hits.commands
    hits.notes.links += phase_hits.links
    hits.notes.tips += phase_hits.tips
    if client.state.combat is not None:
        toggles: Toggles = []
        box = pygame.Rect(rect.left, y, rect.width, max(px(COMBAT_MIN), combat_panel_height(client, rect.width)))
        hits.buttons += draw_combat_panel(surface, box, client, mouse, hits.notes, toggles)
        hits.commands += toggles
        y = box.bottom + gap
    focus = _focus_hex(client, selected, hover)
    y = _unit_section(surface, pygame.Rect(rect.left, y, rect.width, 0), client, selected, focus,
                      (hits.notes, mouse)) + gap  # terms link to their rules (unit, hex, stack)
    if hover is not None:
        y = _lines_section(surface, pygame.Rect(rect.left, y, rect.width, 0), say("side_panel.hex"),
                           hex_lines(client.gd, client.state, hover), (hits.notes, mouse)) + gap
    if focus is not None:
        y = _stack_section(surface, pygame.Rect(rect.left, y, rect.width, 0), client, focus, selected, hits,
                           mouse) + gap
    offmap = client.offmap_units()
    if offmap:
        arriving = client.state.phase is Phase.REINFORCEMENT
        title = say("side_panel.arriving_click_then_a_hex") if arriving else say("side_panel.off_map_click_to_select")
        section = pygame.Rect(rect.left, y, rect.width, 0)
        y = _rows_section(surface, section, title, client, offmap, selected, hits) + gap
    bottom = max(rect.bottom, y + px(MIN_LOG))
    _log_section(surface, pygame.Rect(rect.left, y, rect.width, bottom - y), client, mouse, hits)
    hits.content_height = bottom - rect.top
    return hits


def _focus_hex(client: GameClient, selected: str | None, hover: Hex | None) -> Hex | None:
    """The hex the stack viewer shows: the hovered one, else the selected unit's."""
    if hover is not None and (hover in client.stacks() or hover in landing_stacks(client)):
        return hover
    if selected is not None:
        return client.state.units[client.gd.unit_index[selected]].hex
    return None


def _height(lines: int, title: bool = True) -> int:
    """Panel height for ``lines`` text lines."""
    return px(ROW) * lines + px(10) + (px(20) if title else 0)


def _lines_section(surface: pygame.Surface, rect: pygame.Rect, title: str, lines: list[str],
                   linked: tuple[PanelNotes, tuple[int, int]] | None = None) -> int:
    """A titled panel of plain lines; returns its bottom. ``linked``: the game's terms link to the rules."""
    wrapped = [w for line in lines for w in wrap(line, 12, rect.width - px(14))]
    box = pygame.Rect(rect.left, rect.top, rect.width, _height(len(wrapped)))
    inner = draw_panel(surface, box, title)
    if linked is None:
        draw_lines(surface, inner, [(t, TEXT) for t in wrapped], 12)
        return box.bottom
    notes, mouse = linked
    step = font(px(12)).get_linesize()
    prev = surface.get_clip()
    surface.set_clip(inner.clip(prev))
    for i, text in enumerate(wrapped[:max(0, inner.height // step)]):
        notes.links += draw_linked(surface, text, (inner.left, inner.top + i * step), 12, TEXT, mouse)
    surface.set_clip(prev)
    return box.bottom


def _unit_section(surface: pygame.Surface, rect: pygame.Rect, client: GameClient, selected: str | None,
                  focus: Hex | None, linked: tuple[PanelNotes, tuple[int, int]]) -> int:
    """Unit info of the selected unit, else of the top unit the viewer may see at the focus hex."""
    unit = selected
    if unit is None and focus is not None and focus not in client.hidden():
        unit = client.stacks().get(focus, [None])[0]
    if unit is None:
        return rect.top - px(6)
    lines = unit_lines(client.gd, client.state, unit, client.unit_actions(unit))
    return _lines_section(surface, rect,
                          say("side_panel.selected_unit") if unit == selected else say("side_panel.unit"), lines,
                          linked)


def _stack_section(surface: pygame.Surface, rect: pygame.Rect, client: GameClient, h: Hex, selected: str | None,
                   hits: PanelHits, mouse: tuple[int, int]) -> int:
    """The units in a hex, one clickable row each; an Unknown stack shows only its size (R2.5)."""
    ids = client.stacks().get(h, [])
    landing = landing_stacks(client).get(h, [])
    if landing and not ids:
        return _rows_section(surface, rect, say("side_panel.landing_zone", units=len(landing)), client, landing,
                             selected, hits)
    if h in client.hidden():
        side = SIDE_ADJECTIVES[client.gd.side_of(ids[0])]
        points = sum(client.gd.stacking_value(u) for u in ids)
        return _lines_section(surface, rect, say("side_panel.stack"),
                              [say("side_panel.unknown_stack_stacking_points", side=side, points=points)],
                              (hits.notes, mouse))
    title = say("side_panel.stack_and_landing", units=len(ids), landing=len(landing)) if landing else \
        say("side_panel.stack_of", units=len(ids))
    return _rows_section(surface, rect, title, client, ids + landing, selected, hits)


def _rows_section(surface: pygame.Surface, rect: pygame.Rect, title: str, client: GameClient, ids: list[str],
                  selected: str | None, hits: PanelHits) -> int:
    """Titled clickable unit rows with their state cue (▶ selected, ○ available, ✓ used)."""
    shown = ids[:6]
    box = pygame.Rect(rect.left, rect.top, rect.width, _height(len(shown)))
    inner = draw_panel(surface, box, title)
    available = client.available_units()
    for i, u in enumerate(shown):
        row = pygame.Rect(inner.left, inner.top + i * px(ROW), inner.width, px(ROW))
        state = client.state.units[client.gd.unit_index[u]]
        d = client.gd.unit_def(u)
        mark, color = ("▶", ACCENT) if u == selected else ("○", TEXT) if u in available else \
            ("✓", DIM) if state.used else ("·", DIM)
        f = d.factors(state.steps)
        text = f"{mark} {d.name}  {f.attack}-{f.defense}-{f.movement}  {state.steps}/{d.steps}"
        if not state.supplied:
            text = say("side_panel.unsupplied", row=text)
        if u == selected:
            pygame.draw.rect(surface, PANEL_EDGE, row, 1)
        draw_text(surface, text, (row.left + px(2), row.centery), 12, color, anchor="midleft")
        hits.units.append((row, u))
        hits.notes.tips.append((row, explain_unit(client.gd, client.state, u)))
    return box.bottom


def _ledger_section(surface: pygame.Surface, rect: pygame.Rect, client: GameClient, mouse: tuple[int, int],
                    hits: PanelHits) -> pygame.Rect:
    """The newest rolls that fit in six lines, each whole, their terms linked; returns the room left below."""
    rolls: list[tuple[str, list[str]]] = []
    for roll in reversed(client.dice[-3:]):
        pieces = wrap(roll, 12, rect.width - px(16))
        if rolls and sum(len(p) for _, p in rolls) + len(pieces) > 6:
            break
        rolls[:0] = [(roll, pieces)]
    if not rolls:
        return rect
    lines = [line for roll, pieces in rolls for line in zip(pieces, split_links(roll, pieces), strict=True)]
    step = font(px(12)).get_linesize()
    box = pygame.Rect(rect.left, rect.top, rect.width, len(lines) * step + px(30))
    inner = draw_panel(surface, box, say("side_panel.dice_ledger"))
    for i, (text, found) in enumerate(lines):
        hits.notes.links += draw_linked(surface, text, (inner.left, inner.top + i * step), 12, WARN, mouse, links=found)
    return pygame.Rect(rect.left, box.bottom + px(6), rect.width, rect.bottom - box.bottom - px(6))


@lru_cache(maxsize=256)
def _wrapped(text: str, scaled_size: int, width: int, terms: bool) -> tuple[tuple[str, list[Link]], ...]:
    """A log line wrapped to ``width`` pixels, each piece with its links; cached, as the same lines are drawn
    every frame (``scaled_size``, the font's pixel size, keys the cache: the lines change with the UI scale)."""
    pieces = wrap(text, 12, width)
    return tuple(zip(pieces, split_links(text, pieces, terms), strict=True))


def _log_section(surface: pygame.Surface, rect: pygame.Rect, client: GameClient, mouse: tuple[int, int],
                 hits: PanelHits) -> None:
    """The message log (newest at the bottom) and, when any, the dice ledger above it; a line with a place is a link."""
    if rect.height < px(60):
        return
    rect = _ledger_section(surface, rect, client, mouse, hits)
    inner = draw_panel(surface, rect, say("side_panel.messages_click_a_line_to"))
    rows = [(w, line, i == 0, links) for line in client.log.lines[-40:]
            for i, (w, links) in enumerate(_wrapped(line.text, px(12), inner.width, not line.heading))]
    step = font(px(12)).get_linesize()
    fit = rows[-max(0, inner.height // step):] if inner.height >= step else []
    first = next((i for i, (_, _, starts, _) in enumerate(fit) if starts), len(fit))
    shown = [(w, line) for w, line, _, _ in fit[first:]]  # whole entries only
    links = [links for *_, links in fit[first:]]
    spans = [(pygame.Rect(inner.left, inner.top + i * step, inner.width, step), line)
             for i, (_, line) in enumerate(shown)]
    hovered = next((line for r, line in spans if line.hex is not None and r.collidepoint(mouse)), None)
    hits.places += [(r, line.hex) for r, line in spans if line.hex is not None]
    colors = [ACCENT if line is hovered else DIM if line.heading else TEXT for _, line in shown]
    prev = surface.get_clip()
    surface.set_clip(inner.clip(prev))
    for (rect, _), (w, _), colour, found in zip(spans, shown, colors, links, strict=True):
        hits.notes.links += draw_linked(surface, w, rect.topleft, 12, colour, mouse, links=found)
    surface.set_clip(prev)
