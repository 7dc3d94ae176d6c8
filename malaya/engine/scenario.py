"""The scenario as validated data (pure: stdlib + pydantic), and its pure look-ups.

A :class:`Scenario` holds the calendar (R1.2), the order of battle (R2, R17),
set-up, reinforcements (R14.5), air schedule (R11.1), victory (R15), options
and optional units (R16) and the :class:`~malaya.engine.ruleset.Ruleset`.
Positions are written as a place name optionally followed by direction steps
(``"Patani+SW+S"``), or ``"jp_box"`` for the JP off-map box; see
:func:`resolve_at`. Cross-references (unit ids, sides, turns) are checked
here; place names are checked against a board by
:func:`malaya.engine.setup_check.setup_problems`.
"""

from __future__ import annotations

import datetime
import difflib
from collections import Counter
from collections.abc import Iterable
from enum import StrEnum

from pydantic import Field, ValidationInfo, model_validator

from malaya.engine.ai_hints import SideHints
from malaya.engine.crt import ResultCode, column_shift, crt_result, odds_column, result_def
from malaya.engine.datatypes import FrozenModel, Side
from malaya.engine.mistakes import Finding, Mistake, RulesError, finding, mistake
from malaya.engine.placement import JP_BOX, Position, parse_at, resolve_at
from malaya.engine.ruleset import Ruleset
from malaya.engine.unitdefs import (
    NATIONALITY_SIDE,
    Factors,
    Nationality,
    Size,
    UnitDef,
    UnitType,
    reduced_factors,
)
from malaya.engine.victory_terms import ResultLevel, Victory, result_level, singapore_vp

__all__ = [
    "ResultCode",
    "column_shift",
    "crt_result",
    "odds_column",
    "result_def",
    "JP_BOX",
    "NATIONALITY_SIDE",
    "AirPeriod",
    "Arrival",
    "BorderSetup",
    "Briefing",
    "Calendar",
    "Difficulty",
    "Factors",
    "Nationality",
    "Option",
    "OptionEffects",
    "OptionalUnit",
    "Placement",
    "Reinforcement",
    "ResultLevel",
    "Scenario",
    "Side",
    "Size",
    "StartPosition",
    "UnitDef",
    "UnitType",
    "Victory",
    "air_points",
    "parse_at",
    "reduced_factors",
    "resolve_at",
    "result_level",
    "singapore_vp",
    "turn_date",
    "ARRIVAL_SIDE",
    "Position",
]


class Arrival(StrEnum):
    """Where a reinforcement arrives (R14.2)."""

    NORTH_EDGE = "north_edge"
    JP_BOX = "jp_box"
    SINGAPORE = "singapore"


ARRIVAL_SIDE: dict[Arrival, Side] = {
    Arrival.NORTH_EDGE: Side.JP,
    Arrival.JP_BOX: Side.JP,
    Arrival.SINGAPORE: Side.CW,
}




MAX_TURNS = 200
"""The longest game a scenario may describe (the campaign has 28 turns): saves and checks are sized by it."""


class Calendar(FrozenModel):
    """Turn dates (R1.2); a short scenario starts on a later game-turn of the same calendar."""

    start: datetime.date
    days_per_turn: int = Field(ge=1, le=366)
    turns: int = Field(ge=1, le=MAX_TURNS)
    first_turn: int = Field(default=1, ge=1)  # the game-turn play begins on (turn 1 = ``start``)

    @model_validator(mode="after")
    def _first_before_last(self) -> Calendar:
        """The first game-turn played is not after the last."""
        if self.first_turn > self.turns:
            raise mistake(Mistake.FIRST_TURN_AFTER_LAST, first=self.first_turn, last=self.turns)
        return self


