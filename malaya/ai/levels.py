"""The AI levels. A level is its behaviours (:class:`Behaviour`, which includes the Movement-phase
candidate actions) and a few named aspects; they differ in what the AI considers, not only in speed:

- **easy**: noisy scores, a single best attacker set with no air points, no air planning
  (everything into attack, or defense for CW), no landings beyond the opening one, no
  demolitions in front of the enemy, no lookahead on retreat losses.
- **normal**: full scoring, air points where they move the odds, air planned by need,
  landings a little ahead of the front, bridges blown in front of the enemy; the JP gathers
  attackers around the enemy stacks it can hit at good odds (:mod:`malaya.ai.assault`).
- **hard**: as normal, plus attacks coordinated across targets (attackers and AP shared out by
  value) and room made beside them; JP: landings deeper behind the CW line and also from map
  ports (outflanking by sea), an assault on the enemy's redoubt (values from the scenario's
  ``[ai]`` table), its own step losses weighed as the CW VP they are; CW: counterattacks gathered
  like the JP's assaults, retreat-path lookahead, a tighter defensive line that weighs river
  hexsides, and the redoubt held (its shore guarded, the way back kept, stranded units brought home).
  Since issue 18 hard also plans the combat phase by expectation over exact outcomes and searches
  the CW Movement phase. What each behaviour and aspect does and what it measured on the AI ladder
  is in ``docs/ai-knobs.md``.
  Since issue 25 hard also reads the scenario's own victory terms: the Movement-phase candidate actions
  scored by one evaluation of them (``ai.evaluate``, ``ai.candidates``: take an open objective, march on one
  beyond reach, keep a held one, hold one the enemy can reach), combat weighed by them over the last turns,
  a fortress garrison only while the enemy can reach it, and optional units taken only where they can be placed.
- **rollout** (issue 29): the level the analysis plays its rollouts at (``session.analysis``): normal without
  ``KEEP_WAY_TO_REDOUBT``, ``PICKET_SUPPLY_ROAD`` and ``AIR_BUDGET``, the JP weighing its key destinations and a
  seeded draw of the rest (``ai.destinations``), the CW's Rail phase weighing by its Movement phase's picture.
  From the opening it leans a little more to the CW than normal (``docs/analysis.md``).
- **baseline**: the hard level as it stood when the AI ladder was built (issue 18), frozen so
  that ``benchmarks/ai_ladder.py`` measures every later level against the same opponent. Do not
  retune it; change ``hard`` instead.

"The redoubt" is the last zone a defender holds: the land joined to its fortress hexes and cut off
from the mainland by a strait (:func:`malaya.ai.knowledge.redoubt_hexes`); a map without one leaves
every redoubt behaviour idle.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from malaya.engine import GameDef, Side


class Behaviour(Enum):
    """One thing a level does (each is measured in ``docs/ai-knobs.md``)."""

    # Hashed as the object it is: Enum's own hash is a Python call hashing the name, and ``Level.has`` asks tens of
    # thousands of times a game. Nothing may depend on the order of a set of behaviours (a name's hash already
    # differed from process to process).
    __hash__ = object.__hash__

    # both sides
    AIR_SUPPORT = "air_support"  # allocate AP by plan and add AP to combats (ai.air)
    SHARE_ATTACKERS = "share_attackers"  # share attackers and AP across targets, make room beside them
    WEIGH_BLOCKED_RETREATS = "weigh_blocked_retreats"  # CW: value the steps a blocked/EZOC retreat costs the JP
    FREE_LAPSING_AIR = "free_lapsing_air"  # attack AP no other combat could use cost nothing (they lapse, R11.2)
    AIR_BUDGET = "air_budget"  # plan the combat phase as a whole, attack AP one budget (ai.combat_plan)
    EVEN_ODDS_RULE = "even_odds_rule"  # no attack at 1:1 or worse unless its outcomes pay (ai.combat)
    LAPSING_AIR_DECLARES = "lapsing_air_declares"  # JP: AP that would lapse may make a combat worth declaring
    SEARCH_COMBATS = "search_combats"  # plan the combat phase by expectation over exact outcomes (ai.combat_search)
    PLACEABLE_OPTIONS_ONLY = "placeable_options_only"  # take an optional unit only where it can be placed
    # the Japanese (attacker)
    LAND_FROM_MAP_PORTS = "land_from_map_ports"  # a map-port unit may ship to land further on (ai.naval)
    SCRIPTED_FIRST_LANDING = "scripted_first_landing"  # make a unit's fixed first landing when its odds pay
    PICKET_SUPPLY_ROAD = "picket_supply_road"  # a spare unit pickets the road beside bypassed stacks (ai.pickets)
    GUARD_SUPPLY_ROAD = "guard_supply_road"  # weigh supply against the enemy's next move (ai.supply_guard)
    LOW_ODDS_RULE = "low_odds_rule"  # combat search: attack at 1:1 or worse only if its dice pay (ai.low_odds)
    WAIT_FOR_BETTER_ODDS = "wait_for_better_odds"  # no 1:1-or-worse attack while 3:2 can come next turn
    SPEND_LEFTOVER_AIR = "spend_leftover_air"  # attack AP the combat plan leaves over go to its combats
    ROOM_FOR_ASSAULTS = "room_for_assaults"  # gather only attackers that fit; they move first (ai.assault_room)
    JOIN_ASSAULTS = "join_assaults"  # a committed unit ending beside its target is paid (ASSAULT_PULL)
    AIR_BACKED_ASSAULTS = "air_backed_assaults"  # gather only to AIR_GOAL odds where 3 AP can be added
    SEEK_AIR_CONTACT = "seek_air_contact"  # end next to enemy stacks within air range (ai.air_contact)
    ASSAULT_REDOUBT = "assault_redoubt"  # the enemy redoubt's worth and odds from the scenario's [ai] table
    # the Commonwealth (defender)
    COUNTERATTACK = "counterattack"  # the CW may attack at all
    GATHER_COUNTERATTACKS = "gather_counterattacks"  # gather counterattacks like the JP's assaults (ai.move_setup)
    COUNTER_CLEAR_OF_MASS = "counter_clear_of_mass"  # no counterattack gathered where the enemy mass then crushes it
    LINE_BEHIND_RIVERS = "line_behind_rivers"  # the defensive line weighs river hexsides in front
    BLOW_BRIDGES = "blow_bridges"  # blow bridges in front of the enemy (ai.demolition)
    ACCEPT_EXPOSURE = "accept_exposure"  # share off the cost of the steps a stack could lose (EXPOSURE_RELIEF)
    CONTEST_FIRST_LANDING = "contest_first_landing"  # hold a scripted landing port while its assault is poor
    GUARD_REDOUBT_SHORE = "guard_redoubt_shore"  # the garrison holds every redoubt shore hex (ai.redoubt_shore)
    BLOW_CROSSING_EARLY = "blow_crossing_early"  # only units beside the crossing's mainland end keep it up
    KEEP_WAY_TO_REDOUBT = "keep_way_to_redoubt"  # near the redoubt, keep a way back the enemy cannot cut
    AVOID_STRANDING = "avoid_stranding"  # ending unsupplied near the redoubt costs more (ai.redoubt_path)
    RETURN_STRANDED = "return_stranded"  # an unsupplied unit near the redoubt goes back first (ai.strand_return)
    STRANDED_BLOCK_RETREATS = "stranded_block_retreats"  # a stranded unit stands where redoubt retreats would end
    KEEP_RETREAT_ROOM = "keep_retreat_room"  # the garrison leaves retreat room on the redoubt (ai.redoubt_room)
    ARMOR_ANCHOR = "armor_anchor"  # take armor and stand it in front on the redoubt (ai.redoubt_room)
    LATE_FINAL_STAND = "late_final_stand"  # fall back to the redoubt only at LATE_FINAL_STAND_MP (ai.move_setup)
    # Movement-phase candidate actions (their values are the names in ai.candidates.CANDIDATES)
    TAKE = "take"  # a unit ends on an objective the side does not hold, within reach
    MARCH = "march"  # the nearest spare unit heads for one beyond reach, if it arrives in time
    KEEP = "keep"  # a unit stays on a held objective whose hold at the end it decides
    HOLD = "hold"  # a unit joins (or marches to) a held objective the enemy can reach before the end
    GARRISON_IN_REACH = "garrison_in_reach"  # a fortress garrison only while the enemy can reach it by the end
    # Combat weighed by the evaluation (ai.outcomes, ai.combat_search)
    ATTACK_BY_TERMS = "attack_by_terms"  # steps in the VP they give plus a fighting worth that fades at the end
    # Rollouts: cheaper play for the analysis of a game (session.analysis)
    DRAW_DESTINATIONS = "draw_destinations"  # JP: weigh the key destinations and a seeded draw (ai.destinations)
    RAIL_BY_MOVE_PICTURE = "rail_by_move_picture"  # CW: the Rail phase weighs by its Movement phase's picture


CANDIDATE_ACTIONS = (Behaviour.TAKE, Behaviour.MARCH, Behaviour.KEEP, Behaviour.HOLD)
"""The behaviours that are candidate actions of :mod:`malaya.ai.candidates`, in the order they are asked."""


@dataclass(frozen=True, slots=True)
class Level:
    """One AI level: its behaviours and aspects (see module docstring)."""

    name: str
    behaviours: frozenset[Behaviour]
    noise: float = 0.0  # random score perturbation (0 = none)
    aggression: float = 0.0  # a combat is declared only above this expected score (lower: more attacks)
    caution: float = 1.1  # JP: what one of its own steps lost costs in a combat score (each is a CW VP, R15.3)
    reach: float = 0.0  # JP: how far (MP) ahead of its front a landing may go
    search_budget: int = 0  # CW: plans the Movement-phase search may rate (0 = the heuristic plan; ai.move_planner)
    gather_odds: float = 0.0  # JP: odds to gather attackers for around enemy stacks (0 = no gathering)

    def has(self, behaviour: Behaviour) -> bool:
        """True if this level does ``behaviour``."""
        return behaviour in self.behaviours

    def without(self, *behaviours: Behaviour) -> Level:
        """This level without ``behaviours`` (for measuring what each is worth)."""
        return replace(self, behaviours=self.behaviours - set(behaviours))

    def plus(self, *behaviours: Behaviour) -> Level:
        """This level with ``behaviours`` added."""
        return replace(self, behaviours=self.behaviours | set(behaviours))

    @property
    def candidates(self) -> tuple[str, ...]:
        """The names of the Movement-phase candidate actions this level asks (:mod:`malaya.ai.candidates`)."""
        return tuple(b.value for b in CANDIDATE_ACTIONS if b in self.behaviours)


def redoubt_assault(gd: GameDef, lvl: Level) -> tuple[float, float]:
    """JP (``ASSAULT_REDOUBT``): the extra worth of taking a hex of the enemy's redoubt and the odds worth
    gathering for against it with full AP, from the scenario's ``[ai.JP] redoubt`` table ((0, 0): none)."""
    hints = gd.scenario.ai.get(Side.JP)
    if not lvl.has(Behaviour.ASSAULT_REDOUBT) or hints is None or hints.redoubt is None:
        return 0.0, 0.0
    return hints.redoubt.value, hints.redoubt.least_odds


