"""A human's play-by-e-mail turn in the game window: moves as usual, the Combat phase as orders, then the file.

:class:`TurnKeeper` follows the match through the client's ``after_submit`` hooks. Before the Combat phase
every move (and undo) is an ordinary action. In the Combat phase a declared combat is not rolled: when
the player clicks Give Order the combat becomes an **order** (target, attackers, air points, and the attackers
that advance if the hex is vacated: each one unless the player marked it to stay, :class:`AdvanceChoice`,
R12.9) and the map goes back to where it stood before the
declaration, with those attackers and that hex marked as used so they are not ordered twice (R12.2).
Ending the Combat phase writes the turn file; so does a move that needs a die (the opponent's program
rolls it). After that the game holds: no undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from malaya.engine import Action, CombatStage, DeclareCombat, GameDef, GameState, Phase, evolve, join_words, set_pool
from malaya.persistence.pbem.games import PbemGame, Sent
from malaya.session.pbem.orders import AdvanceChoice, CombatOrder
from malaya.session.words.catalog import say


@dataclass
class TurnKeeper:
    """See module docstring."""

    game: PbemGame
    outbox: Path | None = None
    orders: list[CombatOrder] = field(default_factory=list)
    sent: Sent | None = None
    notes: list[str] = field(default_factory=list)
    choice: AdvanceChoice = field(default_factory=AdvanceChoice)
    """Who stays put if the hex is vacated, in the combat being declared (the Combat Panel sets it)."""
    _combat_start: tuple[GameState, int] | None = None
    _declared: tuple[GameState, int] | None = None
    _last_state: GameState = field(init=False, repr=False)

    def __post_init__(self) -> None:
        match = self.game.match
        self._last_state = match.state
        if match.state.phase is Phase.COMBAT and match.state.side is self.game.side:
            self._combat_start = (match.state, len(match.log))

    def follow(self) -> None:
        """Called after every accepted action: note orders, and write the file when the turn's part is done."""
        if self.sent is not None:
            return
        match, me = self.game.match, self.game.side
        state = match.state
        if state.phase is Phase.COMBAT and state.side is me and self._combat_start is None:
            self._combat_start = (state, len(match.log))
        if isinstance(match.log[-1], DeclareCombat):
            self._declared = (self._last_state, len(match.log) - 1)
            self.choice.clear()
        combat = state.combat
        if combat is not None and combat.stage is CombatStage.RESOLVING and self._declared is not None:
            self._take_order()
        elif state.pending is not None and state.combat is None:
            self._send(None, list(match.log[self.game.base:]))
        elif self._combat_start is not None and (state.phase is not Phase.COMBAT or state.side is not me):
            start, index = self._combat_start
            match.state = start
            del match.log[index:]
            self._send(self.orders, list(match.log[self.game.base:]))
        self._last_state = match.state

    def _take_order(self) -> None:
        """Turn the rolled declaration into an order and put the map back, its units and hex marked used."""
        match = self.game.match
        combat = match.state.combat
        assert combat is not None and self._declared is not None
        order = CombatOrder(combat.defender_hex, combat.attackers, combat.air_points,
                            self.choice.advancing(combat.attackers))
        self.choice.clear()
        self.orders.append(order)
        start, index = self._declared
        used = set(order.attackers)
        units = tuple(replace(u, attacked=True) if u.id in used else u for u in start.units)
        pool = set_pool(start.attack_pool, start.side, start.pool("attack", start.side) - order.air_points)
        match.state = evolve(start, units=units, attacked_hexes=start.attacked_hexes | {order.defender},
                             attack_pool=pool)
        del match.log[index:]
        self._declared = None
        place = match.gd.place_name(order.defender)
        said = {"order": len(self.orders), "place": place, "units": len(order.attackers),
                "advance": advance_words(match.gd, order)}
        self.notes.append(say("pbem_orders.order_with_air", **said, air=order.air_points) if order.air_points
                          else say("pbem_orders.order", **said))

    def _send(self, orders: list[CombatOrder] | None, actions: list[Action]) -> None:
        """Write the turn file."""
        self.sent = self.game.send(orders, self.outbox, actions)
        self.notes.append(say("pbem_orders.sent", size=f"{self.sent.size:,}"))


def advance_words(gd: GameDef, order: CombatOrder) -> str:
    """``if the hex is vacated, 5/16 Punjab advances (2/1 Gurkha stays)``, in plain words (R12.9)."""
    names = [gd.unit_def(u).name for u in order.advance]
    stay = [gd.unit_def(u).name for u in order.attackers if u not in order.advance]
    if not names:
        return say("pbem_orders.no_advance")
    if not stay:
        return say("pbem_orders.advance", units=join_words(names), count=len(names))
    return say("pbem_orders.advance_and_stay", units=join_words(names), count=len(names), stay=join_words(stay),
               staying=len(stay))
