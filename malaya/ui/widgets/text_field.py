"""A one-line text entry that behaves like one: typed text, IME composition, caret, selection, clipboard.

Text arrives as ``TEXTINPUT`` events (so accents, dead keys and input methods work) and the
text being composed by an input method as ``TEXTEDITING`` (shown underlined at the caret);
``KEYDOWN`` only moves and edits: ←/→ (Ctrl: by word; Shift: select), Home/End, Backspace,
Delete, Ctrl+A select all, Ctrl+C/X/V copy, cut and paste through the system clipboard.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from malaya.ui.widgets.kit import ACCENT, PANEL_EDGE, TEXT, draw_text, px, text_surface

SELECTION = (70, 96, 150)
FONT_SIZE = 14


def clipboard_text() -> str:
    """The system clipboard's text ("" when it holds none or cannot be read)."""
    try:
        return pygame.scrap.get_text() or ""
    except pygame.error:  # no window, or a platform without a clipboard: nothing to paste
        return ""


def set_clipboard_text(text: str) -> None:
    """Put ``text`` on the system clipboard (silently nothing where there is none)."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error:  # no window, or a platform without a clipboard
        return


@dataclass
class TextField:
    """A one-line text entry (digits only when ``digits``); focused by a click."""

    text: str = ""
    digits: bool = True
    max_len: int = 10
    focused: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    caret: int = -1
    """Caret position in characters (-1: at the end, as set up)."""
    anchor: int | None = None
    """The other end of the selection, if any (the caret is one end)."""
    composing: str = ""
    """Text an input method is composing (not yet part of ``text``)."""

    def __post_init__(self) -> None:
        if self.caret < 0:
            self.caret = len(self.text)

    # --- editing ------------------------------------------------------------------------------

    @property
    def selection(self) -> tuple[int, int]:
        """The selected span (start, end); empty when start == end."""
        if self.anchor is None:
            return self.caret, self.caret
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def selected_text(self) -> str:
        """The selected characters."""
        start, end = self.selection
        return self.text[start:end]

    def insert(self, typed: str) -> None:
        """Replace the selection by ``typed`` (only allowed characters, up to ``max_len``)."""
        allowed = "".join(ch for ch in typed if ch.isprintable() and (ch.isdigit() or not self.digits))
        start, end = self.selection
        room = self.max_len - (len(self.text) - (end - start))
        allowed = allowed[:max(0, room)]
        self.text = self.text[:start] + allowed + self.text[end:]
        self.caret, self.anchor = start + len(allowed), None

    def _delete(self, forward: bool) -> None:
        """Backspace/Delete: the selection, else one character before/after the caret."""
        start, end = self.selection
        if start == end:
            start, end = (start, min(len(self.text), end + 1)) if forward else (max(0, start - 1), end)
        self.text = self.text[:start] + self.text[end:]
        self.caret, self.anchor = start, None

    def _move(self, to: int, select: bool) -> None:
        """Move the caret (extending the selection with Shift)."""
        if select and self.anchor is None:
            self.anchor = self.caret
        elif not select:
            self.anchor = None
        self.caret = max(0, min(len(self.text), to))

    def _word(self, step: int) -> int:
        """The caret position one word left (-1) or right (+1)."""
        i = self.caret
        if step < 0:
            while i > 0 and self.text[i - 1] == " ":
                i -= 1
            while i > 0 and self.text[i - 1] != " ":
                i -= 1
        else:
            while i < len(self.text) and self.text[i] != " ":
                i += 1
            while i < len(self.text) and self.text[i] == " ":
                i += 1
        return i

    # --- events -------------------------------------------------------------------------------

    def focus(self, on: bool = True) -> None:
        """Focus (or leave) the field; input methods are told where it is."""
        self.focused = on
        if on:
            pygame.key.start_text_input()
            if self.rect.width:
                pygame.key.set_text_input_rect(self.rect)
        self.composing = ""

    def key(self, event: pygame.event.Event) -> bool:
        """Handle typing, composing, editing keys and the clipboard while focused; True if the event was used."""
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.insert(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type != pygame.KEYDOWN:
            return False
        return self._keydown(event.key, getattr(event, "mod", 0))

    def _keydown(self, key: int, mod: int) -> bool:
        """Editing and moving keys; True if used."""
        ctrl, shift = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)), bool(mod & pygame.KMOD_SHIFT)
        moves = {pygame.K_LEFT: self._word(-1) if ctrl else self.caret - 1,
                 pygame.K_RIGHT: self._word(1) if ctrl else self.caret + 1,
                 pygame.K_HOME: 0, pygame.K_END: len(self.text)}
        if key in moves:
            if not shift and self.anchor is not None and key in (pygame.K_LEFT, pygame.K_RIGHT) and not ctrl:
                start, end = self.selection  # an arrow collapses a selection to its side
                self._move(start if key == pygame.K_LEFT else end, False)
            else:
                self._move(moves[key], shift)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._delete(forward=key == pygame.K_DELETE)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
            self.focus(False)
        elif ctrl and key == pygame.K_a:
            self.anchor, self.caret = 0, len(self.text)
        elif ctrl and key in (pygame.K_c, pygame.K_x):
            if self.selected_text():
                set_clipboard_text(self.selected_text())
                if key == pygame.K_x:
                    self._delete(forward=True)
        elif ctrl and key == pygame.K_v:
            self.insert(clipboard_text().replace("\n", " ").replace("\r", ""))
        else:
            return False
        return True

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The field: text (scrolled to keep the caret in view), selection, composition and caret."""
        pygame.draw.rect(surface, (20, 22, 26), self.rect, border_radius=px(3))
        pygame.draw.rect(surface, ACCENT if self.focused else PANEL_EDGE, self.rect, 1, border_radius=px(3))
        inner = self.rect.inflate(-px(12), 0)
        prev = surface.get_clip()
        surface.set_clip(inner.clip(prev))
        before = self.text[:self.caret]
        caret_x = text_surface(before + self.composing, FONT_SIZE).get_width()
        shift = max(0, caret_x - inner.width + px(4))
        left = inner.left - shift
        start, end = self.selection
        if self.focused and start != end:
            x0 = left + text_surface(self.text[:start], FONT_SIZE).get_width()
            x1 = left + text_surface(self.text[:end], FONT_SIZE).get_width()
            pygame.draw.rect(surface, SELECTION, (x0, self.rect.top + px(5), x1 - x0, self.rect.height - px(10)))
        shown = before + self.composing + self.text[self.caret:] if self.focused else self.text
        draw_text(surface, shown, (left, self.rect.centery), FONT_SIZE, TEXT, anchor="midleft")
        if self.focused and self.composing:
            x0 = left + text_surface(before, FONT_SIZE).get_width()
            y = self.rect.bottom - px(6)
            pygame.draw.line(surface, ACCENT, (x0, y), (left + caret_x, y), 1)
        if self.focused:
            x = left + caret_x + 1
            pygame.draw.line(surface, ACCENT, (x, self.rect.top + px(5)), (x, self.rect.bottom - px(5)), 2)
        surface.set_clip(prev)
