"""The luck ledger is exact: every combat against an enumeration of its die (issue 29, R12.6)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from malaya.engine.combat.events import DiceRolled
from malaya.engine.crt import crt_result
from malaya.engine.sides import Side
from malaya.persistence import write_save
from malaya.persistence.game_analysis import luck_ledger
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.session.analysis.luck import LuckLedger, luck_sentence, steps_text
from malaya.session.controllers import make_controller
from tests.analysis.full_game import FULL_GAME
from tests.bundled import bundled_game


@pytest.fixture(scope="module", params=["random full game", "computer game"])
def full_log(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> ReplayLog:
    """The bundled full game (random players, few combats), or eight player-turns of the computer against itself."""
    if request.param == "random full game":
        return ReplayLog.open(FULL_GAME)
    gd = bundled_game()
    record = GameRecord.new(gd, 5, (), {Side.JP: "ai:normal", Side.CW: "ai:normal"})
    bots = {side: make_controller("ai:normal", side, 11 + i) for i, side in enumerate(Side)}
    while len(record.tracker.checkpoints) <= 8:
        assert record.submit(bots[record.match.state.side](gd, record.match.state)) is None
    path = write_save(record.to_save("ai"), tmp_path_factory.mktemp("ai") / "ai.json", backup=False)
    return ReplayLog.open(path)


def _enumerated(log: ReplayLog, index: int, rolled: DiceRolled) -> tuple[Fraction, Fraction, Fraction]:
    """(expected steps, rolled steps, chance of the rolled result), by trying every face of the die."""
    gd, before = log.gd, log.state_at(index - 1)
    crt = gd.scenario.ruleset.combat.crt
    combat = before.combat
    assert combat is not None
    attack = sum(u.steps for u in before.units if u.id in combat.attackers)
    defence = sum(u.steps for u in before.units_at(rolled.defender_hex) if gd.side_of(u.id) is not rolled.side)

    def worth(code: str) -> int:
        r = crt.results[code]
        return (defence if r.defender_eliminated else min(r.defender_steps, defence)) - min(r.attacker_steps, attack)

    sides = gd.scenario.ruleset.combat.die_sides
    faces = [crt_result(crt, rolled.column, face + rolled.modifier) for face in range(1, sides + 1)]
    return (Fraction(sum(worth(c) for c in faces), sides), Fraction(worth(rolled.result)),
            Fraction(faces.count(rolled.result), sides))


@pytest.mark.slow
def test_given_the_full_game_when_its_ledger_is_drawn_then_every_combat_matches_an_enumeration_of_the_die(
        full_log: ReplayLog) -> None:
    ledger = luck_ledger(full_log)
    rolls = [(i, e) for i, e in full_log.events_upto(len(full_log)) if isinstance(e, DiceRolled)]
    assert len(ledger.combats) == len(rolls) >= 4
    for c, (index, rolled) in zip(ledger.combats, rolls, strict=True):
        expected, got, chance = _enumerated(full_log, index, rolled)
        assert (c.expected, c.rolled, c.chance) == (expected, got, chance), (index, rolled.result)
        assert c.luck == got - expected


@pytest.mark.slow
def test_given_a_ledger_then_one_sides_luck_is_the_others_loss_and_the_turns_sum_to_the_whole(
        full_log: ReplayLog) -> None:
    ledger = luck_ledger(full_log)
    assert ledger.total(Side.JP) == -ledger.total(Side.CW)
    assert sum(ledger.by_turn(Side.JP).values(), Fraction(0)) == ledger.total(Side.JP)
    luckiest = ledger.luckiest()
    assert luckiest is not None and all(abs(c.luck) <= abs(luckiest.luck) for c in ledger.combats)


def test_given_a_total_when_told_then_it_reads_in_steps_and_says_which_way() -> None:
    assert steps_text(Fraction(9, 2)) == "4.5 steps"
    assert steps_text(Fraction(1)) == "1 step"
    assert luck_sentence(LuckLedger(()), Side.JP, "Japanese").startswith("No combat")
