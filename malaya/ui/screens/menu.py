"""The main menu (New Game, Load, Replay, Settings, Help, Quit) and the New Game page.

New Game: play Japan or the Commonwealth against the computer, or both sides at one
computer (hotseat); an editable seed; the options of R16 with their VP costs (only the
human side's options against the computer). Start hands the choices to ``Match.new``.
"""

from __future__ import annotations

import pygame

from malaya.engine.sides import Side
from malaya.persistence import SaveError
from malaya.persistence.store import slot_info
from malaya.ui.app.flow import (
    CHOICE_LABELS,
    CHOICES,
    LEVELS,
    SideChoice,
    humans_for,
    new_seed,
    open_saved_game,
    start_game,
)
from malaya.ui.app.intents import (
    Intent,
    LoadPurpose,
    Pop,
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
from malaya.ui.audio.cues import Track
from malaya.ui.widgets.kit import (
    ACCENT,
    BG,
    DIM,
    Button,
    Checkbox,
    TextField,
    draw_panel,
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

    music = Track.MENU

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


class NewGameScreen(Screen):
    """Side choice, seed and options, then Start."""

    def __init__(self, app: App) -> None:
        self.choice: SideChoice = "JP"
        self.app_level = app.settings.ai_level
        self.seed = TextField(str(new_seed()))
        self.side_buttons = {c: Button(CHOICE_LABELS[c], size=14) for c in CHOICES}
        self.reseed = Button("New seed", size=13)
        self.levels = {lv: Button(f"Computer: {lv}", size=13) for lv in LEVELS}
        self.start = Button("Start", size=16)
        self.back = Button("Back", size=16)
        self.options = {o.id: Checkbox(o.name, detail=f"{o.side.value}, costs {o.vp} VP")
                        for o in app.gd.scenario.options}

    def chosen_options(self, app: App) -> tuple[str, ...]:
        """Ticked options of sides played here, in scenario order."""
        sides = humans_for(self.choice)
        return tuple(o.id for o in app.gd.scenario.options if self.options[o.id].checked and Side(o.side) in sides)

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Seed typing, clicks on choices, options and Start/Back; Enter starts, Esc goes back."""
        if self.seed.key(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self._start(app)
            return None
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return None
        pos = event.pos
        self.seed.focused = self.seed.rect.collidepoint(pos)
        for choice, button in self.side_buttons.items():
            if button.hit(pos):
                self.choice = choice
        sides = humans_for(self.choice)
        for oid, box in self.options.items():
            if box.hit(pos) and Side(app.gd.scenario.option(oid).side) in sides:
                box.checked = not box.checked
        for lv, button in self.levels.items():
            if button.hit(pos):
                app.set_settings(app.settings.with_(ai_level=lv))
        if self.reseed.hit(pos):
            self.seed.text = str(new_seed())
        elif self.back.hit(pos):
            return Pop()
        elif self.start.hit(pos):
            return self._start(app)
        return None

    def _start(self, app: App) -> Transition:
        """Start the game with these choices (an empty seed gets a fresh one)."""
        seed = int(self.seed.text) if self.seed.text.isdigit() else new_seed()
        return start_game(app, self.choice, seed, self.chosen_options(app))

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """The page: sides, seed, options, buttons."""
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(760)), min(surface.get_height() - px(40), px(620)))
        box.center = surface.get_rect().center
        inner = draw_panel(surface, box, "New Game")
        y = self._sides(surface, inner, mouse)
        self.app_level = app.settings.ai_level
        y = self._seed_row(surface, inner, y + px(18), mouse)
        self._options(surface, inner, y + px(18), app, mouse)
        self.back.rect = pygame.Rect(inner.left, inner.bottom - px(40), px(140), px(40))
        self.start.rect = pygame.Rect(inner.right - px(180), inner.bottom - px(40), px(180), px(40))
        self.back.draw(surface, mouse)
        self.start.draw(surface, mouse)

    def _sides(self, surface: pygame.Surface, inner: pygame.Rect, mouse: tuple[int, int]) -> int:
        """The three side choices as toggle buttons; returns the y below them."""
        y = draw_text(surface, "Play as", (inner.left, inner.top + px(6)), 14, DIM).bottom + px(6)
        w = (inner.width - 2 * px(8)) // 3
        for i, (choice, button) in enumerate(self.side_buttons.items()):
            button.rect = pygame.Rect(inner.left + i * (w + px(8)), y, w, px(38))
            button.toggled = choice == self.choice
            button.draw(surface, mouse)
        return y + px(38)

    def _seed_row(self, surface: pygame.Surface, inner: pygame.Rect, y: int, mouse: tuple[int, int]) -> int:
        """Seed label, field and the New seed button; returns the y below."""
        r = draw_text(surface, "Seed (same seed + same moves = same game)", (inner.left, y), 14, DIM)
        self.seed.rect = pygame.Rect(inner.left, r.bottom + px(6), px(160), px(32))
        self.seed.draw(surface)
        self.reseed.rect = pygame.Rect(self.seed.rect.right + px(10), self.seed.rect.top, px(110), px(32))
        self.reseed.draw(surface, mouse)
        x = self.reseed.rect.right + px(24)
        for lv, button in self.levels.items():  # the computer's strength (not for hotseat)
            button.rect = pygame.Rect(x, self.seed.rect.top, px(130), px(32))
            button.toggled = lv == self.app_level
            button.reason = "Hotseat: nobody plays the computer." if self.choice == "hotseat" else None
            button.draw(surface, mouse)
            x += px(136)
        return self.seed.rect.bottom

    def _options(self, surface: pygame.Surface, inner: pygame.Rect, y: int, app: App, mouse: tuple[int, int]) -> None:
        """One checkbox per option; the computer side's options are shown greyed and cannot be ticked."""
        y = draw_text(surface, "Options (R16) — each costs its buyer victory points", (inner.left, y), 14, DIM).bottom
        sides = humans_for(self.choice)
        for option in app.gd.scenario.options:
            box = self.options[option.id]
            box.rect = pygame.Rect(inner.left, y + px(6), inner.width, px(26))
            if Side(option.side) in sides:
                box.draw(surface, mouse)
            else:
                box.checked = False
                draw_text(surface, f"—  {option.name}  ({option.side.value}, the computer's side)",
                          (inner.left, box.rect.centery), 13, DIM, anchor="midleft")
            y = box.rect.bottom
