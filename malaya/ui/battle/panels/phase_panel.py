"""The phase panel at the top of the side panel: what the current phase offers besides map clicks.

Reinforcement: optional-unit offers (Accept / Decline, with VP cost) and "place in the
JP box" (R14, R16.1). Air: this turn's AP and the attack/defense split (R11.2). Naval:
Force Z's status and "Attack Force Z" (R9.7), sea capacity. Movement (CW): the Demolish
bridge mode (R7.7). Rail: capacity used (R8.2). Combat: the last roll with its die.
Buttons carry the action they submit and are enabled only when the gate accepts it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

import pygame

from malaya.engine import (
    AcceptOptionalUnit,
    Action,
    AllocateAir,
    AttackForceZ,
    DeclineOptionalUnit,
    ForceZStatus,
    Phase,
    Side,
    crt_of,
)
from malaya.session import phase_info as info
from malaya.session.game_client import GameClient
from malaya.session.previews import force_z_chances, percent
from malaya.session.words.catalog import say
from malaya.session.words.event_words import PHASE_TITLES
from malaya.ui.panels.crt_words import explain_result
from malaya.ui.widgets.dice import draw_roll
from malaya.ui.widgets.kit import (
    ACCENT,
    BAD,
    DIM,
    GOOD_TEXT,
    TEXT,
    Button,
    draw_panel,
    draw_text,
    px,
    wrap,
)
from malaya.ui.widgets.link_text import LinkHits, draw_linked


class PanelCommand(Enum):
    """What a panel button asks of the screen rather than of the engine."""

    DEMOLISH = "demolish"
    """Arm or disarm the CW's Demolish mode (R7.7)."""
    LEDGER = "ledger"
    """Open the Dice Ledger."""
    NOTHING = "nothing"
    """A disabled button's placeholder (it only explains why it is disabled)."""


DEMOLISH = PanelCommand.DEMOLISH
LEDGER = PanelCommand.LEDGER


@dataclass
class PhaseHits:
    """Buttons drawn this frame: those that submit an action, and UI commands (modes, views)."""

    actions: list[tuple[Button, Action]] = field(default_factory=list)
    commands: list[tuple[Button, PanelCommand]] = field(default_factory=list)
    links: LinkHits = field(default_factory=list)
    """Rule numbers in the panel's lines: links to the rules page."""
    tips: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    """Hover explanations (the last roll's die: its result code spelled out)."""


@dataclass
class PanelContext:
    """What the panel needs besides the client: the selected unit, the demolish mode, the mouse."""

    client: GameClient
    selected: str | None
    demolish_mode: bool
    mouse: tuple[int, int]
    ledger_key: str = "D"  # the Dice Ledger's key as bound now (Settings → Keys)


def draw_phase_panel(surface: pygame.Surface, rect: pygame.Rect, ctx: PanelContext, hits: PhaseHits) -> int:
    """Draw the panel for the current phase (if it has one) at the top of ``rect``; returns its bottom."""
    if not ctx.client.is_human_turn():
        return rect.top
    drawer = _DRAWERS.get(ctx.client.state.phase)
    if drawer is None:
        return rect.top
    lines, buttons = drawer(ctx)
    if not lines and not buttons:
        return rect.top
    wrapped = [(w, c) for t, c in lines for w in wrap(t, 12, rect.width - px(14))]
    extra = _extra_height(ctx)
    height = px(30) + len(wrapped) * px(17) + len(buttons) * px(30) + extra
    box = pygame.Rect(rect.left, rect.top, rect.width, height)
    inner = draw_panel(surface, box, say("phase_panel.phase", phase=PHASE_TITLES[ctx.client.state.phase]))
    y = inner.top
    for text, color in wrapped:
        hits.links += draw_linked(surface, text, (inner.left, y), 12, color, ctx.mouse)
        y += px(17)
    y = _draw_extra(surface, inner, y, ctx, hits)
    for row in buttons:
        y = _button_row(surface, inner, y, row, ctx, hits)
    return box.bottom


Row = list[tuple[str, Action | PanelCommand, str | None]]
"""A row of buttons: label, the action (or UI command) and its disabled reason."""


def _button_row(surface: pygame.Surface, inner: pygame.Rect, y: int, row: Row, ctx: PanelContext,
                hits: PhaseHits) -> int:
    """Buttons side by side; returns the y below them."""
    gap = px(6)
    w = (inner.width - gap * (len(row) - 1)) // max(1, len(row))
    for i, (label, what, reason) in enumerate(row):
        b = Button(label, reason, pygame.Rect(inner.left + i * (w + gap), y + px(2), w, px(25)), size=12)
        b.toggled = what == DEMOLISH and ctx.demolish_mode
        b.draw(surface, ctx.mouse)
        if isinstance(what, PanelCommand):
            hits.commands.append((b, what))
        else:
            hits.actions.append((b, what))
    return y + px(30)


def _reason(client: GameClient, action: Action) -> str | None:
    """The gate's reason an action is refused now, or None."""
    return client.why_not(action)


# --- per phase ---------------------------------------------------------------------------------------

