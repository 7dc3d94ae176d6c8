"""CRT result codes spelled out from the CRT's own data (R12.6): ``DR: defenders retreat 2 hexes``."""

from __future__ import annotations

from malaya.engine.crt import ResultDef


def _steps(n: int) -> str:
    """``1 step`` / ``2 steps``."""
    return f"{n} step{'s' if n != 1 else ''}"


def spell_result(code: str, result: ResultDef) -> str:
    """The code and what it does to each side, from its step losses, retreats and elimination."""
    parts = []
    if result.attacker_steps:
        parts.append(f"attackers lose {_steps(result.attacker_steps)}")
    if result.attacker_retreat:
        parts.append(f"{'survivors' if result.attacker_steps else 'attackers'} retreat "
                     f"{result.attacker_retreat} hexes")
    if result.defender_eliminated:
        parts.append("defenders eliminated")
    if result.defender_steps:
        parts.append(f"defenders lose {_steps(result.defender_steps)}")
    if result.defender_retreat:
        parts.append(f"{'survivors' if result.defender_steps else 'defenders'} retreat "
                     f"{result.defender_retreat} hexes")
    return f"{code}: {', '.join(parts) or 'no effect'}"


def explain_result(code: str, result: ResultDef) -> str:
    """The spelled-out code and the rules that carry it out (what a hover over the code shows)."""
    notes = [spell_result(code, result) + "."]
    if result.attacker_steps or result.defender_steps:
        notes.append("Losses fall on two-step units first, then at random (R12.7).")
    if result.attacker_retreat or result.defender_retreat:
        notes.append("Retreats go away from the combat towards supply; a unit with no way back loses "
                     "two steps instead (R12.8).")
    if result.defender_retreat or result.defender_eliminated:
        notes.append("The attackers may then advance into the emptied hex (R12.9).")
    return " ".join(notes)
