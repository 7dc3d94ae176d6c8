"""The in-game rules reference is written from the scenario data: its numbers are the engine's (issue 14 §3)."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

import pytest

from malaya.engine.combat import preview
from malaya.engine.combat.breakdown import Breakdown
from malaya.engine.gamedef import GameDef
from malaya.session.words.breakdown_words import breakdown_text
from malaya.session.words.rules_ref import reference
from malaya.session.words.rules_ref.explain import explain_breakdown
from malaya.session.words.rules_ref.links import find_links, rule_numbers
from tests.bundled import bundled_game
from tests.rules.combat_fixtures import D, Table, combat_builder, pools, toward


@lru_cache(maxsize=1)
def _campaign() -> GameDef:
    return bundled_game()


def _text(gd: GameDef, number: str) -> str:
    """Every section and table cell of the topic that explains ``number``."""
    entry = reference(gd).entry(number)
    assert entry is not None
    return " ".join([s.text for s in entry.sections] + [" ".join(r) for t in entry.tables for r in t.rows])


def _with_ruleset(gd: GameDef, **changes: object) -> GameDef:
    """The campaign with some ruleset tables replaced."""
    rs = gd.scenario.ruleset.model_copy(update=changes)
    return replace(gd, scenario=gd.scenario.model_copy(update={"ruleset": rs}))


def test_every_chapter_R1_to_R18_has_a_topic_and_every_topic_a_title_and_words() -> None:
    ref = reference(_campaign())
    for n in range(1, 19):
        assert ref.knows(f"R{n}"), f"R{n} has no topic"
    assert all(e.title and all(s.text for s in e.sections) for e in ref.entries)


def test_a_sub_rule_opens_its_own_topic_and_section_R12_8_R12_10_R7_7() -> None:
    ref = reference(_campaign())
    assert ref.entries[ref.locate("R12.8")[0]].title == "Retreat and advance"  # type: ignore[index]
    topic, section = ref.locate("R12.10")  # type: ignore[misc]
    assert ref.entries[topic].key == "R12" and ref.entries[topic].sections[section].number == "R12.10"
    assert ref.entry("R7.7").title == "Bridges"  # type: ignore[union-attr]
    assert ref.entry("R7.2").key == "R7"  # type: ignore[union-attr]
    assert ref.locate("R19") is None


def test_the_numbers_are_the_rulesets_terrain_stacking_rail_and_supply_R4_R5_R8_R10() -> None:
    gd = _campaign()
    rs = gd.scenario.ruleset
    assert f"at most {rs.stacking.limit} stacking points" in _text(gd, "R4")
    terrain = {row[0]: row[1:] for row in reference(gd).entry("R5").tables[0].rows[1:]}  # type: ignore[union-attr]
    assert terrain["jungle"] == ("2", "cannot enter", "×1") and terrain["town"][2] == "×1½"
    assert f"Up to {rs.rail.max_hexes} hexes of track" in _text(gd, "R8.3")
    assert f"up to {rs.supply.overland_hexes} hexes across country" in _text(gd, "R10")


def test_the_crt_and_the_objectives_are_the_scenarios_R12_6_R15_2() -> None:
    gd = _campaign()
    crt = gd.scenario.ruleset.combat.crt
    table = reference(gd).entry("R12.6").tables[0].rows  # type: ignore[union-attr]
    assert table[0][1:] == crt.columns and [r[1:] for r in table[1:]] == list(crt.rows.values())
    assert "DR: defenders retreat 2 hexes" in _text(gd, "R12.6")
    objectives = dict(reference(gd).entry("R15").tables[0].rows[1:])  # type: ignore[union-attr]
    assert objectives == {place: f"{vp} VP" for place, vp in gd.scenario.victory.objectives.items()}


def test_given_a_changed_ruleset_when_the_reference_is_written_then_it_quotes_the_new_numbers() -> None:
    # given the campaign with a 5-point stacking limit and a 9-hex supply line
    gd = _campaign()
    rs = gd.scenario.ruleset
    changed = _with_ruleset(gd, stacking=rs.stacking.model_copy(update={"limit": 5}),
                            supply=rs.supply.model_copy(update={"overland_hexes": 9}))
    # then the reference follows the data, not a number written in code
    assert "at most 5 stacking points" in _text(changed, "R4") and "at most 4" not in _text(changed, "R4")
    assert "up to 9 hexes across country" in _text(changed, "R10.4")


def test_the_link_finder_returns_rule_numbers_and_terms_as_spans() -> None:
    text = "6th Indian Bde retreated to Alor Star and lost a step in a zone of control (R6.3)."
    links = find_links(text)
    assert [(text[link.start:link.end], link.number) for link in links] == [
        ("retreated", "R12.8"), ("lost a step", "R12.7"), ("zone of control", "R6"), ("R6.3", "R6.3")]
    assert [link.number for link in rule_numbers("see R12.10 and R4, not R2D2")] == ["R12.10", "R4"]
    assert find_links("Nothing here.") == []


@pytest.mark.parametrize("scenario", ["jitra", "kampar", "muar", "singapore"])
def test_a_short_scenarios_reference_quotes_its_own_turns_objectives_and_arrivals_R1_R14_R15(scenario: str) -> None:
    # given a short scenario on the campaign's map and ruleset
    gd = bundled_game(scenario)
    ref = reference(gd)
    # then its length, its objectives and its reinforcements are its own, not the campaign's
    assert f"game-turn {gd.scenario.first_turn} (" in _text(gd, "R1.2")
    assert f"game-turn {gd.last_turn} (" in _text(gd, "R1.2")
    objectives = dict(ref.entry("R15").tables[0].rows[1:])  # type: ignore[union-attr]
    assert objectives == {place: f"{vp} VP" for place, vp in gd.scenario.victory.objectives.items()}
    arrivals = [gd.unit_def(r.unit).name for r in gd.scenario.reinforcements]
    assert all(name in _text(gd, "R14.5") for name in arrivals)


def test_a_links_hover_words_are_its_topic_heading_and_first_sentence_and_unknown_numbers_have_none() -> None:
    # given the campaign's reference
    ref = reference(_campaign())
    # then a link to R12.8 reads its topic, the section's heading and the first sentence, with the data's hexes
    words = ref.summary("R12.8")
    retreat = max(r.defender_retreat for r in _campaign().scenario.ruleset.combat.crt.results.values())
    assert words is not None and words.startswith("Retreat and advance — Retreat: Units told to retreat")
    assert f"{retreat} hexes" in words and words.endswith("More: R12.8, click.")
    # and a number no topic explains has no hover words
    assert ref.summary("R99") is None


def test_every_combat_panel_breakdown_line_is_explained_by_its_rule_R12_11() -> None:
    # given an unsupplied attacker across a minor river into a town, one attacking and one defending air point
    builder = (combat_builder().terrain(D, "town").hexside(toward(D, "S"), D, "river_minor")
               .siam((0, 0)).place("JP field", (0, 0), airfield=True).place("CW field", (8, 8), airfield=True)
               .unit("a", "JP", at=toward(D, "S"), name="6th Regt").unit("b", "JP", at=toward(D, "N"))
               .unit("cw", "CW", at=D, defense=4, name="6th Indian Bde"))
    table = Table.of(builder.build(), **pools(jp_attack=1, cw_defense=2)).set_unit("a", supplied=False)
    table = table.declare(D, "a", "b", air=1)
    shown = preview(table.gd, table.state)
    # when each written-out line of its breakdown is hovered
    lines = (*shown.attack_lines, *shown.defense_lines, *shown.modifier_lines)
    rules = {breakdown_text(line): explain_breakdown(table.gd, line.kind, line.value).rule for line in lines}
    # then each line has its rule
    assert rules == {"6th Regt attacks with 8": "R12.3", "6th Regt is unsupplied: ×½": "R10.2",
                     "6th Regt attacks across a minor river: ×½": "R5.2", "b attacks with 8": "R12.3",
                     "6th Indian Bde defends with 4": "R12.3", "Town: defenders ×1½": "R5.1",
                     "1 attacking air point: +1 on the die": "R11.3", "1 defending air point: −1 on the die": "R11.4"}
    # and a column shift and the die modifier in all are explained too
    assert explain_breakdown(table.gd, Breakdown.SHIFT, -2).rule == "R12.4"
    assert explain_breakdown(table.gd, Breakdown.DIE_TOTAL, 2).rule == "R12.5"


def test_given_the_rail_air_combat_and_reinforcement_topics_then_no_side_is_letters_and_no_air_point_is_ap() -> None:
    # given the topics the engine's numbers write (R8 rail, R11 air, R12 combat, R14 reinforcements, R16 sides)
    gd = _campaign()
    words = [_text(gd, n) for n in ("R8", "R11", "R12", "R14")]
    options = reference(gd).entry("R16")
    assert options is not None
    words += [row[1] for row in options.tables[0].rows[1:]]
    # then the sides are written out and air points are never "AP"
    assert not [w for w in words if re.search(r"\b(JP|CW|AP)\b", w)]
    assert "Each Rail phase: 1 Japanese unit and " in words[0] and "Japanese 4 on turn" in words[1]