Lines = list[tuple[str, tuple[int, int, int]]]
Drawn = tuple[Lines, list[Row]]


def _reinforcement(ctx: PanelContext) -> Drawn:
    """Offers with Accept / Decline, the arrivals hint, and "place in the JP box" for the selected unit."""
    client = ctx.client
    side = client.state.side
    lines: Lines = []
    rows: list[Row] = []
    for offer in info.offers(client):
        lines.append((say("phase_panel.optional_unit_offered_costs_vp", name=offer.name, vp=offer.vp), ACCENT))
        accept = AcceptOptionalUnit(side=side, unit=offer.unit)
        decline = DeclineOptionalUnit(side=side, unit=offer.unit)
        rows.append([(say("phase_panel.accept_vp", vp=offer.vp), accept, _reason(client, accept)),
                     (say("phase_panel.decline_lost_for_good"), decline, _reason(client, decline))])
    arriving = [u for u in client.offmap_units() if u not in info.placed_offmap(client)]
    if arriving:
        how = say("phase_panel.click_one_in_the_off")
        lines.append((say("phase_panel.arriving", units=len(arriving), how=how), TEXT))
    box = info.box_placement(client, ctx.selected)
    if box is not None:
        rows.append([(say("phase_panel.place_in_the_japanese_off", name=client.gd.unit_def(box.unit).name[:22]), box,
                      None)])
    if info.placed_offmap(client):
        lines.append((say("phase_panel.click_a_placed_unit_to"), DIM))
    return lines, rows


def _air(ctx: PanelContext) -> Drawn:
    """Air points received, the split as a bar, and buttons moving one point between the pools (R11.2)."""
    client = ctx.client
    split = info.air_split(client)
    side = client.state.side
    lines: Lines = [(say("phase_panel.air_points_received_this_turn", received=split.received), TEXT),
                    (say("phase_panel.attack_pool_defense_pool", attack=split.attack, defense=split.defense), ACCENT)]
    if split.received == 0:
        return lines + [(say("phase_panel.no_air_points_this_turn"), DIM)], []
    more_def = AllocateAir(side=side, attack=split.attack - 1, defense=split.defense + 1) if split.attack > 0 else None
    more_att = AllocateAir(side=side, attack=split.attack + 1, defense=split.defense - 1) if split.defense > 0 else None
    to_def: Row = [(say("phase_panel.move_1_air_point_to"), more_def or PanelCommand.NOTHING,
                    say("phase_panel.no_attack_air_points_left") if more_def is None else _reason(client, more_def))]
    to_att: Row = [(say("phase_panel.move_1_air_point_to_2"), more_att or PanelCommand.NOTHING,
                    say("phase_panel.no_defense_air_points_left") if more_att is None else _reason(client, more_att))]
    return lines, [to_def, to_att]


def _naval(ctx: PanelContext) -> Drawn:
    """Force Z's status and the attack buttons (JP), and how to sail (R9)."""
    client = ctx.client
    state = client.state
    status = {ForceZStatus.AFLOAT: say("phase_panel.afloat_it_may_intercept_east"),
              ForceZStatus.SUNK: say("phase_panel.sunk"),
              ForceZStatus.GONE: say("phase_panel.gone_left_malaya")}
    afloat = state.force_z is ForceZStatus.AFLOAT
    lines: Lines = [(say("phase_panel.force_z", status=status[state.force_z]), BAD if afloat else DIM),
                    (_naval_hint(client), TEXT)]
    rows: list[Row] = []
    if state.side is Side.JP and afloat:
        pool = state.pool("attack", Side.JP)
        lines.append((say("phase_panel.attack_air_points_left", pool=pool), TEXT))
        legal = {a.air_points: a for a in info.force_z_attacks(client)}
        chances = force_z_chances(client) if legal else {}
        for n in range(1, info.force_z_max(client) + 1):
            action = legal.get(n)
            candidate = action or AttackForceZ(side=Side.JP, air_points=n)
            label = say("phase_panel.attack_force_z_with", air_points=n) if n not in chances else \
                say("phase_panel.attack_force_z_with_chance", air_points=n, percent=percent(chances[n]))
            rows.append([(label, candidate, None if action else _reason(client, candidate))])
    return lines, rows


def _naval_hint(client: GameClient) -> str:
    """What to do in this Naval phase, in words that fit the side and whether anyone may sail (R9)."""
    if not client.available_units():
        return say("phase_panel.none_of_your_units_can")
    if client.state.side is Side.JP:
        return say("phase_panel.select_a_unit_in_a_2")
    return say("phase_panel.select_a_unit_in_a")


MOVE_HINT = (say("phase_panel.click_one_of_your_units"))
"""How to move and undo, for a player who has not done it yet (R7.6)."""


def _movement(ctx: PanelContext) -> Drawn:
    """How to move, and the Demolish bridge mode for CW (R7.6, R7.7)."""
    client = ctx.client
    if client.state.side is not Side.CW:
        return [(MOVE_HINT, TEXT)], []
    n = len(info.demolitions(client))
    lines: Lines = [(MOVE_HINT, TEXT), (say("phase_panel.bridges_you_may_demolish_now", n=n), TEXT)]
    if ctx.demolish_mode:
        lines.append((say("phase_panel.click_a_marked_bridge_to"), ACCENT))
    reason = None if n or ctx.demolish_mode else (say("phase_panel.no_bridge_may_be_demolished"))
    label = say("phase_panel.leave_demolish_mode") if ctx.demolish_mode else say("phase_panel.demolish_bridge")
    return lines, [[(label, DEMOLISH, reason)]]