def turn_date(calendar: Calendar, turn: int) -> datetime.date:
    """Date of the first day of game-turn ``turn`` (1-based; a ``RulesError`` outside the game)."""
    if not 1 <= turn <= calendar.turns:
        raise mistake(Mistake.TURN_OUTSIDE, turn=turn, turns=calendar.turns)
    return calendar.start + datetime.timedelta(days=(turn - 1) * calendar.days_per_turn)


class Placement(FrozenModel):
    """A unit's set-up position (R17); a unit set up in the JP box may have its first landing fixed."""

    unit: str
    at: Position
    steps: int | None = Field(default=None, ge=1)  # a short scenario may start a unit reduced (R2.2); None = full
    first_landing: Position | None = None  # R17: its first sea move is a landing here (Takumi: Kota Bharu)

    @model_validator(mode="after")
    def _landing_from_the_box(self) -> Placement:
        if self.first_landing is not None and self.at != "jp_box":
            raise mistake(Mistake.LANDING_NOT_FROM_BOX)
        return self


class Reinforcement(FrozenModel):
    """A scheduled reinforcement (R14.5)."""

    turn: int = Field(ge=1)
    unit: str
    where: Arrival


class AirPeriod(FrozenModel):
    """AP received per game-turn over an inclusive range of turns (R11.1)."""

    turns: tuple[int, int]
    points: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> AirPeriod:
        """First turn ≤ last turn, both ≥ 1."""
        if not 1 <= self.turns[0] <= self.turns[1]:
            raise mistake(Mistake.AIR_TURNS_ORDER, first=self.turns[0], last=self.turns[1])
        return self


class BorderSetup(FrozenModel):
    """Units that may set up across the Siam border, and how far (Operation Matador, R16.2)."""

    units: tuple[str, ...] = Field(min_length=1)
    max_hexes: int = Field(ge=1)


class OptionEffects(FrozenModel):
    """Effect parameters of an option (R16.2); unset = no effect of that kind."""

    rail_capacity: int | None = Field(None, ge=0)
    extra_air_points: int | None = Field(None, ge=0)
    fortress_hexes: tuple[Position, ...] = ()
    setup_across_border: BorderSetup | None = None
    west_shipping_from_turn: int | None = Field(None, ge=1)
    west_shipping_capacity: int | None = Field(None, ge=0)


