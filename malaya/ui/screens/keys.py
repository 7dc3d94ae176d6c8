"""Settings → Keys: every battle command with its key; click a key (or focus it and press Enter) to change it.

While a command waits for its new key the next key press is taken (Esc keeps the old one);
a key another command had goes to that command in exchange. Reserved keys (Tab, F1, F12, Enter)
are refused with the reason, and a modifier pressed alone is ignored. Saved at once in the settings.
"""

from __future__ import annotations

import pygame

from malaya.session.words.catalog import say
from malaya.ui.app.intents import Pop, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.input.keymap import COMMAND_LABELS, MODIFIERS, Command, KeyMap, refusal
from malaya.ui.widgets.focus import ButtonFocus
from malaya.ui.widgets.kit import ACCENT, BG, DIM, TEXT, Button, draw_panel, draw_text, draw_tooltip, px, wrap
from malaya.ui.widgets.layout import Layout

ROW_H = 30


class KeysScreen(Screen):
    """See module docstring."""

    def __init__(self) -> None:
        self.key_buttons = {c: Button("", size=14,
                                      tip=say("keys.change_the_key_of", command=COMMAND_LABELS[c])) for c in Command}
        self.reset = Button(say("keys.default_keys"), size=14, tip=say("keys.put_every_command_back_on"))
        self.back = Button(say("keys.back"), size=16, tip=say("keys.back_to_the_settings_esc"))
        self.waiting: Command | None = None
        self.focus = ButtonFocus()
        self.page = pygame.Rect(0, 0, 0, 0)
        self.note = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> Layout:
        """The page's panel with every key button, the note under them, Default keys and Back."""
        placed = Layout({"page": pygame.Rect(self.page)})
        for command, button in self.key_buttons.items():
            placed.add(command.value, button.rect, "page")
        placed.add("note", self.note, "page")
        placed.add("reset", self.reset.rect, "page")
        placed.add("back", self.back.rect, "page")
        return placed

    def buttons(self) -> list[Button]:
        """Every button in keyboard-focus order."""
        return [*self.key_buttons.values(), self.reset, self.back]

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """A key for the waiting command; else focus keys, clicks, Esc back."""
        if self.waiting is not None and event.type == pygame.KEYDOWN:
            name = pygame.key.name(event.key)
            if name in MODIFIERS:
                return None  # a modifier alone: still waiting for the key itself
            if event.key == pygame.K_ESCAPE:  # Esc while waiting: keep the old key
                self.waiting = None
                return None
            refused = refusal(name, self.waiting)
            if refused is not None:
                app.toast(refused, warning=True)
                return None
            self._bind(app, self.waiting, name)
            self.waiting = None
            return None
        pressed = self.focus.key(event, self.buttons())
        if pressed is not None:
            return self._press(pressed, app)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = next((b for b in self.buttons() if b.hit(event.pos)), None)
            return None if hit is None else self._press(hit, app)
        return None

    def _press(self, button: Button, app: App) -> Transition | None:
        """A key button starts waiting for a key; Default keys resets; Back returns."""
        if button is self.back:
            return Pop()
        if button is self.reset:
            app.set_settings(app.settings.with_(key_bindings={}))
            return None
        self.waiting = next(c for c, b in self.key_buttons.items() if b is button)
        return None

    def _bind(self, app: App, command: Command, key: str) -> None:
        """Put ``command`` on ``key`` and save."""
        keys = KeyMap.from_settings(app.settings.key_bindings).rebind(command, key)
        app.set_settings(app.settings.with_(key_bindings=keys.changes()))

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """One row per command: what it does, and its key as a button."""
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        keys = KeyMap.from_settings(app.settings.key_bindings)
        fits = max(1, (surface.get_height() - px(20) - px(170)) // px(ROW_H))
        columns = 1 if len(Command) <= fits else 2  # a short window: the commands in two columns
        rows = -(-len(Command) // columns)
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(640) * columns),
                          min(surface.get_height() - px(20), px(ROW_H) * rows + px(170)))
        box.center = surface.get_rect().center
        inner = draw_panel(surface, box, say("keys.keys_battle_screen"))
        column_w = (inner.width - px(20) * (columns - 1)) // columns
        top = inner.top + px(4)
        for index, (command, button) in enumerate(self.key_buttons.items()):
            left, y = inner.left + (index // rows) * (column_w + px(20)), top + (index % rows) * px(ROW_H)
            label_w = column_w - px(160)
            label = next(iter(wrap(COMMAND_LABELS[command], 14, label_w)), "")
            label = label if label == COMMAND_LABELS[command] else f"{label.rstrip(' ,')}…"
            draw_text(surface, label, (left, y + px(ROW_H) // 2), 14, TEXT, anchor="midleft")
            button.label = say("keys.press_a_key") if command is self.waiting else keys.label(command)
            button.toggled = command is self.waiting
            button.rect = pygame.Rect(left + column_w - px(150), y + px(2), px(150), px(ROW_H - 4))
        y = top + rows * px(ROW_H)
        self.page = pygame.Rect(box)
        note = (say("keys.press_the_new_key_esc") if self.waiting is not None
                else say("keys.tab_and_shift_tab_also"))
        y += px(6)
        note_top = y
        for line in wrap(note, 14, inner.width):
            y = draw_text(surface, line, (inner.left, y), 14, ACCENT if self.waiting is not None else DIM).bottom
        self.note = pygame.Rect(inner.left, note_top, inner.width, y - note_top)
        self.back.rect = pygame.Rect(inner.left, inner.bottom - px(40), px(140), px(40))
        self.reset.rect = pygame.Rect(inner.right - px(180), inner.bottom - px(40), px(180), px(40))
        self.focus.mark(self.buttons())
        for button in self.buttons():
            button.draw(surface, mouse)
        tip = next((t for b in self.buttons() if (t := b.tooltip(mouse))), None)
        if tip:
            draw_tooltip(surface, tip, mouse)
