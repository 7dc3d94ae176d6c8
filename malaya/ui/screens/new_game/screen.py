"""The New Game page: choose a scenario (its briefing beside the list), a side, the seed and options, then Start.

Play Japan or the Commonwealth against the computer, or both sides at one computer (hotseat);
the options of R16 are explained in a sentence each (only the human side's may be ticked
against the computer). Start hands the choices to ``start_game`` with the chosen scenario.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from malaya.content.campaign import load_game_def
from malaya.content.errors import ContentError
from malaya.content.scenario_catalog import ScenarioEntry, in_catalog_order, scenario_catalog
from malaya.engine import GameDef, Option, Scenario, Side
from malaya.persistence.user_scenarios import user_scenarios_dir
from malaya.resources import scenarios_dir
from malaya.session.words.catalog import say
from malaya.session.words.content_words import content_text, said_text
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.ui.app.flow import CHOICE_LABELS, CHOICES, LEVELS, SideChoice, humans_for, new_seed, start_game
from malaya.ui.app.intents import Pop, Push, ToRules, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.panels.briefing import draw_briefing, turn_dates
from malaya.ui.screens.new_game.loader import BackgroundLoader, Loaded
from malaya.ui.screens.new_game.option_text import option_sentence
from malaya.ui.screens.new_game.scenario_list import ListWindow, draw_cues, draw_problem, draw_row
from malaya.ui.widgets.focus import PRESS_KEYS, ButtonFocus, FocusRow
from malaya.ui.widgets.kit import (
    BG,
    DIM,
    Button,
    Checkbox,
    draw_panel,
    draw_text,
    draw_tooltip,
    font,
    px,
    wrap,
)
from malaya.ui.widgets.layout import Layout
from malaya.ui.widgets.link_text import LinkHits, draw_linked, link_at
from malaya.ui.widgets.text_field import TextField
from malaya.ui.widgets.tips import draw_button_tip

OPTION_ROW = 54
LIST_KEYS = {pygame.K_PAGEUP: lambda at, page, last: at - page, pygame.K_PAGEDOWN: lambda at, page, last: at + page,
             pygame.K_HOME: lambda at, page, last: 0, pygame.K_END: lambda at, page, last: last}
"""Keys that choose a scenario further up or down the list: (chosen, rows a page, last row) → the row."""


class NewGameScreen(Screen):
    """Scenario list and briefing, side choice, seed, computer level and options, then Start."""

    def __init__(self, app: App) -> None:
        self.entries = scenario_catalog(scenarios_dir(), own_folders=(user_scenarios_dir(),))
        self.games: dict[Path, GameDef] = {}
        self.loader = BackgroundLoader(e.path for e in self.entries if e.playable and not self._is_app_game(e, app))
        self.frames = 0
        own = app.gd.scenario.id
        self.chosen = next((i for i, e in enumerate(self.entries) if e.id == own and not e.own), 0)
        self.rows: list[pygame.Rect] = []
        """The shown rows, top down: ``rows[i]`` is entry ``window.top + i``."""
        self.window = ListWindow()
        """Which scenarios the list shows (it scrolls when they do not all fit)."""
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.reveal_chosen = True
        """Scroll the list to the chosen scenario when it is next drawn (after a pick by key)."""
        self.briefing_top = 0
        self.briefing_rect = pygame.Rect(0, 0, 0, 0)
        self.rule_links: LinkHits = []  # "R16" above the options: a link to the rules page
        self.choice: SideChoice = "JP"
        self.app_level = app.settings.ai_level
        self.seed = TextField(str(new_seed()))
        self.side_buttons = {c: Button(CHOICE_LABELS[c], size=14) for c in CHOICES}
        self.reseed = Button(say("new_game.new_seed"), size=13, tip=say("new_game.draw_another_seed_another_game"))
        self.levels = {lv: Button(say("new_game.computer", level=lv), size=13,
                                  tip=say("new_game.the_computer_plays_at_strength", level=lv))
                       for lv in LEVELS}
        self.start = Button(say("new_game.start"), size=16, tip=say("new_game.start_the_game_enter"))
        self.back = Button(say("new_game.back"), size=16, tip=say("new_game.back_to_the_main_menu"))
        for choice, button in self.side_buttons.items():
            button.tip = say("new_game.play_tab_to_it_then", choice=CHOICE_LABELS[choice])
        self.page = pygame.Rect(0, 0, 0, 0)
        self.options: dict[str, Checkbox] = {}
        self.focus = ButtonFocus(arrows=False)  # Up/Down choose the scenario here
        self.pointer = (0, 0)
        """Where the mouse pointer last moved (the wheel scrolls what is under it)."""
        self._pick(self.chosen)

    def focus_order(self) -> list[Button | Checkbox | FocusRow]:
        """What Tab and Shift+Tab move through: sides, the seed (typing goes there), New seed, levels, options,
        Back, Start."""
        return [*self.side_buttons.values(), FocusRow(self.seed.rect), self.reseed, *self.levels.values(),
                *self.options.values(), self.back, self.start]

    def layout(self) -> Layout:
        """The page's panel with the side choices, seed, levels, scenarios, options, Back and Start."""
        placed = Layout({"page": pygame.Rect(self.page)})
        widgets = [*((f"side {c}", b.rect) for c, b in self.side_buttons.items()), ("seed", self.seed.rect),
                   ("new seed", self.reseed.rect), *((f"level {lv}", b.rect) for lv, b in self.levels.items()),
                   *((f"scenario {e.id}", r) for e, r in zip(self.entries[self.window.top:], self.rows, strict=False)),
                   *((f"option {o}", b.rect) for o, b in self.options.items()),
                   ("back", self.back.rect), ("start", self.start.rect)]
        for name, rect in widgets:
            placed.add(name, rect, "page")
        return placed

    @staticmethod
    def _is_app_game(entry: ScenarioEntry, app: App) -> bool:
        """True for the bundled scenario the app's game definition already is."""
        return entry.id == app.gd.scenario.id and not entry.own

    def _load(self, entry: ScenarioEntry, app: App) -> GameDef | None:
        """The entry's game definition (scenario and map), loaded once; None (the entry greyed) if it is broken."""
        self._absorb()
        entry = self.entries[self.entries.index(entry)] if entry in self.entries else entry
        if entry.path not in self.games and entry.playable:
            if self._is_app_game(entry, app):
                self.games[entry.path] = app.gd
                return app.gd
            try:
                self._settle(entry.path, load_game_def(entry.path))
            except ContentError as err:
                self._settle(entry.path, content_text(err))
        return self.games.get(entry.path)

    def update(self, dt: float, app: App) -> Transition | None:
        """Start the background check after the first frame; take its results (a broken scenario is greyed)."""
        self.frames += 1
        if self.frames > 1:
            self.loader.start()
        self._absorb()
        return None

    def busy(self, app: App) -> bool:
        """True while the scenarios are still being checked in the background (so their greying is drawn)."""
        return not self.loader.started or self.loader.busy or self.loader.pending

    def _absorb(self) -> None:
        """Take the background loader's results: games kept, broken scenarios greyed with their reason."""
        for path, loaded in self.loader.take().items():
            self._settle(path, loaded)

    def _settle(self, path: Path, loaded: Loaded) -> None:
        """Keep a loaded game, or grey the entry of ``path`` with its problem."""
        if isinstance(loaded, GameDef):
            self.games.setdefault(path, loaded)
            return
        chosen = self.entry.path
        self.entries = in_catalog_order([replace(e, problem=loaded) if e.path == path and e.problem is None else e
                                         for e in self.entries])
        self.chosen = next(i for i, e in enumerate(self.entries) if e.path == chosen)  # ticked options stay
        if chosen == path:
            self._pick(self.chosen)

    def row_of(self, index: int) -> pygame.Rect | None:
        """Where entry ``index``'s row was last drawn, or None if the list is scrolled past it."""
        at = index - self.window.top
        return self.rows[at] if 0 <= at < len(self.rows) else None

    @property
    def entry(self) -> ScenarioEntry:
        """The chosen scenario's entry in the list."""
        return self.entries[self.chosen]

    @property
    def scenario(self) -> Scenario | None:
        """The chosen scenario (None when its files cannot be read)."""
        return self.entry.scenario if self.entry.playable else None

    def _pick(self, index: int) -> None:
        """Choose a scenario: its options (none ticked) and its briefing from the top."""
        self.chosen = index
        self.briefing_top = 0
        self.reveal_chosen = True
        self.options = {o.id: Checkbox(o.name,
                                       detail=say("new_game.costs_vp", side=SIDE_ADJECTIVES[Side(o.side)], vp=o.vp))
                        for o in (self.scenario.options if self.scenario is not None else ())}

    def chosen_options(self, app: App) -> tuple[str, ...]:
        """Ticked options of sides played here, in scenario order."""
        sides = humans_for(self.choice)
        options = self.scenario.options if self.scenario is not None else ()
        return tuple(o.id for o in options if self.options[o.id].checked and Side(o.side) in sides)

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Seed typing, clicks on scenarios, choices, options and Start/Back; wheel scrolls the briefing."""
        if not self.focus.moves(event) and self.seed.key(event):
            return None
        pressed = self.focus.key(event, self.focus_order())
        if pressed is not None:  # Enter or Space on the focused control: as a click on it
            return self._click(pressed.rect.center, app)
        if self.focus.moves(event):  # Tab onto the seed starts typing there; off it stops
            self.seed.focus(isinstance(self.focus.focused(self.focus_order()), FocusRow))
            return None
        if event.type == pygame.KEYDOWN and event.key in PRESS_KEYS and self.focus.index is not None:
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event, app)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y)
            return None
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return None
        return self._click(event.pos, app)

    def _wheel(self, notches: int) -> None:
        """The wheel scrolls the list under the pointer if it does not all fit, else the briefing."""
        if self.list_rect.collidepoint(self.pointer) and self.window.hidden(len(self.entries)) != (0, 0):
            self.window.scroll(-notches, len(self.entries))
        else:
            self.briefing_top = max(0, self.briefing_top - 3 * notches)

    def _key(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Esc goes back, Enter starts (nothing focused); Up/Down, PgUp/PgDn, Home/End choose the scenario (the
        list scrolls to it); Shift+PgUp/PgDn scroll the briefing."""
        if event.key == pygame.K_ESCAPE:
            return Pop()
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._start(app)
        last, page = len(self.entries) - 1, max(1, self.window.fit - 1)
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and event.mod & pygame.KMOD_SHIFT:
            self.briefing_top = max(0, self.briefing_top + (10 if event.key == pygame.K_PAGEDOWN else -10))
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            self._pick((self.chosen + (1 if event.key == pygame.K_DOWN else -1)) % len(self.entries))
        elif event.key in LIST_KEYS:
            self._pick(max(0, min(last, LIST_KEYS[event.key](self.chosen, page, last))))
        return None

    def _click(self, pos: tuple[int, int], app: App) -> Transition | None:
        """A left click on any control of the page."""
        if (rule := link_at(self.rule_links, pos)) is not None and (gd := self._load(self.entry, app)):
            return Push(ToRules(gd, rule))  # "R16": the rules page on options
        self.seed.focus(self.seed.rect.collidepoint(pos))
        for i, row in enumerate(self.rows, start=self.window.top):
            if row.collidepoint(pos) and i != self.chosen:
                self._pick(i)
        for choice, button in self.side_buttons.items():
            if button.hit(pos):
                self.choice = choice
        sides = humans_for(self.choice)
        for oid, box in self.options.items():
            if box.hit(pos) and self.scenario is not None and Side(self.scenario.option(oid).side) in sides:
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

    def _start(self, app: App) -> Transition | None:
        """Start the chosen scenario with these choices (an empty seed gets a fresh one); a broken one says why."""
        seed = int(self.seed.text) if self.seed.text.isdigit() else new_seed()
        gd = self._load(self.entry, app)
        if gd is None:
            problem = said_text(self.entry.problem or "")
            app.toast(say("new_game.cannot_be_played", name=self.entry.name, problem=problem), warning=True)
            return None
        return start_game(app, self.choice, seed, self.chosen_options(app), gd)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """The page: sides and seed across the top; scenarios left; briefing and options right; buttons."""
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        box = surface.get_rect().inflate(-px(24), -px(24))
        self.page = box
        self.focus.mark(self.focus_order())
        inner = draw_panel(surface, box, say("new_game.new_game"))
        y = self._sides(surface, inner, mouse)
        self.app_level = app.settings.ai_level
        y = self._seed_row(surface, inner, y + px(10), mouse) + px(12)
        body = pygame.Rect(inner.left, y, inner.width, inner.bottom - px(50) - y)
        left = pygame.Rect(body.left, body.top, body.width * 2 // 5, body.height)
        right = pygame.Rect(left.right + px(16), body.top, body.right - left.right - px(16), body.height)
        self._scenario_list(surface, left, mouse)
        options_top = self._options(surface, right, mouse)
        self._briefing(surface, pygame.Rect(right.left, right.top, right.width, options_top - right.top - px(8)))
        self.back.rect = pygame.Rect(inner.left, inner.bottom - px(40), px(140), px(40))
        self.start.rect = pygame.Rect(inner.right - px(180), inner.bottom - px(40), px(180), px(40))
        self.start.reason = None if self.entry.playable else say("new_game.this_scenario_cannot_be_played")
        self.back.draw(surface, mouse)
        self.start.draw(surface, mouse)
        draw_button_tip(surface, (self.back, self.start, self.reseed, *self.side_buttons.values(),
                                  *self.levels.values()), mouse)
        scenario = self.scenario
        tip = next((option_sentence(scenario.option(o)) for o, b in self.options.items() if b.hit(mouse)), None) \
            if scenario is not None else None
        if tip:
            draw_tooltip(surface, tip, mouse)

    def _sides(self, surface: pygame.Surface, inner: pygame.Rect, mouse: tuple[int, int]) -> int:
        """The three side choices as toggle buttons; returns the y below them."""
        y = draw_text(surface, say("new_game.play_as"), (inner.left, inner.top + px(4)), 14, DIM).bottom + px(4)
        w = (inner.width - 2 * px(8)) // 3
        for i, (choice, button) in enumerate(self.side_buttons.items()):
            button.rect = pygame.Rect(inner.left + i * (w + px(8)), y, w, px(36))
            button.toggled = choice == self.choice
            button.draw(surface, mouse)
        return y + px(36)

    def _seed_row(self, surface: pygame.Surface, inner: pygame.Rect, y: int, mouse: tuple[int, int]) -> int:
        """Seed label, field, the New seed button and the computer's levels; returns the y below."""
        r = draw_text(surface, say("new_game.seed_same_seed_same_moves"), (inner.left, y), 14, DIM)
        self.seed.rect = pygame.Rect(inner.left, r.bottom + px(4), px(160), px(32))
        self.seed.draw(surface)
        self.reseed.rect = pygame.Rect(self.seed.rect.right + px(10), self.seed.rect.top, px(110), px(32))
        self.reseed.draw(surface, mouse)
        x = self.reseed.rect.right + px(24)
        for lv, button in self.levels.items():  # the computer's strength (not for hotseat)
            button.rect = pygame.Rect(x, self.seed.rect.top, px(130), px(32))
            button.toggled = lv == self.app_level
            button.reason = say("new_game.hotseat_nobody_plays_the_computer") if self.choice == "hotseat" else None
            button.draw(surface, mouse)
            x += px(136)
        return self.seed.rect.bottom

    def _scenario_list(self, surface: pygame.Surface, area: pygame.Rect, mouse: tuple[int, int]) -> None:
        """The shown scenarios, one row each (the chosen one framed), with the scroll cues if some are hidden."""
        y = draw_text(surface, say("new_game.scenario"), (area.left, area.top), 14, DIM).bottom + px(4)
        self.list_rect = pygame.Rect(area.left, y, area.width, area.bottom - y)
        self.rows, above, below = self.window.place(self.list_rect, len(self.entries))
        if self.reveal_chosen:
            self.reveal_chosen = False
            self.window.reveal(self.chosen)
            self.rows, above, below = self.window.place(self.list_rect, len(self.entries))
        for i, row in enumerate(self.rows, start=self.window.top):
            entry = self.entries[i]
            dates = turn_dates(entry.scenario) if entry.scenario is not None else ""
            draw_row(surface, row, entry, dates, i == self.chosen, row.collidepoint(mouse))
        draw_cues(surface, above, below, self.window.hidden(len(self.entries)))

    def _briefing(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The chosen scenario's briefing, scrolled by the wheel."""
        if self.scenario is None:
            draw_problem(surface, area, self.entry)
            return
        title = say("new_game.briefing", name=self.scenario.name)
        y = draw_text(surface, title, (area.left, area.top), 14, DIM).bottom + px(4)
        self.briefing_rect = pygame.Rect(area.left, y, area.width, max(0, area.bottom - y - px(16)))
        total = draw_briefing(surface, self.briefing_rect, self.scenario, self.briefing_top)
        self.briefing_top = min(self.briefing_top, max(0, total - 3))
        draw_text(surface, say("new_game.wheel_or_shift_pgup_pgdn"), (area.left, area.bottom), 12, DIM,
                  anchor="bottomleft")

    def _options(self, surface: pygame.Surface, area: pygame.Rect, mouse: tuple[int, int]) -> int:
        """The options at the bottom of ``area``, each with its sentence; returns the top of the block."""
        sides = humans_for(self.choice)
        options = self.scenario.options if self.scenario is not None else ()
        top = area.bottom - px(22) - len(options) * px(OPTION_ROW)
        if self.scenario is None:
            return area.bottom
        if not options:
            top = area.bottom - px(22)
            self.rule_links = draw_linked(surface, say("new_game.this_scenario_has_no_options"), (area.left, top), 14,
                                          DIM,
                                          mouse)
            return top
        self.rule_links = draw_linked(surface, say("new_game.options_r16_each_costs_its"), (area.left, top),
                                      14, DIM, mouse, terms=False)
        y = top + font(px(14)).get_linesize()
        for option in options:
            self._option(surface, option, pygame.Rect(area.left, y, area.width, px(OPTION_ROW)), sides, mouse)
            y += px(OPTION_ROW)
        return top

    def _option(self, surface: pygame.Surface, option: Option, row: pygame.Rect, sides: frozenset[Side],
                mouse: tuple[int, int]) -> None:
        """One option: its checkbox (greyed for the computer's side) and its sentence beneath."""
        box = self.options[option.id]
        box.rect = pygame.Rect(row.left, row.top, row.width, px(22))
        box.enabled = Side(option.side) in sides
        if box.enabled:
            box.draw(surface, mouse)
        else:
            box.checked = False
            draw_text(surface,
                      say("new_game.the_computer_s_side", name=option.name, side=SIDE_ADJECTIVES[Side(option.side)]),
                      (row.left, box.rect.centery), 13, DIM, anchor="midleft")
        y = box.rect.bottom
        for line in wrap(option_sentence(option), 12, row.width - px(24))[:2]:
            y = draw_text(surface, line, (row.left + px(24), y), 12, DIM).bottom
