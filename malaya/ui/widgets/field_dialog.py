"""A dialog of one text field over the page: Enter or its button chooses, Esc or Cancel closes (Save as, Shared
folder)."""

from __future__ import annotations

import pygame

from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.kit import Button, dim_backdrop, draw_panel, px
from malaya.ui.widgets.text_field import TextField
from malaya.ui.widgets.tips import draw_button_tip


class FieldDialog(Screen):
    """An overlay: a titled box, the field, a note under it (a refusal stays there, saying why), Cancel and the
    choosing button."""

    opaque = False
    title = ""
    box = (560, 190)
    """The box's width and height at UI scale 1 (narrower in a narrow window)."""

    def __init__(self, text: str, max_len: int, ok: Button, cancel: Button) -> None:
        self.field = TextField(text, digits=False, max_len=max_len, focused=True)
        self.ok = ok
        self.cancel = cancel
        self.problem: str | None = None

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Typing (text input, an input method, editing keys, the clipboard) edits the field; Enter or the choosing
        button chooses; Esc or Cancel closes; a dropped file goes to :meth:`dropped`."""
        if event.type == pygame.DROPFILE:
            self.dropped(str(event.file))
        elif event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            self.field.focused = True
            self.field.key(event)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.confirm(app)
            self.field.focused = True
            self.field.key(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.ok.hit(event.pos):
                return self.confirm(app)
            if self.cancel.hit(event.pos):
                return Pop()
        return None

    def dropped(self, path: str) -> None:
        """A file or folder dropped on the window: ignored unless the dialog takes one."""

    def confirm(self, app: App) -> Transition | None:
        """Choose what the field says and close, or show why not."""
        raise NotImplementedError

    def draw_note(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> None:
        """The words under the field, from ``y`` down."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A veil over the page and the dialog box."""
        dim_backdrop(surface, 140)
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(self.box[0])), px(self.box[1]))
        box.center = surface.get_rect().center
        inner = draw_panel(surface, box, self.title)
        self.field.rect = pygame.Rect(inner.left, inner.top + px(8), inner.width, px(34))
        self.field.draw(surface)
        self.draw_note(surface, inner, self.field.rect.bottom + px(10))
        mouse = pygame.mouse.get_pos()
        self.cancel.rect = pygame.Rect(inner.left, inner.bottom - px(38), px(130), px(38))
        self.ok.rect = pygame.Rect(inner.right - px(150), inner.bottom - px(38), px(150), px(38))
        self.cancel.draw(surface, mouse)
        self.ok.draw(surface, mouse)
        draw_button_tip(surface, (self.cancel, self.ok), mouse)
