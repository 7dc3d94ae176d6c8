"""The three AI levels. They differ in what the AI considers, not only in speed:

- **easy**: noisy scores, a single best attacker set with no air points, no air planning
  (everything into attack, or defense for CW), no landings beyond the opening one, no
  demolitions in front of the enemy, no lookahead on retreat losses.
- **normal**: full scoring, air points where they move the odds, air planned by need,
  landings a little ahead of the front, bridges blown in front of the enemy; the JP gathers
  attackers around the enemy stacks it can hit at good odds (:mod:`malaya.ai.assault`).
- **hard**: as normal, plus attacks coordinated across targets (attackers and AP shared out by
  value) and room made beside them; JP: landings deeper behind the CW line and also from map
  ports (outflanking by sea), an assault on Singapore island that accepts 1:2 with full air,
  its own step losses weighed as the CW VP they are;
  CW: counterattacks gathered like the JP's assaults, retreat-path lookahead (steps a blocked
  or ZOC retreat costs the JP), a tighter defensive line that weighs river hexsides. (Retreat
  lookahead for the JP attacker was measured and made it weaker, so it is CW-only.)
  Since issue 18 hard also plans the combat phase by expectation over exact outcomes, searches the
  CW Movement phase, guards the JP supply line, gathers attackers that fit and arrive, and holds
  Singapore island; each knob is a :class:`Level` field below. What every knob does and what it
  measured on the AI ladder, including what was tried and not kept, is in ``docs/ai-knobs.md``.
- **rca** (issue 25): hard plus the Movement-phase candidate actions scored by one evaluation of the
  scenario's own victory terms (``ai.evaluate``, ``ai.candidates``: take an open objective, march on one
  beyond reach, keep a held one) and optional units taken only where they can be placed. Measured per
  scenario against baseline in ``docs/ai-knobs.md``; it becomes ``hard`` once the ladder says so everywhere.
- **baseline**: the hard level as it stood when the AI ladder was built (issue 18), frozen so
  that ``benchmarks/ai_ladder.py`` measures every later level against the same opponent. Do not
  retune it; change ``hard`` instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Level:
    """Knobs of one AI level (see module docstring)."""

    name: str
    noise: float  # random score perturbation (0 = none)
    use_air: bool  # allocate AP by plan and add AP to combats
    coordinate: bool  # share attackers and AP across targets
    retreat_lookahead: bool  # CW: value the losses a blocked/EZOC retreat would cost the JP
    demolish: bool
    landing_depth: float  # how far (MP) ahead of the JP front a landing may go
    rivers: bool  # CW line weighs river hexsides in front
    min_attack_score: float  # declare a combat only above this expected score
    counterattack: bool  # CW may attack at all
    assault_goal: float = 0.0  # JP: odds to gather attackers for around enemy stacks (0 = no gathering)
    counter_goal: float = 0.0  # CW: the same for counterattacks by units not holding Singapore
    counter_least: float = 2.0  # CW: lowest estimated odds worth gathering a counterattack for
    map_landings: int = 0  # JP: a map-port unit may ship to land further south while fewer sea moves were made
    jp_loss: float = 1.1  # JP: what one of its own steps lost costs in the combat score (each is a CW VP, R15.3)
    island_value: float = 0.0  # JP: extra worth of taking a hex of Singapore island (combat score, assault choice)
    island_least: float = 0.0  # JP: odds worth gathering for against the island with full AP (0 = as elsewhere)
    lapsing_air_free: bool = False  # attack AP no other combat this phase could use cost nothing (they lapse, R11.2)
    air_budget: bool = False  # plan the combat phase as a whole, attack AP one budget at no other cost (combat_plan)
    even_odds_rule: bool = False  # no attack at 1:1 or worse unless its outcome distribution pays (combat.evaluate)
    pickets: bool = False  # JP: a spare unit pickets the supply road beside each bypassed CW stack (ai.pickets)
    island_path: bool = False  # CW: near Singapore, keep a way back to the island the JP cannot cut (ai.island_path)
    air_declares: bool = False  # attack AP that would lapse may make a combat worth declaring (combat_plan, R11.2)
    combat_search: bool = False  # plan the whole combat phase by expectation over exact outcomes (ai.combat_search)
    river_line: bool = False  # CW: stand behind river hexsides facing the nearest JP units (ai.river_line)
    contest_landing: bool = False  # CW: hold the historical landing port on turns 1-2 while its assault is poor for JP
    historical_landing: bool = False  # JP: make the historical first landing when its exact assault odds pay
    supply_guard: bool = False  # JP: weigh supply against the CW's next move, guard the road behind (ai.supply_guard)
    assault_air_goal: float = 0.0  # JP: gather only to these odds where 3 AP can be added (two attacks, ai.assault)
    low_odds_rule: bool = False  # JP search: attack at 1:1 or worse only if its dice pay (ai.low_odds)
    move_plan_budget: int = 0  # plans the Movement-phase search may rate (0 = the heuristic plan; ai.move_planner)
    move_plan_jp: bool = False  # the JP searches its Movement phase too (by default only the CW does)
    island_guard: bool = False  # CW: the Singapore garrison holds every island shore hex, then blows the causeway
    air_contact: float = 0.0  # JP: pay for ending next to a CW stack within air range (ai.air_contact, R11.5)
    strand_return: bool = False  # CW: an unsupplied unit near Singapore goes back to a supplied island hex first
    causeway_early: bool = False  # CW (island_guard): only units beside the causeway's mainland end keep it up
    air_topup: bool = False  # JP search: attack AP the plan leaves over go to its combats (they lapse, R11.2)
    contact_airfields: bool = False  # JP (air_contact): range as airfields are taken in the phase; a CW airfield
    # is worth the stacks it brings into range (ai.air_contact, R11.5)
    contact_odds: float = 0.0  # JP (air_contact): a contact counts once its attackers reach these estimated odds
    retreat_room: bool = False  # CW garrison: leave island retreat room for threatened island stacks (ai.island_room)
    strand_block: bool = False  # CW: a stranded unit with no way home stands where island retreats would leave it
    strand_guard: bool = False  # CW: ending unsupplied on the mainland near Singapore costs more (ai.island_path)
    assault_room: bool = False  # JP: gather only attackers that fit beside a target; they move first (ai.assault_room)
    assault_pull: float = 0.0  # JP: paid on top of the assault bonus to a committed unit ending beside its target
    low_odds_wait: bool = False  # JP search: no 1:1-or-worse attack while units near could make it 3:2 next turn
    exposure_relief: float = 0.0  # CW: share off the cost of the steps a stack could lose where it ends (score_cw)
    counter_threshold: float = 0.0  # CW combat search: worth a counterattack must exceed (0 = combat_search's 0.8)
    final_stand_mp: float = 0.0  # CW: every unit back to Singapore island once the JP body is this near (0 = 6 MP)
    shore_strength: float = 0.0  # CW garrison: pay strong units to hold the most threatened shore (ai.island_guard)
    low_odds_margin: float = 0.0  # JP search: steps the dice of a 1:1-or-worse attack must be worth (ai.low_odds)
    armor_anchor: bool = False  # CW: take the armored brigade and stand it in front on the island (ai.island_room)
    candidates: tuple[str, ...] = ()  # Movement-phase candidate actions scored by ai.evaluate (ai.candidates)
    placeable_only: bool = False  # take an optional unit only where it can be placed on arrival (R14.4, R16.3)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", noise=3.0, use_air=False, coordinate=False, retreat_lookahead=False, demolish=False,
                  landing_depth=0.0, rivers=False, min_attack_score=-0.6, counterattack=False),
    "normal": Level("normal", noise=0.0, use_air=True, coordinate=False, retreat_lookahead=False, demolish=True,
                    landing_depth=14.0, rivers=False, min_attack_score=0.05, counterattack=True, assault_goal=3.0,
                    lapsing_air_free=True, air_budget=True, even_odds_rule=True, pickets=True, island_path=True,
                    air_declares=True, contest_landing=True, historical_landing=True),
    "hard": Level("hard", noise=0.0, use_air=True, coordinate=True, retreat_lookahead=True, demolish=True,
                  landing_depth=26.0, rivers=True, min_attack_score=0.0, counterattack=True, assault_goal=3.0,
                  counter_goal=2.0, counter_least=1.5, map_landings=1, island_value=4.0, island_least=0.5,
                  jp_loss=1.5, lapsing_air_free=True, air_budget=True, even_odds_rule=True, pickets=True,
                  island_path=True, combat_search=True, contest_landing=True,
                  historical_landing=True, supply_guard=True, low_odds_rule=True, assault_air_goal=2.0,
                  move_plan_budget=24, island_guard=True, air_contact=2.5, strand_return=True,
                  causeway_early=True, air_topup=True,
                  retreat_room=True, strand_block=True, strand_guard=True,
                  assault_room=True, assault_pull=6.0, low_odds_wait=True,
                  exposure_relief=0.4, counter_threshold=0.4, final_stand_mp=4.0, armor_anchor=True),
    "baseline": Level("baseline", noise=0.0, use_air=True, coordinate=True, retreat_lookahead=True, demolish=True,
                      landing_depth=26.0, rivers=True, min_attack_score=0.0, counterattack=True, assault_goal=3.0,
                      counter_goal=2.0, counter_least=1.5, map_landings=1, island_value=4.0, island_least=0.5,
                      jp_loss=1.5),
}

LEVELS["rca"] = replace(LEVELS["hard"], name="rca", candidates=("take", "march", "keep", "hold", "attack"),
                        placeable_only=True)


def level(name: str) -> Level:
    """The level called ``name`` (easy, normal, hard, rca, baseline)."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown AI level {name!r}; choose one of {', '.join(LEVELS)}") from None
