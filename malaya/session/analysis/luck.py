"""The luck ledger (after GNU Backgammon's luck rating): every combat's die against its exact distribution.

A combat's worth to the attacker, in steps, is the steps the defenders lose minus the steps the
attackers lose (R12.6–R12.7, from the CRT's own result definitions; "defenders eliminated" is every
step of the defending stack). Its *expected* worth sums that over every result code with the exact
probability the engine gives for the combat's column and die modifier (R12.11); its *luck* is the
worth of the result rolled minus the expected worth. A side's luck is the sum over the combats it
attacked in, minus the sum over those it defended in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from malaya.engine import DiceRolled, GameDef, GameState, Side, crt_of, result_probabilities
from malaya.session.words.catalog import say


@dataclass(frozen=True, slots=True)
class CombatLuck:
    """One combat measured: what was rolled, how likely that was, and the steps above expectation."""

    turn: int
    attacker: Side
    place: str
    column: str
    result: str
    chance: Fraction  # the probability of the result rolled
    expected: Fraction  # expected steps (defenders lost − attackers lost)
    rolled: Fraction  # the same for the result rolled
    index: int = 0  # the action (the die) that resolved it

    @property
    def luck(self) -> Fraction:
        """Steps the attacker gained over expectation (negative: the die went against them)."""
        return self.rolled - self.expected

    def luck_for(self, side: Side) -> Fraction:
        """This combat's luck seen from ``side``."""
        return self.luck if side is self.attacker else -self.luck


def _stack_steps(state: GameState, unit_ids: Iterable[str]) -> int:
    """Steps left in the named units."""
    wanted = set(unit_ids)
    return sum(u.steps for u in state.units if u.id in wanted)


def result_worth(gd: GameDef, code: str, attack_steps: int, defense_steps: int) -> int:
    """Defender steps lost minus attacker steps lost for one result code (capped by what each stack has)."""
    meaning = crt_of(gd).results[code]
    lost = defense_steps if meaning.defender_eliminated else min(meaning.defender_steps, defense_steps)
    return lost - min(meaning.attacker_steps, attack_steps)


def combat_luck(gd: GameDef, before: GameState, rolled: DiceRolled, index: int = 0) -> CombatLuck:
    """Measure the combat ``rolled`` resolved; ``before`` is the state just before its die."""
    combat = before.combat
    if combat is None:
        raise ValueError("no combat is open before this die")
    defenders = combat.defenders or tuple(u.id for u in before.units_at(rolled.defender_hex)
                                          if gd.side_of(u.id) is not rolled.side)
    a_steps, d_steps = _stack_steps(before, combat.attackers), _stack_steps(before, defenders)
    odds = result_probabilities(gd, rolled.column, rolled.modifier)
    expected = sum((p * result_worth(gd, code, a_steps, d_steps) for code, p in odds), Fraction(0))
    chance = dict(odds).get(rolled.result, Fraction(0))
    return CombatLuck(rolled.turn, rolled.side, gd.place_name(rolled.defender_hex), rolled.column, rolled.result,
                      chance, expected, Fraction(result_worth(gd, rolled.result, a_steps, d_steps)), index)


@dataclass(frozen=True, slots=True)
class LuckLedger:
    """Every combat's luck, and the sums per side and game-turn."""

    combats: tuple[CombatLuck, ...]

    def total(self, side: Side) -> Fraction:
        """Steps ``side`` gained over expectation in the whole game."""
        return sum((c.luck_for(side) for c in self.combats), Fraction(0))

    def by_turn(self, side: Side) -> dict[int, Fraction]:
        """Steps ``side`` gained over expectation, per game-turn with combats."""
        out: dict[int, Fraction] = {}
        for c in self.combats:
            out[c.turn] = out.get(c.turn, Fraction(0)) + c.luck_for(side)
        return out

    def luckiest(self) -> CombatLuck | None:
        """The combat whose die moved the most steps from expectation (the earliest of equals)."""
        return max(self.combats, key=lambda c: abs(c.luck), default=None)


def steps_text(x: Fraction | float) -> str:
    """``4.5 steps`` / ``1 step`` — a number of steps to one decimal."""
    value = round(float(x), 1)
    number = f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else f"{int(value)}"
    return say("analysis.steps", number=number, count=abs(value))


def luck_sentence(ledger: LuckLedger, side: Side, adjective: str) -> str:
    """``The Japanese were 4.5 steps luckier than average`` (or unluckier, or exactly as lucky)."""
    total = ledger.total(side)
    if not ledger.combats:
        return say("analysis.no_combat")
    if total == 0:
        return say("analysis.as_lucky", side=adjective)
    return say("analysis.luckier" if total > 0 else "analysis.unluckier", side=adjective, steps=steps_text(abs(total)))
