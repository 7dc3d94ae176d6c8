"""The main menu: New Game, Load, Replay, Settings, Help, Quit (and Resume after a crash).

The New Game page (scenarios, briefing, side, seed, options) is ``screens/new_game/``.
"""

from __future__ import annotations

import pygame

from malaya.persistence import SaveError
from malaya.persistence.store import slot_info
from malaya.ui.app.flow import (
    open_saved_game,
)
from malaya.ui.app.intents import (
    Intent,
    LoadPurpose,
    Problem,
    Push,
    Quit,
    Reset,
    ToHelp,
    ToLoad,
    ToMenu,
    ToNewGame,
    ToSettings,
    Transition,
)
from malaya.ui.app.stack import App, Screen
from malaya.ui.widgets.kit import (
    ACCENT,
    BG,
    DIM,
    Button,
    draw_text,
    draw_tooltip,
    px,
    text_surface,
)

TITLE = "1942: Campaign for Malaya"
SAVES_REASON = "Coming with saves."


def persistence_ready() -> bool:
    """True when the saves package exposes what the Load screen needs (checked lazily)."""
    try:
        from malaya.persistence import list_slots, load_match  # noqa: F401
    except Exception:  # absent or half-written: the menu just keeps Load disabled
        return False
    return True


def resume_offer():  # type: ignore[no-untyped-def]
    """The autosave to offer when the last session crashed (None if it ended cleanly or on any problem)."""
    try:
        from malaya.persistence import resume_candidate

        return resume_candidate()
    except Exception:  # an unreadable data folder: simply no offer
        return None


def still_the_same(slot) -> bool:  # type: ignore[no-untyped-def]
    """True if the autosave file still holds the game the Resume button names (same header)."""
    try:
        return bool(slot_info(slot.path) == slot)
    except SaveError:  # gone or unreadable: not the same
        return False


def resume_label(slot) -> str:  # type: ignore[no-untyped-def]
    """``Resume last game (autosave of turn 4, CW)``."""
    return f"Resume last game (autosave of turn {slot.turn}, {slot.side.value})"


class MenuScreen(Screen):
    """The main menu; see module docstring."""

    def __init__(self, app: App) -> None:
        self.app = app
        load_reason = None if persistence_ready() else SAVES_REASON
        self.resume = resume_offer() if load_reason is None else None
        self.buttons = {
            **({"resume": Button(resume_label(self.resume), size=16)} if self.resume else {}),
            "new": Button("New Game", size=16), "load": Button("Load", load_reason, size=16),
            "replay": Button("Replay", load_reason, size=16),
            "settings": Button("Settings", size=16), "help": Button("Help", size=16), "quit": Button("Quit", size=16),
        }

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Button clicks; N starts a new game page, Esc quits."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Quit()
            if event.key == pygame.K_n:
                return Push(ToNewGame())
            if event.key in (pygame.K_h, pygame.K_F1):
                return self._open("help", app)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name, button in self.buttons.items():
                if button.hit(event.pos):
                    return self._open(name, app)
        return None

    def _open(self, name: str, app: App) -> Transition | None:
        """Carry out a menu choice."""
        pages: dict[str, Intent] = {"new": ToNewGame(), "settings": ToSettings(), "help": ToHelp(), "load": ToLoad(),
                 "replay": ToLoad(LoadPurpose.REPLAY)}
        if name in pages:
            return Push(pages[name])
        if name == "resume" and self.resume is not None:
            if not still_the_same(self.resume):  # never open another game than the one the button names
                app.toast("That autosave has changed since the menu opened; look for it on the Load page.",
                          warning=True)
                return Reset(ToMenu())
            opened = open_saved_game(app, self.resume.path)
            if isinstance(opened, Problem):
                app.toast(f"Cannot resume: {opened.reason}", warning=True)
                return None
            return opened
        if name == "quit":
            return Quit()
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Title and a column of buttons; disabled ones explain themselves on hover."""
        surface.fill(BG)
        cx = surface.get_width() // 2
        draw_text(surface, TITLE, (cx, px(90)), 40, ACCENT, bold=True, anchor="center")
        draw_text(surface, "Malaya and Singapore, 8 December 1941 – 27 February 1942", (cx, px(135)), 16, DIM,
                  anchor="center")
        y = px(190)
        mouse = pygame.mouse.get_pos()
        for button in self.buttons.values():
            button.rect = pygame.Rect(0, 0, max(px(260), text_surface(button.label, 16, bold=True).get_width()
                                                + px(30)), px(44))
            button.rect.midtop = (cx, y)
            button.draw(surface, mouse)
            y += px(56)
        tip = next((t for b in self.buttons.values() if (t := b.tooltip(mouse))), None)
        if tip:
            draw_tooltip(surface, tip, mouse)
