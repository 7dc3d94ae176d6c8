"""Next / previous unit that can still act (keys N/P, Tab/Shift+Tab), in a fixed map order."""

from __future__ import annotations

from malaya.render.camera import Camera
from malaya.render.geometry import hex_to_pixel
from malaya.session.game_client import GameClient


def acting_order(client: GameClient) -> list[str]:
    """Units that can still act, north to south then west to east (off-map units last), then by id."""
    units = client.state.units
    index = client.gd.unit_index

    def place(unit: str) -> tuple[int, float, float, str]:
        h = units[index[unit]].hex
        if h is None:
            return 1, 0.0, 0.0, unit
        x, y = hex_to_pixel(h)
        return 0, y, x, unit

    return sorted(client.available_units(), key=place)


def next_unit(client: GameClient, current: str | None, direction: int) -> str | None:
    """The unit after (``direction`` 1) or before (-1) ``current`` in :func:`acting_order`, wrapping round."""
    order = acting_order(client)
    if not order:
        return None
    if current not in order:
        return order[0] if direction > 0 else order[-1]
    return order[(order.index(current) + direction) % len(order)]


def show_unit(camera: Camera, client: GameClient, unit: str) -> None:
    """Centre the Tactical Map on a unit on the map (off-map units are shown in the side panel)."""
    h = client.state.units[client.gd.unit_index[unit]].hex
    if h is not None:
        camera.center_on(*hex_to_pixel(h))
