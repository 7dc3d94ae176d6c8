"""Which units may attack which hexes (combat chapter "General Rule", "Which Units May Attack"; R12.1, R12.2)."""

from __future__ import annotations

from malaya.engine import rules
from malaya.engine.actions import AddAttacker, DeclareCombat, EndCombat, EndPhase, RollDice
from malaya.engine.combat import eligible_attackers
from malaya.engine.combat.events import DiceRolled
from malaya.engine.sides import Side
from malaya.engine.state import Location, Phase
from tests.rules.combat_fixtures import D, Table, combat_builder, hx, toward

N, S, NE, SE, SW, NW = (toward(D, d) for d in ("N", "S", "NE", "SE", "SW", "NW"))


def test_combat_is_declared_only_in_the_phasing_players_combat_phase_R12_1() -> None:
    # given JP and CW units adjacent, in the JP Movement phase
    game = combat_builder().unit("jp", "JP", at=S).unit("cw", "CW", at=D).at_phase(Phase.MOVEMENT).build()
    table = Table.of(game)
    # when JP declares a combat / then the gate refuses: combat belongs to the Combat phase
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(D))).code == "wrong_phase"


def test_the_phasing_player_is_the_attacker_and_the_other_cannot_declare_R12_1() -> None:
    # given the JP Combat phase with CW adjacent to JP
    table = Table.of(combat_builder().unit("jp", "JP", at=S).unit("cw", "CW", at=D).build())
    # when CW tries to attack the JP hex / then it is not CW's player-turn
    assert table.check(DeclareCombat(side=Side.CW, defender=hx(S))).code == "not_your_turn"
    # and JP may not "attack" its own hex: only enemy units are defenders
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(S))).code == "no_enemy"
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(D))) is None


def test_only_units_directly_adjacent_to_the_enemy_hex_may_attack_it_R12_2() -> None:
    # given one JP unit adjacent to the CW hex and one two hexes away
    far = toward(D, "S", "S")
    table = Table.of(combat_builder().unit("near", "JP", at=S).unit("far", "JP", at=far).unit("cw", "CW", at=D).build())
    # when a combat is declared against the CW hex
    table.declare(D)
    # then only the adjacent unit may join
    assert eligible_attackers(table.gd, table.state, hx(D)) == ("near",)
    assert table.check(AddAttacker(side=Side.JP, unit="far")).code == "unit_not_adjacent"


def test_a_hex_with_no_adjacent_attacker_is_not_offered_and_cannot_be_declared_R12_10() -> None:
    # given a CW unit that no JP unit is adjacent to
    table = Table.of(combat_builder().unit("jp", "JP", at=(0, 0)).unit("cw", "CW", at=D).build())
    # then it is not offered, and declaring it is refused with a reason
    assert not any(isinstance(a, DeclareCombat) for a in rules.legal_actions(table.gd, table.state))
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(D))).code == "none_adjacent"


def test_every_attackable_enemy_hex_is_offered_sorted_R12_10_step_1() -> None:
    # given a JP unit between two CW hexes
    table = Table.of(combat_builder().unit("jp", "JP", at=D).unit("a", "CW", at=N).unit("b", "CW", at=S).build())
    # when the legal actions are listed
    offered = [a.defender for a in rules.legal_actions(table.gd, table.state) if isinstance(a, DeclareCombat)]
    # then both enemy hexes are offered, in hex order
    assert offered == sorted([hx(N), hx(S)])


def test_armor_cannot_attack_without_road_connection_R12_2() -> None:
    # given a JP tank regiment adjacent to a CW unit, with no road or rail between them
    table = Table.of(combat_builder().unit("tank", "JP", at=S, type="armor").unit("cw", "CW", at=D).build())
    # then the tank may not attack (combat chapter: armor needs a road or rail to the defender's hex)
    assert eligible_attackers(table.gd, table.state, hx(D)) == ()
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(D))).code == "adjacent_cannot_enter"


def test_armor_may_attack_along_a_road_or_a_rail_connection_R12_2() -> None:
    # given tanks joined to the CW hex by a road and by a rail
    game = (combat_builder().road(S, D).rail(N, D)
            .unit("t1", "JP", at=S, type="armor").unit("t2", "JP", at=N, type="armor").unit("cw", "CW", at=D).build())
    # then both may attack it
    assert eligible_attackers(game.gd, game.state, hx(D)) == ("t1", "t2")


