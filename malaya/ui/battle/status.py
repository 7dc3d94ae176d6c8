"""The battle as plain data for a watcher outside the window: what a real-window test waits on (issue 26).

Besides where the game is (turn, side, phase, the combat), it says where a person would click: the
view of the Tactical Map (so a hex's window pixel can be worked out), the side panel's unit rows
and buttons, and End Phase, all in window pixels.
"""

from __future__ import annotations

import pygame

from malaya.ui.battle.host import BattleHost


def battle_status(screen: BattleHost) -> dict[str, object]:
    """Turn, side, phase, the combat's stage and attackers, actions so far, the selection, the map cursor, the
    view and the clickable rows and buttons (window pixels)."""
    state, combat, cursor = screen.client.state, screen.client.state.combat, screen.cursor
    return {"turn": state.turn, "side": state.side.value, "phase": state.phase.value,
            "combat": None if combat is None else combat.stage.value,
            "attackers": 0 if combat is None else len(combat.attackers),
            "air": 0 if combat is None else combat.air_points,
            "actions": len(screen.client.match.log), "selected": screen.selection.selected,
            "cursor": [cursor.at.q, cursor.at.r] if cursor.shown and cursor.at else None,
            "cursor_landing": cursor.shown and cursor.landing,
            "end_phase": list(screen.end_phase.rect.center), "view": _view(screen),
            "rows": {unit: list(rect.center) for rect, unit in screen.hits.units},
            "landings": {unit: list(rect.move(_map_corner(screen)).center) for rect, unit in screen.landing_hits},
            "buttons": {b.label: list(b.rect.center) for b, _ in (*screen.hits.buttons, *screen.hits.commands)
                        if b.enabled}}


def _map_area(screen: BattleHost) -> pygame.Rect:
    """The map's area in the window."""
    surface = pygame.display.get_surface()
    return screen.areas(surface.get_size() if surface else (1280, 800))["map"]


def _map_corner(screen: BattleHost) -> tuple[int, int]:
    """The map area's top-left corner in the window."""
    return _map_area(screen).topleft


def _view(screen: BattleHost) -> dict[str, object]:
    """The Tactical Map's view: its area in the window and the camera (a hex's pixel is map + (world - x) * zoom)."""
    area = _map_area(screen)
    camera = screen.tactical
    return {"map": [area.left, area.top, area.width, area.height], "x": camera.x, "y": camera.y,
            "zoom": camera.zoom, "strategic": screen.show_strategic}
