"""The Combat Panel (R12.10 steps 4–7, R12.11): the declared combat, air points, the preview, Roll Dice.

Buttons carry the action they submit; each is enabled only when the engine's gate
accepts that action, and otherwise shows the gate's reason. The preview is the engine's
own (``malaya.engine.combat.preview``), so what the player reads is what the die decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pygame

from malaya.engine import (
    Action,
    Breakdown,
    CancelCombat,
    CombatPreview,
    CombatStage,
    EndCombat,
    GameDef,
    Hex,
    Line,
    Modifier,
    RollDice,
    SetCombatAir,
    attack_air_limit,
    crt_of,
    number_text,
    preview_for,
    signed_text,
)
from malaya.render.fonts import font
from malaya.session.game_client import GameClient
from malaya.session.phase_info import last_roll
from malaya.session.words.breakdown_words import breakdown_text
from malaya.session.words.catalog import say
from malaya.session.words.event_words import place
from malaya.session.words.plain_words import plain_reason, plain_refusal
from malaya.session.words.rules_ref.explain import (
    Explained,
    explain_attack_air,
    explain_attackers,
    explain_breakdown,
    explain_steps,
)
from malaya.session.words.rules_ref.links import Link
from malaya.ui.battle.panels.result_bars import bar_rows, draw_result_bars
from malaya.ui.panels.crt_words import explain_result
from malaya.ui.widgets.dice import draw_roll
from malaya.ui.widgets.kit import DIM, TEXT, Button, Color, draw_lines, draw_panel, draw_tooltip, px, wrap
from malaya.ui.widgets.link_text import PanelNotes, draw_linked

Hits = list[tuple[Button, Action]]


@dataclass(frozen=True, slots=True)
class AdvanceToggle:
    """By e-mail: a Combat Panel button that marks one attacker to advance or stay if the hex is vacated (R12.9)."""

    unit: str


Toggles = list[tuple[Button, AdvanceToggle]]
ORDER_NOW = say("combat_panel.click_your_units_to_add")
"""What the player does while declaring a combat by e-mail (it is fought later, as an order)."""
ORDER_ADVANCE = say("combat_panel.if_the_hex_is_vacated")
"""What the player reads above the advance buttons while giving an order."""


NOW: dict[CombatStage, str] = {
    CombatStage.DECLARING: say("combat_panel.click_your_units_to_add_2"),
    CombatStage.RESOLVING: say("combat_panel.the_die_is_cast_losses"),
    CombatStage.ADVANCING: say("combat_panel.click_an_outlined_attacker_to"),
}
"""What the player does now, at each stage of a combat (R12.10)."""


NO_AIR_SET = say("combat_panel.no_air_points_committed")
"""Why the Combat Panel's - (or its key) takes no air point away: none is set."""


def preview_rows(p: CombatPreview) -> list[tuple[str, Breakdown | None, Fraction | int]]:
    """Totals with their reasons, odds column, die modifiers with reasons, including the defender's air points (R12.11),
    each with its kind (None: a reason the combat cannot be made) and its number.

    Each breakdown line is the engine's reason, written by its words file (``breakdown.toml``), with its number; the die
    modifier in all is added when more than one thing changes the die. The probability of each result is drawn as a
    bar below these lines (``result_bars``).
    """
    odds = say("combat_panel.attack_vs_defense_odds", attack=number_text(p.attack), defense=number_text(p.defense),
               odds=p.column or say("combat_panel.below_lowest_odds"))
    rows: list[tuple[str, Breakdown | None, Fraction | int]] = [(odds, Breakdown.ODDS, 0)]
    items: tuple[Line | Modifier, ...] = (*p.attack_lines, *p.defense_lines, *p.shift_lines, *p.modifier_lines)
    rows += [(f"  {plain_reason(breakdown_text(item))}", item.kind, item.value) for item in items]
    if len(p.modifier_lines) > 1:
        rows.append((say("combat_panel.die_modifier_in_all", modifier=signed_text(p.modifier)), Breakdown.DIE_TOTAL,
                     p.modifier))
    if p.unresolvable:
        rows.append((plain_refusal(p.unresolvable), None, 0))
    return rows


