"""Player settings (issue 4): window, UI scale, animation speed, auto-centre, sound, auto-skip, AI level,
win chances during play (issue 29).

Stored as JSON in the per-user config folder (``platformdirs``), or in
``$MALAYA_CONFIG_DIR`` when set (tests). A missing file gives the defaults; a
corrupt or invalid one gives the defaults plus a message for the player — never a crash.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from malaya.persistence.atomic import atomic_write
from malaya.persistence.errors import clip
from malaya.persistence.small_files import FileProblem, parse_json, read_small
from malaya.render.side_palette import PaletteName
from malaya.session.words.catalog import say
from malaya.ui.input.keymap import checked_bindings

ENV_VAR = "MALAYA_CONFIG_DIR"
FILE_NAME = "settings.json"
AnimationSpeed = Literal["slow", "normal", "fast", "instant"]
AiLevel = Literal["easy", "normal", "hard"]
AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
MAX_SETTINGS_BYTES = 64 * 1024
"""A settings file is a few hundred bytes; anything far larger is damaged."""
WindowSide = Annotated[int, Field(ge=200, le=16384)]
"""A window side in pixels (the window is also fitted to the desktop when it opens)."""
FIELD_WORDS = {"live_win_chances": say("settings_file.win_chances_during_play")}
"""How a bad value's setting is named to the player where its field name would not read well."""
ANIMATION_DELAYS: dict[str, float] = {"slow": 0.5, "normal": 0.2, "fast": 0.05, "instant": 0.0}
"""Seconds between two AI actions shown on screen, per animation speed."""


class Settings(BaseModel):
    """What the player can set; every field has a sensible default."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    window_size: tuple[WindowSide, WindowSide] = (1280, 800)
    fullscreen: bool = False
    ui_scale: float = Field(default=1.0, ge=0.75, le=2.0)
    animation_speed: AnimationSpeed = "normal"
    auto_center: bool = False
    follow_computer: bool = True
    """Bring the computer's visible moves and its combats into view as it plays them (issue 13 §8)."""
    sound: bool = True
    """Sound on; off mutes effects and music alike."""
    master_volume: int = Field(default=80, ge=0, le=100)
    """Loudness of all sound, in percent."""
    effects_volume: int = Field(default=100, ge=0, le=100)
    """Loudness of the effects (clicks, dice, combat, events), in percent of the master volume."""
    music_volume: int = Field(default=50, ge=0, le=100)
    """Loudness of the music, in percent of the master volume."""
    show_grid: bool = True
    show_front: bool = True
    """Draw the front line: the boundary between JP- and CW-controlled land (R13)."""
    show_attack_arrows: bool = False
    """After the computer's player-turn, draw arrows from its attackers to the hexes they attacked (key A)."""
    auto_skip: bool = False
    """End a phase automatically when End Phase is the only legal action (R3.4)."""
    key_bindings: dict[str, str] = Field(default_factory=dict)
    """Battle keys the player changed: command name → pygame key name (see ui/input/keymap.py)."""
    color_blind: bool = False
    """Use the colour-blind side palette (one colour per side, safe under protanopia, deuteranopia, tritanopia)."""
    confirm_end_phase: bool = True
    """Ask before End Phase when units could still move or attacks are still possible (issue 13)."""
    ai_level: AiLevel = "normal"
    """Strength of the computer player for new games (easy, normal, hard)."""
    live_win_chances: bool = False
    """Show the win chances after each player-turn in a solo game against the computer (never in hotseat,
    PBEM or a lesson; off by default: no spoilers, issue 29 item 4)."""

    def with_(self, **changes: object) -> Settings:
        """A copy with some fields changed (validated)."""
        return Settings.model_validate({**self.model_dump(), **changes})

    @property
    def palette_name(self) -> PaletteName:
        """The side palette these settings choose."""
        return PaletteName.COLOR_BLIND if self.color_blind else PaletteName.STANDARD

    @property
    def ai_delay(self) -> float:
        """Seconds to wait between AI actions at this animation speed."""
        return ANIMATION_DELAYS[self.animation_speed]


def config_dir() -> Path:
    """Where settings live: ``$MALAYA_CONFIG_DIR`` or the per-user config folder."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_config_path

    return user_config_path("malaya", appauthor=False)


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / FILE_NAME


def _valid_part(raw: dict[str, object], name: str) -> tuple[Settings, str | None]:
    """The settings in ``raw``, each bad value replaced by its default, and one message saying which and why.

    The key bindings are checked by the Keys page's own rules (:func:`~malaya.ui.input.keymap.checked_bindings`):
    a reserved key, Esc for another command than Cancel, two commands on one key are each reset, and said."""
    said: list[str] = []
    if "key_bindings" in raw:
        keys, why = checked_bindings(raw["key_bindings"])
        raw = {**raw, "key_bindings": keys.changes()}
        if why:
            said.append(say("settings_file.keys_put_back_on_their", name=name, join='; '.join(why)))
    try:
        settings = Settings.model_validate(raw)
    except ValidationError as err:
        bad = sorted({str(e["loc"][0]) for e in err.errors() if e["loc"]})
        settings = Settings.model_validate({k: v for k, v in raw.items() if k not in bad})
        if "ai_level" in bad:
            shown = "".join(ch if ch.isprintable() else " " for ch in str(raw["ai_level"])[:24])
            said.append(say("settings_file.the_computer_s_level_in", shown=shown, name=name, join=', '.join(AI_LEVELS)))
        if others := [FIELD_WORDS.get(b, b.replace("_", " ")) for b in bad if b != "ai_level"]:
            said.insert(0, say("settings_file.settings_file_is_damaged_using_3", name=name, join=', '.join(others)))
    return settings, clip(" ".join(said), 400) if said else None


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and None, or defaults (for the bad values) and one message saying why — never a crash."""
    path = path or settings_path()
    try:  # a pipe named settings.json must not hang the start, nor JSON nested thousands deep crash it
        raw = parse_json(read_small(path, MAX_SETTINGS_BYTES))
    except FileNotFoundError:
        return Settings(), None
    except OSError as err:
        return Settings(), say("settings_file.could_not_read_settings_using", error=err.strerror or err)
    except FileProblem as err:
        return Settings(), say("settings_file.settings_file_is_damaged_using_2", name=path.name, error=err)
    if not isinstance(raw, dict):
        return Settings(), say("settings_file.settings_file_is_damaged_using", name=path.name)
    return _valid_part(raw, path.name)


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` made no larger than the desktop (when its size is known)."""
    if desktop is None:
        return size
    return min(size[0], max(200, desktop[0])), min(size[1], max(200, desktop[1]))


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings (atomically); None on success, else a message for the player."""
    path = path or settings_path()
    try:
        atomic_write(path, settings.model_dump_json(indent=2).encode("utf-8"), backup=False)
    except OSError as err:
        return say("settings_file.could_not_save_settings", error=err.strerror or err)
    return None
