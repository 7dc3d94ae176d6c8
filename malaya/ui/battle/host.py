"""What the battle screen's parts (keyboard, mouse, drawing, status) use of the screen (a protocol, so they need not
import it)."""

from __future__ import annotations

from typing import Protocol

import pygame

from malaya.engine import Action, Hex
from malaya.render.camera import Camera
from malaya.render.map_painter import MapRenderer
from malaya.session.game_client import GameClient
from malaya.ui.app.intents import Transition
from malaya.ui.app.stack import App
from malaya.ui.battle.ai_driver import AiDriver
from malaya.ui.battle.input.cursor import HexCursor
from malaya.ui.battle.input.handlers import BattleContext, Handler, MapInput, Result
from malaya.ui.battle.live_chances import LiveChances
from malaya.ui.battle.map_view.animation import Animator
from malaya.ui.battle.map_view.layers import LandingHits
from malaya.ui.battle.panel_scroll import PanelScroll
from malaya.ui.battle.panels.side_panel import PanelHits
from malaya.ui.battle.panels.top_bar import BarLayout
from malaya.ui.battle.saves import BattleSaves
from malaya.ui.battle.stack_group import StackGroup
from malaya.ui.battle.tooltips import BattleTips
from malaya.ui.input.keymap import KeyMap
from malaya.ui.map_view.minimap import MiniMap
from malaya.ui.widgets.kit import Button


class KeyPart(Protocol):
    """The keyboard commands the mouse shares (a panel button, a bar button)."""

    def ledger(self) -> Transition:
        """The Dice Ledger overlay."""

    def main_menu(self) -> Transition:
        """Leave for the main menu."""

    @property
    def keymap(self) -> KeyMap:
        """The battle keys as the player set them."""

    def keep_panel_focus(self) -> None:
        """Drop the panel focus when the phase or the combat changes."""

    def draw_panel_focus(self, surface: pygame.Surface) -> None:
        """The focus ring around the focused side-panel button, if any."""


class MousePart(Protocol):
    """The mouse actions the keyboard shares (zoom keys, Enter on a focused panel button)."""

    def wheel(self, local: tuple[int, int], steps: int) -> None:
        """Zoom the map around a point."""

    def panel_click(self, pos: tuple[int, int]) -> Transition | None:
        """A click on the side panel."""

    def click_map(self, local: tuple[int, int]) -> None:
        """A left click at a map-area pixel."""

    @property
    def pointer(self) -> tuple[int, int] | None:
        """Where the pointer was last seen (window pixels)."""


class BattleHost(Protocol):
    """The battle screen, as its keyboard and mouse see it."""

    hover: Hex | None
    cursor: HexCursor

    @property
    def input(self) -> MapInput:
        """The map's input state: the handler and the map shown (changed only by :meth:`apply`)."""

    @property
    def selection(self) -> Handler:
        """The input handler now."""

    @property
    def show_strategic(self) -> bool:
        """True while the Strategic Map is shown."""

    @property
    def app(self) -> App:
        """The application (settings, toasts)."""

    @property
    def client(self) -> GameClient:
        """The game."""

    @property
    def bar(self) -> BarLayout:
        """Where the top bar put things last frame (its links to the rules)."""

    @property
    def tactical(self) -> Camera:
        """The Tactical Map's camera."""

    @property
    def strategic(self) -> Camera:
        """The Strategic Map's camera."""

    @property
    def camera(self) -> Camera:
        """The camera of the map shown now."""

    @property
    def demolish_mode(self) -> bool:
        """True while Demolish mode is armed."""

    @property
    def ctx(self) -> BattleContext:
        """What the input handlers ask of the game."""

    @property
    def saves(self) -> BattleSaves:
        """Saving and loading keys."""

    @property
    def ai(self) -> AiDriver:
        """The computer side's driver."""

    @property
    def group(self) -> StackGroup:
        """The selected stack that follows a move."""

    @property
    def animator(self) -> Animator:
        """Moves and combats being animated."""

    @property
    def minimap(self) -> MiniMap:
        """The Mini-Map."""

    @property
    def renderer(self) -> MapRenderer:
        """The map's terrain painter."""

    @property
    def tips(self) -> BattleTips:
        """The tooltips."""

    @property
    def scroll(self) -> PanelScroll:
        """The side panel's scroll."""

    @property
    def chances(self) -> LiveChances | None:
        """The win chances of a solo game (None: not shown in this game)."""

    @property
    def hits(self) -> PanelHits:
        """What can be clicked in the side panel this frame."""

    @property
    def buttons(self) -> dict[str, Button]:
        """The top bar's buttons by name."""

    @property
    def end_phase(self) -> Button:
        """The End Phase button."""

    @property
    def landing_hits(self) -> LandingHits:
        """Landing-zone stacks drawn this frame."""

    @property
    def keys(self) -> KeyPart:
        """The keyboard commands."""

    @property
    def mouse_input(self) -> MousePart:
        """The mouse."""

    def areas(self, size: tuple[int, int]) -> dict[str, pygame.Rect]:
        """Screen rectangles of the bar, map, panel and Mini-Map."""

    def apply(self, result: Result) -> None:
        """Carry out an input handler's answer."""

    def submit(self, action: Action) -> bool:
        """Submit through the gate."""

    def refuse(self, reason: str) -> None:
        """A refused click: its reason as a warning."""

    def request_end_phase(self) -> Transition | None:
        """End Phase pressed."""

    def toggle_grid(self) -> None:
        """Show or hide the hex grid."""

    def scroll_panel(self, by: int, body: pygame.Rect) -> None:
        """Scroll the side panel."""

    def close(self) -> None:
        """Stop the computer's thread."""