def preview_lines(p: CombatPreview) -> list[str]:
    """The Combat Panel's breakdown as the player reads it (:func:`preview_rows` without the kinds)."""
    return [text for text, _, _ in preview_rows(p)]


def combat_title(gd: GameDef, defender: Hex) -> str:
    """``Combat at Jitra``, ``Combat near Padang Besar``: the panel's heading."""
    return say("combat_panel.combat", place=place(gd, defender))


def draw_combat_panel(surface: pygame.Surface, rect: pygame.Rect, client: GameClient,
                      mouse: tuple[int, int], notes: PanelNotes | None = None, toggles: Toggles | None = None) -> Hits:
    """Draw the panel for the combat under way; returns its buttons and their actions.

    Each breakdown line that a rule explains gets its rule number as a link at its right end and a
    hover explanation; both go into ``notes`` for the caller to hit-test and draw on top. By e-mail, the
    buttons that choose who advances (:class:`AdvanceToggle`) go into ``toggles``.
    """
    combat = client.state.combat
    assert combat is not None
    side = client.state.side
    inner = draw_panel(surface, rect, combat_title(client.gd, combat.defender_hex))
    lines, explained, chances = _content(client, inner.width)
    button_h = px(26)
    die_h = px(44) if combat.result else 0
    bars = bar_rows(crt_of(client.gd), chances, inner.width)
    bars_h = sum(h for *_, h in bars) + (px(6) if bars else 0)
    buttons_h = _button_rows(client) * (button_h + px(4))
    text_rect = pygame.Rect(inner.left, inner.top, inner.width, inner.height - buttons_h - die_h - bars_h)
    draw_lines(surface, text_rect, lines, 12)
    if notes is not None:
        _rule_tags(surface, text_rect, explained, mouse, notes)
    bars_top = min(text_rect.top + len(lines) * font(px(12)).get_linesize(), text_rect.bottom) + px(4)
    tip = draw_result_bars(surface, pygame.Rect(inner.left, bars_top, inner.width, bars_h), bars, mouse)
    if combat.result:
        _draw_last_roll(surface, (inner.left, text_rect.bottom + px(4)), client, notes)
    hits: Hits = []
    top = inner.bottom - _button_rows(client) * (button_h + px(4)) + px(4)
    row1 = pygame.Rect(inner.left, top, inner.width, button_h)
    row2 = row1.move(0, button_h + px(4)) if combat.stage is CombatStage.DECLARING else row1
    drawn = _advance_buttons(surface, row2.move(0, button_h + px(4)), client, mouse)  # by e-mail: who advances
    if toggles is not None:
        toggles += drawn
    if combat.stage is CombatStage.DECLARING:
        ap = combat.air_points
        hits += _air_buttons(surface, row1, client, ap, (notes, mouse))
        roll, cancel = RollDice(side=side), CancelCombat(side=side)
        roll_label = say("combat_panel.give_order") if client.combat_by_orders else say("combat_panel.roll_dice")
        hits += _row(surface, row2, client, [(roll_label, roll), (say("combat_panel.cancel_combat"), cancel)], mouse)
    else:
        hits += _row(surface, row2, client, [(say("combat_panel.end_cancel_current_combat"), EndCombat(side=side))],
                     mouse)
    for button, _ in hits:
        button.draw(surface, mouse)
    if tip:
        draw_tooltip(surface, tip, mouse)
    return hits


Content = tuple[list[tuple[str, Color]], dict[int, Explained], tuple[tuple[str, Fraction], ...]]
"""The panel's text lines, the rule explaining each explained line (by index), and the result chances."""