def _rail(ctx: PanelContext) -> Drawn:
    """Rail capacity used and left (R8.2)."""
    used, cap = info.rail_capacity(ctx.client)
    color = GOOD_TEXT if used < cap else DIM
    lines: Lines = [(say("phase_panel.rail_capacity_of_moved", used=used, capacity=cap),
                     TEXT if used < cap else DIM)]
    if used >= cap:
        lines.append((say("phase_panel.the_rail_capacity_is_used"), DIM))
    elif not ctx.client.available_units():
        lines.append((say("phase_panel.none_of_your_units_can_2"), DIM))
    else:
        lines.append((say("phase_panel.available_units_are_outlined_select"), color))
    return lines, []


def _combat(ctx: PanelContext) -> Drawn:
    """The dice ledger button (the last roll is drawn as a die, see ``_draw_extra``)."""
    if ctx.client.state.combat is not None:
        return [], [[(say("phase_panel.dice_ledger", ledger_key=ctx.ledger_key), LEDGER, None)]]
    lines: Lines = [(say("phase_panel.click_an_outlined_enemy_stack"), TEXT)]
    return lines, [[(say("phase_panel.dice_ledger", ledger_key=ctx.ledger_key), LEDGER, None)]]


_DRAWERS: dict[Phase, Callable[[PanelContext], Drawn]] = {
    Phase.REINFORCEMENT: _reinforcement, Phase.AIR: _air, Phase.NAVAL: _naval, Phase.MOVEMENT: _movement,
    Phase.RAIL: _rail, Phase.COMBAT: _combat,
}


def _extra_height(ctx: PanelContext) -> int:
    """Room for the air bar or the last roll's die."""
    phase = ctx.client.state.phase
    if phase is Phase.AIR and info.air_split(ctx.client).received:
        return px(22)
    if phase is Phase.COMBAT and ctx.client.state.combat is None and info.last_roll(ctx.client) is not None:
        return px(62)
    if phase is Phase.NAVAL and info.last_force_z_roll(ctx.client) is not None:
        return px(62)
    return 0


def _draw_extra(surface: pygame.Surface, inner: pygame.Rect, y: int, ctx: PanelContext, hits: PhaseHits) -> int:
    """The air split bar (red attack | blue defense) or the last combat's die (a hover spells its result out)."""
    phase = ctx.client.state.phase
    if phase is Phase.AIR:
        split = info.air_split(ctx.client)
        if not split.received:
            return y
        bar = pygame.Rect(inner.left, y + px(3), inner.width, px(14))
        cut = bar.left + round(bar.width * split.attack / split.received)
        pygame.draw.rect(surface, (190, 70, 60), (bar.left, bar.top, cut - bar.left, bar.height))
        pygame.draw.rect(surface, (70, 110, 190), (cut, bar.top, bar.right - cut, bar.height))
        for k in range(1, split.received):
            x = bar.left + round(bar.width * k / split.received)
            pygame.draw.line(surface, (20, 20, 20), (x, bar.top), (x, bar.bottom - 1))
        pygame.draw.rect(surface, TEXT, bar, 1)
        return y + px(22)
    if phase is Phase.NAVAL:
        return _draw_force_z_roll(surface, inner, y, ctx, hits)
    roll = info.last_roll(ctx.client) if phase is Phase.COMBAT and ctx.client.state.combat is None else None
    if roll is None:
        return y
    where = ctx.client.gd.place_name(roll.defender_hex)
    draw_text(surface, say("phase_panel.last_combat", where=where, column=roll.column), (inner.left, y), 12, DIM)
    area = draw_roll(surface, (inner.left, y + px(18)), roll.die, roll.modifier, roll.modified_roll, roll.result)
    result = crt_of(ctx.client.gd).results.get(roll.result)
    if result is not None:
        hits.tips.append((area, explain_result(roll.result, result)))
    return y + px(62)


def _draw_force_z_roll(surface: pygame.Surface, inner: pygame.Rect, y: int, ctx: PanelContext,
                       hits: PhaseHits) -> int:
    """The die of this phase's air attack on Force Z, drawn like a combat's, and what it decided (R9.7)."""
    attack = info.last_force_z_roll(ctx.client)
    if attack is None:
        return y
    draw_text(surface, say("phase_panel.air_attack_on_force_z", air_points=attack.air_points), (inner.left, y), 12, DIM)
    area = draw_roll(surface, (inner.left, y + px(18)), attack.roll, 0, attack.roll,
                     say("phase_panel.sunk") if attack.sunk else say("phase_panel.not_sunk"))
    hits.tips.append((area, say("phase_panel.force_z_sinks_when_the", roll=attack.roll, air_points=attack.air_points)))
    return y + px(62)
