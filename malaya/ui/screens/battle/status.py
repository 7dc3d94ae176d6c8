"""The battle as plain data for a watcher outside the window: what a real-window test waits on (issue 26)."""

from __future__ import annotations

from malaya.ui.screens.battle.host import BattleHost


def battle_status(screen: BattleHost) -> dict[str, object]:
    """Turn, side, phase, the combat's stage and attackers, actions so far, the selection, the map cursor and
    where End Phase is (window pixels)."""
    state, combat, cursor = screen.client.state, screen.client.state.combat, screen.cursor
    return {"turn": state.turn, "side": state.side.value, "phase": state.phase.value,
            "combat": None if combat is None else combat.stage.value,
            "attackers": 0 if combat is None else len(combat.attackers),
            "actions": len(screen.client.match.log), "selected": screen.selection.selected,
            "cursor": [cursor.at.q, cursor.at.r] if cursor.shown and cursor.at else None,
            "cursor_landing": cursor.shown and cursor.landing,
            "end_phase": list(screen.end_phase.rect.center)}
