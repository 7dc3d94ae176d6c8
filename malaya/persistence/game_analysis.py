"""A saved game's analysis (issue 29): its positions, its luck ledger, what each player-turn did, and the file.

The positions are the start of every player-turn (the save's checkpoints, R3) and, for a finished
game, its end, whose outcome is certain. The analysis is written beside the save as
``NAME.analysis.json`` (plain JSON, atomically), read back by the report and the replay viewer;
reading never trusts it: a malformed file is refused with a one-line reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from malaya.engine import AmphibiousAssaultFailed, BridgeDemolished, DiceRolled, Side, UnitEliminated, UnitShipped
from malaya.persistence.atomic import atomic_write
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.store import ANALYSIS_SUFFIX
from malaya.session.analysis.estimate import FEW_ROLLOUTS, Outcome, WinEstimate, percent
from malaya.session.analysis.luck import CombatLuck, LuckLedger, combat_luck, luck_sentence
from malaya.session.analysis.rollout import outcome_of
from malaya.session.analysis.turning import Position, Swing, trusted, turning_points
from malaya.session.words.catalog import say
from malaya.session.words.event_text import describe
from malaya.session.words.event_words import SIDE_ADJECTIVES

ANALYSIS_KIND = "malaya-analysis"
ANALYSIS_VERSION = 1
ANALYSIS_LIMIT = 8 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class PositionRef:
    """A position of a saved game to analyse: after ``index`` actions, in (turn, side)'s player-turn."""

    index: int
    turn: int
    side: Side
    digest: str
    final: bool = False


def analysis_path(save_path: Path) -> Path:
    """``NAME.analysis.json`` beside ``NAME.json``."""
    return save_path.with_name(save_path.stem + ANALYSIS_SUFFIX + ".json")


def positions_of(log: ReplayLog) -> list[PositionRef]:
    """The start of every player-turn of the game, and its end if it is finished."""
    refs = [PositionRef(c.action_index, c.turn, c.side, c.digest) for c in log.save.checkpoints]
    final = log.final
    if final.finished:
        refs.append(PositionRef(len(log), final.turn, final.side, final.digest(), final=True))
    return refs


def final_estimate(log: ReplayLog) -> WinEstimate:
    """The certain outcome of a finished game."""
    return WinEstimate.certain(outcome_of(log.gd, log.final).outcome)


def luck_ledger(log: ReplayLog) -> LuckLedger:
    """Every combat of the game measured against its exact distribution."""
    out: list[CombatLuck] = []
    for index, event in log.events_upto(len(log)):
        if isinstance(event, DiceRolled):
            out.append(combat_luck(log.gd, log.state_at(index - 1), event, index))
    return LuckLedger(tuple(out))


_TOLD = (UnitShipped, BridgeDemolished, UnitEliminated, AmphibiousAssaultFailed)
"""Besides combats, the events a turning point lists: landings and sea moves, demolitions, units lost."""


def combat_words(c: CombatLuck) -> str:
    """``Japanese 1:1 at Kampar: D1R, a 33 % result (1.2 steps luckier than expected)``."""
    steps = f"{abs(float(c.luck)):.1f}"
    luck = say("game_analysis.as_expected") if c.luck == 0 else \
        say("game_analysis.luckier" if c.luck > 0 else "game_analysis.unluckier", steps=steps)
    return say("game_analysis.combat", side=SIDE_ADJECTIVES[c.attacker], column=c.column, at=at_place(c.place),
               result=c.result, chance=percent(float(c.chance)), luck=luck)


def at_place(place: str) -> str:
    """``at Kampar`` / ``near Changlun`` (a place name that already says where)."""
    return place if place.startswith("near ") else say("place.at", place=place)


def player_turn_words(turn: int, side: Side | None) -> str:
    """``turn 13, Japanese player-turn`` / ``game-turn 13`` (both player-turns)."""
    if side is None:
        return say("game_analysis.game_turn", turn=turn)
    return say("game_analysis.player_turn", turn=turn, side=SIDE_ADJECTIVES[side])


def happenings(log: ReplayLog, start: int, end: int, ledger: LuckLedger) -> list[str]:
    """What happened between actions ``start`` and ``end``: its combats, landings, demolitions, losses."""
    lines = [combat_words(c) for c in ledger.combats if start < c.index <= end]
    for i in range(start + 1, end + 1):
        for event in log.events_of(i):
            if isinstance(event, _TOLD) and (text := describe(log.gd, event)):
                lines.append(text)
    return lines


class PositionEntry(BaseModel):
    """One analysed position as the analysis file keeps it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    index: int = Field(ge=0)
    turn: int = Field(ge=0)
    side: Side
    digest: str
    final: bool = False
    jp: int = Field(ge=0)
    draw: int = Field(ge=0)
    cw: int = Field(ge=0)

    def position(self) -> Position:
        """The position as the analysis logic takes it."""
        return Position(self.index, self.turn, self.side, WinEstimate(self.jp, self.draw, self.cw), self.final)


class TurningEntry(BaseModel):
    """A turning point and what happened in it, in plain words."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    turn: int
    side: Side | None  # None: the whole game-turn (an analysis of game-turn ends only)
    start: int
    end: int
    jp_before: float
    jp_after: float
    cw_before: float
    cw_after: float
    happened: list[str]


