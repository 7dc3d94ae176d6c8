"""Every button of every screen shows its whole label: none is wider than its button (issue 13 §4)."""

from __future__ import annotations

import pytest

from malaya.ui.app.window import scale_for
from malaya.ui.widgets import kit
from malaya.ui.widgets.kit import Button, px, text_surface
from tests.ui.screen_tour import tour


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_given_every_screen_of_the_tour_then_no_button_label_is_wider_than_its_button(
        campaign, size, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given every Button.draw of the tour recorded with its label's width
    too_wide: set[tuple[str, int, int]] = set()
    draw = Button.draw

    def recording(self: Button, surface, mouse=None) -> None:  # type: ignore[no-untyped-def]
        width = text_surface(self.label, self.size, kit.TEXT, True).get_width()
        if width > self.rect.width - px(4):
            too_wide.add((self.label, width, self.rect.width))
        draw(self, surface, mouse)

    monkeypatch.setattr(Button, "draw", recording)
    # when each screen is drawn at the size's default UI scale
    screens = [name for name, _app in tour(campaign, size, scale_for(size))]
    # then no label runs past its button's edges
    assert "battle-combat-panel" in screens and not too_wide, sorted(too_wide)
