"""What is wrong with a scenario or a ruleset, as the rules find it: one code per sentence and its named facts.

The engine writes no sentence for a modder (issue 28 item 2). A mistake in a scenario, a ruleset or a start
position is a :class:`Finding`: a :class:`Mistake` code, the named facts its sentence needs (a name or a value as
it was written, quoted and escaped where it comes from a file; a count; a list) and the field path it is about
(``setup[3].at``, not translated). A pydantic validator raises it as a :class:`RulesError` (pydantic keeps the
exception in the validation error's ``ctx["error"]``); ``setup_problems``, ``start_problems`` and
``scenario_problems`` return the findings. The session's words file ``scenario_checks.toml`` holds one template
per code. ``str()`` is for developers: the path, the code and its facts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from malaya.engine.facts import Facts, facts_text

Fact = str | int | tuple[str | int, ...]
"""The value of one named fact: a name or a value as written, a count, a list (written with commas)."""


class Mistake(StrEnum):
    """The mistakes the rules find in a scenario or a ruleset, each with one template in ``scenario_checks.toml``."""

    # the combat results table (crt.py)
    BAD_ROW_LABEL = "bad_row_label"  # label
    BAD_RATIO = "bad_ratio"  # label
    BAD_DIFFERENCE = "bad_difference"  # label
    DIFFERENCE_BACKWARDS = "difference_backwards"  # label
    COLUMN_TWICE = "column_twice"
    ODDS_NOT_INCREASING = "odds_not_increasing"
    ROW_LENGTH = "row_length"  # results, columns
    ROWS_NOT_CONTIGUOUS = "rows_not_contiguous"  # label
    OPEN_ROW_INSIDE = "open_row_inside"
    OPEN_COLUMN_INSIDE = "open_column_inside"  # column
    COLUMN_NOT_FOLLOWING = "column_not_following"  # column, previous
    UNDEFINED_RESULT = "undefined_result"  # result
    # numbers (datatypes.py)
    NOT_A_NUMBER = "not_a_number"  # value
    BOOLEAN_NUMBER = "boolean_number"
    FLOAT_NUMBER = "float_number"  # value
    NEGATIVE_COST = "negative_cost"
    NOT_EXACT = "not_exact"  # value
    # positions (placement.py)
    NO_PLACE_NAME = "no_place_name"  # at
    BOX_NO_STEPS = "box_no_steps"  # at
    NOT_A_DIRECTION = "not_a_direction"  # at, step, directions
    UNKNOWN_PLACE = "unknown_place"  # at, place
    UNKNOWN_PLACE_CLOSE = "unknown_place_close"  # at, place, close
    OFF_MAP = "off_map"  # at
    # the ruleset (ruleset.py)
    MISSING_SIDES = "missing_sides"  # sides
    MISSING_ENTRIES = "missing_entries"  # entries
    NOT_CRT_COLUMNS = "not_crt_columns"  # columns
    # the scenario (scenario.py)
    NEVER_ENTERS = "never_enters"  # unit
    TURN_OUTSIDE = "turn_outside"  # turn, turns
    FIRST_TURN_AFTER_LAST = "first_turn_after_last"  # first, last
    LANDING_NOT_FROM_BOX = "landing_not_from_box"
    AIR_TURNS_ORDER = "air_turns_order"  # first, last
    DUPLICATE_UNIT_ID = "duplicate_unit_id"  # id
    DUPLICATE_OPTION_ID = "duplicate_option_id"  # id
    UNKNOWN_UNIT = "unknown_unit"  # unit
    UNKNOWN_UNIT_CLOSE = "unknown_unit_close"  # unit, close
    TURN_AFTER_LAST = "turn_after_last"  # turn, last
    TOO_MANY_STEPS = "too_many_steps"  # steps, full, unit
    BOX_ONLY_JP = "box_only_jp"  # unit
    TURN_BEFORE_FIRST = "turn_before_first"  # turn, first
    WRONG_ARRIVAL = "wrong_arrival"  # where, arrival_side, unit, side
    ENTERS_TWICE = "enters_twice"  # unit, first
    AIR_OVERLAP = "air_overlap"  # first, second
    NOT_SIDE_UNIT = "not_side_unit"  # unit, side
    # the scenario on its map (setup_check.py, start_position.py)
    SEA_HEX = "sea_hex"  # at
    OVERSTACKED = "overstacked"  # points, col, row, limit
    NOT_A_PORT = "not_a_port"  # at
    NOT_A_MAP_HEX = "not_a_map_hex"  # at
    NO_BRIDGE = "no_bridge"  # first, second
    # units and victory (unitdefs.py, victory_terms.py)
    NATIONALITY_SIDE = "nationality_side"  # nationality, belongs, side
    ONE_STEP_REDUCED = "one_step_reduced"
    REDUCED_EXCEED = "reduced_exceed"  # reduced, full
    LEVELS_MIN = "levels_min"
    LEVELS_DECREASE = "levels_decrease"


@dataclass(frozen=True, slots=True)
class Finding(Facts[Fact]):
    """One mistake as data: its code, the named facts its sentence needs, and the field path it is about."""

    code: Mistake
    params: tuple[tuple[str, Fact], ...] = ()
    at: str = ""

    def __str__(self) -> str:
        return f"{self.at}: {facts_text(self.code, self.params)}" if self.at else facts_text(self.code, self.params)


def finding(code: Mistake, at: str = "", /, **params: Fact) -> Finding:
    """The mistake ``code`` about the field ``at`` (none: ``""``), with its named facts."""
    return Finding(code, tuple(params.items()), at)


def found_at(found: Finding, at: str) -> Finding:
    """``found`` about the field ``at`` (a position's mistake, named by the field that holds the position)."""
    return replace(found, at=at)


class RulesError(ValueError):
    """A mistake the rules found, raised (in a validator, or by a look-up such as ``resolve_at``)."""

    def __init__(self, found: Finding) -> None:
        super().__init__(str(found))
        self.found = found


def mistake(code: Mistake, at: str = "", /, **params: Fact) -> RulesError:
    """The error to raise for the mistake ``code`` about the field ``at``."""
    return RulesError(finding(code, at, **params))