class Option(FrozenModel):
    """A game option bought at the start for VP (R16.1, R16.2)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    side: Side
    vp: int = Field(ge=0)
    description: str = ""
    effects: OptionEffects


class OptionalUnit(FrozenModel):
    """A unit offered once on ``turn``; if taken it arrives next turn at ``where`` (R16.3)."""

    turn: int = Field(ge=1)
    unit: str
    vp: int = Field(ge=0)
    where: Arrival


class Difficulty(StrEnum):
    """How hard a scenario is for a newcomer, as New Game lists it."""

    INTRODUCTORY = "introductory"
    MODERATE = "moderate"
    DEMANDING = "demanding"


class Briefing(FrozenModel):
    """The briefing shown at New Game and in play: plain words, one field per topic."""

    summary: str = Field(min_length=1)  # one line for the scenario list
    length: str = Field(min_length=1)  # e.g. "4 game-turns, about an hour"
    situation: str = Field(min_length=1)
    japanese: str = Field(min_length=1)  # what JP must do
    commonwealth: str = Field(min_length=1)  # what the CW must do
    victory: str = Field(min_length=1)  # how victory is counted
    watch_for: str = Field(min_length=1)


class StartPosition(FrozenModel):
    """Where the front stands when a short scenario begins (R13 control, R9.3 shipping)."""

    jp_control_north_of: Position | None = None  # JP controls every land hex on a map row above this place's
    jp_control_places: tuple[Position, ...] = ()  # ...and these hexes
    cw_control_islands: tuple[Position, ...] = ()  # ...except the islands these places stand on
    west_shipping_from_turn: int | None = Field(default=None, ge=1)  # Penang's West-coast shipping already taken
    demolished_bridges: tuple[tuple[Position, Position], ...] = ()  # bridges already blown, by their two hexes (R7.7)


class Scenario(FrozenModel):
    """A whole scenario: calendar, OOB, schedules, victory, options and the ruleset."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    map: str
    calendar: Calendar
    ruleset: Ruleset
    units: tuple[UnitDef, ...] = Field(min_length=1)
    setup: tuple[Placement, ...] = ()
    reinforcements: tuple[Reinforcement, ...] = ()
    air: dict[Side, tuple[AirPeriod, ...]]
    victory: Victory
    options: tuple[Option, ...] = ()
    optional_units: tuple[OptionalUnit, ...] = ()
    start: StartPosition = StartPosition()
    difficulty: Difficulty = Difficulty.MODERATE
    briefing: Briefing | None = None
    ai: dict[Side, SideHints] = {}  # hints to the computer player per side ([ai.JP], [ai.CW])

    @property
    def first_turn(self) -> int:
        """The game-turn play begins on (1 for the campaign)."""
        return self.calendar.first_turn

    def unit(self, unit_id: str) -> UnitDef:
        """The unit definition with this id (KeyError if none)."""
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def option(self, option_id: str) -> Option:
        """The option with this id (KeyError if none)."""
        for o in self.options:
            if o.id == option_id:
                return o
        raise KeyError(option_id)

    @model_validator(mode="after")
    def _cross_references(self, info: ValidationInfo) -> Scenario:
        """Ids unique and known, each unit entering exactly once, sides and turns consistent.

        With ``context={"problems": []}`` every problem is added to that list instead of the first raised.
        """
        problems = scenario_problems(self)
        sink = info.context.get("problems") if isinstance(info.context, dict) else None
        if isinstance(sink, list):
            sink.extend(problems)
        elif problems:
            raise RulesError(problems[0])
        return self


def air_points(
    schedule: dict[Side, tuple[AirPeriod, ...]],
    side: Side,
    turn: int,
    options: Iterable[Option] = (),
) -> int:
    """AP ``side`` receives on ``turn`` (R11.1) plus extra AP of its chosen options (R16.2)."""
    base = sum(p.points for p in schedule.get(side, ()) if p.turns[0] <= turn <= p.turns[1])
    extra = sum(o.effects.extra_air_points or 0 for o in options if o.side is side)
    return base + extra


def _duplicates(group: str, ids: list[str], code: Mistake) -> list[Finding]:
    """A problem naming each repeat of an id."""
    seen: set[str] = set()
    out = []
    for i, ident in enumerate(ids):
        if ident in seen:
            out.append(finding(code, f"{group}[{i}].id", id=repr(ident)))
        seen.add(ident)
    return out


