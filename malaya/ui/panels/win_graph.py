"""The replay viewer's win-chance strip (issue 29): each side's chance after every player-turn, clickable.

The line is the Japanese chance (0 % at the bottom, 100 % at the top), filled below it (red, solid);
the Commonwealth share fills from the top down (blue, striped: the sides are told apart by pattern and
place, not colour alone), draws between. The x axis
is the game's actions, so the yellow line is the replay cursor; a click jumps to the nearest analysed
position. Positions from too few rollouts are hollow dots; while the work goes on, a progress bar.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from malaya.session.analysis.estimate import Outcome, percent
from malaya.session.analysis.turning import Position
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.ui.widgets.kit import ACCENT, BG, DIM, PANEL_EDGE, TEXT, WARN, draw_text, px

JP_FILL = (150, 52, 52)
CW_FILL = (52, 78, 150)
CW_STRIPE = (92, 120, 196)
DRAW_FILL = (70, 74, 82)
STRIP_H = 132


@dataclass
class WinGraph:
    """Where the strip was drawn and which position each x belongs to (for clicks)."""

    rect: pygame.Rect
    plot: pygame.Rect
    points: list[tuple[int, Position]]

    def position_at(self, pos: tuple[int, int]) -> Position | None:
        """The analysed position nearest the click's x, if the click is on the plot."""
        if not self.plot.inflate(px(8), px(8)).collidepoint(pos) or not self.points:
            return None
        return min(self.points, key=lambda xp: abs(xp[0] - pos[0]))[1]


def _x(plot: pygame.Rect, index: int, total: int) -> int:
    return plot.left + round(plot.width * index / max(1, total))


def _y(plot: pygame.Rect, share: float) -> int:
    return plot.top + round(plot.height * (1 - share))


def _stripes(surface: pygame.Surface, area: list[tuple[int, int]], plot: pygame.Rect) -> None:
    """The Commonwealth area: a fill and diagonal stripes clipped to it."""
    if len(area) < 3:
        return
    pygame.draw.polygon(surface, CW_FILL, area)
    mask = pygame.Surface(plot.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - plot.left, y - plot.top) for x, y in area])
    lines = pygame.Surface(plot.size, pygame.SRCALPHA)
    step = px(7)
    for k in range(-plot.height, plot.width, step):
        pygame.draw.line(lines, (*CW_STRIPE, 255), (k, plot.height), (k + plot.height, 0), max(1, px(2)))
    lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(lines, plot.topleft)


def draw_win_graph(surface: pygame.Surface, rect: pygame.Rect, positions: Sequence[Position], total: int,
                   cursor: int, progress: float, busy: bool, error: str | None,
                   mouse: tuple[int, int]) -> WinGraph:
    """Draw the strip in ``rect``; what a click needs to find a position."""
    surface.fill(BG, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.topleft, rect.topright)
    title = say("win_graph.chance_of_winning_g_hides")
    if error:
        title = say("win_graph.chance_of_winning", error=error)
    elif busy:
        title = say("win_graph.chance_of_winning_working_it", percent=percent(progress))
    draw_text(surface, title, (rect.left + px(10), rect.top + px(4)), 13, WARN if error else DIM)
    plot = pygame.Rect(rect.left + px(46), rect.top + px(24), rect.width - px(60), rect.height - px(34))
    pygame.draw.rect(surface, DRAW_FILL, plot)
    for v in (0.0, 0.5, 1.0):
        draw_text(surface, f"{round(100 * v)} %", (plot.left - px(6), _y(plot, v)), 11, DIM, anchor="midright")
    points = [(_x(plot, p.index, total), p) for p in positions]
    if len(points) >= 2:
        jp = [(x, _y(plot, p.estimate.share(Outcome.JP))) for x, p in points]
        cw = [(x, _y(plot, 1 - p.estimate.share(Outcome.CW))) for x, p in points]
        pygame.draw.polygon(surface, JP_FILL, [(points[0][0], plot.bottom), *jp, (points[-1][0], plot.bottom)])
        _stripes(surface, [(points[0][0], plot.top), *cw, (points[-1][0], plot.top)], plot)
        pygame.draw.lines(surface, (236, 150, 150), False, jp, max(1, px(2)))
    for x, p in points:
        y = _y(plot, p.estimate.share(Outcome.JP))
        hollow = p.estimate.too_few and not p.final
        pygame.draw.circle(surface, TEXT, (x, y), px(3), 1 if hollow else 0)
    draw_text(surface, say("win_graph.commonwealth_striped_from_the_top"), (plot.left + px(4), plot.top + px(2)), 11,
              TEXT,
              bold=True)
    draw_text(surface, say("win_graph.japanese_the_line"), (plot.left + px(4), plot.bottom - px(2)), 11, TEXT,
              bold=True,
              anchor="bottomleft")
    cx = _x(plot, cursor, total)
    pygame.draw.line(surface, ACCENT, (cx, plot.top), (cx, plot.bottom), max(1, px(2)))
    if busy:
        bar = pygame.Rect(rect.right - px(170), rect.top + px(7), px(150), px(9))
        pygame.draw.rect(surface, PANEL_EDGE, bar, 1)
        pygame.draw.rect(surface, ACCENT, (bar.left, bar.top, round(bar.width * progress), bar.height))
    graph = WinGraph(rect, plot, points)
    hovered = graph.position_at(mouse)
    if hovered is not None:
        e = hovered.estimate
        when = say("win_graph.game_over") if hovered.final else \
            say("win_graph.turn_to_play", turn=hovered.turn, side=SIDE_ADJECTIVES[hovered.side])
        key = "win_graph.point_rough" if e.too_few and not hovered.final else "win_graph.point"
        tip = say(key, when=when, jp=percent(e.share(Outcome.JP)), draw=percent(e.share(Outcome.DRAW)),
                  cw=percent(e.share(Outcome.CW)), rollouts=e.rollouts)
        draw_text(surface, tip, (rect.right - px(12), rect.top + px(4)) if not busy else
                  (rect.centerx, rect.top + px(4)), 12, TEXT, anchor="topright" if not busy else "midtop")
    return graph
