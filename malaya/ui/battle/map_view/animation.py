"""Short animations driven by engine events: moves, the die, combat results, losses, eliminations, retreats.

:meth:`Animator.feed` turns the events of one submitted action into a queue of
steps, played one after another on the map. A unit's move (overland, rail, by sea
from a port) slides along its path, quickly; the die tumbles, then the combat's result
rises over the hex in words and fades; a loss flashes, an eliminated counter fades out.
Units sliding along a path are hidden from the normal counter drawing until their slide
is over (queued ones wait, drawn, at their start hex). Moves of units the viewer may not
see are not animated (R2.5). A click or Space skips everything; the "instant" animation
speed queues nothing at all.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from malaya.content.counter_symbols import scenario_counter_symbols
from malaya.engine import (
    AmphibiousAssaultFailed,
    DiceRolled,
    Event,
    GameDef,
    GameState,
    Hex,
    Location,
    RetreatBlocked,
    StepLost,
    UnitAdvanced,
    UnitEliminated,
    UnitMoved,
    UnitRailMoved,
    UnitRetreated,
    UnitShipped,
)
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter, counter_px
from malaya.render.fonts import halo_text
from malaya.render.geometry import hex_to_pixel
from malaya.render.highlights import draw_outline
from malaya.session.views import CounterView, counter_view
from malaya.session.words.catalog import say
from malaya.ui.widgets.dice import draw_die
from malaya.ui.widgets.kit import text_surface

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Duration factor per animation-speed setting ("instant": no animations)."""
DIE_S = 1.1
FLASH_S = 0.5
SLIDE_PER_HEX_S = 0.22
MOVE_PER_HEX_S = 0.11
MOVE_MAX_S = 0.9
"""A player's move is quick: this many seconds a hex, at most ``MOVE_MAX_S`` (at normal speed)."""
FLOAT_S = 1.2


class StepKind(Enum):
    """What an animation step shows."""

    DIE = "die"
    FLASH = "flash"
    SLIDE = "slide"
    MOVE = "move"
    FLOAT = "float"


@dataclass
class Step:
    """One animation: a die at a hex, a flash on a hex, or counters sliding along a path."""

    kind: StepKind
    duration: float
    hexes: tuple[Hex, ...]
    text: str = ""
    views: tuple[CounterView, ...] = ()
    units: tuple[str, ...] = ()
    die: int = 0


class Animator:
    """The queue of animation steps; see module docstring."""

    def __init__(self) -> None:
        self.queue: deque[Step] = deque()
        self.elapsed = 0.0

    @property
    def active(self) -> bool:
        """True while something is being animated."""
        return bool(self.queue)

    @property
    def only_moves(self) -> bool:
        """True while nothing but moves slides: a click may skip them and act at once."""
        return all(s.kind is StepKind.MOVE for s in self.queue)

    def newest_move(self) -> tuple[Hex, ...] | None:
        """The path of the last move queued, if the queue ends with one (the camera may follow it)."""
        last = self.queue[-1] if self.queue else None
        return last.hexes if last is not None and last.kind is StepKind.MOVE else None

    def skip(self) -> None:
        """Drop every pending animation."""
        self.queue.clear()
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        """Advance the current step; move on when it is over."""
        if not self.queue:
            return
        self.elapsed += dt
        while self.queue and self.elapsed >= self.queue[0].duration:
            self.elapsed -= self.queue[0].duration
            self.queue.popleft()
        if not self.queue:
            self.elapsed = 0.0

    def hidden_units(self) -> frozenset[str]:
        """Units drawn by the animator (not at their hex) until their slide ends."""
        return frozenset(u for s in self.queue if s.kind in SLIDING for u in s.units)

    def feed(self, gd: GameDef, before: GameState, after: GameState, events: Sequence[Event], speed: str,
             visible: frozenset[str] | None = None) -> None:
        """Queue the animations of these events (nothing at "instant" speed).

        ``visible``: the units the viewer sees after the action; moves of any other unit are not shown.
        """
        factor = SPEED[speed]
        if factor <= 0:
            return
        where: dict[str, Hex | None] = {u.id: u.hex for u in before.units if u.hex is not None}
        for e in events:
            for step in _steps_for(gd, before, after, e, where):
                if step.kind is StepKind.MOVE and visible is not None and step.units[0] not in visible:
                    continue
                self._queue(step, factor)

    def _queue(self, step: Step, factor: float) -> None:
        """Add one step at this speed, joining a slide of another unit along the same path."""
        step.duration *= factor
        last = self.queue[-1] if self.queue else None
        if (last is not None and step.kind is StepKind.SLIDE and last.kind is StepKind.SLIDE
                and last.hexes == step.hexes and step.units[0] not in last.units):
            self.queue[-1] = Step(StepKind.SLIDE, last.duration, last.hexes, views=last.views + step.views,
                                  units=last.units + step.units)
        else:
            self.queue.append(step)

    def draw(self, target: pygame.Surface, camera: Camera, painter: CounterPainter) -> None:
        """Draw the current step (and waiting slides at their start hexes)."""
        if not self.queue:
            return
        side = counter_px(camera.zoom)
        for waiting in list(self.queue)[1:]:
            if waiting.kind in SLIDING:
                painter.draw_stack(target, waiting.views, _screen(camera, waiting.hexes[0]), side)
        step = self.queue[0]
        t = min(1.0, self.elapsed / step.duration) if step.duration else 1.0
        _DRAW[step.kind](target, camera, painter, step, t)


