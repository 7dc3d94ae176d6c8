"""A lesson: the battle screen with the lesson card over the map and a ring around what to click.

Everything a normal battle does still works; the lesson adds three things. Before an action the
learner submits, the step may turn it away with its friendly hint (a toast, no refusal sound);
after every frame the step is checked (:class:`~malaya.session.lesson_runner.LessonRun`); the
card shows the step and its Next / Leave buttons. At the end, "Play on" drops the card and
the game goes on as a normal game. Leaving saves the game and the step, to resume later.
"""

from __future__ import annotations

import pygame

from malaya.engine import Action, Hex, Side
from malaya.persistence.record import GameRecord
from malaya.render.geometry import HEX_SIZE, hex_to_pixel
from malaya.session.game_client import GameClient, destination_of
from malaya.session.lesson_runner import LessonRun, highlight_hexes
from malaya.session.lessons import Done, Mark
from malaya.session.match import Controller
from malaya.session.words.catalog import say
from malaya.ui.app.intents import Reset, ToMenu, Transition
from malaya.ui.app.lessons import leave_lesson, mark_done, write_progress
from malaya.ui.app.stack import App, Toast
from malaya.ui.audio.cues import Sound
from malaya.ui.battle.ai_driver import follow_path, show_all
from malaya.ui.battle.panels.lesson_card import LessonCard, draw_hex_ring, draw_ring
from malaya.ui.battle.screen import BattleScreen
from malaya.ui.widgets.kit import Button, draw_tooltip, px
from malaya.ui.widgets.layout import Layout

LESSON_WATCH_S = 1.2
"""Seconds a lesson holds the computer's next action after each move the learner can see (Space hurries it)."""


