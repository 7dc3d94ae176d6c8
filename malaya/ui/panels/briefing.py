"""A scenario's briefing as headed paragraphs, drawn into a rectangle from a scroll offset.

Shown on the New Game page (the chosen scenario) and in play (the Briefing dialog, key B).
The objectives and their VP come from the scenario's victory data, so they always match the game.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from malaya.engine import Scenario, turn_date
from malaya.render.fonts import font
from malaya.session.words.catalog import say
from malaya.ui.widgets.kit import ACCENT, TEXT, Color, draw_text, px, wrap

BODY_SIZE = 13
HEAD_SIZE = 14


@dataclass(frozen=True, slots=True)
class Section:
    """One headed part of a briefing."""

    heading: str
    text: str


def turn_dates(scenario: Scenario) -> str:
    """``29 Dec 1941 – 10 Jan 1942``: the dates the top bar shows on the first and the last game-turn."""
    cal = scenario.calendar
    first, last = turn_date(cal, cal.first_turn), turn_date(cal, cal.turns)
    return f"{first.day} {first:%b %Y} – {last.day} {last:%b %Y}"


def turn_span(scenario: Scenario) -> str:
    """``Game-turns 8 to 12 (29 Dec 1941 – 10 Jan 1942 on the top bar), 3 days each``."""
    cal = scenario.calendar
    return (say("briefing_panel.game_turns_to_on_the", first_turn=cal.first_turn, turns=cal.turns,
                turn_dates=turn_dates(scenario), days_per_turn=cal.days_per_turn))


def objectives_text(scenario: Scenario) -> str:
    """The places the Japanese score at the end, with their VP, largest first."""
    rows = sorted(scenario.victory.objectives.items(), key=lambda kv: (-kv[1], kv[0]))
    return "\n".join(say("briefing_panel.vp", place=place, vp=vp) for place, vp in rows)


def briefing_sections(scenario: Scenario) -> list[Section]:
    """The briefing's parts in reading order (a scenario without one gets its length and objectives only)."""
    b = scenario.briefing
    told = [] if b is None else [
        Section(say("briefing_panel.situation"), b.situation.strip()),
        Section(say("briefing_panel.japanese_task"), b.japanese.strip()),
        Section(say("briefing_panel.commonwealth_task"), b.commonwealth.strip()),
        Section(say("briefing_panel.how_victory_is_counted"), b.victory.strip()),
        Section(say("briefing_panel.length"), f"{b.length.strip()}. {turn_span(scenario)}."),
        Section(say("briefing_panel.what_to_watch_for"), b.watch_for.strip()),
    ]
    if b is None:
        told.append(Section(say("briefing_panel.length"), f"{turn_span(scenario)}."))
    return [*told, Section(say("briefing_panel.objectives_vp_to_the_japanese"), objectives_text(scenario))]


def briefing_lines(scenario: Scenario, width: int) -> list[tuple[str, int, Color, bool]]:
    """Every line to draw at ``width`` pixels: (text, size, colour, bold); a blank line between sections."""
    lines: list[tuple[str, int, Color, bool]] = []
    if scenario.briefing is not None:
        lines += [(t, HEAD_SIZE, TEXT, True) for t in wrap(scenario.briefing.summary, HEAD_SIZE, width, True)]
        lines.append(("", BODY_SIZE, TEXT, False))
    for section in briefing_sections(scenario):
        lines.append((section.heading, HEAD_SIZE, ACCENT, True))
        lines += [(t, BODY_SIZE, TEXT, False) for t in wrap(section.text, BODY_SIZE, width)]
        lines.append(("", BODY_SIZE, TEXT, False))
    return lines


def draw_briefing(surface: pygame.Surface, rect: pygame.Rect, scenario: Scenario, top: int = 0) -> int:
    """Draw the briefing clipped to ``rect`` from line ``top``; returns how many lines it has in all."""
    lines = briefing_lines(scenario, rect.width - px(4))
    prev = surface.get_clip()
    surface.set_clip(rect.clip(prev))
    y = rect.top
    for text, size, color, bold in lines[max(0, top):]:
        if y + font(px(size), bold).get_linesize() > rect.bottom:  # only whole lines
            break
        y = draw_text(surface, text, (rect.left, y), size, color, bold=bold).bottom if text else y + px(8)
    surface.set_clip(prev)
    return len(lines)