SLIDING = frozenset({StepKind.SLIDE, StepKind.MOVE})
"""Steps that carry counters along a path (their units are drawn by the animator meanwhile)."""


def _steps_for(gd: GameDef, before: GameState, after: GameState, e: Event, where: dict[str, Hex | None]
               ) -> list[Step]:
    """The animations of one event (none for events that are not animated); tracks unit positions."""
    if isinstance(e, DiceRolled):
        result = gd.scenario.ruleset.combat.crt.results.get(e.result)
        words = result.text if result is not None and result.text else e.result
        return [Step(StepKind.DIE, DIE_S, (e.defender_hex,),
                     f"{e.die} {e.modifier:+d} = {e.modified_roll} → {e.result}", die=e.die),
                Step(StepKind.FLOAT, FLOAT_S, (e.defender_hex,), words)]
    if isinstance(e, UnitMoved | UnitRailMoved | UnitShipped):
        step = _move(gd, after, e, where)
        return [step] if step is not None else []
    step = _step_for(gd, before, after, e, where)
    return [step] if step is not None else []


def _move(gd: GameDef, after: GameState, e: UnitMoved | UnitRailMoved | UnitShipped, where: dict[str, Hex | None]
          ) -> Step | None:
    """A unit's own move along its path (by sea: from its port straight to the new one), quick."""
    path = (e.origin, e.port) if isinstance(e, UnitShipped) else tuple(e.path)
    where[e.unit] = path[-1]
    if len(path) < 2 or path[0] is None:
        return None
    hexes = tuple(h for h in path if h is not None)
    duration = min(MOVE_MAX_S, MOVE_PER_HEX_S * (len(hexes) - 1)) + 0.05
    return Step(StepKind.MOVE, duration, hexes, views=(_view(gd, after, e.unit),), units=(e.unit,))


def _step_for(gd: GameDef, before: GameState, after: GameState, e: Event, where: dict[str, Hex | None]) -> Step | None:
    """The animation of one combat event (None for events that are not animated)."""
    if isinstance(e, StepLost | UnitEliminated | AmphibiousAssaultFailed):
        start = where.get(e.unit)
        if start is None:
            return None
        return Step(StepKind.FLASH, FLASH_S, (start,), _LOSS_TEXT[type(e)], views=(_view(gd, before, e.unit),),
                    units=(e.unit,))
    if isinstance(e, RetreatBlocked):
        return Step(StepKind.FLASH, FLASH_S, (e.hex,), say("animation.retreat_blocked"))
    if isinstance(e, UnitRetreated | UnitAdvanced):
        return _slide(gd, after, e, where)
    return None


_LOSS_TEXT: dict[type[Event], str] = {StepLost: say("animation.n1_step"), UnitEliminated: "eliminated",
                                      AmphibiousAssaultFailed: say("animation.landing_failed")}


def _slide(gd: GameDef, after: GameState, e: UnitRetreated | UnitAdvanced, where: dict[str, Hex | None]
           ) -> Step | None:
    """A retreat along its path or an advance into the emptied hex, from where the unit stood."""
    start = where.get(e.unit)
    path = tuple(e.path) if isinstance(e, UnitRetreated) else (e.to,)
    if start is not None and (not path or path[0] != start):
        path = (start, *path)
    where[e.unit] = path[-1]
    if len(path) < 2:
        return None
    return Step(StepKind.SLIDE, SLIDE_PER_HEX_S * (len(path) - 1) + 0.1, path, views=(_view(gd, after, e.unit),),
                units=(e.unit,))


def _view(gd: GameDef, state: GameState, unit_id: str) -> CounterView:
    """The counter of a unit as it stands in ``state`` (at least one step shown)."""
    u = state.units[gd.unit_index[unit_id]]
    supplied = u.supplied or u.location is not Location.MAP
    role = scenario_counter_symbols(gd.scenario.id).get(unit_id)
    return counter_view(gd.unit_def(unit_id), max(1, u.steps), supplied, role=role)


