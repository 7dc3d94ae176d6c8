"""A small Singapore island for AI tests: a fortress hex behind a shore hex across the strait and causeway."""

from __future__ import annotations

from tests.builder import GameBuilder, campaign_ruleset


def strait_island() -> GameBuilder:
    """A 10x10 map: fortress (4,9) behind plantation shore (4,8), which faces the mainland banks (3,7) and (5,7)
    across the Johore Strait and (4,7) across the causeway (R5.2), with sea on either side of the island."""
    builder = GameBuilder(width=10, height=10).terrain((4, 9), "fortress").terrain((4, 8), "plantation")
    for bank in ((3, 7), (5, 7)):
        builder.hexside(bank, (4, 8), "strait")
    builder.hexside((4, 7), (4, 8), "causeway")
    for sea in ((3, 8), (5, 8), (3, 9), (5, 9)):
        builder.terrain(sea, "sea")
    return builder


THIN_SHORE, THIN_FRONT, THIN_MIDDLE, THIN_EAST, THIN_SWAMP = (4, 2), (4, 3), (4, 4), (4, 5), (4, 6)
"""The cells of :func:`thin_island`: the JP's shore hex, the three fortress hexes, the mainland swamp."""


def thin_island(units: tuple[tuple[str, str, tuple[int, int]], ...]) -> GameBuilder:
    """A 9x9 map with a thin Singapore island running south, the campaign's stacking (4 points a fortress
    hex, R4.1): a plantation shore hex (4,2) across the Johore Strait from (4,1), the fortress hexes (4,3) in
    front, (4,4) and (4,5) behind, and across the strait from the last one the swamp (4,6) on the mainland;
    sea everywhere else. ``units`` are (id, side, cell) placed with the builder's defaults."""
    builder = GameBuilder(width=9, height=9).with_ruleset(campaign_ruleset()).terrain(THIN_SHORE, "plantation")
    for cell in (THIN_FRONT, THIN_MIDDLE, THIN_EAST):
        builder.terrain(cell, "fortress")
    builder.terrain(THIN_SWAMP, "swamp").hexside(THIN_EAST, THIN_SWAMP, "strait").hexside((4, 1), THIN_SHORE, "strait")
    for c in range(9):
        for r in range(9):
            if c != 4 or r == 0 or r > 7:
                builder.terrain((c, r), "sea")
    for unit_id, side, cell in units:
        builder.unit(unit_id, side, at=cell)
    return builder
