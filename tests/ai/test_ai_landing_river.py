"""The scripted first landing (issue 18 blunder 5; Kota Bharu in the campaign): the JP makes it when the exact
odds of the landing assault pay (R17, R9.6, R12.9), and the CW keeps the port's garrison on turns 1-2 while
that assault is poor for JP. (The river-line tests went with the ``river_line`` knob, on at no level.)"""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.landing_assault import assault_worth, historical_landing_score, hold_bonus, landing_preview
from malaya.engine.sides import Side
from malaya.engine.state import Location, Phase, set_pool
from malaya.session.words.breakdown_words import breakdown_text
from tests.builder import Game, GameBuilder

PORT = (0, 4)


def _landing(garrison_defense: int, phase: Phase = Phase.NAVAL, side: str = "JP", air: int = 3) -> Game:
    # given an East-coast port held by a CW brigade, a JP airfield in Siam in range of it, and a JP
    # regiment in the box whose first landing is fixed at that port (the Takumi Detachment, R17)
    game = (GameBuilder(width=6, height=20).siam((0, 0), (1, 0)).terrain((3, 19), "fortress")
            .place("Port", PORT, port=True, sea_area="East")
            .place("Siam field", (1, 0), airfield=True)
            .unit("jp_takumi", "JP", at=None).first_landing("jp_takumi", PORT)
            .unit("jp_north", "JP", at=(3, 1))
            .unit("cw_port", "CW", at=PORT, defense=garrison_defense)
            .at_phase(phase, side=side, turn=1).build())
    state = replace(game.state, attack_pool=set_pool(game.state.attack_pool, Side.JP, air))
    return replace(game, state=state)


def test_the_landing_assault_is_previewed_as_an_amphibious_attack_from_the_landing_zone() -> None:
    game = _landing(garrison_defense=3)
    # when the JP previews the regiment's landing assault with 3 AP
    pv = landing_preview(game.gd, game.state, "jp_takumi", game.hex(*PORT), 3)
    # then the engine resolves it against the garrison with the AP on, and the amphibious modifier (R12.5)
    assert pv.resolvable and pv.defenders == ("cw_port",) and pv.attack_air == 3
    assert any("mphibious" in breakdown_text(m) for m in pv.modifier_lines)


def test_the_jp_lands_against_a_weak_garrison_but_not_a_strong_one() -> None:
    # when the JP weighs its fixed first landing against a weak and a strong garrison
    weak, strong = _landing(garrison_defense=2), _landing(garrison_defense=24)
    port = weak.hex(*PORT)
    # then it lands where the exact odds pay, and not where a failed assault would cost it (R12.9)
    assert historical_landing_score(weak.gd, weak.state, "jp_takumi", port, 1.1) is not None
    assert historical_landing_score(strong.gd, strong.state, "jp_takumi", port, 1.1) is None
    assert assault_worth(strong.gd, strong.state,
                         landing_preview(strong.gd, strong.state, "jp_takumi", port, 3), 1.1) < 0


def test_the_cw_keeps_a_strong_port_garrison_on_turn_1_and_lets_a_weak_one_go() -> None:
    # given the CW Movement phase of turn 1
    strong = _landing(garrison_defense=24, phase=Phase.MOVEMENT, side="CW")
    weak = _landing(garrison_defense=2, phase=Phase.MOVEMENT, side="CW")
    port = strong.hex(*PORT)
    # when it weighs the garrison staying put, then only the garrison the JP cannot profitably assault stays
    assert hold_bonus(strong.gd, strong.state, "cw_port", port, 1.1) > 0
    assert hold_bonus(weak.gd, weak.state, "cw_port", port, 1.1) == 0
    # and only in the port itself, on turns 1-2
    assert hold_bonus(strong.gd, strong.state, "cw_port", strong.hex(1, 6), 1.1) == 0
    late = replace(strong.state, turn=3)
    assert hold_bonus(strong.gd, late, "cw_port", port, 1.1) == 0


def test_once_the_landing_unit_is_lost_the_cw_no_longer_weighs_its_landing() -> None:
    # given the strong garrison, and the JP regiment of the fixed landing eliminated
    game = _landing(garrison_defense=24, phase=Phase.MOVEMENT, side="CW")
    units = tuple(replace(u, location=Location.ELIMINATED, steps=0) if u.id == "jp_takumi" else u
                  for u in game.state.units)
    state = replace(game.state, units=units)
    # when the CW weighs keeping the port, then there is no landing left to contest
    assert hold_bonus(game.gd, state, "cw_port", game.hex(*PORT), 1.1) == 0
