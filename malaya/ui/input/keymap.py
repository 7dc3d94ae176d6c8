"""Battle commands on keys (issue 13 item 7): one enum of actions, default keys, the player's rebindings.

Bindings are stored in the settings as ``{command value: pygame key name}`` (only the keys the
player changed); :class:`KeyMap` merges them over :data:`DEFAULT_KEYS`. Tab and Shift+Tab
always step to the next and previous unit as well, F1 always opens the Help and F2 the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

import pygame

from malaya.session.words.catalog import say


class Command(Enum):
    """Something the player can do from the keyboard on the battle screen."""

    END_PHASE = "end_phase"
    NEXT_UNIT = "next_unit"
    PREVIOUS_UNIT = "previous_unit"
    SELECT_STACK = "select_stack"
    CANCEL = "cancel"
    MESSAGE_LOG = "message_log"
    DICE_LEDGER = "dice_ledger"
    HELP = "help"
    STRATEGIC_MAP = "strategic_map"
    GRID = "grid"
    FRONT_LINE = "front_line"
    COMPUTER_REASONING = "computer_reasoning"
    SKIP_COMPUTER = "skip_computer"
    BRIEFING = "briefing"
    ATTACK_ARROWS = "attack_arrows"
    RULES = "rules"
    MAIN_MENU = "main_menu"
    CURSOR_UP = "cursor_up"
    CURSOR_DOWN = "cursor_down"
    CURSOR_LEFT = "cursor_left"
    CURSOR_RIGHT = "cursor_right"
    CURSOR_NEXT = "cursor_next"
    ROLL_DICE = "roll_dice"
    AIR_MORE = "air_more"
    AIR_FEWER = "air_fewer"


COMMAND_LABELS: dict[Command, str] = {
    Command.END_PHASE: say("keymap.end_phase"),
    Command.NEXT_UNIT: say("keymap.next_unit_that_can_still"),
    Command.PREVIOUS_UNIT: say("keymap.previous_unit_that_can_still"),
    Command.SELECT_STACK: say("keymap.select_the_whole_stack_the"),
    Command.CANCEL: say("keymap.cancel_deselect_leave_a_mode"),
    Command.MESSAGE_LOG: say("keymap.message_log"),
    Command.DICE_LEDGER: say("keymap.dice_ledger"),
    Command.HELP: say("keymap.help"),
    Command.STRATEGIC_MAP: say("keymap.show_or_hide_the_strategic"),
    Command.GRID: say("keymap.show_or_hide_the_hex"),
    Command.FRONT_LINE: say("keymap.show_or_hide_the_front"),
    Command.COMPUTER_REASONING: say("keymap.the_computer_s_reasoning"),
    Command.SKIP_COMPUTER: say("keymap.skip_the_computer_s_moves"),
    Command.BRIEFING: say("keymap.the_scenario_s_briefing_and"),
    Command.ATTACK_ARROWS: say("keymap.show_or_hide_the_arrows"),
    Command.RULES: say("keymap.the_rules_reference_by_topic"),
    Command.MAIN_MENU: say("keymap.back_to_the_main_menu"),
    Command.CURSOR_UP: say("keymap.map_cursor_up_enter_acts"),
    Command.CURSOR_DOWN: say("keymap.map_cursor_down"),
    Command.CURSOR_LEFT: say("keymap.map_cursor_left"),
    Command.CURSOR_RIGHT: say("keymap.map_cursor_right"),
    Command.CURSOR_NEXT: say("keymap.map_cursor_to_the_next"),
    Command.ROLL_DICE: say("keymap.roll_dice_for_the_combat"),
    Command.AIR_MORE: say("keymap.one_more_air_point_for"),
    Command.AIR_FEWER: say("keymap.one_air_point_fewer_for"),
}
"""What each command does, in words (Settings → Keys lists them)."""

DEFAULT_KEYS: dict[Command, str] = {
    Command.END_PHASE: "e",
    Command.NEXT_UNIT: "n",
    Command.PREVIOUS_UNIT: "p",
    Command.SELECT_STACK: "s",
    Command.CANCEL: "escape",
    Command.MESSAGE_LOG: "o",
    Command.DICE_LEDGER: "d",
    Command.HELP: "h",
    Command.STRATEGIC_MAP: "m",
    Command.GRID: "g",
    Command.FRONT_LINE: "l",
    Command.COMPUTER_REASONING: "w",
    Command.SKIP_COMPUTER: "space",
    Command.BRIEFING: "b",
    Command.ATTACK_ARROWS: "a",
    Command.RULES: "r",
    Command.MAIN_MENU: "f10",
    Command.CURSOR_UP: "up",
    Command.CURSOR_DOWN: "down",
    Command.CURSOR_LEFT: "left",
    Command.CURSOR_RIGHT: "right",
    Command.CURSOR_NEXT: "c",
    Command.ROLL_DICE: "x",
    Command.AIR_MORE: "]",
    Command.AIR_FEWER: "[",
}
"""pygame key names of the commands out of the box."""

FIXED_KEYS: dict[int, Command] = {pygame.K_F1: Command.HELP, pygame.K_F2: Command.RULES}
"""Keys that always mean a command, whatever the bindings (besides Tab and Shift+Tab)."""

RESERVED_KEYS: dict[str, str] = {
    "tab": say("keymap.steps_through_the_units_with"),
    "f1": say("keymap.always_opens_the_help"),
    "f2": say("keymap.always_opens_the_rules_reference"),
    "f12": say("keymap.saves_a_screenshot"),
    "return": say("keymap.presses_the_focused_button_or"),
    "enter": say("keymap.presses_the_focused_button_or"),
}
"""Keys no command may be put on, and what they always do."""
MODIFIERS = frozenset({"left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt",
                       "left meta", "right meta", "caps lock", "num lock", "mode"})
"""Keys only held with others: pressed alone while a command waits for its key, they are ignored."""


@dataclass(frozen=True)
class KeyMap:
    """Which key does which command: the defaults with the player's changes over them."""

    keys: Mapping[Command, str]

    @classmethod
    def from_settings(cls, changed: Mapping[str, str]) -> KeyMap:
        """The defaults overlaid by the stored changes that the Keys page's rules allow (:func:`checked_bindings`)."""
        return checked_bindings(changed)[0]

    def command(self, key: int, mod: int = 0) -> Command | None:
        """The command a key press means, if any (Tab: next unit, Shift+Tab: previous)."""
        if key == pygame.K_TAB:
            return Command.PREVIOUS_UNIT if mod & pygame.KMOD_SHIFT else Command.NEXT_UNIT
        if key in FIXED_KEYS:
            return FIXED_KEYS[key]
        name = pygame.key.name(key)
        return next((c for c, k in self.keys.items() if k == name), None)

    def label(self, command: Command) -> str:
        """The key of a command as a player reads it ("E", "Space", "Esc")."""
        return key_label(self.keys[command])

    def rebind(self, command: Command, key: str) -> KeyMap:
        """``command`` on ``key``; a command that had that key takes the old key of ``command`` (a swap)."""
        keys = dict(self.keys)
        for other, k in keys.items():
            if k == key and other is not command:
                keys[other] = keys[command]
        keys[command] = key
        return KeyMap(keys)

    def changes(self) -> dict[str, str]:
        """The bindings that differ from the defaults, as stored in the settings."""
        return {c.value: k for c, k in self.keys.items() if DEFAULT_KEYS[c] != k}


