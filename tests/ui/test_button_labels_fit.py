"""Every button of every screen shows its whole label: none is wider than its button (issue 13 §4)."""

from __future__ import annotations

import pytest

from malaya.ui.app.window import scale_for
from malaya.ui.widgets import kit
from malaya.ui.widgets.kit import Button, px, text_surface
from tests.ui.screen_tour import SCREENS, showing


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("name", SCREENS)
def test_given_every_screen_of_the_tour_then_no_button_label_is_wider_than_its_button(
        campaign, name, size, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given every Button.draw of the tour recorded with its label's width
    too_wide: set[tuple[str, int, int]] = set()
    draw = Button.draw

    def recording(self: Button, surface, mouse=None) -> None:  # type: ignore[no-untyped-def]
        width = text_surface(self.label, self.size, kit.TEXT, True).get_width()
        if width > self.rect.width - px(4):
            too_wide.add((self.label, width, self.rect.width))
        draw(self, surface, mouse)

    monkeypatch.setattr(Button, "draw", recording)
    # when the screen is drawn at the size's default UI scale
    with showing(campaign, name, size, scale_for(size)):
        pass
    # then no label runs past its button's edges
    assert not too_wide, sorted(too_wide)
