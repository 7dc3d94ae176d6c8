""""Continue from here": a new game from a replay's current position, solo against the computer or hotseat."""

from __future__ import annotations

import pygame

from malaya.persistence.branch import branch_record
from malaya.persistence.replay_log import ReplayLog
from malaya.session.controllers import controller_names
from malaya.session.words.catalog import say
from malaya.session.words.event_words import PHASE_NAMES, SIDE_ADJECTIVES
from malaya.ui.app.flow import CHOICE_LABELS, CHOICES, SideChoice, humans_for, start_recorded_game
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.focus import ButtonFocus
from malaya.ui.widgets.kit import DIM, WARN, Button, dim_backdrop, draw_panel, draw_text, draw_tooltip, px

OVER = say("branch.the_game_is_over_at")


class BranchDialog(Screen):
    """An overlay over the viewer: pick who plays, then the new game starts; Esc or Cancel closes."""

    opaque = False

    def __init__(self, log: ReplayLog, index: int) -> None:
        self.log = log
        self.index = index
        finished = log.state_at(index).finished
        self.choices = {c: Button(CHOICE_LABELS[c], OVER if finished else None, size=14,
                                  tip=say("branch.play_on_as_tab_to", choice=CHOICE_LABELS[c])) for c in CHOICES}
        self.cancel = Button(say("branch.cancel"), size=14, tip=say("branch.back_to_the_replay_esc"))
        self.focus = ButtonFocus()
        self.problem: str | None = None

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """A choice starts the game; Cancel or Esc closes."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        pressed = self.focus.key(event, [*self.choices.values(), self.cancel])
        if pressed is self.cancel:
            return Pop()
        if pressed is not None:
            return self.start(app, next(c for c, b in self.choices.items() if b is pressed))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.cancel.hit(event.pos):
                return Pop()
            for choice, button in self.choices.items():
                if button.hit(event.pos):
                    return self.start(app, choice)
        return None

    def start(self, app: App, choice: SideChoice) -> Transition | None:
        """Branch the game here and play it (the replay's screens are left behind)."""
        try:
            record = branch_record(self.log, self.index, controller_names(humans_for(choice)))
        except Exception as exc:  # should not happen for a checked replay; never crash the client
            self.problem = say("branch.cannot_continue_from_here", kind=type(exc).__name__, error=exc)
            return None
        note = say("branch.continued_from_after_action", name=self.log.save.name, action=self.index)
        app.toast(note)
        return start_recorded_game(record, note)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A veil and the box of choices."""
        dim_backdrop(surface, 150)
        box = pygame.Rect(0, 0, px(520), px(290))
        box.center = surface.get_rect().center
        inner = draw_panel(surface, box, say("branch.continue_from_here"))
        state = self.log.state_at(self.index)
        y = draw_text(surface,
                      say("branch.a_new_game_from_turn", turn=state.turn, side=SIDE_ADJECTIVES[state.side],
                          phase=PHASE_NAMES[state.phase], action=self.index),
                      (inner.left, inner.top + px(4)), 13, DIM).bottom + px(10)
        mouse = pygame.mouse.get_pos()
        self.focus.mark([*self.choices.values(), self.cancel])
        for button in self.choices.values():
            button.rect = pygame.Rect(inner.left, y, inner.width, px(38))
            button.draw(surface, mouse)
            y += px(46)
        if self.problem:
            draw_text(surface, self.problem[:90], (inner.left, y), 12, WARN)
        self.cancel.rect = pygame.Rect(inner.left, inner.bottom - px(36), px(120), px(36))
        self.cancel.draw(surface, mouse)
        tip = next((t for b in [*self.choices.values(), self.cancel] if (t := b.tooltip(mouse))), None)
        if tip:
            draw_tooltip(surface, tip, mouse)
