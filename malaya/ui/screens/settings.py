"""The Settings page: window, UI scale, animation speed, auto-centre, grid, sound and volumes; saved on every change."""

from __future__ import annotations

import contextlib

import pygame

from malaya.session.words.catalog import say
from malaya.ui.app.intents import Pop, Push, ToKeys, Transition
from malaya.ui.app.settings import ANIMATION_DELAYS, Settings
from malaya.ui.app.stack import App, Screen
from malaya.ui.audio.board import SilentBoard
from malaya.ui.audio.cues import Sound
from malaya.ui.widgets.focus import ButtonFocus
from malaya.ui.widgets.kit import (
    BG,
    DIM,
    TEXT,
    WARN,
    Button,
    Checkbox,
    draw_panel,
    draw_text,
    draw_tooltip,
    px,
    set_ui_scale,
    ui_scale,
)
from malaya.ui.widgets.layout import Layout
from malaya.ui.widgets.slider import Slider

SIZES: tuple[tuple[int, int], ...] = ((1024, 700), (1280, 800), (1600, 1000), (1920, 1080))
SCALES: tuple[float, ...] = (0.75, 1.0, 1.25, 1.5, 1.75, 2.0)
SPEEDS = tuple(ANIMATION_DELAYS)
FLAGS = (("fullscreen", say("settings.full_screen")), ("auto_center", say("settings.centre_the_map_where_you")),
         ("show_grid", say("settings.hex_grid")),
         ("follow_computer", say("settings.follow_the_computer_s_moves")),
         ("show_attack_arrows", say("settings.arrows_of_the_computer_s")),
         ("auto_skip", say("settings.auto_skip_phases_with_nothing")),
         ("color_blind", say("settings.colour_blind_palette_one_colour")),
         ("confirm_end_phase", say("settings.ask_before_ending_a_phase")),
         ("live_win_chances", say("settings.win_chances_during_play")),
         ("sound", say("settings.sound_effects_and_music")))
DETAILS = {"live_win_chances": say("settings.after_each_turn_against_the")}
"""A checkbox's hint beside its label."""
VOLUMES = (("master_volume", say("settings.master_volume")), ("effects_volume", say("settings.effects")),
           ("music_volume", say("settings.music")))


def apply_window(settings: Settings) -> None:
    """Resize the open window, or switch full screen on/off, to match the settings (where pygame allows)."""
    if pygame.display.get_surface() is None:
        return
    flags = pygame.FULLSCREEN if settings.fullscreen else pygame.RESIZABLE
    with contextlib.suppress(pygame.error):  # the platform refused (no such mode): keep the window as it is
        pygame.display.set_mode(settings.window_size, flags)


NEXT_TIPS = {"window_size": "settings.next_window_size", "ui_scale": "settings.next_ui_scale",
             "animation_speed": "settings.next_animation_speed"}
"""The sentence of each cycling button's tip."""


def scale_label(chosen: float) -> str:
    """``1.5×``, or ``2× (1.5× fits)`` when the window is too small for the chosen scale."""
    used = ui_scale()
    if used == chosen:
        return say("settings.scale", scale=format(chosen, "g"))
    return say("settings.scale_fits", scale=format(chosen, "g"), fits=format(used, "g"))


