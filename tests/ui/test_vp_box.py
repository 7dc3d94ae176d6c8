"""The top bar's VP box reads whole: a true minus and the complete level wording (issue 13 §4, §6)."""

from __future__ import annotations

import pytest

from malaya.ui.panels.top_bar import level_lines, signed
from malaya.ui.widgets.kit import px, set_ui_scale, text_surface

LEVEL = "Commonwealth substantive victory"


def test_given_a_commonwealth_lead_then_the_margin_has_a_true_minus_sign() -> None:
    """Given margins below, at and above zero, then they read −10 (U+2212), 0 and +12."""
    assert [signed(-10), signed(0), signed(12)] == ["\u221210", "0", "+12"]


@pytest.mark.parametrize("scale", [0.75, 1.0, 1.25, 2.0])
def test_given_the_box_at_any_ui_scale_then_the_level_is_written_out_whole(scale: float) -> None:
    """Given the room beside ``VP −10`` at this scale, then every word of the level is shown, none cut short."""
    set_ui_scale(scale)
    try:
        room = px(240) - px(22) - text_surface(f"VP {signed(-10)}", 15, bold=True).get_width()
        lines = level_lines(LEVEL, room)
        assert " ".join(lines) == LEVEL and "…" not in "".join(lines)
        assert all(text_surface(line, 12).get_width() <= room for line in lines)
    finally:
        set_ui_scale(1.0)
