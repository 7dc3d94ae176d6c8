"""Battle-screen helpers kept out of the screen class: dynamic map layers, panel commands, auto-skip.

Dynamic layers are drawn over the cached map each frame: demolished bridges, the
bridges the CW player may demolish (in Demolish mode), landing destinations, units in
landing zones, and the combat animations. Auto-skip (R3.4) ends a phase for the
player when End Phase is the only thing the gate allows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from malaya.engine.actions import EndPhase
from malaya.render.geometry import hex_to_pixel
from malaya.render.marks import (
    draw_bridge_candidates,
    draw_demolished,
    draw_front,
    draw_landing_badges,
    draw_landing_targets,
    draw_landing_zones,
    nearest_edge,
)
from malaya.session import phase_info as info
from malaya.session.front import front_edges
from malaya.ui.phase_panel import DEMOLISH, LEDGER

if TYPE_CHECKING:
    from malaya.ui.battle_screen import BattleScreen

AUTO_SKIP_DELAY_S = 0.3
"""An empty phase stays on screen this long before auto-skip ends it (so the player sees it pass)."""


def draw_under_counters(screen: BattleScreen, target: pygame.Surface) -> None:
    """The front line, demolished bridges, demolishable bridges (Demolish mode) and landing destinations."""
    cam, client = screen.camera, screen.client
    if screen.app.settings.show_front:
        draw_front(target, cam, front_edges(client.gd, client.state.jp_control))
    if client.state.demolished:
        draw_demolished(target, cam, sorted(client.state.demolished))
    if screen.demolish_mode:
        draw_bridge_candidates(target, cam, [(a.a, a.b) for a in info.demolitions(client)])
    landings = _landings(screen)
    if landings:
        draw_landing_targets(target, cam, landings)


def _landings(screen: BattleScreen) -> list:
    """Landing destinations of the selected unit (R9.6)."""
    selected = screen.selection.selected
    if selected is None:
        return []
    return [h for h, landing in info.naval_targets(screen.client, selected).items() if landing]


def draw_over_counters(screen: BattleScreen, target: pygame.Surface) -> None:
    """Units in landing zones beside their ports, then the combat animation."""
    client = screen.client
    selected = [screen.selection.selected] if screen.selection.selected else []
    zones = client.landing_views(selected)
    screen.landing_hits = draw_landing_zones(target, screen.camera, screen.painter, client.gd.board, zones) \
        if zones else []
    landings = _landings(screen)
    if landings:
        draw_landing_badges(target, screen.camera, landings)
    screen.animator.draw(target, screen.camera, screen.painter)


def landing_unit_at(screen: BattleScreen, local: tuple[int, int]) -> list[str]:
    """Units of the landing-zone counter under a map-area pixel (top first)."""
    return [u for rect, u in screen.landing_hits if rect.collidepoint(local)]


def click_landing(screen: BattleScreen, units: list[str]) -> None:
    """A click on a landing-zone stack: in combat, the first unit that can join/leave; else select it."""
    client = screen.client
    if client.state.combat is not None:
        for u in units:
            choice = client.combat_choice(u)
            if choice is not None:
                screen.submit(choice)
                return
    screen.selection = screen.selection.pick(units[0], screen.ctx)


def click_demolish(screen: BattleScreen, world: tuple[float, float]) -> None:
    """In Demolish mode, a click near a marked bridge demolishes it (R7.7)."""
    candidates = {(a.a, a.b): a for a in info.demolitions(screen.client)}
    e = nearest_edge(world, candidates)
    if e is None:
        screen.app.toast("Click on a bridge marked with a yellow ring.", warning=True)
        return
    if screen.submit(candidates[e]) and not info.demolitions(screen.client):
        screen.demolish_mode = False


def run_command(screen: BattleScreen, command: str) -> None:
    """A phase-panel command: toggle Demolish mode, or open the Dice Ledger."""
    if command == DEMOLISH:
        screen.demolish_mode = not screen.demolish_mode
        screen.selection = screen.selection.escape(screen.ctx) if screen.demolish_mode else screen.selection
    elif command == LEDGER:
        open_ledger(screen)


def open_ledger(screen: BattleScreen) -> None:
    """Show the Dice Ledger overlay."""
    from malaya.ui.ledger_screen import LedgerScreen

    screen.app.push(LedgerScreen(screen.client.gd, info.rolls(screen.client)))


def auto_skip(screen: BattleScreen, dt: float) -> None:
    """End the phase for the player when the setting is on and End Phase is the only legal action (R3.4)."""
    client = screen.client
    legal = client.legal()
    empty = len(legal) == 1 and isinstance(legal[0], EndPhase)
    if not (screen.app.settings.auto_skip and empty and not screen.animator.active):
        screen.empty_for = 0.0
        return
    screen.empty_for += dt
    if screen.empty_for < AUTO_SKIP_DELAY_S:
        return
    screen.empty_for = 0.0
    state = client.state
    client.note(f"Auto-skipped the {state.side.value} {state.phase.value} phase (nothing to do).")
    screen.submit(EndPhase(side=state.side))


def leave_modes(screen: BattleScreen) -> None:
    """Modes that do not outlive their phase end when it changes."""
    if screen.demolish_mode and not info.demolitions(screen.client):
        screen.demolish_mode = False


def focus_destinations(screen: BattleScreen) -> None:
    """After an off-map unit is picked, bring its destinations into view if none is on screen."""
    unit = screen.selection.selected
    client = screen.client
    if unit is None or client.state.units[client.gd.unit_index[unit]].hex is not None:
        return
    targets = sorted(client.destinations(unit))
    cam = screen.tactical
    x0, y0, x1, y1 = cam.visible_world()
    points = [hex_to_pixel(h) for h in targets]
    if points and not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points):
        screen.show_strategic = False
        cam.center_on(*points[0])
