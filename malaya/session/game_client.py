"""What the battle screen asks of a match: legal choices, views and a single way to act.

Every question is answered from ``rules.legal_actions`` (cached per state), or, until that list is
built, from ``rules.legal_actions_for`` one unit at a time (a click asks only for the clicked unit's
moves), so the UI offers exactly what the engine's gate allows; every change goes through
:meth:`GameClient.submit` → ``Match.submit``, and whoever keeps a record of the game (saves)
follows it through :attr:`GameClient.after_submit`. Movement paths and costs come from the
engine's ``movement`` and ``rail`` modules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from malaya import engine
from malaya.content.counter_symbols import scenario_counter_symbols
from malaya.engine import (
    Action,
    AddAttacker,
    Advance,
    CancelAdvance,
    CombatStage,
    DeclareCombat,
    EndPhase,
    Event,
    GameDef,
    GameState,
    Hex,
    Location,
    MoveUnit,
    NavalMove,
    Phase,
    PlaceReinforcement,
    RailMove,
    Refusal,
    Rejection,
    RemoveAttacker,
    Side,
    UndoMove,
    UndoPlacement,
    number_text,
    turn_date,
)
from malaya.session.log_fog import seen_events
from malaya.session.match import Match
from malaya.session.pbem.orders import AdvanceChoice
from malaya.session.told_history import HistoryTeller
from malaya.session.views import CounterView, PhaseStatus, counter_view
from malaya.session.visibility import hidden_hexes
from malaya.session.words.catalog import say
from malaya.session.words.event_text import describe, is_dice_roll
from malaya.session.words.narration import MAX_LINES, LogLine, MessageLog
from malaya.session.words.plain_words import plain_reason, plain_refusal, refusal_text, rule_refs

DESTINATION_TYPES = (MoveUnit, PlaceReinforcement, RailMove)
ROLE_TYPES = (AddAttacker, Advance, PlaceReinforcement)  # a unit named by one of these is Available too


def destination_of(action: Action) -> Hex | None:
    """The hex a unit-moving action sends its unit to, if it is one."""
    if isinstance(action, NavalMove):
        return action.port
    if isinstance(action, DESTINATION_TYPES):
        return action.to
    return None


@dataclass
class GameClient:
    """A match seen from the players' chairs; see module docstring."""

    match: Match
    humans: frozenset[Side] = frozenset({Side.JP, Side.CW})
    logs: dict[Side | None, MessageLog] = field(default_factory=dict)
    """Each human side's message log, told as that side may see it (R2.5); ``None``: the whole log, no human."""
    dice: list[str] = field(default_factory=list)
    _legal_for: GameState | None = field(default=None, repr=False)
    _legal: list[Action] = field(default_factory=list, repr=False)
    _by_unit_for: list[Action] | None = field(default=None, repr=False)
    _by_unit: dict[str | None, list[Action]] = field(default_factory=dict, repr=False)
    _available: frozenset[str] = field(default=frozenset(), repr=False)
    _alone_for: GameState | None = field(default=None, repr=False)
    _alone: dict[str | None, list[Action]] = field(default_factory=dict, repr=False)
    _alone_available: frozenset[str] | None = field(default=None, repr=False)
    _seen_events: int = 0
    after_submit: list[Callable[[], None]] = field(default_factory=list)
    """Called after every accepted action (the layers above keep their record and autosaves with it)."""
    hold: str | None = None
    """Why no action is taken now (a loaded save still being checked), in plain words; None: play on."""
    history_later: bool = False
    """True: the events the match began with are told by :meth:`tell_history` later, not now (a loaded save)."""
    combat_by_orders: bool = False
    """True in a game played by e-mail: Roll Dice gives an order, fought when the opponent opens the file."""
    advance_choice: AdvanceChoice = field(default_factory=AdvanceChoice)
    """By e-mail: which attackers of the combat being declared advance if its hex is vacated (R12.9)."""

    def __post_init__(self) -> None:
        for side in self.humans or (None,):
            self.logs.setdefault(side, MessageLog([]))
        if self.history_later:
            self._seen_events = len(self.match.events)
        self._take_events()

    def history_teller(self, options: Iterable[str] | None) -> HistoryTeller:
        """A teller of the events not told at the start, as each side was told them live (R2.5): it follows a
        replay of the whole log from the opening (with ``options``); its logs go to :meth:`tell_history`."""
        return HistoryTeller.opening(self.gd, options, self.logs)

    def tell_recorded_history(self, options: Iterable[str] | None) -> None:
        """Tell the history of a match checked already (opened with ``history_later``) now, as told live (R2.5)."""
        teller = self.history_teller(options)
        teller.follow(self.match.log)
        self.tell_history(*teller.told())

    def prepend_events(self, events: list[Event]) -> None:
        """Put events that came before the match's first ones (a save opened from its snapshot) in its history."""
        self.match.events[:0] = events
        self._seen_events += len(events)

    def tell_history(self, logs: dict[Side | None, MessageLog], dice: list[str]) -> None:
        """Put the history (from :meth:`history_teller`) before the lines told since."""
        for side, log in self.logs.items():
            log.lines[:0] = logs[side].lines
            del log.lines[:-MAX_LINES]
        self.dice[:0] = dice
        self.history_later = False

    @property
    def gd(self) -> GameDef:
        """The game definition."""
        return self.match.gd

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.match.state

    # --- whose turn, who looks -----------------------------------------------------------------

    def is_human_turn(self) -> bool:
        """True when the side to act is played at this computer."""
        return self.state.side in self.humans and not self.state.finished

    @property
    def viewer(self) -> Side:
        """The side whose knowledge the screen shows: the acting human, else the human player."""
        if self.state.side in self.humans or not self.humans:
            return self.state.side
        return next(iter(self.humans))

    # --- the gate --------------------------------------------------------------------------------

    def legal(self) -> list[Action]:
        """Every legal action now (cached for the current state); empty when not a human's turn."""
        if self._legal_for is not self.state:
            self._legal = engine.legal_actions(self.gd, self.state)
            self._legal_for = self.state
        return self._legal if self.is_human_turn() else []

    def check(self, action: Action) -> Rejection | None:
        """The gate's verdict on an action without applying it."""
        return self.match.check(action)

    def submit(self, action: Action) -> Rejection | None:
        """Submit through the match (the only way the game changes); new events go to the log."""
        if self.hold is not None:
            return Rejection(code=Refusal.HELD, params=(("why", self.hold),))
        rejection = self.match.submit(action)
        if rejection is None:
            self._take_events()
            for hook in self.after_submit:
                hook()
        return rejection

    def end_phase_reason(self) -> str | None:
        """Why End Phase is disabled now, or None."""
        if not self.is_human_turn():
            return say("client.computer_playing")
        return self.why_not(EndPhase(side=self.state.side))

    def why_not(self, action: Action) -> str | None:
        """The gate's reason ``action`` is refused now, in plain words (a hex by its nearest place); None if legal."""
        rejection = self.check(action)
        return None if rejection is None else plain_refusal(rejection, self.gd)

    @property
    def log(self) -> MessageLog:
        """The message log the screen shows: the viewer's (one line per thing that happened, with its place)."""
        return self.logs[self.viewer if self.humans else None]

    @property
    def messages(self) -> list[str]:
        """The message log's sentences, oldest first."""
        return self.log.texts()

    def _take_events(self) -> None:
        """Turn events not yet seen into log lines and dice-ledger lines."""
        new: list[Event] = list(self.match.events[self._seen_events:])
        for side, log in self.logs.items():
            log.add_events(self.gd, new if side is None else seen_events(self.gd, self.state, side, new))
        self.dice += [line for event in new if is_dice_roll(event) and (line := describe(self.gd, event))]
        self._seen_events = len(self.match.events)

    def note(self, text: str, at: Hex | None = None) -> None:
        """Add a line of the client's own to the viewer's log (a refusal), about hex ``at``; rule numbers kept apart."""
        self.log.add(LogLine(plain_reason(text, self.gd), at, rules=rule_refs(text)))

    def refused(self, action: Action, rejection: Rejection) -> str:
        """Log a refused action with the place it was about (the line centres the map there); the reason in words."""
        where = action.defender if isinstance(action, DeclareCombat) else destination_of(action)
        self.note(say("client.refused", reason=refusal_text(rejection)), where)
        return plain_refusal(rejection, self.gd)

    # --- unit choices -------------------------------------------------------------------------------

    def _index(self) -> dict[str | None, list[Action]]:
        """The legal actions by the unit they name (None: no unit), built once per legal list."""
        legal = self.legal()
        if self._by_unit_for is not legal:
            by_unit: dict[str | None, list[Action]] = {}
            available = set()
            for a in legal:
                unit = getattr(a, "unit", None)
                by_unit.setdefault(unit, []).append(a)
                if unit and (destination_of(a) is not None or isinstance(a, ROLE_TYPES)):
                    available.add(unit)
            self._by_unit, self._available, self._by_unit_for = by_unit, frozenset(available), legal
        return self._by_unit

    def _built_alone(self) -> bool:
        """True when a unit's actions are asked of the engine one unit at a time (the whole list not built yet)."""
        if self._alone_for is not self.state:
            self._alone, self._alone_available, self._alone_for = {}, None, self.state
        return self._legal_for is not self.state and engine.builds_per_unit(self.state)

    def _actions_of(self, unit_id: str | None) -> list[Action]:
        """The legal actions naming this unit (None: naming no unit), asked for this unit alone when cheaper."""
        if not self.is_human_turn():
            return []
        if not self._built_alone():
            return self._index().get(unit_id, [])
        if unit_id not in self._alone:
            self._alone[unit_id] = engine.legal_actions_for(self.gd, self.state, unit_id)
        return self._alone[unit_id]

    def unit_actions(self, unit_id: str | None) -> list[Action]:
        """Legal actions naming this unit (None: naming no unit, as a demolition or End Phase)."""
        return list(self._actions_of(unit_id))

    def destinations(self, unit_id: str) -> dict[Hex, Action]:
        """Legal destination hex → the action that moves the unit there (move, rail, place, sea)."""
        out: dict[Hex, Action] = {}
        for action in self._actions_of(unit_id):
            h = destination_of(action)
            if h is not None and h not in out:
                out[h] = action
        return out

    def available_units(self) -> frozenset[str]:
        """Units that may act now (R2.4 Available): they have a legal destination or combat role."""
        if not self.is_human_turn() or not self._built_alone():
            self._index()
            return self._available
        if self._alone_available is None:
            self._alone_available = frozenset(u.id for u in self.state.units if self._may_act(u.id))
        return self._alone_available

    def _may_act(self, unit_id: str) -> bool:
        """True if a legal action gives this unit a destination (built alone only in Movement: a move)."""
        if unit_id in self._alone:
            return any(isinstance(a, MoveUnit) for a in self._alone[unit_id])
        return engine.unit_may_move(self.gd, self.state, unit_id)

    def nothing_to_do(self) -> bool:
        """True when ending the phase is the only legal action (in Movement asked one unit at a time)."""
        if not self.is_human_turn() or not self._built_alone():
            legal = self.legal()
            return len(legal) == 1 and isinstance(legal[0], EndPhase)
        if self.available_units() or self._actions_of(None) != [EndPhase(side=self.state.side)]:
            return False
        return not any(self._actions_of(u.id) for u in self.state.units)

    def undo_for(self, unit_id: str) -> Action | None:
        """The legal undo (move, rail move, placement) for this unit, if any."""
        for a in self.unit_actions(unit_id):
            if isinstance(a, UndoMove | UndoPlacement):
                return a
        return None

    def route(self, unit_id: str, to: Hex) -> tuple[str, tuple[Hex, ...]] | None:
        """Cost (player text: ``2½`` MP, or ``n rail hexes``) and path of an overland or rail move; None if none."""
        if self.state.phase is Phase.RAIL:
            by_rail = engine.rail_reachable(self.gd, self.state, unit_id).get(to)
            return None if by_rail is None else (say("client.rail_hexes", hexes=len(by_rail.path) - 1), by_rail.path)
        overland = engine.reachable(self.gd, self.state, unit_id).get(to)
        return None if overland is None else (number_text(overland.cost), overland.path)

    def offmap_units(self) -> list[str]:
        """Units off the map that may act now (arriving, in the JP box), or whose placement may be undone."""
        ids = {u for u in self.available_units() if self.state.units[self.gd.unit_index[u]].location
               is not Location.MAP}
        ids |= {u.id for u in self.state.units if u.location is Location.JP_BOX and self.undo_for(u.id)}
        return sorted(ids, key=lambda u: self.gd.unit_index[u])

    # --- combat choices --------------------------------------------------------------------------

    def combat_choice(self, unit_id: str) -> Action | None:
        """The legal combat action clicking this unit means now (add/remove attacker, advance, cancel advance)."""
        for a in self.unit_actions(unit_id):
            if isinstance(a, AddAttacker | RemoveAttacker | Advance | CancelAdvance):
                return a
        return None

    def declare_at(self, h: Hex) -> Action | None:
        """The legal DeclareCombat against hex ``h``, if any."""
        for a in self._actions_of(None):
            if isinstance(a, DeclareCombat) and a.defender == h:
                return a
        return None

    def declarable_hexes(self) -> frozenset[Hex]:
        """Enemy hexes a combat may be declared against now."""
        return frozenset(a.defender for a in self._actions_of(None) if isinstance(a, DeclareCombat))

    # --- what is drawn -----------------------------------------------------------------------------

    def stacks(self) -> dict[Hex, list[str]]:
        """Unit ids on every occupied map hex, in scenario order."""
        out: dict[Hex, list[str]] = {}
        for u in self.state.units:
            if u.location is Location.MAP and u.hex is not None and u.steps > 0:
                out.setdefault(u.hex, []).append(u.id)
        return out

    def hidden(self) -> frozenset[Hex]:
        """Enemy hexes the viewer sees only as Unknown (R2.5)."""
        return hidden_hexes(self.gd, self.state, self.viewer)

    def counter_views(self, selected: Iterable[str] = ()) -> dict[Hex, list[CounterView]]:
        """Counter views for the viewer: display states (R2.4) and Unknown stacks (R2.5)."""
        chosen = set(selected)
        combat = self.state.combat
        if combat is not None:  # Selected: the declared attackers, then the units that advanced
            chosen.update(combat.attackers if combat.stage is CombatStage.DECLARING else combat.advanced)
        available = self.available_units()
        targets = self.declarable_hexes() if combat is None else frozenset()
        hidden = self.hidden()
        out: dict[Hex, list[CounterView]] = {}
        for h, ids in self.stacks().items():
            mark = available | frozenset(ids) if h in targets else available  # R12.10 step 1
            out[h] = [_with(self._unknown_view(ids), available=h in targets)] if h in hidden else \
                [self._view(u, chosen, mark) for u in ids]
        return out

    def landing_views(self, selected: Iterable[str] = ()) -> dict[Hex, list[CounterView]]:
        """Counter views of units waiting in landing zones (R9.6), by port; they are never hidden."""
        chosen = set(selected)
        combat = self.state.combat
        if combat is not None:
            chosen.update(combat.attackers if combat.stage is CombatStage.DECLARING else combat.advanced)
        available = self.available_units()
        out: dict[Hex, list[CounterView]] = {}
        for u in self.state.units:
            if u.location is Location.LANDING and u.hex is not None and u.steps > 0:
                out.setdefault(u.hex, []).append(self._view(u.id, chosen, available))
        return out

    def _view(self, unit_id: str, chosen: set[str], available: frozenset[str]) -> CounterView:
        """The counter of one visible unit with its display state."""
        u = self.state.units[self.gd.unit_index[unit_id]]
        used = u.used or (u.attacked and self.gd.side_of(unit_id) is self.state.side)
        view = counter_view(self.gd.unit_def(unit_id), u.steps, u.supplied, used=used,
                            role=scenario_counter_symbols(self.gd.scenario.id).get(unit_id))
        may_act = unit_id in available and (not used or self.state.combat is not None)
        return _with(view, selected=unit_id in chosen, available=may_act)

    def _unknown_view(self, ids: list[str]) -> CounterView:
        """An "Unknown" counter of the stack's side showing only its stacking value (R2.5)."""
        side = self.gd.side_of(ids[0])
        stacking = sum(self.gd.stacking_value(u) for u in ids)
        return CounterView("Unknown", side, "", "", "", 0, 0, 0, stacking_value=min(2, stacking),
                           steps_left=2, max_steps=2, hidden=True)

    def status(self) -> PhaseStatus:
        """The phase bar: turn, date, phasing side, phase and the End Phase reason."""
        s = self.state
        turn = max(self.gd.scenario.first_turn, min(s.turn, self.gd.last_turn))
        date = turn_date(self.gd.scenario.calendar, turn)
        return PhaseStatus(turn=s.turn, date=f"{date.day} {date:%b %Y}", side=s.side,
                           phase=s.phase, end_phase_reason=self.end_phase_reason())


def _with(view: CounterView, *, available: bool, selected: bool = False) -> CounterView:
    """A copy of a frozen counter view with its display marks (R2.4 Available, Selected) set."""
    return replace(view, available=available, selected=selected)
