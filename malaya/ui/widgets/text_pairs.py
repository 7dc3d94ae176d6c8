"""Every text colour on every background the client uses, declared so a test can check their contrast.

Each :class:`TextPair` names a foreground, the background it is drawn on and where. WCAG AA asks
4.5:1 for body text; tests/ui/test_color_safety.py computes each pair's ratio. A new text
colour or background belongs here when it is added.
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.render import palette as map_palette
from malaya.render import phase_bar
from malaya.render.counters import EMBLEM_FACE, INK
from malaya.render.side_palette import PALETTES
from malaya.ui.widgets import kit

Color = tuple[int, int, int]
AA_BODY = 4.5
"""WCAG 2.1 AA minimum contrast for body text."""


@dataclass(frozen=True)
class TextPair:
    """A text colour, the colour behind it, and where the client draws it."""

    foreground: Color
    background: Color
    where: str


def _ui_pairs() -> list[TextPair]:
    """Text in panels, bars, buttons, tooltips, toasts and fields (the widget kit's colours)."""
    pairs = [TextPair(fg, bg, f"{fg_name} text on {bg_name}")
             for fg_name, fg in (("body", kit.TEXT), ("dim", kit.DIM), ("accent", kit.ACCENT),
                                 ("warning", kit.WARN), ("bad news", kit.BAD), ("good news", kit.GOOD_TEXT),
                                 ("rules link", kit.LINK))
             for bg_name, bg in (("the window background", kit.BG), ("a panel", kit.PANEL),
                                 ("a tooltip, toast or banner", kit.TOOLTIP_BG))]
    pairs += [
        TextPair(kit.TEXT, kit.GOOD, "button label"),
        TextPair(kit.TEXT, kit.GOOD_HOVER, "button label, hovered"),
        TextPair(kit.TEXT, kit.TOGGLED, "toggled button label"),
        TextPair(kit.TEXT, kit.TOGGLED_HOVER, "toggled button label, hovered"),
        TextPair(kit.DIM, kit.DISABLED, "disabled button label"),
        TextPair(kit.TEXT, (60, 70, 84), "selected row on the Load page"),
        TextPair((255, 120, 110), kit.BG, "Load page message"),
    ]
    return pairs


def _map_pairs() -> list[TextPair]:
    """Text on the map and counters: place names, counter factors, badges, the phase bar of the report."""
    pairs = [
        TextPair(map_palette.LABEL, map_palette.LABEL_HALO, "place name in its halo"),
        TextPair((10, 10, 10), (255, 236, 0), "move cost label in its halo"),
        TextPair((255, 255, 255), (160, 0, 0), "combat result label in its halo"),
        TextPair((255, 236, 0), (16, 18, 22), "combat die caption"),
        TextPair((255, 255, 255), INK, "stack count badge"),
        TextPair(INK, EMBLEM_FACE, "NATO box"),
        TextPair(phase_bar.TEXT, phase_bar.BAR_BG, "report phase bar"),
        TextPair(phase_bar.DIM_TEXT, phase_bar.BAR_BG, "report phase bar, dim"),
        TextPair(phase_bar.REASON, phase_bar.BAR_BG, "report phase bar, reason"),
        TextPair(phase_bar.TEXT, phase_bar.BUTTON, "report End Phase button"),
    ]
    pairs += [TextPair((16, 16, 16), color, f"{side} side chip") for side, color in phase_bar.SIDE_COLORS.items()]
    for name, palette in PALETTES.items():
        fills = {*palette.nationality.values(), *palette.unknown.values(), *(palette.side_fills or {}).values()}
        pairs += [TextPair(INK, fill, f"counter factors on {fill} ({name.value} palette)") for fill in sorted(fills)]
    return pairs


TEXT_PAIRS: tuple[TextPair, ...] = (*_ui_pairs(), *_map_pairs())
"""Every text/background pair the client draws."""
