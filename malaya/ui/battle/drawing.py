"""The battle screen's drawing: the map and its layers, the top bar, the side panel, the banner and the tooltips.

:class:`BattleDrawing` keeps what drawing needs between frames (the counter painter, the counter views
and standing caches) and where it drew things last frame (the bar, the side panel's hits, the banner,
the landing-zone stacks): the mouse, the keyboard and a watcher read those; nothing else writes them.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from malaya.engine import Hex
from malaya.render.attack_arrows import draw_attack_arrows
from malaya.render.counters import CounterPainter
from malaya.render.label_layout import draw_place_names
from malaya.render.marks import MapMarks, draw_marks_top, draw_marks_under
from malaya.render.objectives import draw_objectives
from malaya.render.side_palette import side_palette
from malaya.render.stacks import draw_stacks
from malaya.session.standing import objectives
from malaya.session.views import CounterView
from malaya.session.words.catalog import say
from malaya.ui.app.stack import App
from malaya.ui.battle.host import BattleHost
from malaya.ui.battle.live_chances import draw_live_chances
from malaya.ui.battle.map_view.layers import (
    CounterViewCache,
    LandingHits,
    banner_text,
    battle_marks,
    draw_over_counters,
    draw_under_counters,
    minimap_stacks,
)
from malaya.ui.battle.panels.side_panel import PanelHits, draw_side_panel
from malaya.ui.battle.panels.top_bar import BarLayout, draw_banner, draw_bar
from malaya.ui.battle.standing import StandingCache
from malaya.ui.battle.tooltips import bridge_tip, cursor_anchor
from malaya.ui.input.keymap import Command
from malaya.ui.widgets.kit import BG, draw_tooltip
from malaya.ui.widgets.layout import Layout


class BattleDrawing:
    """What the battle screen draws with, and where it drew things last frame."""

    def __init__(self) -> None:
        self.painter = CounterPainter()
        self.views = CounterViewCache()
        self.standing = StandingCache()
        self.bar = BarLayout()
        """Where the top bar put its buttons, links and VP box last frame."""
        self.hits = PanelHits()
        """What can be clicked in the side panel, as drawn last frame."""
        self.banner = pygame.Rect(0, 0, 0, 0)
        """Where the banner over the map was drawn last frame (empty: none); a lesson card keeps off it."""
        self.landing_hits: LandingHits = []
        """Landing-zone stacks drawn last frame (map-area pixels)."""

    def draw(self, screen: BattleHost, surface: pygame.Surface, app: App) -> None:
        """Map, bar, panel (Mini-Map first), banner, tooltip."""
        areas = screen.areas(surface.get_size())
        mouse = pygame.mouse.get_pos()
        surface.fill(BG)
        self.draw_map(screen, surface.subsurface(areas["map"]))
        strategic, client = screen.buttons["strategic"], screen.client
        strategic.label = say("battle_drawing.hide_strategic_map" if screen.show_strategic
                              else "battle_drawing.show_strategic_map")
        strategic.toggled = screen.show_strategic
        screen.buttons["grid"].toggled = screen.renderer.grid
        status = client.status()
        screen.end_phase.reason = status.end_phase_reason
        standing = self.standing(client)
        self.bar = draw_bar(surface, areas["bar"], status, list(screen.buttons.values()), screen.end_phase, mouse,
                            standing, self.standing.trend())
        screen.minimap.draw(surface, areas["mini"], screen.tactical, minimap_stacks(client))
        screen.scroll.keep_for(client, areas["body"], self.hits.content_height)
        self.hits = draw_side_panel(surface, areas["body"], client, screen.selection.selected, screen.hover, mouse,
                                    screen.demolish_mode, screen.scroll.offset,
                                    screen.keys.keymap.label(Command.DICE_LEDGER))
        banner = banner_text(client, screen.ai.busy_for, screen.demolish_mode)
        self.banner = draw_banner(surface, areas["map"], banner) if banner else pygame.Rect(0, 0, 0, 0)
        chances = screen.chances
        if chances is not None and app.settings.live_win_chances and not client.state.finished:
            draw_live_chances(surface, areas["map"], self.bar, chances, mouse)
        screen.keys.keep_panel_focus()
        screen.keys.draw_panel_focus(surface)
        self._draw_tooltip(screen, surface, areas, mouse)

    def _draw_tooltip(self, screen: BattleHost, surface: pygame.Surface, areas: dict[str, pygame.Rect],
                      mouse: tuple[int, int]) -> None:
        """The one tooltip under the mouse: a button's or panel row's, else the map's."""
        tips = screen.tips
        tips.label(screen.buttons, screen.end_phase, screen.keys.keymap)
        tips.label_panel(self.hits, screen.keys.keymap)
        tip = tips.pick(mouse, [screen.end_phase, *screen.buttons.values()], self.hits, self.bar)
        if tip:
            draw_tooltip(surface, tip, mouse)
        elif (tip := self.map_tip(screen, areas["map"])) is not None:
            pointer = screen.mouse_input.pointer or mouse
            anchor = pointer if not screen.cursor.shown else cursor_anchor(screen.camera, areas["map"], screen.cursor)
            draw_tooltip(surface, tip, anchor, within=areas["map"])

    def map_tip(self, screen: BattleHost, map_area: pygame.Rect) -> str | None:
        """The map's tooltip: the bridge pointed at in Demolish mode, a landing preview, the hex's explanation."""
        bridge = bridge_tip(screen.client, screen.camera, map_area, screen.mouse_input.pointer, screen.cursor) \
            if screen.demolish_mode else None
        return bridge or screen.tips.on_map(screen.client, screen.selection.selected, screen.hover)

    def layout(self, screen: BattleHost) -> Layout:
        """The bar, map, Mini-Map and panel, with the bar's buttons and the panel's rows and buttons."""
        surface = pygame.display.get_surface()
        areas = screen.areas(surface.get_size() if surface else (1280, 800))
        placed = Layout({name: pygame.Rect(r) for name, r in areas.items()})
        for b in self.bar.buttons:
            placed.add(b.label, b.rect, "bar")
        if self.bar.vp.width:
            placed.add("VP", self.bar.vp, "bar")
        for name, rect in self.hits.rects():
            placed.add(name, rect, "body")
        return placed

    def draw_map(self, screen: BattleHost, target: pygame.Surface) -> None:
        """The map, highlights, counters, hover and path."""
        cam, client, selected, settings = screen.camera, screen.client, screen.selection.selected, screen.app.settings
        palette = side_palette(settings.palette_name)
        self.painter.use_palette(palette)
        screen.renderer.draw(target, cam)
        marks = self.marks(screen)
        draw_marks_under(target, cam, marks, palette.combat)
        draw_under_counters(target, cam, client, show_front=settings.show_front, selected=selected, palette=palette)
        draw_objectives(target, cam, objectives(client.gd, client.state))
        draw_stacks(target, cam, self.painter, self.counter_views(screen))
        draw_place_names(target, cam, client.gd.board)
        if settings.show_attack_arrows:
            draw_attack_arrows(target, cam, screen.ai.arrows)
        self.landing_hits = draw_over_counters(target, cam, self.painter, client, selected, screen.animator,
                                               screen.demolish_mode)
        draw_marks_top(target, cam, marks)

    def counter_views(self, screen: BattleHost) -> dict[Hex, list[CounterView]]:
        """Counter views for this state and selection (recomputed only when either changes)."""
        return self.views(screen.client, screen.selection.selected, screen.animator.hidden_units())

    def marks(self, screen: BattleHost) -> MapMarks:
        """What the current handler highlights (destinations, path, attackable hexes, the combat)."""
        marks = battle_marks(screen.client, screen.selection, screen.hover)
        cursor = screen.cursor
        if not cursor.shown:
            return marks
        landing = cursor.at if cursor.landing else None
        return replace(marks, cursor=cursor.at, cursor_bridge=cursor.bridge, cursor_landing=landing,
                       board=screen.client.gd.board)
