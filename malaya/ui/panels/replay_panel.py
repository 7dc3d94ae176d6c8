"""The replay viewer's side panel: transport controls, speed, view, the timeline, the action, the dice ledger.

:class:`ReplayControls` owns the buttons; :func:`draw_replay_panel` lays them out and draws
every section inside a rectangle, returning the timeline bar so the screen can hit-test it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from malaya.engine import Side
from malaya.persistence.replay_cursor import SPEEDS, VIEWS, ReplayCursor
from malaya.render.fonts import font
from malaya.session.words.catalog import say
from malaya.session.words.rules_ref.links import Link
from malaya.ui.widgets.kit import (
    ACCENT,
    DIM,
    PANEL_EDGE,
    TEXT,
    Button,
    Color,
    draw_panel,
    draw_text,
    px,
    wrap,
)
from malaya.ui.widgets.link_text import LinkHits, draw_linked, split_links

TRANSPORT = (("turn_back", say("replay_panel.turn_back")), ("step_back", say("replay_panel.step_back")),
             ("play", say("replay_panel.play")), ("step", say("replay_panel.step_on")),
             ("turn", say("replay_panel.turn_on")))
PHASES = (("phase_back", say("replay_panel.phase_back")), ("phase", say("replay_panel.phase_on")))
VIEW_LABELS = {"JP": say("replay_panel.japanese_view"), "CW": say("replay_panel.commonwealth_view"),
               "all": say("replay_panel.all")}
TIPS = {"turn_back": say("replay_panel.back_one_player_turn_pgup"),
        "step_back": say("replay_panel.back_one_action_left"),
        "play": say("replay_panel.play_or_pause_space"), "step": say("replay_panel.on_one_action_right"),
        "turn": say("replay_panel.on_one_player_turn_pgdn"),
        "phase_back": say("replay_panel.back_one_phase_up"), "phase": say("replay_panel.on_one_phase_down")}
"""What each transport button does, and its key (the replay viewer's keys)."""
VIEW_TIPS = {"JP": say("replay_panel.show_what_the_japanese_saw"),
             "CW": say("replay_panel.show_what_the_commonwealth_saw"), "all": say("replay_panel.show_every_unit")}


@dataclass
class ReplayControls:
    """Every button of the panel, by name (``speed:5``, ``view:JP`` …)."""

    buttons: dict[str, Button] = field(default_factory=dict)
    timeline: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    links: LinkHits = field(default_factory=list)
    """The game's terms in the action, dice and event lines drawn this frame: links to the rules page."""

    def __post_init__(self) -> None:
        for name, label in (*TRANSPORT, *PHASES):
            self.buttons[name] = Button(label, size=12, tip=TIPS[name])
        for i, speed in enumerate(SPEEDS, start=1):
            self.buttons[f"speed:{speed}"] = Button(say("replay_panel.speed_label", speed=speed), size=12,
                                                    tip=say("replay_panel.play_actions_a_second", speed=speed, key=i))
        for view in VIEWS:
            tip = say("replay_panel.v_next_view", view_tip=VIEW_TIPS[view])
            self.buttons[f"view:{view}"] = Button(VIEW_LABELS[view], size=12, tip=tip)

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The name of the button under ``pos``, if any."""
        return next((name for name, b in self.buttons.items() if b.hit(pos)), None)

    def timeline_index(self, pos: tuple[int, int], total: int) -> int | None:
        """The action index a click on the timeline bar means, if it is on the bar."""
        bar = self.timeline
        if not bar.inflate(0, px(8)).collidepoint(pos) or bar.width <= 0:
            return None
        return round((pos[0] - bar.left) / bar.width * total)


def _row(surface: pygame.Surface, buttons: list[Button], left: int, y: int, width: int,
         mouse: tuple[int, int], weights: tuple[int, ...] | None = None) -> int:
    """Lay out buttons in one row (equal widths, or in proportion to ``weights``); the y below it."""
    gap = px(4)
    shares = weights or (1,) * len(buttons)
    room = width - gap * (len(buttons) - 1)
    x = left
    for b, share in zip(buttons, shares, strict=True):
        w = room * share // sum(shares)
        b.rect = pygame.Rect(x, y, w, px(28))
        b.draw(surface, mouse)
        x += w + gap
    return y + px(28) + px(6)


def _controls(surface: pygame.Surface, rect: pygame.Rect, c: ReplayControls, cursor: ReplayCursor,
              mouse: tuple[int, int]) -> int:
    """The button rows; the y below them."""
    b = c.buttons
    b["play"].label = say("replay_panel.pause") if cursor.playing else say("replay_panel.play")
    b["play"].toggled = cursor.playing
    for speed in SPEEDS:
        b[f"speed:{speed}"].toggled = cursor.speed == speed
    for view in VIEWS:
        b[f"view:{view}"].toggled = cursor.view == view if cursor.log.only_for is None else \
            view == cursor.log.only_for.value
        b[f"view:{view}"].reason = None if cursor.log.only_for in (None, view) else \
            say("replay_panel.a_game_played_by_e")
    y = _row(surface, [b[n] for n, _ in TRANSPORT], rect.left, rect.top, rect.width, mouse)
    phase_w = rect.width * 2 // 5
    _row(surface, [b[n] for n, _ in PHASES], rect.left, y, phase_w, mouse)
    draw_text(surface, say("replay_panel.speed"), (rect.left + phase_w + px(8), y + px(14)), 12, DIM, anchor="midleft")
    speed_left = rect.left + phase_w + px(46)
    y = _row(surface, [b[f"speed:{s}"] for s in SPEEDS], speed_left, y, rect.right - speed_left, mouse)
    views = [b[f"view:{v}"] for v in VIEWS]  # "All" is short: the sides' names get its room
    return _row(surface, views, rect.left, y, rect.width, mouse, tuple(1 if v == "all" else 2 for v in VIEWS))


def _timeline(surface: pygame.Surface, rect: pygame.Rect, c: ReplayControls, cursor: ReplayCursor, y: int) -> int:
    """Position text and the clickable bar with a tick per game-turn; the y below."""
    total = max(1, len(cursor.log))
    mark = cursor.mark()
    y = draw_text(surface, say("replay_panel.action", index=cursor.index, actions=len(cursor.log),
                               label=mark.label()), (rect.left, y), 12,
                  TEXT).bottom + px(4)
    bar = pygame.Rect(rect.left, y, rect.width, px(14))
    c.timeline = bar
    pygame.draw.rect(surface, (24, 28, 34), bar)
    for m in cursor.log.phases:
        if m.phase == cursor.log.phases[0].phase and m.side is Side.JP:
            x = bar.left + round(m.index / total * bar.width)
            pygame.draw.line(surface, PANEL_EDGE, (x, bar.top), (x, bar.bottom))
    done = round(cursor.index / total * bar.width)
    pygame.draw.rect(surface, (82, 148, 92), (bar.left, bar.top + px(4), done, bar.height - px(8)))
    pygame.draw.rect(surface, ACCENT, (bar.left + done - 2, bar.top, 4, bar.height))
    pygame.draw.rect(surface, PANEL_EDGE, bar, 1)
    return bar.bottom + px(8)


def _text_section(surface: pygame.Surface, rect: pygame.Rect, title: str, lines: list[tuple[str, Color]],
                  linked: tuple[LinkHits, tuple[int, int]], from_bottom: bool = False) -> None:
    """A titled panel of wrapped lines (the last that fit when ``from_bottom``), the game's terms as links."""
    inner = draw_panel(surface, rect, title)
    entries: list[list[tuple[str, Color, list[Link]]]] = []
    for text, color in lines:
        pieces = wrap(text, 12, inner.width)
        per_piece = split_links(text, pieces, terms=not text.startswith("—"))  # a phase heading stays plain
        entries.append([(part, color, spans) for part, spans in zip(pieces, per_piece, strict=True)])
    step = font(px(12)).get_linesize()
    shown = _whole_entries(entries, max(0, inner.height // step), from_bottom)
    links, mouse = linked
    prev = surface.get_clip()
    surface.set_clip(inner.clip(prev))
    for i, (text, color, found) in enumerate(shown):
        links += draw_linked(surface, text, (inner.left, inner.top + i * step), 12, color, mouse, links=found)
    surface.set_clip(prev)


def _whole_entries(entries: list[list[tuple[str, Color, list[Link]]]], fit: int,
                   from_bottom: bool) -> list[tuple[str, Color, list[Link]]]:
    """The lines of as many whole entries as fit in ``fit`` lines (the last ones when ``from_bottom``): an
    entry is never cut mid-sentence, and a line says how many more there are, and where (the scroll cue)."""
    ordered = entries[::-1] if from_bottom else entries
    taken: list[list[tuple[str, Color, list[Link]]]] = []
    used = 0
    for entry in ordered:
        room = fit - (0 if len(taken) + 1 == len(ordered) else 1)  # keep a line for the cue if any are left
        if used + len(entry) > room:
            break
        taken.append(entry)
        used += len(entry)
    left = len(entries) - len(taken)
    if left and not taken and fit >= 2:  # one entry longer than the panel: its start, then the cue
        taken, left = [ordered[0][:fit - 1]], left - 1
    cue: list[tuple[str, Color, list[Link]]] = []
    if left and fit:
        key = "replay_panel.earlier_not_shown" if from_bottom else "replay_panel.more_not_shown"
        cue = [(say(key, left=left), DIM, [])]
    if from_bottom:
        return cue + [line for entry in taken[::-1] for line in entry]
    return [line for entry in taken for line in entry] + cue


def draw_replay_panel(surface: pygame.Surface, rect: pygame.Rect, controls: ReplayControls, cursor: ReplayCursor,
                      mouse: tuple[int, int]) -> None:
    """Controls, timeline, the current action, the dice ledger and recent events, top to bottom."""
    y = _controls(surface, rect, controls, cursor, mouse)
    y = _timeline(surface, rect, controls, cursor, y)
    controls.links = []
    linked = (controls.links, mouse)
    rest = rect.bottom - y
    now_h = max(px(60), rest * 28 // 100)
    dice_h = max(px(60), rest * 30 // 100)
    now = [(line, TEXT if i == 0 else DIM) for i, line in enumerate(cursor.now_lines())]
    _text_section(surface, pygame.Rect(rect.left, y, rect.width, now_h), say("replay_panel.this_action"), now, linked)
    y += now_h + px(6)
    ledger = [(text, ACCENT if i == cursor.index else TEXT) for i, text in cursor.dice()]
    _text_section(surface, pygame.Rect(rect.left, y, rect.width, dice_h), say("replay_panel.dice_ledger"),
                  ledger or [(say("replay_panel.no_dice_rolled_yet"), DIM)], linked, from_bottom=True)
    y += dice_h + px(6)
    recent = [(text, TEXT if i == cursor.index else DIM) for i, text in cursor.recent(30)]
    _text_section(surface, pygame.Rect(rect.left, y, rect.width, rect.bottom - y), say("replay_panel.events"), recent,
                  linked,
                  from_bottom=True)
