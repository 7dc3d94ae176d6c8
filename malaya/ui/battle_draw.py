"""Drawing the battle screen's map area and its top bar (the screen decides what to show)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from malaya.engine.hexgrid import Hex
from malaya.ui.camera import Camera
from malaya.ui.counters import CounterPainter, counter_px
from malaya.ui.layout import hex_to_pixel
from malaya.ui.overlays import draw_destinations, draw_outline, draw_path, draw_targets
from malaya.ui.phase_bar import SIDE_COLORS
from malaya.ui.views import CounterView, PhaseStatus
from malaya.ui.widgets import BG, DIM, PANEL_EDGE, TEXT, WARN, Button, draw_text, px, text_surface


@dataclass
class MapOverlay:
    """The dynamic things drawn over the map this frame."""

    destinations: Sequence[Hex] = ()
    targets: Sequence[Hex] = ()
    combat_hex: Hex | None = None
    hover: Hex | None = None
    path: Sequence[Hex] = ()
    cost: str | None = None


def draw_counters(target: pygame.Surface, camera: Camera, painter: CounterPainter,
                  views: Mapping[Hex, Sequence[CounterView]]) -> None:
    """Every stack on screen at its hex centre."""
    side = counter_px(camera.zoom)
    ox, oy = camera.origin_px()
    w, h = target.get_size()
    margin = side * 2
    for hx, stack in views.items():
        wx, wy = hex_to_pixel(hx)
        sx, sy = round(wx * camera.zoom) - ox, round(wy * camera.zoom) - oy
        if -margin <= sx <= w + margin and -margin <= sy <= h + margin:
            painter.draw_stack(target, stack, (sx, sy), side)


def draw_map_overlay(target: pygame.Surface, camera: Camera, overlay: MapOverlay) -> None:
    """Highlights under the counters: destinations, attackable hexes, the combat hex."""
    if overlay.destinations:
        draw_destinations(target, camera, overlay.destinations)
    draw_targets(target, camera, overlay.targets)
    if overlay.combat_hex is not None:
        draw_outline(target, camera, overlay.combat_hex, (0, 0, 0), 7)
        draw_outline(target, camera, overlay.combat_hex, (255, 60, 30), 5)


def draw_map_top(target: pygame.Surface, camera: Camera, overlay: MapOverlay) -> None:
    """Above the counters: the hovered hex and the move path with its MP cost."""
    if overlay.path:
        draw_path(target, camera, overlay.path, overlay.cost)
    if overlay.hover is not None:
        draw_outline(target, camera, overlay.hover, (255, 236, 0), 2)


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, status: PhaseStatus, buttons: Sequence[Button],
             end_phase: Button, mouse: tuple[int, int]) -> None:
    """Turn, date, side chip, phase; tool buttons; End Phase at the right with its reason."""
    surface.fill(BG, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.bottomleft, rect.bottomright)
    mid = rect.centery
    x = rect.left + px(12)
    for label, value in (("Turn", str(status.turn)), ("", status.date)):
        if label:
            x = draw_text(surface, label, (x, mid), 13, DIM, anchor="midleft").right + px(6)
        x = draw_text(surface, value, (x, mid), 16, TEXT, bold=True, anchor="midleft").right + px(18)
    img = text_surface(status.side, 15, (16, 16, 16), bold=True)
    chip = pygame.Rect(x, rect.top + px(8), img.get_width() + px(18), rect.height - px(16))
    pygame.draw.rect(surface, SIDE_COLORS.get(status.side, (200, 200, 200)), chip, border_radius=px(4))
    surface.blit(img, img.get_rect(center=chip.center))
    x = chip.right + px(18)
    x = draw_text(surface, status.phase.replace("_", " ").title(), (x, mid), 16, TEXT, bold=True,
                  anchor="midleft").right + px(18)
    bh = rect.height - px(12)
    end_phase.rect = pygame.Rect(rect.right - px(130), rect.top + px(6), px(120), bh)
    bx = x
    for b in buttons:
        w = text_surface(b.label, b.size, bold=True).get_width() + px(18)
        b.rect = pygame.Rect(bx, rect.top + px(6), w, bh)
        bx += w + px(6)
    for b in [*buttons, end_phase]:
        b.draw(surface, mouse)
    if end_phase.reason:
        reason = _fit(end_phase.reason, end_phase.rect.left - px(12) - bx)
        if reason:
            draw_text(surface, reason, (end_phase.rect.left - px(10), mid), 12, WARN, anchor="midright")


def _fit(text: str, width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels ("" if nothing fits)."""
    if width < px(40):
        return ""
    while text and text_surface(text, 12).get_width() > width:
        text = text[:-2].rstrip() + "…" if len(text) > 2 else ""
        text = text.replace("……", "…")
    return text


def draw_banner(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    """A strip across the top of the map area (e.g. "the computer is playing")."""
    img = text_surface(text, 14, TEXT, bold=True)
    box = pygame.Rect(0, 0, img.get_width() + px(24), img.get_height() + px(10))
    box.midtop = (rect.centerx, rect.top + px(8))
    pygame.draw.rect(surface, (24, 26, 30), box, border_radius=px(6))
    pygame.draw.rect(surface, WARN, box, 2, border_radius=px(6))
    surface.blit(img, img.get_rect(center=box.center))
