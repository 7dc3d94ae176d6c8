"""Help text and tables are written from the loaded ruleset, so they follow balance changes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.ui.dialogs.help.tables import (
    crt_rows,
    hexside_rows,
    modifier_lines,
    rules_text,
    terrain_rows,
)


def test_the_help_crt_is_the_rulesets_crt_R12_6(campaign) -> None:  # type: ignore[no-untyped-def]
    crt = campaign.scenario.ruleset.combat.crt
    rows = crt_rows(campaign)
    assert rows[0] == ("Die", *crt.columns)
    assert [r[1:] for r in rows[1:]] == [tuple(cells) for cells in crt.rows.values()]


def test_the_help_terrain_table_lists_every_land_terrain_with_its_costs_R5_1(campaign) -> None:  # type: ignore[no-untyped-def]
    rows = {r[0]: r[1:] for r in terrain_rows(campaign)[1:]}
    assert rows["clear"] == ("1", "1", "1")
    assert rows["jungle"][1] == "no"
    assert rows["town"][2] == "1½"
    assert "sea" not in rows
    hexsides = {r[0]: r[1:] for r in hexside_rows(campaign)[1:]}
    assert hexsides["river major"][1] == "½"
    assert hexsides["strait"][1] == "⅔"  # the campaign's tuned strait (rules-notes, "Balance")


@pytest.mark.slow
def test_the_rules_text_quotes_the_stacking_limit_from_the_data_R4_1(campaign) -> None:  # type: ignore[no-untyped-def]
    # given the campaign's ruleset with the stacking limit changed
    rs = campaign.scenario.ruleset
    changed = rs.model_copy(update={"stacking": rs.stacking.model_copy(update={"limit": 5})})
    gd = replace(campaign, scenario=campaign.scenario.model_copy(update={"ruleset": changed}))
    # then the help text follows the data, not a number written in code
    assert "at most 4 points per hex," in rules_text(campaign)  # fortress hexes hold 4 too: not repeated
    assert "at most 5 points per hex (4 in Singapore fortress hexes)" in rules_text(gd)
    assert any("air point" in line for line in modifier_lines(campaign))
