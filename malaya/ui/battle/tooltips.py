"""The battle screen's tooltips: every top-bar button says what it does and its key (issue 13 §7)."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from malaya.engine import Action, EndCombat, Hex, RollDice, SetCombatAir
from malaya.render.camera import Camera
from malaya.render.geometry import hex_to_pixel
from malaya.render.marks import nearest_edge
from malaya.session import phase_info as info
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.session.words.event_words import bridge_place
from malaya.ui.battle.hover_tips import HoverTip
from malaya.ui.battle.input.cursor import HexCursor
from malaya.ui.battle.panels.phase_panel import PanelCommand
from malaya.ui.battle.panels.side_panel import PanelHits
from malaya.ui.battle.panels.top_bar import BarLayout
from malaya.ui.battle.previews import LandingTip
from malaya.ui.input.keymap import Command, KeyMap, with_key
from malaya.ui.widgets.kit import Button

BAR_TIPS: dict[str, tuple[str, Command | None]] = {
    "strategic": (say("battle_tips.show_or_hide_the_strategic"), Command.STRATEGIC_MAP),
    "grid": (say("battle_tips.show_or_hide_the_hex"), Command.GRID),
    "help": (say("battle_tips.rules_keys_and_counters"), Command.HELP),
    "menu": (say("battle_tips.back_to_the_main_menu"), Command.MAIN_MENU),
    "briefing": (say("battle_tips.the_scenario_s_briefing_and"), Command.BRIEFING),
    "rules": (say("battle_tips.the_rules_with_this_game"), Command.RULES),
}
"""What each top-bar button does, and the command whose key it names."""

COMBAT_AIR_TIPS: dict[str, tuple[str, Command]] = {
    "+": (say("battle_tips.one_more_air_point_for"), Command.AIR_MORE),
    "-": (say("battle_tips.one_air_point_fewer_for"), Command.AIR_FEWER),
}
"""The Combat Panel's air buttons: what each does and its key (by the button's label)."""

PANEL_FOCUS_HINT = say("battle_tips.ctrl_tab_to_it_then")
"""How a side-panel button is reached from the keyboard (its tooltip says so)."""


class BattleTips:
    """Labels the buttons' tooltips with their keys and picks the one tooltip to show under the mouse."""

    def __init__(self, hover: HoverTip) -> None:
        self.landing = LandingTip()
        self.hover = hover
        """A hex the mouse rests on explains itself (issue 14 §3)."""

    def label(self, buttons: Mapping[str, Button], end_phase: Button, keys: KeyMap) -> None:
        """Each top-bar button's tooltip says what it does and its key."""
        end_phase.tip = with_key(say("battle_tips.end_this_phase"), keys, Command.END_PHASE)
        for name, (text, command) in BAR_TIPS.items():
            if name in buttons:
                buttons[name].tip = text if command is None else with_key(text, keys, command)

    def label_panel(self, hits: PanelHits, keys: KeyMap) -> None:
        """Each side-panel button's tooltip: what it does with its key (Dice Ledger), else how to reach it by keys."""
        for button, command in hits.commands:
            if command is PanelCommand.LEDGER:
                button.tip = with_key(say("battle_tips.the_dice_rolled_so_far"), keys, Command.DICE_LEDGER)
        for button, action in hits.buttons:
            keyed = combat_key(button.label, action)
            if keyed is not None:
                button.tip = with_key(keyed[0], keys, keyed[1])
        for button in (*(b for b, _ in hits.commands), *(b for b, _ in hits.buttons)):
            button.tip = button.tip or say("battle_tips.click_or", label=button.label,
                                           panel_focus_hint=PANEL_FOCUS_HINT)

    def pick(self, mouse: tuple[int, int], bar_buttons: list[Button], hits: PanelHits, bar: BarLayout) -> str | None:
        """The tooltip under the mouse outside the map: a bar button, a panel item, or the bar's phase name, turn
        and VP breakdown (each with the rule a click opens)."""
        tip = next((t for b in bar_buttons if (t := b.tooltip(mouse))), None)
        return tip or hits.tooltip(mouse) or bar.notes.tip_at(mouse)

    def on_map(self, client: GameClient, selected: str | None, hover: Hex | None) -> str | None:
        """The map's tooltip for the hex pointed at (by the mouse or the map cursor): a landing preview, or the
        hex's explanation once the pointer has rested on it."""
        return self.landing(client, selected, hover) or self.hover(client, hover, selected)



def combat_key(label: str, action: Action) -> tuple[str, Command] | None:
    """What a Combat Panel button does and the command whose key does it too (None: a button with no key)."""
    if isinstance(action, SetCombatAir):
        return COMBAT_AIR_TIPS.get(label)
    if isinstance(action, RollDice):
        return say("battle_tips.for_this_combat", label=label), Command.ROLL_DICE
    if isinstance(action, EndCombat):
        return say("battle_tips.end_this_combat_the_next"), Command.ROLL_DICE
    return None


def cursor_anchor(camera: Camera, map_area: pygame.Rect, cursor: HexCursor) -> tuple[int, int]:
    """Where a map tooltip goes while the map cursor is shown: by its hex (window pixels)."""
    assert cursor.at is not None
    x, y = camera.world_to_screen(*hex_to_pixel(cursor.at))
    return map_area.left + round(x), map_area.top + round(y)


def bridge_tip(client: GameClient, camera: Camera, map_area: pygame.Rect, pointer: tuple[int, int] | None,
               cursor: HexCursor) -> str | None:
    """In Demolish mode, the bridge the map cursor or the pointer is on, named by its place (R7.7)."""
    edge = cursor.bridge if cursor.shown else None
    if not cursor.shown and pointer is not None and map_area.collidepoint(pointer):
        world = camera.screen_to_world(pointer[0] - map_area.left, pointer[1] - map_area.top)
        edge = nearest_edge(world, [(a.a, a.b) for a in info.demolitions(client)])
    if edge is None:
        return None
    return say("battle_tips.the_bridge_click_to_demolish", bridge_place=bridge_place(client.gd, *edge))
