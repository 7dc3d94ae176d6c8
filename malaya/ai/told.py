"""What the computer player tells of its plan, as data: one code per sentence and the named facts it needs.

The AI writes no sentence for a player (issue 28 item 2). Its notes and reasons in the ``W`` explanation are a
:class:`Told`: a :class:`Topic` code and named parameters (unit and place names, counts, numbers already
rounded as the explanation shows them). The session's words file ``texts/ai.toml`` holds one template per code and
writes the sentence (``malaya.session.words.ai_words``), and the records the AI keeps (its attacks, pull-backs,
the alternatives weighed) it writes from their fields. A parameter may itself be a :class:`Told` (a phrase inside
a sentence) or a tuple of parameters (a list, written with commas). ``str()`` is for developers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Union

from malaya.engine import Facts, GameDef, Hex

Param = Union[str, int, "Told", tuple["Param", ...]]
"""The value of one named fact: a name, a count, a number as shown, a phrase, a list."""

NEAR = "near "
"""How the rules name a hex with no place of its own (``GameDef.place_name``: ``near Kampar``)."""


class Topic(StrEnum):
    """What the AI tells, each with one sentence template in the session's ``ai.toml``."""

    # where: a place as the end of a phrase
    AT_PLACE = "at_place"  # place
    NEAR_PLACE = "near_place"  # place
    IN_OPEN_COUNTRY = "in_open_country"
    # the notes of a player-turn (controller.py)
    OPTIONS_BOUGHT = "options_bought"  # options
    OPTIONAL_TAKEN = "optional_taken"  # unit
    AIR_SPLIT = "air_split"  # attack, defense
    FORCE_Z = "force_z"  # points
    LANDING = "landing"  # unit, port
    SEA_MOVE = "sea_move"  # unit, port
    GARRISON = "garrison"  # units, steps
    BRIDGE_BY = "bridge_by"  # place
    BRIDGE_NEAR = "bridge_near"  # place
    BRIDGE_OPEN = "bridge_open"
    TASK = "task"  # unit, task, vp
    MOVEMENT_PLAN = "movement_plan"  # rated, changed
    BY_RAIL = "by_rail"  # unit, place
    GATHERING = "gathering"  # units, where, odds
    GATHERING_AIR = "gathering_air"  # units, where, odds, air
    # what a candidate move sends a unit to do (candidates.py)
    TAKES = "takes"  # place
    TAKES_UNREACHED = "takes_unreached"  # place
    MARCHES_ON = "marches_on"  # place
    KEEPS = "keeps"  # place
    HOLDS = "holds"  # place
    MARCHES_TO_HOLD = "marches_to_hold"  # place
    # the combat plan (combat_search.py, low_odds.py)
    NO_ATTACK_WORTH = "no_attack_worth"
    NO_ATTACK_PLANNED = "no_attack_planned"
    COMBAT_PLAN = "combat_plan"  # attacks, parts
    COMBAT_PLAN_SPARE = "combat_plan_spare"  # attacks, parts, spare
    ONE_ATTACK = "one_attack"
    ATTACKS = "attacks"  # count
    PLAN_PART = "plan_part"  # place, units, odds
    PLAN_PART_AIR = "plan_part_air"  # place, units, air, odds
    PLAN_PARTS = "plan_parts"  # first, rest
    ODDS_AT = "odds_at"  # column
    WAITING = "waiting"  # plan, places
    LOW_ODDS = "low_odds"  # column, kill, loss
    LOW_ODDS_TAKEN = "low_odds_taken"  # column, kill, loss, take
    LOW_ODDS_PRIZE = "low_odds_prize"  # column, kill, loss, take, prize
    # why a victory hex is left empty (left_empty.py)
    NONE_SPARED = "none_spared"
    DESTROYED = "destroyed"  # unit
    ADVANCED = "advanced"  # unit, where
    PUSHED_BACK = "pushed_back"  # unit
    ON_TASK = "on_task"  # unit, task
    JOINS_ATTACK = "joins_attack"  # unit, place
    WORTH_MORE = "worth_more"  # unit, where


@dataclass(frozen=True, slots=True)
class Told(Facts[Param]):
    """One thing the AI tells: its :class:`Topic` code and the named facts its sentence needs."""

    code: Topic
    params: tuple[tuple[str, Param], ...] = ()


def told(code: Topic, /, **params: Param) -> Told:
    """The topic ``code`` with its named facts."""
    return Told(code, tuple(params.items()))


def _named(gd: GameDef, h: Hex) -> tuple[str | None, bool]:
    """``h``'s place name and whether it is the hex's own (``GameDef.place_of``)."""
    place, own = gd.place_of(h)
    return (None if place is None else place.name), own


def spot(gd: GameDef, h: Hex) -> Told:
    """A hex as the end of a phrase: ``at Kampar``, ``near Kampar`` or ``in open country``."""
    place, own = _named(gd, h)
    if place is None:
        return told(Topic.IN_OPEN_COUNTRY)
    return told(Topic.AT_PLACE, place=place) if own else told(Topic.NEAR_PLACE, place=place)


def blown_bridge(gd: GameDef, h: Hex) -> Told:
    """The note of a bridge blown beside the hex ``h``: ``Blew a bridge by Kampar.``, ``… near Kampar.``"""
    place, own = _named(gd, h)
    if place is None:
        return told(Topic.BRIDGE_OPEN)
    return told(Topic.BRIDGE_BY, place=place) if own else told(Topic.BRIDGE_NEAR, place=place)
