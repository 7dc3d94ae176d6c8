"""The whole stack selected (key S): when the selected unit moves, the rest of its stack follows where it can."""

from __future__ import annotations

from malaya.engine import Action, MoveUnit, RailMove
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say


class StackGroup:
    """Units that move together with the selected one (its stack-mates that can still act)."""

    def __init__(self) -> None:
        self.units: tuple[str, ...] = ()

    def select(self, client: GameClient, selected: str | None) -> str:
        """Group the selected unit with its stack-mates that can act; the message for the player."""
        if selected is None:
            self.units = ()
            return say("stack_group.select_a_unit_first_its")
        h = client.state.units[client.gd.unit_index[selected]].hex
        available = client.available_units()
        mates = [u for u in client.stacks().get(h, []) if u != selected and u in available] if h is not None else []
        self.units = (selected, *mates)
        if not mates:
            return say("stack_group.no_other_unit_in_this")
        return say("stack_group.whole_stack_selected_units_the", n_units=len(self.units))

    def followers(self, action: Action) -> tuple[str, ...]:
        """The units that should follow ``action`` (a move of the group's first unit), then forget the group."""
        units, self.units = self.units, ()
        if isinstance(action, MoveUnit | RailMove) and units and action.unit == units[0]:
            return units[1:]
        return ()


def follow_move(client: GameClient, unit: str, action: MoveUnit | RailMove) -> Action | None:
    """The same kind of move for ``unit`` to the same hex, if it can make it now."""
    move = client.destinations(unit).get(action.to)
    return move if type(move) is type(action) else None
