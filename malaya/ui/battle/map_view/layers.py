"""The battle map's dynamic layers and highlights, drawn over the cached map every frame.

Under the counters: the front line, demolished bridges, landing destinations. Over them: the
bridges the CW player may demolish (in Demolish mode), units in landing zones and the combat
animations. :func:`battle_marks` says what the current input handler highlights.
Every function takes what it draws from its arguments; none keeps or changes screen state.
"""

from __future__ import annotations

import pygame

from malaya.engine import Hex, MoveUnit, RailMove
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter
from malaya.render.geometry import hex_to_pixel
from malaya.render.marks import (
    MapMarks,
    draw_bridge_candidates,
    draw_demolished,
    draw_front,
    draw_landing_badges,
    draw_landing_targets,
    draw_landing_zones,
)
from malaya.render.side_palette import SidePalette
from malaya.session import phase_info as info
from malaya.session.front import front_edges
from malaya.session.game_client import GameClient
from malaya.session.views import CounterView
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.ui.battle.input.handlers import Handler, UnitSelected
from malaya.ui.battle.map_view.animation import Animator

LandingHits = list[tuple[pygame.Rect, str]]
"""Click areas of landing-zone counters (map-area pixels) and their units."""


def draw_under_counters(target: pygame.Surface, camera: Camera, client: GameClient, *, show_front: bool,
                        selected: str | None, palette: SidePalette) -> None:
    """The front line (in the palette's colour), demolished bridges, landing destinations."""
    if show_front:
        draw_front(target, camera, front_edges(client.gd, client.state.jp_control), core=palette.front)
    if client.state.demolished:
        draw_demolished(target, camera, sorted(client.state.demolished))
    landings = landing_targets(client, selected)
    if landings:
        draw_landing_targets(target, camera, landings)


def draw_over_counters(target: pygame.Surface, camera: Camera, painter: CounterPainter, client: GameClient,
                       selected: str | None, animator: Animator, demolishing: bool = False) -> LandingHits:
    """The bridges that may be demolished (in Demolish mode: over the counters, so a town's counter hides none),
    units in landing zones beside their ports, then the combat animation; the landing stacks' click areas."""
    if demolishing:
        draw_bridge_candidates(target, camera, [(a.a, a.b) for a in info.demolitions(client)])
    zones = client.landing_views([selected] if selected else [])
    hits = draw_landing_zones(target, camera, painter, client.gd.board, zones) if zones else []
    landings = landing_targets(client, selected)
    if landings:
        draw_landing_badges(target, camera, landings)
    animator.draw(target, camera, painter)
    return hits


def landing_targets(client: GameClient, selected: str | None) -> list[Hex]:
    """Landing destinations of the selected unit (R9.6)."""
    if selected is None:
        return []
    return [h for h, landing in info.naval_targets(client, selected).items() if landing]


def battle_marks(client: GameClient, handler: Handler, hover: Hex | None) -> MapMarks:
    """What to highlight: the selected unit's destinations and path, attackable hexes, the combat."""
    combat = client.state.combat
    combat_hex = None if combat is None else combat.defender_hex
    if isinstance(handler, UnitSelected) and handler.selected:
        unit = handler.selected
        destinations = client.destinations(unit)
        cost: str | None = None
        path: tuple[Hex, ...] = ()
        if hover in destinations and isinstance(destinations[hover], MoveUnit | RailMove):
            route = client.route(unit, hover)
            if route is not None:
                cost, path = route
        return MapMarks(destinations=list(destinations), combat_hex=combat_hex, hover=hover, path=path, cost=cost)
    targets = list(client.declarable_hexes()) if combat is None else []
    return MapMarks(targets=targets, combat_hex=combat_hex, hover=hover)


class CounterViewCache:
    """The counter views of the last frame, recomputed only when the state, selection or animation changes."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.views: dict[Hex, list[CounterView]] = {}

    def __call__(self, client: GameClient, selected: str | None, hidden: frozenset[str]
                 ) -> dict[Hex, list[CounterView]]:
        """Views of every visible stack, the selected unit marked, units being animated left out."""
        key = (client.state, selected, client.viewer, hidden)
        if key != self.key:
            views = client.counter_views([selected] if selected else [])
            if hidden:
                views = {h: kept for h, vs in views.items() if (kept := [v for v in vs if v.unit_id not in hidden])}
            self.views, self.key = views, key
        return self.views


def minimap_stacks(client: GameClient) -> list[tuple[Hex, str]]:
    """(hex, side) of every stack, for the Mini-Map dots."""
    gd = client.gd
    return [(h, gd.side_of(ids[0]).value) for h, ids in client.stacks().items()]


def banner_text(client: GameClient, ai_busy_for: float, demolishing: bool) -> str | None:
    """The strip over the map: the computer playing (or thinking), or Demolish mode's instructions."""
    if not client.is_human_turn() and not client.state.finished:
        thinking = "thinking" + "." * (1 + int(ai_busy_for * 3) % 3) if ai_busy_for > 0.3 else "playing"
        return say("map_layers.the_computer_is_space_skip", side=SIDE_ADJECTIVES[client.state.side], thinking=thinking)
    if demolishing:
        return say("map_layers.demolish_bridge_click_a_ringed")
    return None


def focus_destinations(camera: Camera, client: GameClient, unit: str | None) -> bool:
    """After an off-map unit is picked, bring its destinations into view if none is on screen; True if moved."""
    if unit is None or client.state.units[client.gd.unit_index[unit]].hex is not None:
        return False
    x0, y0, x1, y1 = camera.visible_world()
    points = [hex_to_pixel(h) for h in sorted(client.destinations(unit))]
    if points and not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points):
        camera.center_on(*points[0])
        return True
    return False
