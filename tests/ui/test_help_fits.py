"""The Help controls page fits its panel on short windows (issue 13 §4)."""

from __future__ import annotations

import pytest

from malaya.ui.app.intents import Push, ToHelp
from malaya.ui.app.window import scale_for
from malaya.ui.dialogs.help.dialog import HelpScreen
from tests.ui.screen_tour import _close, frames, open_app


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_given_help_at_the_default_scale_then_the_last_shortcut_ends_inside_the_panel(campaign, size) -> None:  # type: ignore[no-untyped-def]
    # given the Help page opened at the size's default UI scale
    app = open_app(campaign, size, scale_for(size))
    app.apply(Push(ToHelp()))
    frames(app)
    page = app.top
    assert isinstance(page, HelpScreen)
    # then every shortcut row (the last is "Settings → Keys") ends above the panel's bottom edge
    assert page.inner.top < page.text_bottom <= page.inner.bottom, (page.text_bottom, page.inner)
    _close(app)