class LuckEntry(BaseModel):
    """One combat of the luck ledger."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    index: int
    turn: int
    attacker: Side
    place: str
    column: str
    result: str
    chance: float
    expected: float
    rolled: float


class GameAnalysis(BaseModel):
    """The whole analysis file."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str = ANALYSIS_KIND
    format_version: int = ANALYSIS_VERSION
    save: str
    scenario_hash: str
    level: str
    rollouts: int
    complete: bool
    positions: list[PositionEntry]
    turning_points: list[TurningEntry]
    luck: list[LuckEntry]
    summary: list[str]

    def estimates(self) -> list[Position]:
        """Every analysed position in game order."""
        return [p.position() for p in self.positions]


def _turning(log: ReplayLog, swing: Swing, ledger: LuckLedger) -> TurningEntry:
    """A turning point with what happened in it."""
    b, a = swing.before.estimate, swing.after.estimate
    return TurningEntry(turn=swing.turn, side=swing.side if swing.single else None, start=swing.before.index,
                        end=swing.after.index,
                        jp_before=b.share(Outcome.JP), jp_after=a.share(Outcome.JP), cw_before=b.share(Outcome.CW),
                        cw_after=a.share(Outcome.CW),
                        happened=happenings(log, swing.before.index, swing.after.index, ledger))


def summary_lines(log: ReplayLog, positions: list[Position], ledger: LuckLedger, turning: list[Swing]) -> list[str]:
    """A few sentences a player reads first: luck, where the game turned, on what die."""
    lines = [luck_sentence(ledger, Side.JP, SIDE_ADJECTIVES[Side.JP])]
    if turning:
        biggest = max(turning, key=lambda s: s.size)
        gainer = Outcome.of_side(biggest.gainer)
        before, after = biggest.before.estimate.share(gainer), biggest.after.estimate.share(gainer)
        turn_combats = [c for c in ledger.combats if biggest.before.index < c.index <= biggest.after.index]
        when = (say("game_analysis.in_player_turn", side=SIDE_ADJECTIVES[biggest.side], turn=biggest.turn)
                if biggest.single else say("game_analysis.game_turn", turn=biggest.turn))
        rose = {"when": when, "gainer": SIDE_ADJECTIVES[biggest.gainer], "before": percent(before),
                "after": percent(after)}
        if turn_combats:
            c = max(turn_combats, key=lambda c: abs(c.luck))
            lines.append(say("game_analysis.turned_most_on_a_die", **rose, turn=c.turn, column=c.column,
                             at=at_place(c.place), result=c.result, chance=percent(float(c.chance))))
        else:
            lines.append(say("game_analysis.turned_most", **rose))
    elif any(not trusted(p) for p in positions):
        lines.append(say("game_analysis.too_few_rollouts", rollouts=FEW_ROLLOUTS))
    elif len(positions) > 1:
        lines.append(say("game_analysis.no_turning_point"))
    return lines


def build_analysis(log: ReplayLog, name: str, level: str, rollouts: int,
                   estimated: list[tuple[PositionRef, WinEstimate]], complete: bool) -> GameAnalysis:
    """The analysis of ``log`` from its estimated positions (turning points and luck added here)."""
    ledger = luck_ledger(log)
    positions = [Position(r.index, r.turn, r.side, e, r.final) for r, e in estimated]
    turning = turning_points(positions)
    return GameAnalysis(
        save=name, scenario_hash=game_def_hash(log.gd), level=level, rollouts=rollouts, complete=complete,
        positions=[PositionEntry(index=r.index, turn=r.turn, side=r.side, digest=r.digest, final=r.final,
                                 jp=e.jp, draw=e.draw, cw=e.cw) for r, e in estimated],
        turning_points=[_turning(log, s, ledger) for s in turning],
        luck=[LuckEntry(index=c.index, turn=c.turn, attacker=c.attacker, place=c.place, column=c.column,
                        result=c.result, chance=float(c.chance), expected=float(c.expected), rolled=float(c.rolled))
              for c in ledger.combats],
        summary=summary_lines(log, positions, ledger, turning),
    )


def write_analysis(path: Path, analysis: GameAnalysis) -> None:
    """Write the analysis file atomically."""
    atomic_write(path, (analysis.model_dump_json(indent=1) + "\n").encode("utf-8"), backup=False)


class AnalysisError(ValueError):
    """An analysis file that cannot be used; the message is one plain line."""


def read_analysis(path: Path) -> GameAnalysis:
    """The analysis file at ``path``; AnalysisError with a plain reason if it is missing or malformed."""
    try:
        if path.stat().st_size > ANALYSIS_LIMIT:
            raise AnalysisError(say("game_analysis.too_large", file=path.name))
        data = json.loads(path.read_bytes())
        analysis = GameAnalysis.model_validate(data)
    except FileNotFoundError:
        raise AnalysisError(say("game_analysis.none_yet", file=path.name)) from None
    except (OSError, ValueError, ValidationError) as exc:
        if isinstance(exc, AnalysisError):
            raise
        raise AnalysisError(say("game_analysis.unreadable", file=path.name)) from None
    if analysis.kind != ANALYSIS_KIND or analysis.format_version != ANALYSIS_VERSION:
        raise AnalysisError(say("game_analysis.unreadable", file=path.name))
    return analysis