B = Behaviour
_BASELINE = frozenset({B.AIR_SUPPORT, B.SHARE_ATTACKERS, B.WEIGH_BLOCKED_RETREATS, B.BLOW_BRIDGES,
                       B.LINE_BEHIND_RIVERS, B.COUNTERATTACK, B.GATHER_COUNTERATTACKS, B.LAND_FROM_MAP_PORTS,
                       B.ASSAULT_REDOUBT})
_NORMAL = frozenset({B.AIR_SUPPORT, B.BLOW_BRIDGES, B.COUNTERATTACK, B.FREE_LAPSING_AIR, B.AIR_BUDGET,
                     B.EVEN_ODDS_RULE, B.PICKET_SUPPLY_ROAD, B.KEEP_WAY_TO_REDOUBT, B.LAPSING_AIR_DECLARES,
                     B.CONTEST_FIRST_LANDING, B.SCRIPTED_FIRST_LANDING})
_HARD = (_BASELINE | _NORMAL | {
    B.SEARCH_COMBATS, B.GUARD_SUPPLY_ROAD, B.LOW_ODDS_RULE, B.AIR_BACKED_ASSAULTS, B.GUARD_REDOUBT_SHORE,
    B.SEEK_AIR_CONTACT, B.RETURN_STRANDED, B.BLOW_CROSSING_EARLY, B.SPEND_LEFTOVER_AIR, B.KEEP_RETREAT_ROOM,
    B.STRANDED_BLOCK_RETREATS, B.AVOID_STRANDING, B.ROOM_FOR_ASSAULTS, B.JOIN_ASSAULTS, B.WAIT_FOR_BETTER_ODDS,
    B.ACCEPT_EXPOSURE, B.LATE_FINAL_STAND, B.ARMOR_ANCHOR,
    # issue 25: the Movement-phase candidates and combat weighed by the one evaluation of the victory terms
    B.TAKE, B.MARCH, B.KEEP, B.HOLD, B.ATTACK_BY_TERMS, B.GARRISON_IN_REACH, B.PLACEABLE_OPTIONS_ONLY,
    B.COUNTER_CLEAR_OF_MASS,
}) - {B.LAPSING_AIR_DECLARES}

LEVELS: dict[str, Level] = {
    "easy": Level("easy", frozenset(), noise=3.0, aggression=-0.6),
    "normal": Level("normal", _NORMAL, aggression=0.05, reach=14.0, gather_odds=3.0),
    "hard": Level("hard", _HARD, caution=1.5, reach=26.0, search_budget=24, gather_odds=3.0),
    "baseline": Level("baseline", _BASELINE, caution=1.5, reach=26.0, gather_odds=3.0),
}

LEVELS["rollout"] = replace(LEVELS["normal"].without(B.KEEP_WAY_TO_REDOUBT, B.PICKET_SUPPLY_ROAD, B.AIR_BUDGET)
                            .plus(B.DRAW_DESTINATIONS, B.RAIL_BY_MOVE_PICTURE), name="rollout")


def level(name: str) -> Level:
    """The level called ``name`` (easy, normal, hard, rollout, baseline)."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown AI level {name!r}; choose one of {', '.join(LEVELS)}") from None