def _content(client: GameClient, width: int, air: int | None = None) -> Content:
    """What the panel says at ``width`` pixels: what to do now, the attackers, the preview, the chances (with ``air``
    attacking air points instead of those set, to measure the room the air lines need)."""
    combat = client.state.combat
    assert combat is not None
    names = say("combat_panel.list_comma").join(client.gd.unit_def(u).name for u in combat.attackers) \
        or say("combat_panel.none_yet_click_your_units")
    now = NOW[combat.stage] if client.is_human_turn() else ""
    if client.combat_by_orders and combat.stage is CombatStage.DECLARING and now:
        now = ORDER_NOW + (f" {ORDER_ADVANCE}" if combat.attackers else "")
    lines = [(t, TEXT) for t in wrap(now, 12, width - px(44)) if t]
    explained: dict[int, Explained] = {0: explain_steps()} if lines else {}
    explained[len(lines)] = explain_attackers()
    lines += [(t, DIM) for t in wrap(say("combat_panel.attackers", names=names), 12, width - px(44))]
    chances: tuple[tuple[str, Fraction], ...] = ()
    if combat.stage is CombatStage.DECLARING:
        air = combat.air_points if air is None else air
        preview = preview_for(client.gd, client.state, combat.defender_hex, combat.attackers, air)
        chances = tuple((code, pr) for code, pr in preview.probabilities if pr)
        for line, kind, value in preview_rows(preview):
            note = explain_breakdown(client.gd, kind, value) if kind is not None else None
            if note is not None:
                explained[len(lines)] = note
            lines += [(t, TEXT) for t in wrap(line, 12, width - (px(44) if note else 0))]
        if chances:
            lines.append((say("combat_panel.chance_of_each_result_hover"), DIM))
    return lines, explained, chances


@dataclass
class _HeightMemo:
    """The last panel height worked out, and for which position, width, UI scale and way of fighting (orders or not;
    states are immutable)."""

    state: object = None
    key: tuple[int, int, bool] = (0, 0, False)
    height: int = 0


_HEIGHT = _HeightMemo()


def combat_panel_height(client: GameClient, width: int) -> int:
    """The height the panel needs at ``width``: title, its lines, result bars, the die, two button rows.

    While declaring, it is the most that any number of attacking air points the player may still set would need
    (R11.3): a `+` adds lines and changes the result bars, but the panel keeps its height, so its buttons never
    move under the pointer (issue 26 §7). Worked out once per position and width, not every frame.
    """
    key = (width, px(100), client.combat_by_orders)
    if _HEIGHT.state is not client.state or _HEIGHT.key != key:
        _HEIGHT.state, _HEIGHT.key, _HEIGHT.height = client.state, key, _panel_height(client, width)
    return _HEIGHT.height


def _panel_height(client: GameClient, width: int) -> int:
    """The height :func:`combat_panel_height` stands for, worked out afresh."""
    combat = client.state.combat
    assert combat is not None
    inner_w = width - px(12)
    choices: list[int | None] = [None]
    if combat.stage is CombatStage.DECLARING:
        choices += range(attack_air_limit(client.gd, client.state, combat.defender_hex) + 1)
    body = max(_body_height(client, inner_w, air) for air in choices)
    title_h = font(px(13), bold=True).get_height() + px(3)
    return px(10) + title_h + body + _button_rows(client) * (px(26) + px(4))


def _body_height(client: GameClient, inner_w: int, air: int | None) -> int:
    """The height of the panel's lines, result bars and die with ``air`` attacking air points (None: those set)."""
    combat = client.state.combat
    assert combat is not None
    lines, _, chances = _content(client, inner_w, air)
    bars = bar_rows(crt_of(client.gd), chances, inner_w)
    bars_h = sum(h for *_, h in bars) + (px(6) if bars else 0)
    return len(lines) * font(px(12)).get_linesize() + px(4) + bars_h + (px(44) if combat.result else 0)


def _button_rows(client: GameClient) -> int:
    """Two rows while declaring (air points; Roll Dice and Cancel), then one (End / Cancel Current Combat); by
    e-mail, one more row per attacker while declaring (who advances if the hex is vacated)."""
    combat = client.state.combat
    assert combat is not None
    if combat.stage is not CombatStage.DECLARING:
        return 1
    ordering = client.combat_by_orders and client.is_human_turn()
    return 2 + (len(combat.attackers) if ordering else 0)


