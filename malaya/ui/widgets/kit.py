"""A small widget kit: buttons (with a disabled reason), checkboxes, a text field, panels, text.

Widgets are plain objects with a ``rect`` the owner lays out each frame and a
``draw``; clicks are hit-tested by the owner with ``rect.collidepoint``. All sizes
go through :func:`px`, so the UI scale setting enlarges text and controls alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from malaya.render.fonts import font
from malaya.session.words.plain_words import plain_reason

Color = tuple[int, int, int]
BG: Color = (30, 35, 42)
PANEL: Color = (44, 50, 60)
PANEL_EDGE: Color = (90, 100, 112)
TEXT: Color = (236, 236, 228)
DIM: Color = (170, 176, 186)
ACCENT: Color = (246, 218, 72)
GOOD: Color = (40, 92, 50)
GOOD_HOVER: Color = (56, 110, 64)
GOOD_TEXT: Color = (128, 204, 140)
"""Green for text on panels (GOOD is a button fill, too dark to read as text)."""
DISABLED: Color = (58, 62, 68)
TOGGLED: Color = (96, 82, 34)
TOGGLED_HOVER: Color = (112, 96, 40)
TOOLTIP_BG: Color = (20, 22, 26)
WARN: Color = (255, 170, 120)
BAD: Color = (245, 130, 120)
LINK: Color = (140, 196, 255)
"""A link to the rules page (a rule number, or a term under the mouse)."""

_scale = 1.0


def set_ui_scale(scale: float) -> None:
    """Set the UI scale factor (0.75–2) used by :func:`px`."""
    global _scale
    _scale = min(2.0, max(0.75, float(scale)))


BASE_WINDOW = (1280, 720)
"""The smallest window the layout is made for at UI scale 1."""


def fitted_scale(scale: float, window: tuple[int, int]) -> float:
    """The UI scale in effect: the chosen one, but no larger than the window has room for."""
    room = min(window[0] / BASE_WINDOW[0], window[1] / BASE_WINDOW[1])
    return min(2.0, max(0.75, min(scale, max(1.0, room))))


def ui_scale() -> float:
    """The current UI scale factor."""
    return _scale


def px(n: float) -> int:
    """A length of ``n`` pixels at scale 1, scaled to the UI scale."""
    return max(1, round(n * _scale))


def text_surface(text: str, size: int, color: Color = TEXT, bold: bool = False) -> pygame.Surface:
    """Rendered text at a scaled font size."""
    return font(px(size), bold).render(text, True, color)


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 14,
              color: Color = TEXT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Blit text with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``; its rect."""
    img = text_surface(text, size, color, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels at a scaled font size."""
    f = font(px(size), bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if line and f.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def dim_backdrop(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken everything drawn so far (the screen behind a dialog) by a black veil of ``alpha``."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, title: str | None = None) -> pygame.Rect:
    """A framed panel with an optional title; returns the content rectangle below the title."""
    pygame.draw.rect(surface, PANEL, rect, border_radius=px(4))
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=px(4))
    inner = rect.inflate(-px(12), -px(10))
    if title:
        r = draw_text(surface, title, inner.topleft, 13, ACCENT, bold=True)
        inner = pygame.Rect(inner.left, r.bottom + px(3), inner.width, inner.bottom - r.bottom - px(3))
    return inner


def draw_lines(surface: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, Color]],
               size: int = 12, from_bottom: bool = False) -> None:
    """Lines of coloured text clipped to ``rect``; ``from_bottom`` shows the last lines that fit."""
    step = font(px(size)).get_linesize()
    fit = max(0, rect.height // step)
    shown = lines[-fit:] if from_bottom else lines[:fit]
    prev = surface.get_clip()
    surface.set_clip(rect.clip(prev))
    for i, (text, color) in enumerate(shown):
        draw_text(surface, text, (rect.left, rect.top + i * step), size, color)
    surface.set_clip(prev)


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int],
                 within: pygame.Rect | None = None) -> pygame.Rect:
    """A small boxed note near ``pos``, kept inside ``within`` (a map tip stays off the panels), else the surface;
    where it was drawn."""
    lines = wrap(plain_reason(text), 12, px(320))
    imgs = [text_surface(line, 12, TEXT) for line in lines]
    w = max(i.get_width() for i in imgs) + px(12)
    h = sum(i.get_height() for i in imgs) + px(8)
    box = pygame.Rect(pos[0] + px(12), pos[1] + px(16), w, h)
    area = surface.get_rect() if within is None else within.clip(surface.get_rect())
    if box.right > area.right:  # no room on the right: the note goes to the left of the point, not over it
        box.right = pos[0] - px(12)
    box.clamp_ip(area)
    pygame.draw.rect(surface, TOOLTIP_BG, box, border_radius=px(3))
    pygame.draw.rect(surface, WARN, box, 1, border_radius=px(3))
    y = box.top + px(4)
    for img in imgs:
        surface.blit(img, (box.left + px(6), y))
        y += img.get_height()
    return box


@dataclass
class Button:
    """A push button; when ``reason`` is set it is disabled and the reason is its tooltip, else ``tip`` is."""

    label: str
    reason: str | None = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    size: int = 14
    toggled: bool = False
    tip: str | None = None
    """What the button does (and its key), shown when the mouse rests on it."""
    focused: bool = False
    """Has the keyboard focus (Enter presses it): drawn with a double ring."""

    @property
    def enabled(self) -> bool:
        """True unless a reason disables it."""
        return not self.reason

    def hit(self, pos: tuple[int, int]) -> bool:
        """True if an enabled button is under ``pos``."""
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None = None) -> None:
        """Draw it (lighter when hovered, grey with a struck corner when disabled)."""
        hover = mouse is not None and self.rect.collidepoint(mouse)
        color = (GOOD_HOVER if hover else GOOD) if self.enabled else DISABLED
        if self.toggled and self.enabled:
            color = TOGGLED if not hover else TOGGLED_HOVER
        pygame.draw.rect(surface, color, self.rect, border_radius=px(5))
        pygame.draw.rect(surface, ACCENT if self.toggled else PANEL_EDGE, self.rect, 1, border_radius=px(5))
        draw_text(surface, self.label, self.rect.center, self.size, TEXT if self.enabled else DIM,
                  bold=True, anchor="center")
        if self.focused:
            draw_focus_ring(surface, self.rect)
        if not self.enabled:  # a shape cue, not only a colour: a diagonal slash in the corner
            r = self.rect
            pygame.draw.line(surface, DIM, (r.right - px(10), r.top + px(3)), (r.right - px(3), r.top + px(10)), 2)

    def tooltip(self, mouse: tuple[int, int]) -> str | None:
        """Under the mouse: the disabled reason, else what the button does."""
        if not self.rect.collidepoint(mouse):
            return None
        return self.reason or self.tip


@dataclass
class Checkbox:
    """A labelled on/off box; clicking anywhere on it toggles."""

    label: str
    checked: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    detail: str = ""
    focused: bool = False
    """Has the keyboard focus (Enter or Space ticks it): drawn with a double ring."""
    enabled: bool = True

    def hit(self, pos: tuple[int, int]) -> bool:
        """True if the checkbox (box or label) is under ``pos``."""
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None = None) -> None:
        """The box (a tick when checked) and its label."""
        side = px(16)
        box = pygame.Rect(self.rect.left, self.rect.centery - side // 2, side, side)
        pygame.draw.rect(surface, (250, 250, 244) if self.checked else (70, 76, 86), box, border_radius=2)
        pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=2)
        if self.checked:
            pts = [(box.left + side * 0.2, box.top + side * 0.55), (box.left + side * 0.42, box.bottom - side * 0.2),
                   (box.right - side * 0.15, box.top + side * 0.2)]
            pygame.draw.lines(surface, (20, 110, 40), False, pts, max(2, px(3)))
        hover = mouse is not None and self.rect.collidepoint(mouse)
        r = draw_text(surface, self.label, (box.right + px(8), self.rect.centery), 14,
                      ACCENT if hover else TEXT, anchor="midleft")
        if self.detail:
            r = draw_text(surface, self.detail, (r.right + px(10), self.rect.centery), 12, DIM, anchor="midleft")
        if self.focused:
            ring = pygame.Rect(self.rect.left, self.rect.top, r.right - self.rect.left, self.rect.height)
            draw_focus_ring(surface, ring)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard-focus mark around ``rect``: a light ring and an accent ring outside it."""
    pygame.draw.rect(surface, TEXT, rect.inflate(px(6), px(6)), 2, border_radius=px(7))
    pygame.draw.rect(surface, ACCENT, rect.inflate(px(10), px(10)), 1, border_radius=px(8))


def screen_areas(size: tuple[int, int], bar_h: int, panel_w: int, minimap_h: int,
                 inset: int = 4) -> dict[str, pygame.Rect]:
    """The map-screen layout: top bar, map, right side panel, its Mini-Map and the panel body below."""
    w, h = size
    bar = pygame.Rect(0, 0, w, px(bar_h))
    panel = pygame.Rect(w - px(panel_w), bar.bottom, px(panel_w), h - bar.bottom)
    mini = pygame.Rect(panel.left + px(4), panel.top + px(4), panel.width - px(8), px(minimap_h))
    body = pygame.Rect(panel.left + px(inset), mini.bottom + px(inset + 2), panel.width - px(2 * inset),
                       panel.bottom - mini.bottom - px(2 * inset + 2))
    return {"bar": bar, "map": pygame.Rect(0, bar.bottom, max(1, panel.left), max(1, h - bar.bottom)),
            "panel": panel, "mini": mini, "body": body}
