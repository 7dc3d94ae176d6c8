"""Turns a match's engine state into what the UI draws (counter views, phase status)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from malaya.content.campaign import load_game_def
from malaya.content.counter_symbols import scenario_counter_symbols
from malaya.engine import Board, EndPhase, GameDef, GameState, Hex, Location, Side, check, new_game, start, turn_date
from malaya.session.views import CounterView, PhaseStatus, counter_view, counter_views
from malaya.session.visibility import hidden_hexes
from malaya.session.words.plain_words import refusal_text


@dataclass(slots=True)
class Presenter:
    """Holds a game definition and the current state; hands views to the UI on request."""

    gd: GameDef
    state: GameState

    @classmethod
    def open(cls, scenario_path: str | Path) -> Presenter:
        """Load a scenario and start a new game at its opening position."""
        gd = load_game_def(scenario_path)
        return cls(gd, start(gd, new_game(gd, ())).state)

    @property
    def board(self) -> Board:
        """The map."""
        return self.gd.board

    def views(self) -> dict[Hex, list[CounterView]]:
        """Counter views of every on-map unit by hex."""
        roles = scenario_counter_symbols(self.gd.scenario.id)
        return counter_views({u.id: u for u in self.gd.unit_defs}, self.state, roles)

    def status(self) -> PhaseStatus:
        """The phase bar: turn, date, phasing side, phase, and why End Phase is disabled (if it is)."""
        s = self.state
        date = turn_date(self.gd.scenario.calendar, s.turn)
        rejection = check(self.gd, s, EndPhase(side=s.side))
        return PhaseStatus(
            turn=s.turn,
            date=f"{date.day} {date:%b %Y}",
            side=s.side,
            phase=s.phase,
            end_phase_reason=None if rejection is None else refusal_text(rejection),
        )


def replay_views(gd: GameDef, state: GameState, viewer: Side | None) -> dict[Hex, list[CounterView]]:
    """Counter views of a position as ``viewer`` saw it (None: everything), Unknown stacks included."""
    hidden = hidden_hexes(gd, state, viewer) if viewer is not None else frozenset()
    roles = scenario_counter_symbols(gd.scenario.id)
    out: dict[Hex, list[CounterView]] = {}
    for u in state.units:
        if u.location is Location.MAP and u.hex is not None and u.steps > 0:
            view = counter_view(gd.unit_def(u.id), u.steps, u.supplied, used=u.used, role=roles.get(u.id))
            out.setdefault(u.hex, []).append(view)
    for h in hidden & out.keys():
        stack = out[h]
        out[h] = [CounterView("Unknown", stack[0].side, "", "", "", 0, 0, 0,
                              stacking_value=min(2, sum(v.stacking_value for v in stack)),
                              steps_left=2, max_steps=2, hidden=True)]
    return out
