"""A small Singapore island for AI tests: a fortress hex behind a shore hex across the strait and causeway."""

from __future__ import annotations

from tests.builder import GameBuilder


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
