"""Every cell of the Combat Results Table reached by a resolved combat (R12.6), and the
difference kind of CRT through the same resolution code (docs/rules-notes.md "CRT kinds")."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from malaya.engine.combat import preview_for
from malaya.engine.combat.events import DiceRolled, UnitRetreated
from malaya.engine.crt import Crt
from malaya.engine.ruleset import Ruleset
from malaya.engine.state import Location
from malaya.session.words.breakdown_words import breakdown_text
from tests.builder import campaign_ruleset
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, pools, toward

S = toward(D, "S")
COLUMNS = ("1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1")
ATTACK_FOR = dict(zip(COLUMNS, (3, 6, 9, 12, 18, 24, 30, 36), strict=True))  # against defense 6
RULES_CRT = {  # RULES.md R12.6, copied from the specification
    0: ("A2", "A2", "A1", "A1", "A1", "EX", "EX", "DR"),
    1: ("A2", "A1", "A1", "A1", "EX", "DR", "DR", "D1R"),
    2: ("A1", "A1", "A1", "EX", "DR", "DR", "D1R", "D1R"),
    3: ("A1", "A1", "EX", "DR", "DR", "D1R", "D1R", "D2R"),
    4: ("AR", "EX", "DR", "DR", "D1R", "D1R", "D2R", "D2R"),
    5: ("EX", "DR", "DR", "D1R", "D1R", "D2R", "D2R", "DE"),
    6: ("DR", "DR", "D1R", "D1R", "D2R", "D2R", "DE", "DE"),
    7: ("DR", "D1R", "D1R", "D2R", "D2R", "DE", "DE", "DE"),
}
CELLS = [(row, col) for row in RULES_CRT for col in COLUMNS]


def _resolve(column: str, row: int) -> Table:
    """A combat on ``column`` whose modified roll reads ``row``: −1 from an amphibious assault on a 1,
    +1 from an attacking air point on a 6, else the plain die."""
    attack = ATTACK_FOR[column]
    builder = (combat_builder().siam((0, 0)).place("JP field", (0, 0), airfield=True).place("Port", D, port=True)
               .unit("jp", "JP", at=S, attack=attack).unit("cw", "CW", at=D, defense=6))
    table = Table.of(builder.build(), **pools(jp_attack=1))
    if row <= 0:
        table.land("jp", D)
        table.attack(D, "jp", die=1)
    elif row >= 7:
        table.attack(D, "jp", die=6, air=1)
    else:
        table.attack(D, "jp", die=row)
    return table


@pytest.mark.parametrize(("row", "column"), CELLS)
def test_every_crt_cell_is_reached_by_a_resolved_combat_R12_6(row: int, column: str) -> None:
    # given a combat on this column whose modified roll is this row / when resolved
    table = _resolve(column, row)
    # then the CRT cell of RULES R12.6 was read and reported
    (rolled,) = table.of_type(DiceRolled)
    assert (rolled.column, rolled.modified_roll) == (column, row)
    assert rolled.result == RULES_CRT[row][COLUMNS.index(column)]


# (attacker steps left, attacker distance from D, defender steps left, defender distance) — None: eliminated
EFFECTS = {
    "A2": (None, None, 2, 0), "A1": (1, 1, 2, 0), "AR": (1, 3, 2, 0), "EX": (1, 1, 1, 0),
    "DR": (2, 1, 2, 2), "D1R": (2, 1, 1, 2), "D2R": (2, 1, None, None), "DE": (2, 1, None, None),
}


@pytest.mark.parametrize(("row", "column"), [(r, c) for r, c in CELLS if r >= 1])
def test_every_result_does_what_R12_6_says_to_a_two_step_attacker_and_defender(row: int, column: str) -> None:
    # given a 2-step attacker and a 2-step defender / when the combat reads this cell
    table = _resolve(column, row)
    code = table.of_type(DiceRolled)[0].result
    # then steps and positions are as the result says (losses, then retreat two hexes)
    def where(uid: str) -> tuple[int | None, int | None]:
        unit = table.unit(uid)
        if unit.location is Location.ELIMINATED:
            return None, None
        return unit.steps, unit.hex.distance(hx(D))

    attacker, defender = where("jp"), where("cw")
    assert (*attacker, *defender) == EFFECTS[code]


# --- the difference kind (tests/fixtures/difference_crt.toml) -------------------------------------------------

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "difference_crt.toml"


def _difference_ruleset() -> Ruleset:
    crt = TypeAdapter(Crt).validate_python(tomllib.loads(FIXTURE.read_text(encoding="utf-8"))["crt"])
    rs = campaign_ruleset()
    policy = rs.air.defense_policy.model_copy(update={"high_columns": (), "mid_columns": ()})
    return rs.model_copy(update={
        "combat": rs.combat.model_copy(update={"crt": crt}),
        "air": rs.air.model_copy(update={"defense_policy": policy}),
    })


def _difference_table(attack: int, defense: int, terrain: str = "clear", river: bool = False) -> Table:
    builder = combat_builder().with_ruleset(_difference_ruleset()).terrain(D, terrain)
    if river:
        builder = builder.hexside(S, D, "river_minor")
    return Table.of(builder.unit("jp", "JP", at=S, attack=attack).unit("cw", "CW", at=D, defense=defense).build())


def test_a_difference_crt_reads_attack_minus_defense_through_the_same_resolution() -> None:
    # given 10 against 6 in clear (differential 4) / when the die shows 1
    table = _difference_table(10, 6)
    table.attack(D, "jp", die=1)
    # then column "4..5", result DR2: the defender retreats two hexes
    rolled = table.of_type(DiceRolled)[0]
    assert (rolled.column, rolled.result) == ("4..5", "DR2")
    assert table.unit("cw").hex.distance(hx(D)) == 2 and table.unit("cw").steps == 2


def test_a_difference_crt_one_hex_retreat_result_moves_one_hex() -> None:
    # given differential 0 (6 vs 6), die 1: DR (one hex)
    table = _difference_table(6, 6)
    table.attack(D, "jp", die=1)
    (moved,) = table.of_type(UnitRetreated)
    assert len(moved.path) == 1 and table.unit("cw").hex.distance(hx(D)) == 1


def test_a_difference_crt_terrain_shifts_the_column_left_and_the_multiplier_still_applies() -> None:
    # given 12 vs 6 in a town: defense 6 × 3/2 = 9, differential 3 ("2..3"), town shifts 2 left → "0"
    table = _difference_table(12, 6, terrain="town")
    shown = preview_for(table.gd, table.state, hx(D), ("jp",))
    assert (shown.defense, shown.column_shift, shown.column) == (9, -2, "0")
    assert [breakdown_text(m) for m in shown.shift_lines] == ["Town: the odds shift 2 columns left"]


def test_a_difference_crt_river_shift_applies_when_attacking_across_a_river() -> None:
    # given 20 vs 6 across a minor river: attack halved to 10, differential 4, river shifts 3 left → "0"
    table = _difference_table(20, 6, river=True)
    shown = preview_for(table.gd, table.state, hx(D), ("jp",))
    assert (shown.attack, shown.column_shift, shown.column) == (10, -3, "0")


def test_a_difference_crt_below_its_first_column_uses_the_first() -> None:
    table = _difference_table(1, 9)
    table.declare(D, "jp")
    events = table.roll(3)
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    assert (rolled.column, rolled.result) == ("-1", "AR")
    # AR of this table: the attacker retreats one hex and loses nothing
    assert table.unit("jp").hex.distance(hx(D)) == 2 and table.unit("jp").steps == 2


def test_a_difference_crt_no_result_leaves_everyone_in_place() -> None:
    table = _difference_table(5, 6)
    table.attack(D, "jp", die=1)
    assert table.of_type(DiceRolled)[0].result == "NR"
    assert table.unit("cw").hex == hx(D) and table.unit("jp").hex == hx(S) and table.state.combat is None