CANCEL_KEY = "escape"
"""Esc always cancels (and closes pages): Cancel stays on it and no other command may take it."""


def refusal(name: str, command: Command | None = None) -> str | None:
    """Why ``command`` cannot be put on the key ``name`` (a reserved key, or Esc), or None when it can.

    The one rule for every binding: the Keys page asks it for each key pressed, the settings file for each
    binding it holds (:func:`checked_bindings`)."""
    why = RESERVED_KEYS.get(name)
    if why is not None:
        return say("keymap.cannot_be_changed_it", key=key_label(name), why=why)
    if command is Command.CANCEL and name != CANCEL_KEY:
        return say("keymap.cancel_stays_on_esc_esc")
    if name == CANCEL_KEY and command is not None and command is not Command.CANCEL:
        return say("keymap.esc_cannot_be_changed_it")
    return None


def checked_bindings(changed: object) -> tuple[KeyMap, list[str]]:
    """The key map stored bindings give, by the Keys page's rules; and why each binding not kept was reset.

    A binding is kept only if it names a command and a key pygame knows, the key is not reserved
    (:func:`refusal`), and no other command ends up on the same key; every other binding goes back to its
    command's default key, with a reason in plain words."""
    if not isinstance(changed, Mapping):
        return KeyMap(dict(DEFAULT_KEYS)), [say("keymap.the_key_bindings_were_not")]
    by_value = {c.value: c for c in Command}
    keys, problems = dict(DEFAULT_KEYS), []
    for name, key in changed.items():
        command = by_value.get(name) if isinstance(name, str) else None
        if command is None:
            problems.append(say("keymap.is_not_a_command", key=_shown(name)))
        elif not isinstance(key, str) or key_code(key) is None:
            problems.append(say("keymap.is_not_a_key", command=COMMAND_LABELS[command], key=_shown(key)))
        elif (why := refusal(key, command)) is not None:
            problems.append(say("keymap.command_refused", command=COMMAND_LABELS[command], why=why))
        else:
            keys[command] = key
    return _one_command_per_key(keys, problems)


