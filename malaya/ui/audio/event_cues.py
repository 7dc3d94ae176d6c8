"""Which engine events make which sound: ``cue_for(event)``, decided by the event's class.

Every event class of the engine is either given a cue here or listed as silent, so a new event
kind cannot go unheard by accident (a test walks the engine's event classes). A few cues depend on
what the event says as well as its class: a sea move that lands, a phase that opens a player-turn,
the level a game ended on, a combat whose result is an exchange (read from the CRT, R12.6).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from malaya.engine import (
    PHASE_ORDER,
    AdvanceCancelled,
    AirAllocated,
    AirPointsReceived,
    AmphibiousAssaultFailed,
    AttackerAdded,
    AttackerRemoved,
    AttritionLoss,
    BridgeDemolished,
    BridgeRepaired,
    CombatAirSet,
    CombatCancelled,
    CombatDeclared,
    CombatEnded,
    DiceRolled,
    Event,
    ForceZAttacked,
    ForceZInterception,
    ForceZLeft,
    GameDef,
    GameEnded,
    HexControlChanged,
    MoveUndone,
    OptionalUnitAccepted,
    OptionalUnitDeclined,
    OptionalUnitsOffered,
    OptionsChosen,
    PenangShippingRolled,
    PhaseEnded,
    PhaseStarted,
    PlacementUndone,
    ReinforcementPlaced,
    ReinforcementsArrived,
    ReinforcementsDelayed,
    ResultDef,
    RetreatBlocked,
    SetUpAcrossBorderUndone,
    Side,
    StepLost,
    SupplyDetermined,
    UnitAdvanced,
    UnitEliminated,
    UnitMoved,
    UnitRailMoved,
    UnitRetreated,
    UnitSetUpAcrossBorder,
    UnitShipped,
    UnitsRevealed,
    Victory,
)
from malaya.ui.audio.cues import PRIORITY, Sound


@dataclass(frozen=True)
class CueContext:
    """What the cues of some events depend on: who is listening, the CRT's results, the result levels."""

    listener: Side | None = None
    """The human player's side; None (hot-seat, computer against computer) hears any win as a victory."""
    results: Mapping[str, ResultDef] = field(default_factory=dict)
    victory: Victory | None = None

    @classmethod
    def for_game(cls, gd: GameDef, listener: Side | None) -> CueContext:
        """The context of a game: its CRT results and result levels, heard by ``listener``."""
        return cls(listener=listener, results=gd.scenario.ruleset.combat.crt.results, victory=gd.victory)


FIXED: dict[type[Event], Sound] = {
    UnitMoved: Sound.MOVE,
    UnitRailMoved: Sound.MOVE,
    UnitAdvanced: Sound.MOVE,
    ReinforcementPlaced: Sound.MOVE,
    UnitSetUpAcrossBorder: Sound.MOVE,
    MoveUndone: Sound.MOVE,
    PlacementUndone: Sound.MOVE,
    SetUpAcrossBorderUndone: Sound.MOVE,
    AdvanceCancelled: Sound.MOVE,
    CombatDeclared: Sound.SELECT,
    AttackerAdded: Sound.SELECT,
    AttackerRemoved: Sound.SELECT,
    DiceRolled: Sound.DICE,
    PenangShippingRolled: Sound.DICE,
    StepLost: Sound.LOSS,
    AttritionLoss: Sound.LOSS,
    AmphibiousAssaultFailed: Sound.LOSS,
    UnitRetreated: Sound.RETREAT,
    UnitEliminated: Sound.ELIMINATION,
    BridgeDemolished: Sound.BRIDGE,
    ForceZInterception: Sound.FORCE_Z,
    ForceZLeft: Sound.FORCE_Z,
    ForceZAttacked: Sound.AIR_ATTACK,
}
"""Events whose class alone says how they sound."""

SILENT: frozenset[type[Event]] = frozenset({
    PhaseEnded, HexControlChanged, AirPointsReceived, AirAllocated, BridgeRepaired, CombatCancelled,
    UnitsRevealed, RetreatBlocked, CombatEnded, OptionsChosen, ReinforcementsArrived, ReinforcementsDelayed,
    OptionalUnitsOffered, OptionalUnitAccepted, OptionalUnitDeclined, SupplyDetermined,
})
"""Events that make no sound of their own (the action or event beside them is heard instead)."""


