"""The map cursor's keys on the battle screen (issue 26 §2): a whole turn from the keyboard.

Arrows move the :class:`~malaya.ui.battle.input.cursor.HexCursor` a hex at a time and the view follows
it once it nears an edge (the keypad still scrolls); the cycle key jumps through the hexes the
current input handler highlights, and the landing-zone stacks drawn beside their ports (an arrow
from the port toward its stack steps onto it too); Enter clicks the cursor's point through the mouse's own map
click (:meth:`~.mouse_input.BattleMouse.click_map`), so the handlers decide what it means; the
Roll Dice key presses the Combat Panel's main button as a click on it would. The hovered hex
(path and MP cost, the Hex panel) follows the cursor while it is shown.
"""

from __future__ import annotations

from malaya.engine import CombatStage, Edge, EndCombat, Hex, Location, Phase, RollDice, SetCombatAir
from malaya.render.geometry import HEX_SIZE, hex_to_pixel
from malaya.render.highlights import hex_at
from malaya.render.marks import edge_midpoint, landing_spot
from malaya.session import phase_info as info
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.ui.app.intents import Transition
from malaya.ui.battle.host import BattleHost
from malaya.ui.battle.input.cursor import Spot, Step, next_spot, opposite, stepped, toward
from malaya.ui.battle.input.handlers import Demolishing, Handler
from malaya.ui.battle.panels.combat_panel import NO_AIR_SET

EDGE_MARGIN = 1.5
"""The view follows the cursor once it comes this many hex widths from an edge of the map area."""
SHOWN = say("cursor_keys.map_cursor_arrows_move_it")
NOTHING_LIT = say("cursor_keys.no_hex_is_highlighted_now")
NO_COMBAT = say("cursor_keys.no_combat_is_being_fought")
NOT_DECLARING = say("cursor_keys.air_points_are_set_while")


def unit_hex(client: GameClient, unit: str) -> Hex | None:
    """Where a unit stands on the map (None off the map)."""
    return client.state.units[client.gd.unit_index[unit]].hex


def lit_spots(client: GameClient, handler: Handler) -> tuple[list[Spot], Hex | None]:
    """The spots the cycle key visits now (what the handler highlights: hexes, and the landing-zone stacks of
    units waiting in their boats) and the hex they are ordered around."""
    combat = client.state.combat
    if combat is not None:
        side = client.state.side
        own = [u for u in client.state.units if u.hex is not None and client.gd.side_of(u.id) is side]
        joining = [u for u in own if client.combat_choice(u.id) is not None]
        return [(u.hex, u.location is Location.LANDING) for u in joining if u.hex is not None], combat.defender_hex
    selected = handler.selected
    if selected is not None:
        return [(h, False) for h in client.destinations(selected)], unit_hex(client, selected)
    if client.state.phase is Phase.COMBAT:
        return [(h, False) for h in sorted(client.declarable_hexes())], None
    able = (client.state.units[client.gd.unit_index[u]] for u in sorted(client.available_units()))
    return [(u.hex, u.location is Location.LANDING) for u in able if u.hex is not None], None


def landing_ports(client: GameClient) -> set[Hex]:
    """The ports with a landing-zone stack drawn beside them (units waiting in their boats, R9.6)."""
    return {u.hex for u in client.state.units if u.location is Location.LANDING and u.hex is not None and u.steps}


def lit_bridges(client: GameClient) -> list[tuple[Hex, Edge]]:
    """In Demolish mode: each bridge that may be blown, with the hex the cursor stands on for it."""
    return [(a.a, (a.a, a.b)) for a in info.demolitions(client)]


