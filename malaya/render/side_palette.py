"""The colours that tell sides apart on the map: counter fills, the front line, the combat outline, the selection.

Two palettes: :data:`STANDARD` (historical nationality colours) and :data:`COLOR_BLIND`
(one Okabe–Ito-like colour per side, chosen so every pair stays ΔE00 ≥ 10 apart under
simulated protanopia, deuteranopia and tritanopia; tests/ui/test_color_safety.py checks).
In both, sides also differ without colour: a side emblem and border on every counter, and
the selection is a dashed double outline in a colour no side uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

Color = tuple[int, int, int]


class PaletteName(Enum):
    """Which side palette the player chose in Settings."""

    STANDARD = "standard"
    COLOR_BLIND = "color_blind"


@dataclass(frozen=True)
class SidePalette:
    """Side-telling colours; ``side_fills`` (when set) replaces the nationality colours by one colour per side."""

    nationality: Mapping[str, Color]
    unknown: Mapping[str, Color]
    front: Color
    combat: Color
    selection: Color
    side_fills: Mapping[str, Color] | None = None

    def fill(self, side: str, nationality: str, hidden: bool) -> Color:
        """Background of a counter of ``side`` and ``nationality`` (hidden: the side's unknown colour)."""
        if hidden:
            return self.unknown.get(side.upper(), (190, 190, 190))
        if self.side_fills is not None:
            return self.side_fills.get(side.upper(), (200, 200, 200))
        return self.nationality.get(nationality.lower(), (200, 200, 200))

    def counter_fills(self, side: str) -> list[Color]:
        """Every fill a known counter of ``side`` may have."""
        if self.side_fills is not None:
            return [self.side_fills[side]]
        sides = JP_NATIONALITIES if side == "JP" else CW_NATIONALITIES
        return [self.nationality[n] for n in sides]


NATIONALITY_COLORS: dict[str, Color] = {
    "british": (176, 160, 92),  # khaki
    "indian": (240, 116, 112),  # salmon red
    "australian": (72, 178, 104),  # green
    "malay": (146, 184, 210),  # grey blue
    "army": (250, 192, 20),  # yellow
    "guards": (190, 110, 250),  # lilac
}
"""Chosen so every JP fill stays ΔE00 ≥ 10 from every CW fill, and the front line ≥ 15 from every terrain,
under normal vision and simulated protan-, deuteran- and tritanopia (tests/ui/test_color_safety.py)."""
JP_NATIONALITIES = ("army", "guards")
CW_NATIONALITIES = ("british", "indian", "australian", "malay")

STANDARD = SidePalette(
    nationality=NATIONALITY_COLORS,
    unknown={"JP": (230, 222, 170), "CW": (176, 176, 168)},
    front=(170, 0, 30),
    combat=(90, 0, 160),
    selection=(0, 240, 200),
)
COLOR_BLIND = SidePalette(
    nationality=NATIONALITY_COLORS,
    unknown={"JP": (196, 186, 120), "CW": (150, 170, 190)},
    front=(170, 20, 20),
    combat=(90, 0, 160),
    selection=(0, 240, 200),
    side_fills={"JP": (240, 228, 66), "CW": (86, 180, 233)},
)
PALETTES: dict[PaletteName, SidePalette] = {PaletteName.STANDARD: STANDARD, PaletteName.COLOR_BLIND: COLOR_BLIND}


def side_palette(name: PaletteName) -> SidePalette:
    """The palette a setting names."""
    return PALETTES[name]