def _one_command_per_key(keys: dict[Command, str], problems: list[str]) -> tuple[KeyMap, list[str]]:
    """``keys`` with every command that shares its key with another put back on its default (the defaults
    never share one, so this ends)."""
    while True:
        taken: dict[str, list[Command]] = {}
        for command, key in keys.items():
            taken.setdefault(key, []).append(command)
        shared = next((cs for cs in taken.values() if len(cs) > 1), None)
        if shared is None:
            return KeyMap(keys), problems
        moved = [c for c in shared if keys[c] != DEFAULT_KEYS[c]]
        if not moved:  # cannot happen: the defaults give every command a key of its own
            return KeyMap(keys), problems
        commands = say("keymap.and_between").join(COMMAND_LABELS[c] for c in shared)
        problems.append(say("keymap.both_were_on" if len(shared) == 2 else "keymap.all_were_on",
                            commands=commands, key=key_label(keys[shared[0]])))
        for command in moved:
            keys[command] = DEFAULT_KEYS[command]


def _shown(value: object) -> str:
    """A value from the settings file, short and printable."""
    text = str(value)[:24]
    return "".join(ch if ch.isprintable() else " " for ch in text)


def key_code(name: str) -> int | None:
    """The pygame key code of a key name, or None if pygame knows no such key."""
    try:
        return pygame.key.key_code(name)
    except ValueError:
        return None


def key_label(name: str) -> str:
    """A key name as shown to the player."""
    special = {"escape": say("keymap.esc"), "space": say("keymap.space"), "return": say("keymap.enter"),
               "enter": say("keymap.keypad_enter"), "tab": say("keymap.tab"),
               "backspace": say("keymap.backspace")}
    return special.get(name, name.upper() if len(name) == 1 else name.title())


def with_key(text: str, keymap: KeyMap, command: Command) -> str:
    """A tooltip naming its key: "End Phase (E)"; a punctuation key is called a key: "(key ])"."""
    label = keymap.label(command)
    return f"{text} ({'key ' if len(label) == 1 and not label.isalnum() else ''}{label})"
