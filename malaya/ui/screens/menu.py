"""The main menu: New Game, Load, Replay, Settings, Help, Quit (and Resume after a crash).

The New Game page (scenarios, briefing, side, seed, options) is ``screens/new_game/``.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from malaya.persistence import SaveError
from malaya.persistence.data_folder import data_dir
from malaya.persistence.pbem.watch import Arrival, Seen
from malaya.persistence.store import slot_info
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.ui.app.background import Background, arrival, started
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
    ToLessons,
    ToLoad,
    ToMenu,
    ToNewGame,
    ToPbem,
    ToSettings,
    Transition,
)
from malaya.ui.app.lessons import left_lesson_at, resume_lesson
from malaya.ui.app.pbem_watch import shared_watch
from malaya.ui.app.recent import continue_label, latest_game
from malaya.ui.app.stack import App, Screen
from malaya.ui.audio.cues import Track
from malaya.ui.widgets.focus import ButtonFocus
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
from malaya.ui.widgets.layout import Layout
from malaya.ui.widgets.quit_question import QuitQuestion

TITLE = say("menu.n1942_campaign_for_malaya")
SAVES_REASON = say("menu.coming_with_saves")
NOTHING_TO_CONTINUE = say("menu.no_game_to_continue_yet")
MENU_TIPS = {"new": say("menu.choose_a_side_a_seed"), "load": say("menu.open_a_saved_game_l"),
             "replay": say("menu.watch_a_saved_or_finished"),
             "settings": say("menu.window_sound_colours_and_keys"),
             "help": say("menu.how_to_play_rules_keys"), "quit": say("menu.close_the_game_esc_asks"),
             "learn": say("menu.guided_lessons_your_first_turn"),
             "resume": say("menu.go_on_with_the_game"),
             "pbem": say("menu.play_a_person_far_away"),
             "continue": say("menu.go_on_with_the_most")}
"""What each menu button does, shown on hover, with its key."""
MENU_KEYS = {pygame.K_n: "new", pygame.K_e: "pbem", pygame.K_l: "load", pygame.K_r: "replay", pygame.K_s: "settings",
             pygame.K_t: "learn", pygame.K_h: "help", pygame.K_F1: "help"}
"""The menu's keys (C: the top button, Continue or Resume; Esc: asks before quitting)."""


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


BUTTON_W = 320
"""The menu buttons' width (scaled): room for the longest Continue label, "Continue (turn 28, Commonwealth)",
so no button moves when Continue names a game."""


def resume_label(slot) -> str:  # type: ignore[no-untyped-def]
    """``Resume last game (autosave of turn 4, Commonwealth)``."""
    return say("menu.resume_last_game_autosave_of", turn=slot.turn, side=SIDE_ADJECTIVES[slot.side])


