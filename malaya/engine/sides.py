"""The two sides of the campaign (RULES R1.1)."""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    """Japanese or Commonwealth."""

    JP = "JP"
    CW = "CW"

    @property
    def enemy(self) -> Side:
        """The other side."""
        return Side.CW if self is Side.JP else Side.JP
