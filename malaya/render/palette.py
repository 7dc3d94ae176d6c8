"""Colours of the Tactical Map: terrain, features and text (no pygame needed)."""

from __future__ import annotations

from malaya.engine import Terrain

Color = tuple[int, int, int]

TERRAIN_COLORS: dict[Terrain, Color] = {
    Terrain.CLEAR: (232, 228, 184),
    Terrain.PLANTATION: (196, 214, 146),
    Terrain.JUNGLE: (104, 156, 88),
    Terrain.SWAMP: (158, 176, 138),
    Terrain.MOUNTAIN: (184, 150, 112),
    Terrain.TOWN: (226, 214, 186),
    Terrain.CITY: (206, 194, 182),
    Terrain.FORTRESS: (182, 174, 170),
    Terrain.SEA: (156, 196, 226),
}
"""Base fill per terrain; greyscale lightness also differs, and each has a pattern."""

PATTERN_COLORS: dict[Terrain, Color] = {
    Terrain.PLANTATION: (104, 142, 70),
    Terrain.JUNGLE: (52, 104, 52),
    Terrain.SWAMP: (64, 104, 120),
    Terrain.MOUNTAIN: (110, 80, 52),
    Terrain.TOWN: (150, 70, 56),
    Terrain.CITY: (126, 54, 46),
    Terrain.FORTRESS: (70, 66, 70),
    Terrain.SEA: (134, 178, 212),
}

OFF_MAP: Color = (54, 62, 72)
GRID: Color = (96, 104, 84)
SEA_GRID: Color = (118, 164, 204)
COAST: Color = (62, 112, 160)
RIVER: Color = (40, 104, 196)
STRAIT: Color = (190, 220, 240)
STRAIT_EDGE: Color = (62, 112, 160)
SEA_SIDE: Color = (96, 150, 200)
ROAD: Color = (212, 150, 76)
ROAD_EDGE: Color = (108, 66, 30)
RAIL: Color = (30, 30, 30)
CAUSEWAY: Color = (176, 170, 160)
CAUSEWAY_EDGE: Color = (60, 56, 52)
BRIDGE: Color = (40, 40, 40)
LABEL: Color = (24, 24, 24)
LABEL_HALO: Color = (250, 248, 236)
OBJECTIVE: Color = (214, 40, 40)
SYMBOL: Color = (28, 28, 60)
SYMBOL_BG: Color = (250, 250, 244)