def scenario_problems(sc: Scenario) -> list[Finding]:
    """Every cross-reference problem of a whole scenario, each naming its field path."""
    problems = _duplicates("units", [u.id for u in sc.units], Mistake.DUPLICATE_UNIT_ID)
    by_id = {u.id: u for u in sc.units}
    last = sc.calendar.turns

    def known(path: str, unit_id: str) -> UnitDef | None:
        if unit_id not in by_id:
            close = difflib.get_close_matches(unit_id, list(by_id), n=1)
            problems.append(finding(Mistake.UNKNOWN_UNIT_CLOSE, path, unit=repr(unit_id), close=repr(close[0]))
                            if close else finding(Mistake.UNKNOWN_UNIT, path, unit=repr(unit_id)))
        return by_id.get(unit_id)

    def turn_ok(path: str, turn: int) -> None:
        if turn > last:
            problems.append(finding(Mistake.TURN_AFTER_LAST, path, turn=turn, last=last))

    entries: list[tuple[str, str]] = []
    for i, p in enumerate(sc.setup):
        u = known(f"setup[{i}].unit", p.unit)
        if u is not None and p.steps is not None and p.steps > u.steps:
            problems.append(finding(Mistake.TOO_MANY_STEPS, f"setup[{i}].steps", steps=p.steps, full=u.steps,
                                    unit=u.id))
        if u is not None and p.at == JP_BOX and u.side is not Side.JP:
            problems.append(finding(Mistake.BOX_ONLY_JP, f"setup[{i}].at", unit=u.id))
        entries.append((f"setup[{i}].unit", p.unit))
    arrivals: list[tuple[str, Reinforcement | OptionalUnit]] = [("reinforcements", r) for r in sc.reinforcements]
    arrivals += [("optional_units", r) for r in sc.optional_units]
    counters: Counter[str] = Counter()
    for group, r in arrivals:
        i = counters[group]
        counters[group] += 1
        u = known(f"{group}[{i}].unit", r.unit)
        turn_ok(f"{group}[{i}].turn", r.turn)
        if r.turn < sc.first_turn:
            problems.append(finding(Mistake.TURN_BEFORE_FIRST, f"{group}[{i}].turn", turn=r.turn, first=sc.first_turn))
        if u is not None and ARRIVAL_SIDE[r.where] is not u.side:
            problems.append(finding(Mistake.WRONG_ARRIVAL, f"{group}[{i}].where", where=r.where.value,
                                    arrival_side=ARRIVAL_SIDE[r.where].value, unit=u.id, side=u.side.value))
        entries.append((f"{group}[{i}].unit", r.unit))
    problems += _entry_problems(sc, entries)
    problems += _air_problems(sc)
    problems += _option_problems(sc, by_id)
    return problems


def _entry_problems(sc: Scenario, entries: list[tuple[str, str]]) -> list[Finding]:
    """Each unit enters the game once: set up, scheduled or offered."""
    out = []
    seen: dict[str, str] = {}
    for path, unit_id in entries:
        if unit_id in seen:
            out.append(finding(Mistake.ENTERS_TWICE, path, unit=repr(unit_id), first=seen[unit_id]))
        seen.setdefault(unit_id, path)
    out += [finding(Mistake.NEVER_ENTERS, "units", unit=repr(u.id)) for u in sc.units if u.id not in seen]
    return out


def _air_problems(sc: Scenario) -> list[Finding]:
    """Air schedules end by the last turn and never overlap."""
    out = []
    for side, periods in sc.air.items():
        spans = sorted(periods, key=lambda period: period.turns)
        for j, span in enumerate(spans):
            if span.turns[1] > sc.calendar.turns:
                out.append(finding(Mistake.TURN_AFTER_LAST, f"air.{side.value}", turn=span.turns[1],
                                   last=sc.calendar.turns))
            if j and span.turns[0] <= spans[j - 1].turns[1]:
                out.append(finding(Mistake.AIR_OVERLAP, f"air.{side.value}", first=spans[j - 1].turns,
                                   second=span.turns))
    return out


def _option_problems(sc: Scenario, by_id: dict[str, UnitDef]) -> list[Finding]:
    """Options: unique ids, border set-up units of the option's side, turns within the game."""
    out = _duplicates("options", [o.id for o in sc.options], Mistake.DUPLICATE_OPTION_ID)
    for i, o in enumerate(sc.options):
        border = o.effects.setup_across_border
        path = f"options[{i}].effects.setup_across_border.units"
        for unit_id in border.units if border else ():
            if unit_id not in by_id:
                out.append(finding(Mistake.UNKNOWN_UNIT, path, unit=repr(unit_id)))
            elif by_id[unit_id].side is not o.side:
                out.append(finding(Mistake.NOT_SIDE_UNIT, path, unit=repr(unit_id), side=o.side.value))
        turn = o.effects.west_shipping_from_turn
        if turn is not None and turn > sc.calendar.turns:
            out.append(finding(Mistake.TURN_AFTER_LAST, f"options[{i}].effects.west_shipping_from_turn", turn=turn,
                               last=sc.calendar.turns))
    return out