def _phase_cue(event: PhaseStarted, _: CueContext) -> Sound:
    """The first phase of a player-turn sounds the turn call; any other a phase bell (R3.1)."""
    return Sound.TURN_START if event.phase is PHASE_ORDER[0] else Sound.PHASE


def _sea_cue(event: UnitShipped, _: CueContext) -> Sound:
    """A landing sounds the surf and the ramp (R9.6); a port-to-port sea move is a move (R9.1)."""
    return Sound.LANDING if event.landing else Sound.MOVE


def _air_cue(event: CombatAirSet, _: CueContext) -> Sound:
    """Committing air points to a combat sounds the aircraft; taking them back is a click (R11.3)."""
    return Sound.AIR_ATTACK if event.air_points > 0 else Sound.SELECT


def _end_cue(event: GameEnded, context: CueContext) -> Sound:
    """Victory or defeat for the listener, or a draw, by the result level reached (R15.5)."""
    side = winner(context.victory, event.jp_vp - event.cw_vp) if context.victory is not None else None
    if side is None:
        return Sound.DRAW
    return Sound.DEFEAT if context.listener is not None and side is not context.listener else Sound.VICTORY


DEPENDENT: frozenset[type[Event]] = frozenset({PhaseStarted, UnitShipped, CombatAirSet, GameEnded})
"""Events whose sound depends on what they say (see :func:`_dependent_cue`)."""


def _dependent_cue(event: Event, context: CueContext) -> Sound:
    """The cue of an event in DEPENDENT, read from its fields."""
    if isinstance(event, PhaseStarted):
        return _phase_cue(event, context)
    if isinstance(event, UnitShipped):
        return _sea_cue(event, context)
    if isinstance(event, CombatAirSet):
        return _air_cue(event, context)
    if isinstance(event, GameEnded):
        return _end_cue(event, context)
    raise KeyError(f"{type(event).__name__} is not an event whose cue depends on its fields")


def cue_for(event: Event, context: CueContext | None = None) -> Sound | None:
    """The cue of one engine event, or None for an event that makes no sound."""
    kind = type(event)
    if kind in FIXED:
        return FIXED[kind]
    if kind in DEPENDENT:
        return _dependent_cue(event, context or CueContext())
    if kind in SILENT:
        return None
    raise KeyError(f"no cue decided for engine event {kind.__name__}: add it to FIXED, DEPENDENT or SILENT")


def outcome_cue(event: DiceRolled, context: CueContext) -> Sound | None:
    """The sound of a combat's result as the CRT defines it (R12.6): exchange, elimination, loss, retreat."""
    result = context.results.get(event.result)
    if result is None:
        return None
    if result.attacker_steps and result.defender_steps:
        return Sound.EXCHANGE
    if result.defender_eliminated:
        return Sound.ELIMINATION
    if result.attacker_steps or result.defender_steps:
        return Sound.LOSS
    if result.attacker_retreat or result.defender_retreat:
        return Sound.RETREAT
    return None


def batch_cues(events: Iterable[Event], context: CueContext | None = None) -> tuple[Sound, ...]:
    """What a batch of events sounds like: its most telling cue, after the dice when dice were rolled."""
    context = context or CueContext()
    heard: set[Sound] = set()
    for event in events:
        cue = cue_for(event, context)
        if cue is not None:
            heard.add(cue)
        if isinstance(event, DiceRolled) and (outcome := outcome_cue(event, context)) is not None:
            heard.add(outcome)
    if not heard:
        return ()
    main = min(heard, key=PRIORITY.index)
    return (Sound.DICE, main) if Sound.DICE in heard and main is not Sound.DICE else (main,)


def winner(victory: Victory, jp_minus_cw: int) -> Side | None:
    """The side favoured by the result level of a margin, or None when that level straddles a draw (R15.5).

    Levels run from best for JP down; a level spans from its ``min`` up to the next level's ``min`` − 1.
    """
    upper: int | None = None
    for level in victory.levels:
        if level.min is None or jp_minus_cw >= level.min:
            if level.min is not None and level.min > 0:
                return Side.JP
            if upper is not None and upper < 0:
                return Side.CW
            return None
        upper = level.min - 1
    return None  # pragma: no cover - the last level is open-ended by validation