def _advance_buttons(surface: pygame.Surface, row: pygame.Rect, client: GameClient,
                     mouse: tuple[int, int]) -> Toggles:
    """By e-mail, one button per attacker from ``row`` down: whether it advances if the hex is vacated (R12.9)."""
    combat = client.state.combat
    assert combat is not None
    if not client.combat_by_orders or combat.stage is not CombatStage.DECLARING or not client.is_human_turn():
        return []
    toggles: Toggles = []
    for i, unit in enumerate(combat.attackers):
        name = client.gd.unit_def(unit).name
        advances = client.advance_choice.advances(unit)
        label = say("combat_panel.advances" if advances else "combat_panel.stays_put", name=name)
        tip = say("combat_panel.advance_tip" if advances else "combat_panel.stay_tip", name=name)
        rect = pygame.Rect(row.left, row.top + i * (row.height + px(4)), row.width, row.height)
        button = Button(label, None, rect, size=12, toggled=advances, tip=tip)
        button.draw(surface, mouse)
        toggles.append((button, AdvanceToggle(unit)))
    return toggles


def _rule_tags(surface: pygame.Surface, area: pygame.Rect, explained: dict[int, Explained],
               mouse: tuple[int, int], notes: PanelNotes) -> None:
    """Each explained line's rule number as a link at its right end, and its row's hover explanation."""
    step = font(px(12)).get_linesize()
    previous = None
    for index, note in explained.items():
        row = pygame.Rect(area.left, area.top + index * step, area.width, step)
        if row.bottom > area.bottom:
            continue
        notes.tips.append((row, say("combat_panel.more_click_the_number", note=note.text, rule=note.rule)))
        if note.rule == previous:
            continue  # one tag for a run of lines under the same rule
        previous = note.rule
        tag_left = row.right - font(px(12)).size(note.rule)[0] - px(2)
        notes.links += draw_linked(surface, note.rule, (tag_left, row.top), 12, DIM, mouse)


def _draw_last_roll(surface: pygame.Surface, topleft: tuple[int, int], client: GameClient,
                    notes: PanelNotes | None) -> None:
    """The die of the combat just rolled, with its modified roll and result (a hover spells the result out)."""
    roll = last_roll(client)
    if roll is None:
        return
    area = draw_roll(surface, topleft, roll.die, roll.modifier, roll.modified_roll, roll.result)
    result = crt_of(client.gd).results.get(roll.result)
    if notes is not None and result is not None:
        notes.tips.append((area, explain_result(roll.result, result)))


def _air_buttons(surface: pygame.Surface, row: pygame.Rect, client: GameClient, ap: int,
                 linked: tuple[PanelNotes | None, tuple[int, int]]) -> Hits:
    """``Air points: n of pool [-] [+]`` for the attacker's air points; "Air points" links to R11.3 and explains it."""
    side = client.state.side
    text = say("combat_panel.air_points_of", ap=ap, pool=client.state.pool('attack', side))
    notes, mouse = linked
    said = explain_attack_air(client.gd)
    top = row.centery - font(px(12)).get_linesize() // 2
    term = [Link(0, len(say("combat_panel.air_points")), said.rule, term=True)]
    found = draw_linked(surface, text, (row.left, top), 12, TEXT, mouse, links=term)
    r = pygame.Rect(row.left, top, font(px(12)).size(text)[0], font(px(12)).get_linesize())
    if notes is not None:
        notes.links += found
        notes.tips.append((r, say("combat_panel.more_click_the_words", note=said.text, rule=said.rule)))
    hits: Hits = []
    x = max(r.right + px(8), row.right - 2 * px(34))
    for label, value in (("-", ap - 1), ("+", ap + 1)):
        action = SetCombatAir(side=side, air_points=max(0, value))
        reason = _reason(client, action) if value >= 0 else NO_AIR_SET
        button = Button(label, reason, pygame.Rect(x, row.top, px(30), row.height), size=14)
        hits.append((button, action))
        x += px(34)
    return hits


def _row(surface: pygame.Surface, row: pygame.Rect, client: GameClient, items: list[tuple[str, Action]],
         mouse: tuple[int, int]) -> Hits:
    """Buttons side by side across ``row``, each enabled by the gate."""
    gap = px(6)
    w = (row.width - gap * (len(items) - 1)) // len(items)
    hits: Hits = []
    for i, (label, action) in enumerate(items):
        rect = pygame.Rect(row.left + i * (w + gap), row.top, w, row.height)
        hits.append((Button(label, _reason(client, action), rect, size=12), action))
    return hits


def _reason(client: GameClient, action: Action) -> str | None:
    """The gate's reason an action is refused now, or None."""
    return client.why_not(action)