def _next(values: tuple, current: object) -> object:
    """The value after ``current`` in ``values`` (cycling; the first if absent)."""
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class SettingsScreen(Screen):
    """See module docstring."""

    def __init__(self) -> None:
        self.checks = {name: Checkbox(label, detail=DETAILS.get(name, "")) for name, label in FLAGS}
        self.cycles = {"window_size": Button("", size=14), "ui_scale": Button("", size=14),
                       "animation_speed": Button("", size=14)}
        self.sliders = {name: Slider(label) for name, label in VOLUMES}
        self.back = Button(say("settings.back"), size=16, tip=say("settings.back_esc"))
        self.keys = Button(say("settings.keys"), size=16, tip=say("settings.see_and_change_the_battle"))
        for name, button in self.cycles.items():
            button.tip = say(NEXT_TIPS[name])
        self.focus = ButtonFocus()
        self.page = pygame.Rect(0, 0, 0, 0)
        self.hint = pygame.Rect(0, 0, 0, 0)
        """The "settings are saved at once" line under the sliders (laid out with the widgets)."""

    def layout(self) -> Layout:
        """The page's panel with its value buttons, checkboxes, Keys and Back."""
        placed = Layout({"page": pygame.Rect(self.page)})
        for name, b in self.cycles.items():
            placed.add(name, b.rect, "page")
        for name, box in self.checks.items():
            placed.add(name, box.rect, "page")
        for name, slider in self.sliders.items():
            placed.add(name, slider.rect, "page")
        if self.hint.height:
            placed.add("hint", self.hint, "page")
        placed.add("keys", self.keys.rect, "page")
        placed.add("back", self.back.rect, "page")
        return placed

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """Toggle a flag or cycle a value (saved at once); Back or Esc returns."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 or \
                event.type == pygame.MOUSEMOTION and event.buttons[0]:
            self._slide(event.pos, app)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        if event.type == pygame.KEYDOWN and self._step_slider(event.key, app):
            return None
        pressed = self.focus.key(event, self.focus_order())
        if pressed is not None:  # a focused button pressed with Enter acts as a click on it
            event = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pressed.rect.center, button=1)
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return None
        s = app.settings
        for name, box in self.checks.items():
            if box.hit(event.pos):
                app.set_settings(s.with_(**{name: not getattr(s, name)}))
        values = {"window_size": SIZES, "ui_scale": SCALES, "animation_speed": SPEEDS}
        for name, button in self.cycles.items():
            if button.hit(event.pos):
                app.set_settings(s.with_(**{name: _next(values[name], getattr(s, name))}))
                set_ui_scale(app.settings.ui_scale)
        if (app.settings.window_size, app.settings.fullscreen) != (s.window_size, s.fullscreen):
            apply_window(app.settings)
        if self.keys.hit(event.pos):
            return Push(ToKeys())
        return Pop() if self.back.hit(event.pos) else None

    def focus_order(self) -> list[Button | Checkbox | Slider]:
        """The buttons, checkboxes and sliders Tab (and Up/Down) move through, top to bottom."""
        return [*self.cycles.values(), *self.checks.values(), *self.sliders.values(), self.keys, self.back]

    def _step_slider(self, key: int, app: App) -> bool:
        """Left/Right on a focused volume slider move it a step (saved); True if they did."""
        focused = self.focus.focused(self.focus_order())
        if not isinstance(focused, Slider):
            return False
        value = focused.stepped(key)
        if value is None:
            return False
        name = next(n for n, s in self.sliders.items() if s is focused)
        app.set_settings(app.settings.with_(**{name: value}))
        return True

    def _slide(self, pos: tuple[int, int], app: App) -> None:
        """A click or drag on a volume slider sets it (the effects slider plays a click to hear)."""
        for name, slider in self.sliders.items():
            value = slider.value_at(pos)
            if value is not None and value != getattr(app.settings, name):
                app.set_settings(app.settings.with_(**{name: value}))
                if name == "effects_volume":
                    app.sound.play(Sound.SELECT)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Rows of cycling buttons and checkboxes."""
        surface.fill(BG)
        s: Settings = app.settings
        mouse = pygame.mouse.get_pos()
        box = pygame.Rect(0, 0, min(surface.get_width() - px(40), px(620)), min(surface.get_height() - px(20), px(700)))
        box.center = surface.get_rect().center
        self.page = box
        inner = draw_panel(surface, box, say("settings.settings"))
        rows = (("window_size", say("settings.window_size"), f"{s.window_size[0]} × {s.window_size[1]}"),
                ("ui_scale", say("settings.ui_scale"), scale_label(s.ui_scale)),
                ("animation_speed", say("settings.animation_speed_computer_moves"), s.animation_speed))
        y = inner.top + px(8)
        for name, label, value in rows:
            draw_text(surface, label, (inner.left, y + px(16)), 14, TEXT, anchor="midleft")
            button = self.cycles[name]
            button.label = value
            button.rect = pygame.Rect(inner.right - px(170), y, px(170), px(32))
            button.draw(surface, mouse)
            y += px(42)
        for name, box_ in self.checks.items():
            box_.checked = bool(getattr(s, name))
            box_.rect = pygame.Rect(inner.left, y, inner.width, px(28))
            y += px(32)
        y = self._draw_volumes(surface, app, inner, y, mouse)
        self.hint = pygame.Rect(0, 0, 0, 0)
        if y + px(26) <= inner.bottom - px(44):  # on a short window the line gives way (the tooltips say it too)
            self.hint = draw_text(surface, say("settings.click_a_value_or_tab"),
                                  (inner.left, y + px(6)), 12, DIM)
        self.back.rect = pygame.Rect(inner.left, inner.bottom - px(40), px(140), px(40))
        self.back.draw(surface, mouse)
        self.keys.rect = pygame.Rect(inner.right - px(140), inner.bottom - px(40), px(140), px(40))
        self.focus.mark(self.focus_order())
        for box_ in self.checks.values():
            box_.draw(surface, mouse)
        self.keys.draw(surface, mouse)
        self.back.draw(surface, mouse)
        for button in self.cycles.values():
            button.draw(surface, mouse)
        tip = next((t for b in (self.back, self.keys, *self.cycles.values()) if (t := b.tooltip(mouse))), None)
        if tip:
            draw_tooltip(surface, tip, mouse)

    def _draw_volumes(self, surface: pygame.Surface, app: App, inner: pygame.Rect, y: int,
                      mouse: tuple[int, int]) -> int:
        """The volume sliders under the Sound switch, and why there is no sound if no device opened."""
        for name, slider in self.sliders.items():
            slider.value = int(getattr(app.settings, name))
            slider.enabled = app.settings.sound
            slider.rect = pygame.Rect(inner.left + px(24), y, inner.width - px(24), px(30))
            slider.draw(surface, mouse)
            y += px(34)
        if isinstance(app.sound, SilentBoard):
            draw_text(surface, app.sound.reason, (inner.left + px(24), y + px(4)), 12, WARN)
            y += px(22)
        return y
