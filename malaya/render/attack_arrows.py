"""Arrows of attacks on the map: from each attacker hex towards the hex it attacked (the ``A`` overlay)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from malaya.render.camera import Camera
from malaya.render.geometry import HEX_SIZE, hex_to_pixel
from malaya.session.attack_arrows import AttackArrow

Color = tuple[int, int, int]
ARROW = (230, 60, 30)
ARROW_EDGE = (40, 15, 10)
START_CUT, END_CUT = 0.1, 0.4
"""The arrow leaves this share of a hex from the attacker's centre and stops this share short of the target's."""


def arrow_points(start: tuple[float, float], end: tuple[float, float], head: float) -> tuple[
        tuple[float, float], list[tuple[float, float]]]:
    """The shaft's end and the arrowhead triangle of an arrow from ``start`` to ``end`` (screen pixels)."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    base = (end[0] - head * math.cos(angle), end[1] - head * math.sin(angle))
    side = head * 0.6
    left = (base[0] + side * math.sin(angle), base[1] - side * math.cos(angle))
    right = (base[0] - side * math.sin(angle), base[1] + side * math.cos(angle))
    return base, [end, left, right]


def draw_attack_arrows(target: pygame.Surface, camera: Camera, arrows: Iterable[AttackArrow],
                       color: Color = ARROW) -> None:
    """One arrow per attacker hex of every attack, each stopping short of the hex centres."""
    width = max(3, round(4 * camera.zoom))
    head = max(10.0, 14 * camera.zoom)
    for arrow in arrows:
        tx, ty = hex_to_pixel(arrow.target)
        for source in arrow.sources:
            sx, sy = hex_to_pixel(source)
            length = math.hypot(tx - sx, ty - sy) or 1.0
            ux, uy = (tx - sx) * HEX_SIZE / length, (ty - sy) * HEX_SIZE / length  # one hex size along the arrow
            start = camera.world_to_screen(sx + ux * START_CUT, sy + uy * START_CUT)
            end = camera.world_to_screen(tx - ux * END_CUT, ty - uy * END_CUT)
            base, tip = arrow_points(start, end, head)
            pygame.draw.line(target, ARROW_EDGE, start, base, width + 2)
            pygame.draw.line(target, color, start, base, width)
            pygame.draw.polygon(target, color, tip)
            pygame.draw.polygon(target, ARROW_EDGE, tip, 1)