class MenuScreen(Screen):
    """The main menu; see module docstring."""

    music = Track.MENU

    def __init__(self, app: App) -> None:
        self.app = app
        load_reason = None if persistence_ready() else SAVES_REASON
        self.resume = resume_offer() if load_reason is None else None
        self.latest = None if self.resume is not None or load_reason else latest_game()
        self.buttons = {**self._first_button(), "new": Button(say("menu.new_game"), size=16),
                        "pbem": Button(say("menu.play_by_e_mail"), size=16),
                        "learn": Button(say("menu.learn_to_play"), size=16),
                        "load": Button(say("menu.load"), load_reason, size=16),
                        "replay": Button(say("menu.replay"), load_reason, size=16),
                        "settings": Button(say("menu.settings"), size=16), "help": Button(say("menu.help"), size=16),
                        "quit": Button(say("menu.quit"), size=16)}
        for name, tip in MENU_TIPS.items():
            if name in self.buttons:
                self.buttons[name].tip = tip
        self.focus = ButtonFocus()
        self.quit_question = QuitQuestion()
        self.loading: Background[Transition | Problem] | None = None
        """Continue or Resume opening its game off the window's thread (read in the save reader's process)."""
        self.arrived: tuple[Button, Arrival] | None = None
        """A play-by-e-mail turn file that arrived in the shared folder (docs/pbem.md), offered with its key O."""
        if self.resume is not None or self.latest is not None:
            app.start_reader()  # so the game opens sooner when Continue or Resume is pressed

    def busy(self, app: App) -> bool:
        """True while a game is being opened (the window keeps drawing)."""
        return self.loading is not None

    def update(self, dt: float, app: App) -> Transition | None:
        """Pick up the game Continue or Resume opened in the background; offer a turn file that arrived."""
        self._look()
        return self._finish(app)

    def _look(self) -> None:
        """The first file ready in the watched shared folder, if the player chose one, as a button."""
        watch = shared_watch(data_dir())
        ready = next((a for a in watch.found() if a.seen is Seen.READY), None) if watch is not None else None
        if ready is None:
            self.arrived = None
        elif self.arrived is None or self.arrived[1] != ready:
            self.arrived = (Button(say("menu.open_o", ready=ready.text), size=14, tip=say("menu.open_it_on_the_play")),
                            ready)

    def _finish(self, app: App) -> Transition | None:
        """The way into the opened game once it is ready, or its problem as a toast."""
        return arrival(self, lambda reason: app.toast(say("menu.cannot_resume", reason=reason), warning=True))

    def _first_button(self) -> dict[str, Button]:
        """The top button, always there so nothing below it moves: Resume after a crash, else Continue."""
        if self.resume is not None:
            return {"resume": Button(resume_label(self.resume), size=16)}
        if self.latest is not None:
            return {"continue": Button(continue_label(self.latest), size=16)}
        return {"continue": Button(say("menu.continue"), NOTHING_TO_CONTINUE, size=16)}

    def layout(self) -> Layout:
        """The menu's buttons, on the window."""
        placed = Layout()
        for name, b in self.buttons.items():
            placed.add(name, b.rect)
        return placed

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Button clicks; arrows/Tab and Enter; N starts a new game page, Esc asks before quitting."""
        if self.loading is not None:  # a game is opening: nothing else starts meanwhile
            return None
        if self.quit_question.open:
            return self.quit_question.handle(event)
        if event.type == pygame.DROPFILE:  # a turn file dropped on the window: open it on the PBEM page
            return Push(ToPbem(Path(event.file)))
        arrived = self.arrived
        if arrived is not None and (event.type == pygame.KEYDOWN and event.key == pygame.K_o or
                                    event.type == pygame.MOUSEBUTTONUP and event.button == 1
                                    and arrived[0].hit(event.pos)):
            self.arrived = None
            return Push(ToPbem(arrived[1].path))
        pressed = self.focus.key(event, list(self.buttons.values()))
        if pressed is not None:
            return self._open(next(n for n, b in self.buttons.items() if b is pressed), app)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.quit_question.ask()
                return None
            name = MENU_KEYS.get(event.key) or (next(iter(self.buttons)) if event.key == pygame.K_c else None)
            if name is not None and self.buttons[name].enabled:
                return self._open(name, app)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name, button in self.buttons.items():
                if button.hit(event.pos):
                    return self._open(name, app)
        return None

    def _open(self, name: str, app: App) -> Transition | None:
        """Carry out a menu choice."""
        pages: dict[str, Intent] = {"new": ToNewGame(), "pbem": ToPbem(), "settings": ToSettings(), "help": ToHelp(),
                                    "load": ToLoad(), "replay": ToLoad(LoadPurpose.REPLAY), "learn": ToLessons()}
        if name in pages:
            return Push(pages[name])
        slot = self.resume if name == "resume" else self.latest if name == "continue" else None
        if slot is not None:
            if not still_the_same(slot):  # never open another game than the one the button names
                app.toast(say("menu.that_save_has_changed_since"),
                          warning=True)
                return Reset(ToMenu())
            path = slot.path
            lesson = left_lesson_at(path)
            self.loading = started(lambda: resume_lesson(app, *lesson) if lesson is not None
                                   else open_saved_game(app, path), path.stem)
            return self._finish(app)
        if name == "quit":  # a deliberate click quits; Esc (easily pressed once too often) asks first
            return Quit()
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Title and a column of buttons; disabled ones explain themselves on hover."""
        surface.fill(BG)
        cx = surface.get_width() // 2
        draw_text(surface, TITLE, (cx, px(90)), 40, ACCENT, bold=True, anchor="center")
        draw_text(surface, say("menu.malaya_and_singapore_8_december"), (cx, px(135)), 16, DIM,
                  anchor="center")
        y = px(190)
        mouse = pygame.mouse.get_pos()
        if self.arrived is not None:
            button = self.arrived[0]
            button.rect = pygame.Rect(0, 0, text_surface(button.label, 14, bold=True).get_width() + px(30), px(30))
            button.rect.midtop = (cx, px(152))
            button.draw(surface, mouse)
        step = min(px(56), (surface.get_height() - y - px(8)) // len(self.buttons))  # every button on a short window
        for button in self.buttons.values():
            button.rect = pygame.Rect(0, 0, max(px(BUTTON_W), text_surface(button.label, 16, bold=True).get_width()
                                                + px(30)), min(px(44), step - px(6)))
            button.rect.midtop = (cx, y)
            button.draw(surface, mouse)
            y += step
        self.focus.mark(list(self.buttons.values()))
        tip = next((t for b in self.buttons.values() if (t := b.tooltip(mouse))), None)
        if tip:
            draw_tooltip(surface, tip, mouse)
        if self.quit_question.open:
            self.quit_question.draw(surface, mouse)
        if self.loading is not None and self.loading.show_progress:
            draw_text(surface, say("menu.opening_the_game_s", elapsed=format(self.loading.elapsed(), ".1f")),
                      (cx, y + px(10)), 15, DIM,
                      anchor="center")