def test_armor_may_not_attack_over_a_demolished_bridge_R12_2_R7_7() -> None:
    # given a road bridge over a river between a tank and the CW hex, demolished
    game = (combat_builder().road(S, D).hexside(S, D, "river_minor")
            .unit("tank", "JP", at=S, type="armor").unit("cw", "CW", at=D).build())
    table = Table.of(game, demolished=frozenset({tuple(sorted((hx(S), hx(D))))}))
    # then the tank has no usable connection and may not attack
    assert eligible_attackers(table.gd, table.state, hx(D)) == ()


def test_infantry_may_attack_across_a_strait_R5_2_R12_2() -> None:
    # given infantry across a strait hexside from the CW hex
    game = combat_builder().hexside(S, D, "strait").unit("jp", "JP", at=S).unit("cw", "CW", at=D).build()
    # then it could enter the hex (using its whole MA), so it may attack it
    assert eligible_attackers(game.gd, game.state, hx(D)) == ("jp",)


def test_no_unit_may_attack_across_an_all_sea_hexside_R5_2_R12_2() -> None:
    # given infantry separated from the CW hex by an all-sea hexside
    game = combat_builder().hexside(S, D, "sea").unit("jp", "JP", at=S).unit("cw", "CW", at=D).build()
    # then it could not enter the hex and may not attack it
    assert eligible_attackers(game.gd, game.state, hx(D)) == ()


def test_attacking_is_voluntary_the_phase_may_end_without_attacking_R12_2() -> None:
    # given JP units adjacent to CW units
    table = Table.of(combat_builder().unit("jp", "JP", at=S).unit("cw", "CW", at=D).build())
    # then JP may end its Combat phase without attacking
    assert table.check(EndPhase(side=Side.JP)) is None


def test_a_hex_may_be_attacked_from_all_six_adjacent_hexes_R12_2() -> None:
    # given a JP unit in each of the six hexes around the CW unit
    builder = combat_builder().unit("cw", "CW", at=D)
    for i, cell in enumerate((N, NE, SE, S, SW, NW)):
        builder = builder.unit(f"jp{i}", "JP", at=cell)
    table = Table.of(builder.build())
    # when all six are added
    table.declare(D, *(f"jp{i}" for i in range(6)))
    # then all six take part
    assert table.state.combat.attackers == tuple(f"jp{i}" for i in range(6))


def test_all_units_in_the_defending_hex_defend_together_as_one_strength_R12_2() -> None:
    # given two CW units in the defender's hex
    table = Table.of(combat_builder().unit("jp", "JP", at=S, attack=12)
                     .unit("a", "CW", at=D, defense=4).unit("b", "CW", at=D, defense=2).build())
    # when JP attacks the hex and rolls
    table.declare(D, "jp")
    events = table.roll(4)
    # then both defended, as one total (4 + 2 = 6): 12 vs 6 is the 2:1 column
    assert {"a", "b"} <= table.state.revealed
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    assert (rolled.defense, rolled.column) == ("6", "2:1")


def test_no_unit_attacks_twice_R12_2() -> None:
    # given a JP unit adjacent to two CW hexes, which has attacked one of them
    table = Table.of(combat_builder().unit("jp", "JP", at=D).unit("a", "CW", at=N).unit("b", "CW", at=S).build())
    table.attack(N, "jp", die=1)
    if table.state.combat is not None:
        table.do(EndCombat(side=Side.JP))
    # when a second combat is declared against the other hex
    # then the unit is no longer eligible, so that hex cannot be attacked at all
    assert table.unit("jp").attacked
    assert eligible_attackers(table.gd, table.state, hx(S)) == ()
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(S))).code == "all_adjacent_attacked"


def test_a_unit_adjacent_to_two_enemy_hexes_attacks_only_one_of_them_R12_2() -> None:
    # given a JP unit between two CW hexes, and another JP unit adjacent to the second only
    other = toward(S, "S")
    table = Table.of(combat_builder().unit("jp", "JP", at=D).unit("jp2", "JP", at=other)
                     .unit("a", "CW", at=N).unit("b", "CW", at=S).build())
    # when it attacks the first
    table.attack(N, "jp", die=1)
    # then it may not join an attack on the second
    table.declare(S)
    assert table.check(AddAttacker(side=Side.JP, unit="jp")).code == "unit_already_attacked"
    assert table.check(AddAttacker(side=Side.JP, unit="jp2")) is None


def test_a_hex_is_attacked_once_per_phase_R12_2() -> None:
    # given a CW hex attacked once, with a fresh JP unit still adjacent
    table = Table.of(combat_builder().unit("jp", "JP", at=S).unit("jp2", "JP", at=N)
                     .unit("cw", "CW", at=D, defense=12).build())
    table.attack(D, "jp", die=3)
    # when JP declares a second combat against it / then it is refused
    rejection = table.check(DeclareCombat(side=Side.JP, defender=hx(D)))
    assert rejection is not None and rejection.code == "already_attacked"
    assert hx(D) in table.state.attacked_hexes


