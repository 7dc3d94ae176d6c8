"""Text with links to the rules page: rule numbers in the link colour, terms underlined; the link rectangles.

Every place that shows text which may name a rule (the message log, the Combat Panel, the rules page
itself) draws it through :func:`draw_linked` and hit-tests the returned :data:`LinkHits`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from malaya.render.fonts import font
from malaya.session.words.rules_ref.entries import Reference
from malaya.session.words.rules_ref.links import Link, find_links
from malaya.ui.widgets.kit import LINK, Color, draw_text, px

LinkHits = list[tuple[pygame.Rect, str]]
"""(rectangle, rule number) of each link drawn this frame."""


@dataclass
class PanelNotes:
    """What a panel drew this frame that points at the rules: its links and its hover explanations."""

    links: LinkHits = field(default_factory=list)
    tips: list[tuple[pygame.Rect, str]] = field(default_factory=list)

    def link_at(self, pos: tuple[int, int]) -> str | None:
        """The rule number of the link under ``pos``, if any."""
        return link_at(self.links, pos)

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        """The explanation of what is under ``pos``, if any."""
        return next((t for r, t in self.tips if r.collidepoint(pos)), None)


def split_links(text: str, pieces: list[str], terms: bool = True) -> list[list[Link]]:
    """The links of ``text`` for each of its wrapped ``pieces`` (joined by single spaces), in piece positions.

    A term broken over two lines ("zone of" / "control") is a link on both.
    """
    out: list[list[Link]] = []
    start = 0
    links = find_links(text, terms)
    for piece in pieces:
        at = text.find(piece, start) if piece else start
        at = start if at < 0 else at
        end = at + len(piece)
        out.append([Link(max(k.start, at) - at, min(k.end, end) - at, k.number, k.term)
                    for k in links if k.start < end and at < k.end])
        start = end
    return out


def draw_linked(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: Color,
                mouse: tuple[int, int], terms: bool = True, bold: bool = False,
                links: list[Link] | None = None) -> LinkHits:
    """Draw one line with its links (rule numbers in the link colour, terms dotted until hovered); the links.

    ``links`` are the line's links when already known (a wrapped line, :func:`split_links`).
    """
    f = font(px(size), bold)
    x, y = pos
    hits: LinkHits = []
    done = 0
    for link in find_links(text, terms) if links is None else links:
        if link.start > done:
            draw_text(surface, text[done:link.start], (x + f.size(text[:done])[0], y), size, color, bold)
        left = x + f.size(text[:link.start])[0]
        rect = pygame.Rect(left, y, f.size(text[link.start:link.end])[0], f.get_linesize())
        hovered = rect.collidepoint(mouse)
        shown = LINK if hovered or not link.term else color
        draw_text(surface, text[link.start:link.end], (left, y), size, shown, bold)
        underline = rect.bottom - px(2)
        if hovered or not link.term:
            pygame.draw.line(surface, LINK, (left, underline), (rect.right - 1, underline), 1)
        else:
            _dotted(surface, LINK, left, rect.right, underline)
        hits.append((rect, link.number))
        done = link.end
    if done < len(text):
        draw_text(surface, text[done:], (x + f.size(text[:done])[0], y), size, color, bold)
    return hits


def link_tips(notes: PanelNotes, ref: Reference) -> None:
    """Each link drawn without hover words of its own explains its rule (heading and first sentence)."""
    for rect, number in notes.links:
        words = ref.summary(number)
        if words is not None:
            notes.tips.append((rect, words))


def link_at(hits: LinkHits, pos: tuple[int, int]) -> str | None:
    """The rule number of the link under ``pos``, if any."""
    return next((number for rect, number in hits if rect.collidepoint(pos)), None)


def _dotted(surface: pygame.Surface, color: Color, left: int, right: int, y: int) -> None:
    """A dotted line from ``left`` to ``right`` at ``y`` (a term that links, not yet hovered)."""
    for x in range(left, right, px(3)):
        surface.set_at((x, y), color)