def _screen(camera: Camera, h: Hex) -> tuple[int, int]:
    """Map-area pixel of a hex centre, rounded."""
    x, y = camera.world_to_screen(*hex_to_pixel(h))
    return round(x), round(y)


def _draw_die(target: pygame.Surface, camera: Camera, painter: CounterPainter, step: Step, t: float) -> None:
    """A die tumbling (changing faces) for the first half, then showing the roll and result."""
    x, y = _screen(camera, step.hexes[0])
    size = max(28, round(44 * min(1.4, camera.zoom)))
    rolling = t < 0.45
    face = 1 + int(t * 40) % 6 if rolling else step.die
    angle = (1 - t / 0.45) * 0.5 if rolling else 0.0
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (x + round(math.sin(angle * 9) * size * 0.2), y - size)
    draw_die(target, rect, face)
    if not rolling:
        label = text_surface(step.text, 15, (255, 236, 0), bold=True)
        box = label.get_rect(midtop=(x, rect.bottom + 4)).inflate(12, 6)
        pygame.draw.rect(target, (16, 18, 22), box, border_radius=4)
        pygame.draw.rect(target, (255, 236, 0), box, 1, border_radius=4)
        target.blit(label, label.get_rect(center=box.center))


def _draw_flash(target: pygame.Surface, camera: Camera, painter: CounterPainter, step: Step, t: float) -> None:
    """The hex pulses red/white with the loss written above it; an eliminated counter fades out crossed."""
    h = step.hexes[0]
    pulse = (255, 40, 30) if int(t * 8) % 2 == 0 else (255, 255, 255)
    draw_outline(target, camera, h, pulse, 6)
    x, y = _screen(camera, h)
    side = counter_px(camera.zoom)
    if step.text == "eliminated" and step.views:
        img = painter.surface(step.views[0], side).copy()
        img.set_alpha(round(255 * (1 - t)))
        target.blit(img, img.get_rect(center=(x, y)))
        k = side // 2
        pygame.draw.line(target, (220, 20, 20), (x - k, y - k), (x + k, y + k), max(3, side // 8))
        pygame.draw.line(target, (220, 20, 20), (x - k, y + k), (x + k, y - k), max(3, side // 8))
    label = halo_text(step.text, max(13, round(16 * min(1.3, camera.zoom))), (255, 255, 255), (160, 0, 0), bold=True)
    target.blit(label, label.get_rect(midbottom=(x, y - side // 2 - round(12 * t * camera.zoom))))


def _draw_slide(target: pygame.Surface, camera: Camera, painter: CounterPainter, step: Step, t: float) -> None:
    """Counters moving along the path, hex centre to hex centre, with the path drawn faintly."""
    pts = [_screen(camera, h) for h in step.hexes]
    pygame.draw.lines(target, (255, 255, 255), False, pts, max(2, round(3 * camera.zoom)))
    pos = t * (len(pts) - 1)
    i = min(len(pts) - 2, int(pos))
    f = pos - i
    x = pts[i][0] + (pts[i + 1][0] - pts[i][0]) * f
    y = pts[i][1] + (pts[i + 1][1] - pts[i][1]) * f
    painter.draw_stack(target, step.views, (round(x), round(y)), counter_px(camera.zoom))


def _draw_float(target: pygame.Surface, camera: Camera, painter: CounterPainter, step: Step, t: float) -> None:
    """The combat's result in words on a dark pill, rising from the hex and fading out (fully shown at first)."""
    x, y = _screen(camera, step.hexes[0])
    label = halo_text(step.text, max(15, round(18 * min(1.3, camera.zoom))), (255, 236, 120), (20, 20, 24),
                      bold=True)
    pill = pygame.Surface(label.get_rect().inflate(16, 8).size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (16, 18, 22, 215), pill.get_rect(), border_radius=pill.get_height() // 2)
    pygame.draw.rect(pill, (255, 236, 120, 255), pill.get_rect(), 1, border_radius=pill.get_height() // 2)
    pill.blit(label, label.get_rect(center=pill.get_rect().center))
    pill.set_alpha(round(255 * min(1.0, (1 - t) * 2.0)))
    rise = round((0.6 + 0.8 * t) * counter_px(camera.zoom))
    target.blit(pill, pill.get_rect(midbottom=(x, y - rise)))


_DRAW = {StepKind.DIE: _draw_die, StepKind.FLASH: _draw_flash, StepKind.SLIDE: _draw_slide,
         StepKind.MOVE: _draw_slide, StepKind.FLOAT: _draw_float}
