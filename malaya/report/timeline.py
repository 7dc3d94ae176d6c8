"""The facts of an after-action report, from a replayed save: per game-turn and against history.

For every game-turn the state when it is over (the first state of the next turn, or the final
state), the steps each side lost in it, the combats fought (odds, die, result, what it cost),
the VP margin if the game ended there (``victory.final_result``) and the southernmost place
on the western trunk road the Japanese hold. The historical timeline is compared with the
first game-turn at whose end the Japanese control each place.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from malaya.engine import (
    AmphibiousAssaultFailed,
    CombatEnded,
    DiceRolled,
    Event,
    GameDef,
    GameState,
    RetreatBlocked,
    Side,
    StepLost,
    UnitAdvanced,
    UnitEliminated,
    UnitRetreated,
    final_result,
    number_text,
    odds_text,
    turn_date,
)
from malaya.persistence.replay_log import ReplayLog
from malaya.session.words.catalog import say
from malaya.session.words.combat_text import result_text, roll_text
from malaya.session.words.narration import narrate

HISTORY: tuple[tuple[str, datetime.date, str], ...] = (
    ("Jitra", datetime.date(1941, 12, 12), say("report_timeline.the_jitra_line_broken")),
    ("Penang", datetime.date(1941, 12, 19), say("report_timeline.penang_occupied")),
    ("Kampar", datetime.date(1942, 1, 2), say("report_timeline.kampar_position_given_up")),
    ("Slim River", datetime.date(1942, 1, 7), say("report_timeline.disaster_at_slim_river")),
    ("Kuala Lumpur", datetime.date(1942, 1, 11), say("report_timeline.kuala_lumpur_occupied")),
    ("Muar", datetime.date(1942, 1, 22), say("report_timeline.the_muar_line_lost")),
    ("Johore Bahru", datetime.date(1942, 1, 31), say("report_timeline.the_causeway_blown_malaya_given")),
    ("Singapore", datetime.date(1942, 2, 15), say("report_timeline.singapore_surrenders")),
)
"""(place, date, what happened) of the 1941–42 campaign, north to south."""

TRUNK_ROAD = ("Changlun", "Jitra", "Alor Star", "Sungei Patani", "Taiping", "Kuala Kangsar", "Ipoh", "Kampar",
              "Tapah", "Slim River", "Tanjong Malim", "Kuala Lumpur", "Seremban", "Tampin", "Gemas", "Segamat",
              "Yong Peng", "Ayer Hitam", "Kulai", "Johore Bahru", "Singapore")
"""The western trunk road, north to south: the report's measure of the front."""

_AFTERMATH: tuple[type[Event], ...] = (StepLost, UnitEliminated, UnitRetreated, RetreatBlocked, UnitAdvanced,
                                        AmphibiousAssaultFailed)
"""The events of a combat's aftermath that its report line lists."""


@dataclass(frozen=True, slots=True)
class CombatLine:
    """One resolved combat: where, the odds, the die and its result, and what followed."""

    turn: int
    attacker: Side
    where: str
    strengths: str
    odds: str
    roll: str
    result: str
    aftermath: tuple[str, ...]


@dataclass
class TurnReport:
    """One game-turn of the report."""

    turn: int
    date: datetime.date
    end_index: int
    state: GameState
    losses: dict[Side, int]
    eliminated: dict[Side, list[str]]
    combats: list[CombatLine] = field(default_factory=list)
    margin: int = 0
    level: str = ""
    front: str | None = None


@dataclass(frozen=True, slots=True)
class Milestone:
    """A place of the historical timeline: when it fell then, and when (if) the game's Japanese took it."""

    place: str
    date: datetime.date
    event: str
    historical_turn: int
    game_turn: int | None

    @property
    def difference(self) -> int | None:
        """Game-turns later (+) or earlier (−) than history; None if never reached."""
        return None if self.game_turn is None else self.game_turn - self.historical_turn


@dataclass
class GameTimeline:
    """The whole report's data."""

    log: ReplayLog
    turns: list[TurnReport]
    milestones: list[Milestone]


def date_turn(gd: GameDef, date: datetime.date) -> int:
    """The game-turn whose days include ``date``."""
    cal = gd.scenario.calendar
    return (date - cal.start).days // cal.days_per_turn + 1