def test_landed_units_are_adjacent_only_to_their_port_R12_2_R9_6() -> None:
    # given a JP unit in the landing zone of a CW port, with another CW hex elsewhere
    game = (combat_builder().place("Port", D, port=True).unit("jp", "JP", at=(0, 0))
            .unit("cw", "CW", at=D).unit("cw2", "CW", at=(0, 1)).build())
    table = Table.of(game).land("jp", D)
    # then it may attack the port and nothing else
    assert eligible_attackers(table.gd, table.state, hx(D)) == ("jp",)
    assert eligible_attackers(table.gd, table.state, hx((0, 1))) == ()


def test_landed_units_must_attack_the_port_the_phase_cannot_end_before_R12_2() -> None:
    # given a JP unit that landed at a defended CW port
    game = combat_builder().place("Port", D, port=True).unit("jp", "JP", at=(0, 0)).unit("cw", "CW", at=D).build()
    table = Table.of(game).land("jp", D)
    # when JP tries to end the Combat phase / then it must attack first
    rejection = table.check(EndPhase(side=Side.JP))
    assert rejection is not None and rejection.code == "amphibious_must_attack"
    # and once it has attacked, the phase may end
    table.attack(D, "jp", die=6)
    if table.state.combat is not None:
        table.do(EndCombat(side=Side.JP))
    assert table.check(EndPhase(side=Side.JP)) is None


def test_an_attack_on_a_port_must_include_every_unit_landed_there_R12_2() -> None:
    # given JP units landed at a CW port and another JP unit adjacent to it by land
    game = (combat_builder().place("Port", D, port=True).unit("sea", "JP", at=(0, 0))
            .unit("land", "JP", at=S).unit("cw", "CW", at=D).build())
    table = Table.of(game).land("sea", D)
    # when the land unit alone is committed / then Roll Dice is refused
    table.declare(D, "land")
    rejection = table.check(RollDice(side=Side.JP))
    assert rejection is not None and rejection.code == "landed_must_join"


def test_landed_units_that_cannot_attack_at_resolvable_odds_fail_when_the_phase_ends_R12_9() -> None:
    # given a weak JP unit landed at a strongly held port (odds below 1:2 even with all it has)
    game = (combat_builder().place("Port", D, port=True).unit("jp", "JP", at=(0, 0), attack=2)
            .unit("cw", "CW", at=D, defense=10).build())
    table = Table.of(game).land("jp", D)
    # when JP ends the phase (nothing blocks it: the attack is impossible)
    assert table.check(EndPhase(side=Side.JP)) is None
    table.do(EndPhase(side=Side.JP))
    # then the landed unit lost a step and went back to the JP box
    unit = table.unit("jp")
    assert (unit.location, unit.steps) == (Location.JP_BOX, 1)


def test_units_stacked_with_attackers_that_do_not_join_are_never_affected_R12_2() -> None:
    # given two JP units stacked together, only one attacking (1:2 odds, die 1: A2)
    table = Table.of(combat_builder().unit("in", "JP", at=S, attack=3).unit("out", "JP", at=S)
                     .unit("cw", "CW", at=D, defense=6).build())
    table.attack(D, "in", die=1)
    # then the attacker lost both its steps and the stacked non-participant none, and it may still attack
    assert table.unit("in").location is Location.ELIMINATED
    assert table.unit("out").steps == 2 and not table.unit("out").attacked


def test_no_unit_is_attacked_twice_even_after_retreating_into_another_hex_R12_2() -> None:
    # given a corridor D → N → NN, a fresh JP unit next to NN, and a CW unit driven from D into NN
    n, nn = toward(D, "N"), toward(D, "N", "N")
    z = toward(nn, "NE")
    builder = combat_builder()
    for col in range(9):
        for row in range(9):
            if (col, row) not in (D, S, n, nn, z):
                builder = builder.terrain((col, row), "sea")
    table = Table.of(builder.unit("jp", "JP", at=S).unit("jp2", "JP", at=z).unit("cw", "CW", at=D).build())
    table.attack(D, "jp", die=5)  # 8 vs 6: 1:1, die 5: DR (one step lost for the EZOC of NN)
    table.do(EndCombat(side=Side.JP))
    assert table.unit("cw").hex == hx(nn) and table.unit("cw").steps == 1
    # when JP declares a combat on NN with the fresh unit next to it / then it is refused
    assert table.check(DeclareCombat(side=Side.JP, defender=hx(nn))).code == "holds_attacked_unit"
    assert not any(isinstance(a, DeclareCombat) for a in rules.legal_actions(table.gd, table.state))
