"""The Help overlay: shortcuts, the rules in our own words, and the tables (three pages, Tab flips)."""

from __future__ import annotations

import pygame

from malaya.session.words.catalog import say
from malaya.ui.app.intents import Pop, Push, ToRules, Transition
from malaya.ui.app.stack import App, Screen
from malaya.ui.dialogs.help.tables import (
    crt_rows,
    hexside_rows,
    modifier_lines,
    rules_text,
    terrain_rows,
)
from malaya.ui.widgets.kit import ACCENT, DIM, TEXT, dim_backdrop, draw_panel, draw_text, px, wrap
from malaya.ui.widgets.link_text import LinkHits, draw_linked, link_at, split_links

SHORTCUTS: tuple[tuple[str, str], ...] = (
    (say("help.left_click_a_unit"), say("help.select_it_and_show_every")),
    (say("help.left_click_a_highlighted_hex"),
     say("help.move_the_selected_unit_there")),
    (say("help.click_the_selected_unit_esc"), say("help.deselect")),
    (say("help.click_a_unit_that_moved"), say("help.take_its_move_or_placement")),
    (say("help.click_a_unit_in_the"), say("help.select_it_also_to_go")),
    (say("help.click_an_enemy_stack_combat"), say("help.declare_a_combat_then_click")),
    (say("help.click_the_defender_again_esc"), say("help.cancel_the_combat_being_declared")),
    (say("help.e_or_end_phase"), say("help.end_the_phase_greyed_out")),
    (say("help.n_p_tab_shift_tab"), say("help.select_the_next_previous_unit")),
    ("S", say("help.select_the_whole_stack_the")),
    ("O", say("help.the_whole_message_log")),
    (say("help.arrows_c_enter"), say("help.the_map_cursor_white_corners")),
    ("X", say("help.roll_dice_for_the_combat")),
    ("] / [", say("help.one_more_one_fewer_air")),
    (say("help.drag_keypad_1_9_alt"), say("help.scroll_the_map_it_also")),
    (say("help.mouse_wheel"), say("help.zoom_keypad_5_centres_on")),
    (say("help.mini_map_click_or_drag"), say("help.move_the_view")),
    (say("help.m_or_show_strategic_map"), say("help.the_whole_peninsula_clickable_wheel")),
    ("G", say("help.show_hide_the_hex_grid")),
    ("L", say("help.show_hide_the_front_line")),
    (say("help.space"), say("help.fast_forward_the_computer_s")),
    (say("help.b_or_briefing"), say("help.the_scenario_s_briefing_the")),
    ("D", say("help.the_dice_ledger_every_combat")),
    ("W", say("help.what_the_computer_did_in")),
    (say("help.phase_panel_side_panel_top"), say("help.offers_air_split_force_z")),
    (say("help.ctrl_tab_ctrl_shift_tab"), say("help.move_to_the_side_panel")),
    (say("help.pgup_pgdn"), say("help.scroll_the_side_panel")),
    (say("help.ctrl_s_ctrl_l"), say("help.save_the_game_under_a")),
    (say("help.f10_or_menu"), say("help.back_to_the_main_menu")),
    (say("help.h_or_f1_r_or"), say("help.this_help_tab_next_page")),
    (say("help.settings_keys"), say("help.change_the_battle_keys_these")),
)

