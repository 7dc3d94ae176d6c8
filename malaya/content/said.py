"""What is wrong with a content file, as data: one code per sentence and the named facts it needs.

Content writes no sentence for a player (issue 28 item 2). A problem with a map, a scenario, a ruleset or a
counters file is a :class:`Said`: a :class:`Flaw` code and named parameters (file, layer and place names,
counts, the words a library or the system gave). The session's words file ``texts/content.toml`` holds one
template per code and writes the sentence (``malaya.session.words.content_words``). A parameter may itself be a
:class:`Said` (the reason inside a "file: reason" frame) or a tuple of parameters (a list, written with commas).
``str()`` is for developers (an exception's message, a log): the code and its facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Union

from malaya.engine import Facts, Finding

Param = Union[str, int, Fraction, "Said", Finding, tuple["Param", ...]]
"""The value of one named fact: a name or label, a count, an exact number, a nested reason, a list, or a
mistake the rules found (the engine's :class:`~malaya.engine.Finding`, written from ``scenario_checks.toml``)."""


class Flaw(StrEnum):
    """The problems content reports, each with one sentence template in the session's ``content.toml``."""

    # frames: where in a file (file, line, layer, cell), around a reason
    IN_FILE = "in_file"  # file, reason
    AT_LINE = "at_line"  # file, line, reason
    AT_LINE_COLUMN = "at_line_column"  # file, line, column, reason
    IN_LAYER = "in_layer"  # layer, reason
    AT_CELL = "at_cell"  # col, row, reason
    IN_LAYER_AT_CELL = "in_layer_at_cell"  # layer, col, row, reason
    SYSTEM_SAYS = "system_says"  # why: the words of the system or a library, as they are
    RULES_SAY = "rules_say"  # finding: a mistake the rules found (the engine's Finding), its field path left out
    # reading a file (safe_files.py)
    FILE_NOT_FOUND = "file_not_found"
    CANNOT_READ_FILE = "cannot_read_file"  # why
    NOT_FOUND = "not_found"
    IS_FOLDER = "is_folder"
    IS_PIPE = "is_pipe"
    IS_DEVICE = "is_device"
    IS_SOCKET = "is_socket"
    IS_SPECIAL_FILE = "is_special_file"
    TOO_LARGE = "too_large"  # mb
    # TOML and the schema (scenario_loader.py, scenario_check.py)
    NOT_UTF8 = "not_utf8"
    TOML_NOT_UTF8 = "toml_not_utf8"
    INVALID_TOML = "invalid_toml"  # why
    TOML_TOO_DEEP = "toml_too_deep"
    TOO_DEEP = "too_deep"
    UNKNOWN_KEY = "unknown_key"
    SHOULD_BE_TABLE = "should_be_table"
    INVALID_KEY = "invalid_key"  # why
    AT_FIELD = "at_field"  # field, reason
    IN_ITEM = "in_item"  # reason, key, id
    AND_MORE_PLUS = "and_more_plus"  # reason, more
    AND_MORE = "and_more"  # reason, more
    DID_YOU_MEAN = "did_you_mean"  # reason, key
    NO_BRIEFING = "no_briefing"
    # file references (scenario_refs.py)
    NO_BUNDLED = "no_bundled"  # key, ref, id
    REACHES_OUT = "reaches_out"  # key, ref, example
    LINK_OUTSIDE = "link_outside"  # key, ref
    # the scenario list (scenario_catalog.py)
    ID_TAKEN_BUNDLED = "id_taken_bundled"  # id
    ID_TAKEN_FOLDER = "id_taken_folder"  # id, folder
    # counters files (counter_symbols.py)
    SAME_AS_MISSING = "same_as_missing"  # target
    SYMBOLS_ONLY = "symbols_only"
    NOT_A_UNIT = "not_a_unit"  # unit, scenario
    UNKNOWN_SYMBOL = "unknown_symbol"  # unit, symbol, known
    # the TMX file (tmx_xml.py)
    CANNOT_READ = "cannot_read"  # why
    CANNOT_DECODE = "cannot_decode"  # why
    MALFORMED_XML = "malformed_xml"  # why
    NOT_TILED = "not_tiled"  # tag
    NOT_HEXAGONAL = "not_hexagonal"  # orientation
    INFINITE = "infinite"
    TOO_BIG = "too_big"  # columns, rows, limit
    BAD_STAGGER_AXIS = "bad_stagger_axis"  # value
    BAD_STAGGER_INDEX = "bad_stagger_index"  # value
    SIDE_TOO_LONG = "side_too_long"  # side, width, height
    BAD_ATTRIBUTE = "bad_attribute"  # name, value, low
    LAYER_SIZE = "layer_size"  # width, height, columns, rows
    NO_DATA = "no_data"
    CHUNKED = "chunked"
    OLD_XML_FORMAT = "old_xml_format"
    BAD_ENCODING = "bad_encoding"  # encoding
    BAD_COMPRESSION = "bad_compression"  # compression
    NO_FIRSTGID = "no_firstgid"  # name
    NOT_TSX = "not_tsx"  # source
    TILESET_NOT_FOUND = "tileset_not_found"  # source, shown
    TILESET_OUTSIDE = "tileset_outside"  # source
    TILESET_REFUSED = "tileset_refused"  # source, reason
    # pytmx's failures (tiled_parse.py)
    UNDECODABLE = "undecodable"  # encoding, why
    UNREADABLE_MAP = "unreadable_map"  # kind, why
    OBJECT_POSITION = "object_position"  # name, attr, value
    CANNOT_READ_TILESET = "cannot_read_tileset"  # why
    PROPERTY_TYPE = "property_type"  # name, kind
    PROPERTY_VALUE = "property_value"  # name, kind, value
    # the map's layers and tiles (tmx_tiles.py, tmx_map.py)
    DUPLICATE_LAYER = "duplicate_layer"
    OBJECT_LAYER_WANTED = "object_layer_wanted"
    TILE_LAYER_WANTED = "tile_layer_wanted"
    LAYER_MISSING = "layer_missing"  # layer, layers
    LAYER_MISSING_NO_LAYERS = "layer_missing_no_layers"  # layer
    FLIP_HORIZONTAL = "flip_horizontal"
    FLIP_VERTICAL = "flip_vertical"
    FLIP_DIAGONAL = "flip_diagonal"
    ROTATE_120 = "rotate_120"
    FLAGGED_TILE = "flagged_tile"  # flags
    TILE_OF = "tile_of"  # reason, index, tileset
    GID_NO_TILESET = "gid_no_tileset"  # reason, gid
    GID_BEYOND = "gid_beyond"  # reason, gid, tileset
    MISPLACED_FEATURE = "misplaced_feature"  # feature
    MISPLACED_TILE = "misplaced_tile"  # kind
    NO_PROPERTY = "no_property"  # key
    EMPTY_TERRAIN = "empty_terrain"
    NO_SIDES = "no_sides"  # raw
    UNKNOWN_SIDES = "unknown_sides"  # raw, name, valid
    SIDE_TWICE = "side_twice"  # raw
    UNKNOWN_VALUE = "unknown_value"  # what, value, allowed
    CELL_COUNT = "cell_count"  # count, columns, rows, cells
    NAME_NOT_TEXT = "name_not_text"  # value
    KM_NOT_INTEGER = "km_not_integer"  # value
    KM_NOT_POSITIVE = "km_not_positive"  # value
    MAP_OK = "map_ok"  # path, columns, rows, land, road, rail, bridges, places
    # the board (board_build.py)
    LAND_WITHOUT_COUNTRY = "land_without_country"  # terrain
    SEA_WITH_COUNTRY = "sea_with_country"
    CONNECTION_ON_SEA = "connection_on_sea"  # layer
    CONNECTION_INTO_SEA = "connection_into_sea"  # layer, direction
    SIDE_OFF_MAP = "side_off_map"  # layer, direction
    SIDE_ONE_ENDED = "side_one_ended"  # layer, direction, col, row, back
    HEXSIDE_TAKEN = "hexside_taken"  # direction, taken
    CONNECTION_OVER_WATER = "connection_over_water"  # layer, direction, water
    CAUSEWAY_UNUSED = "causeway_unused"  # direction
    # places (tmx_places.py)
    DUPLICATE_PLACE = "duplicate_place"  # name
    PLACE_POSITION = "place_position"  # name, x, y
    PLACE_NO_NAME = "place_no_name"  # id
    PLACE_OFF_MAP = "place_off_map"  # name, x, y
    PLACE_IN_SEA = "place_in_sea"  # name
    PLACE_PROPERTY = "place_property"  # name, reason
    UNKNOWN_PROPERTY = "unknown_property"  # key, allowed
    BAD_SEA_AREA = "bad_sea_area"  # value
    BAD_SUPPLY = "bad_supply"  # value
    NOT_TRUE_FALSE = "not_true_false"  # key, value
    NOT_A_STRING = "not_a_string"  # key, value


@dataclass(frozen=True, slots=True)
class Said(Facts[Param]):
    """One problem as data: its :class:`Flaw` code and the named facts its sentence needs."""

    code: Flaw
    params: tuple[tuple[str, Param], ...] = ()


def said(code: Flaw, /, **params: Param) -> Said:
    """The problem ``code`` with its named facts."""
    return Said(code, tuple(params.items()))


def in_file(file: str, reason: Said | str) -> Said:
    """``reason`` framed by the file it is in (``map.tmx: …``)."""
    return said(Flaw.IN_FILE, file=file, reason=reason)
