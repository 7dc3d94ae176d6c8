"""Room for an assault: the hexes next to a target its attackers can actually stand on (R4.1, R12.2).

The assault planner (:mod:`malaya.ai.assault`) counts, for each unit, the best attack it could
bring from any hex it can reach next to the target. On its own that count ignores stacking: six
regiments may each reach the one hex beside a stack on Singapore island, but only two of them fit
there (R4.1), so the gathered attack is made by two at 1:2 instead of six at 3:2 (issue 18). A
:class:`Room` gives each committed unit a hex of its own beside the target (the one where its
attack is strongest, R12.3-R12.4: not across a river or the strait if it can help it) while there
are stacking points left on it, so a plan counts only what can stand there together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from malaya.engine import GameDef, GameState, Hex


@dataclass(frozen=True, slots=True)
class Placement:
    """A unit committed to an assault, the hex it attacks from and its attack there."""

    unit: str
    frm: Hex
    attack: float


@dataclass
class Room:
    """Stacking points still free on the hexes attackers may gather on, as plans reserve them. Every
    own unit counts where it stands until a plan sends it elsewhere (a unit left out may stay put)."""

    gd: GameDef
    state: GameState
    by_target: dict[Hex, dict[str, dict[Hex, float]]]  # target → unit → hex it may attack from → its attack there
    home: dict[str, Hex]  # where each own unit stands now
    used: dict[Hex, int] = field(default_factory=dict)  # points taken: units where they stand, plans' units

    def free(self, h: Hex) -> int:
        """Stacking points left on ``h`` (R4.1)."""
        return self.gd.stacking_limit(h, self.state) - self.used.get(h, 0)

    def fill(self, target: Hex, units: list[str]) -> list[Placement]:
        """Place ``units`` (in this order) beside ``target``, each on the free hex where its attack is
        strongest; those that find no room are left out."""
        taken: dict[Hex, int] = {}
        out: list[Placement] = []
        for u in units:
            points = self.gd.stacking_value(u)
            home = self.home.get(u)
            spots = [(v, h) for h, v in self.by_target.get(target, {}).get(u, {}).items()
                     if self.free(h) - taken.get(h, 0) + (points if h == home else 0) >= points]
            if not spots:
                continue
            v, h = max(spots, key=lambda s: (s[0], self.free(s[1]) - taken.get(s[1], 0), s[1]))
            if h != home:
                taken[h] = taken.get(h, 0) + points
                if home is not None:
                    taken[home] = taken.get(home, 0) - points
            out.append(Placement(u, h, v))
        return out

    def reserve_spots(self, spots: tuple[tuple[str, Hex], ...]) -> None:
        """Move a chosen plan's units onto their hexes for good."""
        for unit, h in spots:
            home = self.home.get(unit)
            if h == home:
                continue
            points = self.gd.stacking_value(unit)
            self.used[h] = self.used.get(h, 0) + points
            if home is not None:
                self.used[home] = self.used.get(home, 0) - points
            self.home[unit] = h


def room_for(gd: GameDef, state: GameState, by_target: dict[Hex, dict[str, dict[Hex, float]]]) -> Room:
    """The room beside every target with each own unit where it stands now."""
    home: dict[str, Hex] = {}
    used: dict[Hex, int] = {}
    for u in state.units:
        if u.on_map and u.hex is not None and gd.side_of(u.id) is state.side:
            home[u.id] = u.hex
            used[u.hex] = used.get(u.hex, 0) + gd.stacking_value(u.id)
    return Room(gd, state, by_target, home, used)
