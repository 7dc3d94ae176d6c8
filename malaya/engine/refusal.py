"""Why the gate refuses an action, as data: one code per reason and the named facts its sentence needs.

The engine writes no sentence for a player. A refusal is a :class:`Refusal` code with named parameters
(unit and place names already looked up, numbers as ``int`` or ``Fraction``); the session's words file
``refusals.toml`` holds one template per code and writes the sentence (issue 28 item 2).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

Param = str | int | Fraction
"""The value of one named fact of a refusal: a name or label, a count, an exact number."""


class Refusal(StrEnum):
    """The reasons the gate gives, each with one sentence template in the session's ``refusals.toml``."""

    # the sequence of play (rules.py)
    GAME_OVER = "game_over"
    BAD_CHANCE = "bad_chance"  # value, kind
    AWAITING_CHANCE = "awaiting_chance"
    NO_CHANCE = "no_chance"
    NOT_YOUR_TURN = "not_your_turn"  # side, actor
    WRONG_PHASE = "wrong_phase"  # phase
    OVERSTACKED = "overstacked"  # places, count
    OVERSTACKED_MANY = "overstacked_many"  # places, more
    HELD = "held"  # why: a sentence of the session's own (the game is held while a save is checked)
    # the units named (unitrefs.py)
    UNKNOWN_UNIT = "unknown_unit"  # unit: the id as given, quoted and escaped (repr: it may come from a file)
    NOT_YOUR_UNIT = "not_your_unit"  # unit, side
    UNIT_NOT_ON_MAP = "unit_not_on_map"  # unit
    # options and reinforcements (options.py, reinforcement.py)
    OPTIONS_ALREADY_CHOSEN = "options_already_chosen"  # side
    UNKNOWN_OPTION = "unknown_option"  # option: the id as given, quoted and escaped
    NOT_YOUR_OPTION = "not_your_option"  # option, side
    DUPLICATE_OPTION = "duplicate_option"
    OPTIONS_NOT_CHOSEN = "options_not_chosen"
    BAD_BORDER_SETUP = "bad_border_setup"  # unit
    NOT_SET_UP_NOW = "not_set_up_now"  # unit
    OPTIONAL_UNITS_PENDING = "optional_units_pending"  # units
    NOT_ARRIVING = "not_arriving"  # unit
    BOX_ARRIVAL = "box_arrival"  # unit
    BAD_PLACEMENT = "bad_placement"  # unit, where
    BAD_BOX_PLACEMENT = "bad_box_placement"  # unit
    NOT_PLACED_NOW = "not_placed_now"  # unit
    NOT_OFFERED = "not_offered"  # unit
    # air points (air.py)
    AIR_POINTS_MISMATCH = "air_points_mismatch"  # total, attack, defense, sum
    ALLOCATION_UNCHANGED = "allocation_unchanged"
    # the Naval phase (naval.py)
    ALREADY_MOVED = "already_moved"  # unit
    UNIT_CANNOT_SAIL = "unit_cannot_sail"  # unit
    NOT_IN_PORT = "not_in_port"  # unit
    PORT_NOT_FRIENDLY = "port_not_friendly"  # unit
    NO_SEA_AREA = "no_sea_area"  # port
    NOT_A_PORT = "not_a_port"  # where
    SAME_PORT = "same_port"  # unit, port
    CW_ONLY_TO_SINGAPORE = "cw_only_to_singapore"
    OTHER_SEA_AREA = "other_sea_area"  # port, area
    LANDING_AT_FRIENDLY_PORT = "landing_at_friendly_port"  # port
    PORT_IS_ENEMY = "port_is_enemy"  # port
    ARMOR_CANNOT_LAND = "armor_cannot_land"
    FIRST_LANDING_FIXED = "first_landing_fixed"  # unit, where
    NO_SHIPPING = "no_shipping"  # side, area, limit
    DESTINATION_OVERSTACKED = "destination_overstacked"  # where
    NOT_JP = "not_jp"
    FORCE_Z_NOT_AFLOAT = "force_z_not_afloat"
    FORCE_Z_ALREADY_ATTACKED = "force_z_already_attacked"
    TOO_MANY_FORCE_Z_POINTS = "too_many_force_z_points"  # most
    FORCE_Z_POINTS_SHORT = "force_z_points_short"  # pool
    # the Movement phase (movement.py, bridges.py)
    ALREADY_THERE = "already_there"  # unit, where
    ENEMY_OCCUPIED = "enemy_occupied"  # unit, where
    STOPPED_IN_ENEMY_ZOC = "stopped_in_enemy_zoc"  # unit
    SEA_FORBIDDEN = "sea_forbidden"  # unit, where, unit_type
    TERRAIN_FORBIDDEN = "terrain_forbidden"  # unit, where, unit_type, terrain
    OUT_OF_REACH = "out_of_reach"  # unit, where, needs, left
    ZOC_BLOCKS = "zoc_blocks"  # unit, where
    NO_WAY_OVER_LAND = "no_way_over_land"  # unit, where
    NOTHING_TO_UNDO = "nothing_to_undo"  # unit
    MOVE_REVEALED_ENEMY = "move_revealed_enemy"  # unit
    CW_ONLY = "cw_only"
    NOT_ADJACENT = "not_adjacent"
    NOT_A_BRIDGE = "not_a_bridge"  # a, b
    ALREADY_DEMOLISHED = "already_demolished"  # a, b
    NOT_CW_CONTROLLED = "not_cw_controlled"  # a, b
    IN_ENEMY_ZOC = "in_enemy_zoc"  # a, b
    # the Rail phase (rail.py)
    ALREADY_RAIL_MOVED = "already_rail_moved"  # unit
    UNSUPPLIED = "unsupplied"  # unit
    MOVED_THIS_TURN = "moved_this_turn"  # unit
    ADJACENT_TO_ENEMY = "adjacent_to_enemy"  # unit
    RAIL_CAPACITY_USED = "rail_capacity_used"  # capacity
    NO_RAIL_PATH = "no_rail_path"  # unit, where
    # the Combat phase (combat/)
    NO_COMBAT = "no_combat"
    COMBAT_RESOLVED = "combat_resolved"
    COMBAT_IN_PROGRESS = "combat_in_progress"
    ALREADY_ATTACKED = "already_attacked"  # where
    HOLDS_ATTACKED_UNIT = "holds_attacked_unit"  # where
    NO_ENEMY = "no_enemy"  # where
    NO_ENEMY_OFF_MAP = "no_enemy_off_map"
    NONE_ADJACENT = "none_adjacent"  # where
    ALL_ADJACENT_ATTACKED = "all_adjacent_attacked"  # where
    ADJACENT_CANNOT_ENTER = "adjacent_cannot_enter"  # where
    ALREADY_ATTACKING = "already_attacking"  # unit
    UNIT_ALREADY_ATTACKED = "unit_already_attacked"  # unit, where
    UNIT_NOT_ADJACENT = "unit_not_adjacent"  # unit, where
    UNIT_CANNOT_ENTER = "unit_cannot_enter"  # unit, where
    NOT_ATTACKING = "not_attacking"
    OUT_OF_AIR_RANGE = "out_of_air_range"  # where
    TOO_MANY_AIR_POINTS = "too_many_air_points"  # most
    NOT_ENOUGH_AIR_POINTS = "not_enough_air_points"  # pool
    NO_ATTACKERS = "no_attackers"
    NO_ATTACKERS_YET = "no_attackers_yet"  # the combat preview's reason, before any attacker is added
    AMPHIBIOUS_MUST_ATTACK = "amphibious_must_attack"  # units
    LANDED_MUST_JOIN = "landed_must_join"  # units
    ODDS_TOO_LOW = "odds_too_low"  # column
    NO_ADVANCE = "no_advance"
    NO_ADVANCE_TO_END = "no_advance_to_end"
    NOT_A_PARTICIPANT = "not_a_participant"
    ALREADY_ADVANCED = "already_advanced"  # unit
    CANNOT_ENTER = "cannot_enter"  # unit
    WOULD_OVERSTACK = "would_overstack"  # unit, where
    NOT_ADVANCED = "not_advanced"