class LessonScreen(BattleScreen):
    """See module docstring."""

    live_chances_allowed = False  # never during a lesson or a PBEM game (issue 29 item 4)

    def __init__(self, app: App, client: GameClient, ai: dict[Side, Controller], record: GameRecord,
                 run: LessonRun) -> None:
        super().__init__(app, client, ai, record)
        if self.saves.autosaver is not None:  # its autosaves say they are a lesson's (the Load page marks them)
            self.saves.autosaver.lesson = run.lesson.title
        self.run: LessonRun | None = run
        self.card = LessonCard()
        self.record = record
        self._shown = -1  # the step whose target the map was last centred on
        self._last_hint: tuple[int, str] | None = None
        self._hint_toast: Toast | None = None  # the hint on screen, replaced by the next hint or step
        self._pressed_at: tuple[float, float] | None = None  # the camera when the mouse went down (a drag moves it)

    # --- the gate -------------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """The learner's action, unless the step turns it away with its hint; the computer's always."""
        run = self.run
        if run is not None and action.side in self.client.humans and self.client.is_human_turn():
            hint = run.hint_for(self.client.gd, action)
            if hint is not None:
                self._hint(hint)
                return False
        done = super().submit(action)
        if done and run is not None and action.side not in self.client.humans:
            self._watch(action)
        return done

    def _watch(self, action: Action) -> None:
        """A computer's move the learner can see (its counter, or a "?" stand-in, at the hex it went to; R2.5):
        bring it into view and hold the computer's next action a moment, so the learner can follow its turn."""
        where = destination_of(action)
        if self.ai.skip or where is None or where not in self.client.counter_views():
            return
        if not self.show_strategic:
            follow_path(self.tactical, (where,))
        self.ai.wait = max(self.ai.wait, LESSON_WATCH_S)

    def _hint(self, hint: str, again: bool = False) -> None:
        """Show the step's hint (once per step and action kind, so an auto-skip does not repeat it; ``again``: a
        click shows it again once the last one has gone)."""
        key = (self.run.index if self.run else -1, hint)
        if key != self._last_hint or (again and self._hint_toast not in self.app.toasts):
            self._last_hint = key
            self._drop_hint()
            self.app.toast(hint)
            self._hint_toast = self.app.toasts[-1]

    def _drop_hint(self) -> None:
        """Take the last hint off the screen: a new hint or a new step replaces it."""
        if self._hint_toast is not None:
            self.app.toasts[:] = [t for t in self.app.toasts if t is not self._hint_toast]
            self._hint_toast = None

    # --- events ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """The card's buttons and keys (Enter: Next or Play on, Ctrl+Q: leave), then the battle's own handling."""
        run = self.run
        if run is None:
            return super().handle(event, app)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.card.rect.collidepoint(event.pos):
            pressed = self.card.pressed(run, event.pos) if event.type == pygame.MOUSEBUTTONUP else None
            return None if pressed is None else self._card_press(pressed)
        pressed = self.card.key(run, event)
        if pressed is not None:
            return self._card_press(pressed)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed_at = (self.tactical.x, self.tactical.y)
        before = (len(self.client.match.log), self.input, len(app.stack))
        shown = super().handle(event, app)
        if shown is None and self._did_nothing(event, before):
            step = run.step
            if step is not None and step.condition.done is not Done.NEXT:
                self._hint(step.hint, again=True)
        return shown

    def _did_nothing(self, event: pygame.event.Event, before: tuple[object, ...]) -> bool:
        """True if ``event`` was a click on the map (not the end of a drag) that changed nothing: no action, no
        selection, no view or page; the step's hint then says what to click instead."""
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        surface = pygame.display.get_surface()
        map_rect = self.areas(surface.get_size() if surface else (1280, 800))["map"]
        dragged = self._pressed_at != (self.tactical.x, self.tactical.y)
        now = (len(self.client.match.log), self.input, len(self.app.stack))
        return map_rect.collidepoint(event.pos) and not dragged and now == before and self.client.is_human_turn()

    def _card_press(self, pressed: Button) -> Transition | None:
        """Next, Leave lesson or Play on."""
        run = self.run
        assert run is not None
        if pressed is self.card.next:
            run.press_next()
        elif pressed is self.card.play_on:
            self.hand_over()
        elif pressed is self.card.leave:
            self.close()
            return Reset(ToMenu())
        return None

    def hand_over(self) -> None:
        """The lesson is over: no card any more, the game goes on as a normal game."""
        if self.run is not None:
            write_progress(self.run.lesson.id, None)
        self.run = None
        self.app.toast(say("battle_lesson.the_lesson_is_over_the"))

    def leave(self) -> None:
        """The battle's own leaving (its quit autosave), then, mid-lesson, the game and the step reached are saved
        last and noted as the game last played, so the menu's Continue resumes the lesson with its card."""
        super().leave()
        if self.run is not None and self.run.finished:
            write_progress(self.run.lesson.id, None)
        elif self.run is not None and self.saves.record is not None:
            leave_lesson(self.saves.record, self.run)

    # --- time -----------------------------------------------------------------------------------

    def update(self, dt: float, app: App) -> Transition | None:
        """The battle's update, then: is the step done?"""
        shown = super().update(dt, app)
        run = self.run
        if run is not None and run.update(self.client.gd, self.client.state, self.client.match.log):
            self.app.sound.play(Sound.PHASE)
            if run.finished:
                mark_done(run.lesson.id)
        if run is not None and self._shown != run.index:
            self._shown = run.index
            self._drop_hint()
            self._show_target()
        return shown

    def _show_target(self) -> None:
        """Bring every hex the step rings into view on the Tactical Map (zooming out if they do not fit)."""
        step = self.run.step if self.run else None
        if step is None:
            return
        hexes = highlight_hexes(self.client.gd, self.client.state, step.highlight)
        if hexes:
            show_all(self.tactical, [hex_to_pixel(h) for h in hexes])
            self.apply(self.input.on_tactical())

    def status(self) -> dict[str, object]:
        """The battle's status, and the lesson's: its step, whether it is done, the ringed button or unit row and
        the card's buttons (window pixels); ``lesson`` is None once the game goes on without the card."""
        shown = super().status()
        run = self.run
        if run is None:
            return {**shown, "lesson": None}
        step = run.step
        ring = None if step is None else self.target_rect(step.highlight.mark, step.highlight.target)
        return {**shown, "lesson": {"id": run.lesson.id, "step": run.index, "done": run.finished,
                                    "title": None if step is None else step.title,
                                    "ring": None if ring is None else list(ring.center),
                                    "card": {b.label: list(b.rect.center) for b in self.card.buttons(run)}}}

    def layout(self) -> Layout:
        """The battle's layout, with the lesson card as a panel over the map and its buttons in it."""
        placed = super().layout()
        if self.run is not None and self.card.rect.width:
            placed.panel("lesson card", self.card.rect)
            for button in self.card.buttons(self.run):
                placed.add(button.label, button.rect, "lesson card")
        return placed

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """The battle, the ring around the step's target, and the card."""
        super().draw(surface, app)
        if self.run is None:
            return
        areas = self.areas(surface.get_size())
        rings = self._draw_target(surface, areas["map"])
        mouse = pygame.mouse.get_pos()
        self.card.draw(surface, areas["map"], self.run, mouse, [*rings, self.banner])
        tip = self.card.tooltip(self.run, mouse)
        if tip:
            draw_tooltip(surface, tip, mouse)

    def _draw_target(self, surface: pygame.Surface, map_rect: pygame.Rect) -> list[pygame.Rect]:
        """A ring around the step's button, unit row or hexes; returns the rings' boxes (the card keeps off them)."""
        step = self.run.step if self.run else None
        if step is None:
            return []
        rings = []
        rect = self.target_rect(step.highlight.mark, step.highlight.target)
        if rect is not None:
            draw_ring(surface, rect)
            rings.append(rect.inflate(px(20), px(20)))
        for where in highlight_hexes(self.client.gd, self.client.state, step.highlight):
            rings += self._ring_hex(surface, map_rect, where)
        return rings

    def target_rect(self, mark: Mark, target: str) -> pygame.Rect | None:
        """The window rectangle of a button (by the start of its label) or of a unit's panel row."""
        if mark is Mark.BUTTON:
            if self.end_phase.label.startswith(target):
                return self.end_phase.rect
            buttons = [*self.buttons.values(), *(b for b, _ in [*self.hits.buttons, *self.hits.commands])]
            return next((b.rect for b in buttons if b.label.startswith(target)), None)
        if mark is Mark.UNIT:  # its panel row, else its counter waiting off a coast
            row = next((r for r, u in self.hits.units if u == target), None)
            at_sea = next((r for r, u in self.landing_hits if u == target), None)
            surface = pygame.display.get_surface()
            corner = self.areas(surface.get_size() if surface else (1280, 800))["map"].topleft
            return row or (at_sea.move(corner) if at_sea is not None else None)
        return None

    def _ring_hex(self, surface: pygame.Surface, map_rect: pygame.Rect, where: Hex) -> list[pygame.Rect]:
        """A ring around a hex, if it is on the map area now; its box (none if off the map area)."""
        x, y = self.camera.world_to_screen(*hex_to_pixel(where))
        centre = (map_rect.left + round(x), map_rect.top + round(y))
        if not map_rect.collidepoint(centre):
            return []
        prev = surface.get_clip()
        surface.set_clip(map_rect)
        radius = round(HEX_SIZE * self.camera.zoom)
        draw_hex_ring(surface, centre, radius)
        surface.set_clip(prev)
        box = pygame.Rect(0, 0, 2 * radius + px(16), 2 * radius + px(16))
        box.center = centre
        return [box]
