"""Consequences shown before an irreversible click (issue 13 §1): the landing tooltip and the Force Z question.

The numbers come from :mod:`malaya.session.previews` (the engine's own outcome distributions); this
module only turns them into a tooltip over a landing port and a question before the air attack.
"""

from __future__ import annotations

from collections.abc import Callable

from malaya.engine import AttackForceZ, GameState, Hex, Phase
from malaya.session import phase_info as info
from malaya.session.game_client import GameClient
from malaya.session.previews import force_z_sink_chance, landing_lines, landing_preview, percent
from malaya.session.words.catalog import say
from malaya.ui.app.intents import Push, ToConfirm

ATTACK = say("previews.attack_enter")
KEEP = say("previews.keep_the_air_points_esc")


class LandingTip:
    """The tooltip over a landing port for the selected unit, computed once per state, unit and port."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.key: tuple[str, Hex] | None = None
        self.text: str | None = None

    def __call__(self, client: GameClient, unit: str | None, hover: Hex | None) -> str | None:
        """The consequences of landing ``unit`` at the hovered port, or None when that is no assault landing."""
        if unit is None or hover is None or client.state.phase is not Phase.NAVAL or not client.is_human_turn():
            return None
        if client.state is not self.state or (unit, hover) != self.key:
            self.state, self.key = client.state, (unit, hover)
            landing = info.naval_targets(client, unit).get(hover, False)
            preview = landing_preview(client, unit, hover) if landing else None
            self.text = None if preview is None else "\n".join(landing_lines(client, unit, preview))
        return self.text


def sink_chances(client: GameClient) -> list[tuple[int, str]]:
    """(air points, chance to sink Force Z) for every number of air points one attack may use (R9.7)."""
    return [(n, percent(force_z_sink_chance(client, n))) for n in range(1, info.force_z_max(client) + 1)]


def force_z_question(client: GameClient, action: AttackForceZ, attack: Callable[[], object]) -> Push:
    """The question before the Force Z air attack: its chance of sinking, the others', and that the points are spent."""
    chances = sink_chances(client)
    mine = dict(chances)[action.air_points]
    each = say("previews.list_dot").join(say("previews.air_points_chance", air_points=n, chance=p) for n, p in chances)
    lines = (say("previews.spend_on_force_z", air_points=action.air_points, chance=mine),
             say("previews.chance_to_sink", chances=each),
             say("previews.the_air_points_are_spent"))
    return Push(ToConfirm(say("previews.attack_force_z"), lines, ATTACK, KEEP, attack, lambda: None))