def turn_ends(log: ReplayLog) -> list[tuple[int, int]]:
    """(game-turn, action index at which it is over) for every game-turn played."""
    final_turn = log.final.turn
    ends: list[tuple[int, int]] = []
    for turn in range(log.gd.scenario.first_turn, final_turn + 1):
        nxt = next((m.index for m in log.phases if m.turn > turn), len(log))
        ends.append((turn, nxt))
    return ends


def front_place(gd: GameDef, state: GameState) -> str | None:
    """The southernmost trunk-road place the Japanese control, if any."""
    names = {p.name: p.hex for p in gd.board.places}
    held = [n for n in TRUNK_ROAD if n in names and names[n] in state.jp_control]
    return held[-1] if held else None


def _losses(gd: GameDef, before: GameState, after: GameState) -> tuple[dict[Side, int], dict[Side, list[str]]]:
    """Steps lost and units eliminated per side between two states."""
    losses = {Side.JP: 0, Side.CW: 0}
    gone: dict[Side, list[str]] = {Side.JP: [], Side.CW: []}
    for old, new in zip(before.units, after.units, strict=True):
        side = gd.side_of(new.id)
        losses[side] += max(0, old.steps - new.steps)
        if old.steps > 0 >= new.steps:
            gone[side].append(gd.unit_def(new.id).name)
    return losses, gone


def combats(log: ReplayLog) -> list[CombatLine]:
    """Every resolved combat of the game with its aftermath, in order."""
    gd, out = log.gd, []
    current: DiceRolled | None = None
    after: list[Event] = []
    events: list[Event] = [e for _, e in log.events_upto(len(log))]
    for event in [*events, None]:
        if current is not None and (event is None or isinstance(event, DiceRolled | CombatEnded)):
            out.append(_line(gd, current, after))
            current, after = None, []
        if isinstance(event, DiceRolled):
            current = event
        elif current is not None and isinstance(event, _AFTERMATH):
            after.append(event)
    return out


def _line(gd: GameDef, d: DiceRolled, after: list[Event]) -> CombatLine:
    """A combat line from its DiceRolled event and what followed, in plain words."""
    air = []
    if d.attack_air:
        air.append(say("report_timeline.in_support", air_points=d.attack_air))
    if d.defense_air:
        air.append(say("report_timeline.in_defence", air_points=d.defense_air))
    against = say("report_timeline.against", attack=number_text(d.attack), defense=number_text(d.defense))
    strengths = say("report_timeline.with_air", against=against, air=say("report_timeline.list_comma").join(air)) \
        if air else against
    return CombatLine(d.turn, d.side, gd.place_name(d.defender_hex), strengths, odds_text(d.column),
                      roll_text(d.die, d.modifier, d.modified_roll).removeprefix("rolled "),
                      result_text(gd, d.result), tuple(line.text for line in narrate(gd, after)))


def build_timeline(log: ReplayLog) -> GameTimeline:
    """The report's data for a replayed game."""
    gd = log.gd
    fights = combats(log)
    turns: list[TurnReport] = []
    before = log.state_at(0)
    for turn, end in turn_ends(log):
        state = log.state_at(end)
        losses, gone = _losses(gd, before, state)
        result = final_result(gd, state)
        turns.append(TurnReport(turn, turn_date(gd.scenario.calendar, min(turn, gd.last_turn)), end, state, losses,
                                gone, [c for c in fights if c.turn == turn], result.margin, result.level,
                                front_place(gd, state)))
        before = state
    return GameTimeline(log, turns, milestones(gd, turns))


def milestones(gd: GameDef, turns: list[TurnReport]) -> list[Milestone]:
    """The historical events within the scenario's turns against the first game-turn at whose end JP held each place."""
    names = {p.name: p.hex for p in gd.board.places}
    out = []
    for place, date, event in HISTORY:
        if not gd.scenario.first_turn <= date_turn(gd, date) <= gd.last_turn:
            continue
        h = names.get(place)
        reached = next((t.turn for t in turns if h is not None and h in t.state.jp_control), None)
        out.append(Milestone(place, date, event, date_turn(gd, date), reached))
    return out