class HelpScreen(Screen):
    """An overlay over the current screen; any key but Tab, or a click, closes it."""

    opaque = False

    PAGES = (say("help.controls"), say("help.rules_in_brief"), say("help.tables"))

    def __init__(self) -> None:
        self.page = 0
        self.inner = pygame.Rect(0, 0, 0, 0)
        """The page's text area, last drawn."""
        self.text_bottom = 0
        """Where the last drawn page's text ends (it must not pass ``inner.bottom``)."""
        self.links: LinkHits = []
        """The game's terms on the rules-in-brief page: a click opens the rules page there."""

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Tab flips the page; Esc/H/F1 or a click closes."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.page = (self.page + 1) % len(self.PAGES)
            elif event.key in (pygame.K_r, pygame.K_F2):
                return Push(ToRules(app.gd))
            elif event.key in (pygame.K_ESCAPE, pygame.K_h, pygame.K_F1, pygame.K_RETURN):
                return Pop()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            rule = link_at(self.links, event.pos) if self.page == 1 else None
            return Pop() if rule is None else Push(ToRules(app.gd, rule))
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """A dimmed backdrop and the current page."""
        dim_backdrop(surface, 160)
        box = surface.get_rect().inflate(-px(120), -px(40))
        following = self.PAGES[(self.page + 1) % len(self.PAGES)]
        inner = self.inner = draw_panel(surface, box,
                                        say("help.help_tab_r_the_rules",
                                            pages=self.PAGES[self.page], following=following))
        if self.page == 0:
            self.text_bottom = self._shortcuts(surface, inner)
        elif self.page == 1:
            self._rules(surface, inner, app)
        else:
            self._tables(surface, inner, app)

    def _shortcuts(self, surface: pygame.Surface, inner: pygame.Rect) -> int:
        """Two columns: input and what it does (rows closer together where the window is short); the text's end."""
        split = inner.left + int(inner.width * 0.42)
        wrapped = [(key, wrap(does, 14, inner.right - split) or [""]) for key, does in SHORTCUTS]
        lines = sum(len(w) for _, w in wrapped)
        gap = max(0, min(px(6), (inner.height - px(6) - lines * px(18)) // len(wrapped)))
        y = inner.top + px(6)
        for key, rows in wrapped:
            draw_text(surface, key, (inner.left, y), 14, ACCENT, bold=True)
            for i, line in enumerate(rows):
                draw_text(surface, line, (split, y + i * px(18)), 14, TEXT)
            y += px(18) * len(rows) + gap
        return y - gap

    def _rules(self, surface: pygame.Surface, inner: pygame.Rect, app: App) -> None:
        """The brief rules with this scenario's numbers, wrapped; the game's terms link to the rules page."""
        y = inner.top + px(6)
        mouse = pygame.mouse.get_pos()
        self.links = []
        for paragraph in rules_text(app.gd).splitlines():
            lines = wrap(paragraph, 14, inner.width)
            for line, found in zip(lines, split_links(paragraph, lines), strict=True):
                self.links += draw_linked(surface, line, (inner.left, y), 14, TEXT, mouse, links=found)
                y += px(19)
            y += px(8)
        draw_text(surface, say("help.more_press_r_for_the"),
                  (inner.left, y), 12, DIM)

    def _tables(self, surface: pygame.Surface, inner: pygame.Rect, app: App) -> None:
        """Terrain and hexside effects, the CRT and the die modifiers, from the ruleset."""
        gd = app.gd
        half = inner.width // 2 - px(10)
        left = pygame.Rect(inner.left, inner.top + px(4), half, inner.height)
        right = pygame.Rect(inner.left + half + px(20), inner.top + px(4), half, inner.height)
        y = _table(surface, left, terrain_rows(gd), left.top)
        _table(surface, left, hexside_rows(gd), y + px(14), weights=(1.1, 0.7, 0.7, 2.5))
        y = _table(surface, right, crt_rows(gd), right.top) + px(8)
        for line in modifier_lines(gd):
            for part in wrap(line, 12, right.width):
                draw_text(surface, part, (right.left, y), 12, TEXT)
                y += px(LINE)


LINE = 19
"""Line height of the tables page (unscaled px)."""


def _table(surface: pygame.Surface, area: pygame.Rect, rows: list[tuple[str, ...]], top: int,
           weights: tuple[float, ...] | None = None) -> int:
    """Draw rows as columns sized by ``weights`` (the first row as a header); the y below the table."""
    count = max(len(r) for r in rows)
    weights = weights or (1.0,) * count
    edges = [area.left + int(area.width * sum(weights[:j]) / sum(weights)) for j in range(count)]
    y = top
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            colour = ACCENT if i == 0 or j == 0 else TEXT
            draw_text(surface, cell, (edges[j], y), 12, colour, bold=i == 0)
        y += px(LINE)
    return y