class CursorKeys:
    """The map cursor's keys on one battle screen."""

    def __init__(self, screen: BattleHost) -> None:
        self.screen = screen

    def start(self) -> Hex:
        """Where the cursor starts: its last hex, the selected unit, the hovered hex, or the view's centre."""
        screen = self.screen
        cursor, selected = screen.cursor, screen.selection.selected
        for h in (cursor.at, unit_hex(screen.client, selected) if selected else None, screen.hover):
            if h is not None and screen.client.gd.board.on_map(h):
                return h
        camera = screen.camera
        return hex_at(camera, (camera.width / 2, camera.height / 2))

    def move(self, step: Step) -> None:
        """An arrow: the neighbouring hex (shown first where the cursor was hidden); the map's edge stops it. On a
        port with a landing-zone stack, the arrow pointing at the stack steps onto it, and the opposite arrow back."""
        screen = self.screen
        start = self.start()
        if not screen.cursor.shown:
            self.show(start)
            return
        board = screen.client.gd.board
        if start in landing_ports(screen.client):
            way_in = toward(hex_to_pixel(start), landing_spot(board, start))
            if not screen.cursor.landing and step is way_in:
                self.show(start, landing=True)
                return
            if screen.cursor.landing and step is opposite(way_in):
                self.show(start)
                return
        h = stepped(start, step)
        self.show(h if board.on_map(h) else start)

    def cycle(self) -> None:
        """The cycle key: the next highlighted hex (a bridge in Demolish mode), or why there is none."""
        screen = self.screen
        if isinstance(screen.selection, Demolishing):
            bridges = lit_bridges(screen.client)
            current = next((i for i, (_, e) in enumerate(bridges) if e == screen.cursor.bridge), -1)
            if bridges:
                h, bridge = bridges[(current + 1) % len(bridges)]
                self.show(h, bridge)
                return
        spots, anchor = lit_spots(screen.client, screen.selection)
        lit = next_spot(spots, screen.cursor.spot, anchor)
        if lit is None:
            screen.app.toast(NOTHING_LIT)
            return
        self.show(lit[0], landing=lit[1])

    def act(self) -> Transition | None:
        """Enter: a click at the cursor (shown first, and said so, where it was hidden)."""
        screen = self.screen
        cursor = screen.cursor
        if not cursor.shown or cursor.at is None:
            self.show(self.start())
            screen.app.toast(SHOWN)
            return None
        self.follow()
        world = hex_to_pixel(cursor.at)
        if cursor.bridge is not None:
            world = edge_midpoint(cursor.bridge)
        elif cursor.landing:
            world = landing_spot(screen.client.gd.board, cursor.at)
        x, y = screen.camera.world_to_screen(*world)
        screen.mouse_input.click_map((round(x), round(y)))
        return None

    def jump(self, unit: str) -> None:
        """Put the cursor on a unit the game just pointed at (the unit N selected), if it is on the map (on its
        landing-zone stack while it waits in its boats)."""
        client = self.screen.client
        h = unit_hex(client, unit)
        if h is not None:
            self.show(h, landing=client.state.units[client.gd.unit_index[unit]].location is Location.LANDING)

    def show(self, h: Hex, bridge: Edge | None = None, landing: bool = False) -> None:
        """The cursor on ``h`` (on its bridge, or on its landing-zone stack): the hovered hex follows it, and so
        does the view."""
        self.screen.cursor.put(h, bridge, landing)
        self.screen.hover = h
        self.follow()

    def follow(self) -> None:
        """Scroll the view just enough to keep the cursor :data:`EDGE_MARGIN` hexes inside the map area."""
        screen = self.screen
        at = screen.cursor.at
        if at is None:
            return
        camera = screen.camera
        x, y = camera.world_to_screen(*hex_to_pixel(at))
        margin = min(EDGE_MARGIN * 2 * HEX_SIZE * camera.zoom, camera.width / 3, camera.height / 3)
        dx = min(0.0, x - margin) + max(0.0, x - (camera.width - margin))
        dy = min(0.0, y - margin) + max(0.0, y - (camera.height - margin))
        if dx or dy:
            camera.pan(dx, dy)

    def roll(self) -> Transition | None:
        """The Roll Dice key: the Combat Panel's Roll Dice (or, after the roll, its End button), as a click on it."""
        screen = self.screen
        combat = screen.client.state.combat
        if combat is None or not screen.client.is_human_turn():
            screen.refuse(NO_COMBAT)
            return None
        wanted = RollDice if combat.stage is CombatStage.DECLARING else EndCombat
        button = next((b for b, action in screen.hits.buttons if isinstance(action, wanted)), None)
        if button is None:
            screen.refuse(say("cursor_keys.scroll_the_side_panel_to"))
            return None
        return screen.mouse_input.panel_click(button.rect.center)

    def air(self, change: int) -> None:
        """The air keys: the Combat Panel's + (``change`` 1) or - (-1) for the combat being declared, wherever the
        side panel is scrolled; or why not."""
        screen = self.screen
        client = screen.client
        combat = client.state.combat
        if combat is None or not client.is_human_turn():
            screen.refuse(NO_COMBAT)
        elif combat.stage is not CombatStage.DECLARING:
            screen.refuse(NOT_DECLARING)
        elif combat.air_points + change < 0:
            screen.refuse(NO_AIR_SET)
        else:
            screen.submit(SetCombatAir(side=client.state.side, air_points=combat.air_points + change))
