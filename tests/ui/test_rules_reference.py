"""Rules one click away (issue 14 §3, issue 13 §3): the rules page, its links, and hover explanations."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.combat.odds import crt_of
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.persistence import save_record
from malaya.persistence.sample import play_random
from malaya.session.words.rules_ref import reference
from malaya.ui.app.intents import Push, ToRules
from malaya.ui.battle.hover_tips import REST_S
from malaya.ui.dialogs.help.dialog import HelpScreen
from malaya.ui.dialogs.ledger import LedgerScreen
from malaya.ui.dialogs.rules.dialog import RulesDialog
from malaya.ui.panels.crt_words import spell_result
from malaya.ui.screens.end import EndScreen
from malaya.ui.screens.new_game.screen import NewGameScreen
from malaya.ui.widgets.link_text import draw_linked, link_at
from tests.ui.client_driver import Driver
from tests.ui.test_play_by_clicks import JITRA, SEED, _skip_to, jitra_attack_declared, jitra_combat_phase
from tests.ui.test_replay_viewer import open_viewer


def _rules(driver: Driver) -> RulesDialog:
    """The rules page on top of the stack."""
    top = driver.app.top
    assert isinstance(top, RulesDialog)
    return top


@pytest.mark.slow
def test_r_and_f2_open_the_rules_page_of_the_game_being_played_and_esc_closes_it(driver: Driver) -> None:
    # given a game on screen
    battle = driver.new_game("hotseat", 1)
    # when R is pressed, then the rules page opens over it with the game's own numbers; Esc closes it
    driver.key(pygame.K_r)
    page = _rules(driver)
    assert page.ref == reference(battle.client.gd) and page.entry.key == "R1"
    driver.shot("rules-page")
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is battle
    # and F2 opens it too (a fixed key, whatever the bindings)
    driver.key(pygame.K_F2)
    assert isinstance(driver.app.top, RulesDialog)


@pytest.mark.slow
def test_help_leads_to_the_rules_page_with_r(driver: Driver) -> None:
    driver.new_game("hotseat", 1)
    driver.key(pygame.K_h)
    assert isinstance(driver.app.top, HelpScreen)
    driver.key(pygame.K_r)
    assert isinstance(driver.app.top, RulesDialog)


def test_given_the_page_opened_at_R12_10_then_it_shows_combat_scrolled_to_that_section(driver: Driver) -> None:
    # given the rules page opened at a sub-rule far down its topic
    battle = driver.new_game("hotseat", 1)
    driver.app.apply(Push(ToRules(battle.client.gd, "R12.10")))
    driver.frames(1)
    page = _rules(driver)
    # then the combat topic shows, scrolled so that R12.10 starts at the top
    assert page.entry.key == "R12"
    index = [s.number for s in page.entry.sections].index("R12.10")
    assert page.scroll == min(page.section_tops[index], page.content_h - page.view_h) > 0


@pytest.mark.slow
def test_keys_pick_topics_and_scroll_and_a_rule_link_is_followed_and_left_goes_back(driver: Driver) -> None:
    # given the rules page at its first topic
    driver.new_game("hotseat", 1)
    driver.key(pygame.K_r)
    page = _rules(driver)
    # when ↓ is pressed twice, then the third topic (sequence of play, R3) shows
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert page.entry.key == "R3"
    # when the link "R4" in its text is clicked, then stacking shows; ← goes back to R3
    rect = next(r for r, number in page.links if number == "R4")
    driver.click(rect.center)
    assert page.entry.key == "R4"
    driver.key(pygame.K_LEFT)
    assert page.entry.key == "R3"
    # when a topic row is clicked, then it shows; PgDn scrolls a long topic (combat) and Home returns
    combat = next(r for r, i in page.topic_rows if page.ref.entries[i].key == "R12")
    driver.click(combat.center)
    assert page.entry.key == "R12" and page.scroll == 0
    driver.key(pygame.K_PAGEDOWN)
    assert page.scroll > 0
    driver.key(pygame.K_HOME)
    assert page.scroll == 0


def test_a_term_in_the_message_log_is_a_link_to_its_rule(driver: Driver) -> None:
    # given a log line that speaks of a zone of control
    battle = driver.new_game("hotseat", 1)
    battle.client.note("The 6th Indian Bde stopped in a Japanese zone of control.")
    driver.frames(1)
    # when the term is clicked
    rect = next(r for r, number in battle.hits.notes.links if number == "R6")
    driver.click(rect.center)
    # then the rules page opens at zones of control
    assert _rules(driver).entry.key == "R6"


@pytest.mark.slow
def test_combat_panel_lines_carry_their_rule_as_a_link_and_explain_themselves(driver: Driver) -> None:
    """Given the JP attack on Jitra declared by clicks, the breakdown lines have rule links and hover words."""
    battle = jitra_attack_declared(driver)
    numbers = [number for _, number in battle.hits.notes.links]
    assert "R12.4" in numbers and "R12.3" in numbers  # the odds line and the strength lines
    odds_row = next(r for r, t in battle.hits.notes.tips if "column" in t)
    assert battle.hits.tooltip(odds_row.center) is not None
    driver.shot("rules-combat-links")
    # when the odds line's rule is clicked, then the rules page opens at R12.4, in the combat topic
    rect = next(r for r, number in battle.hits.notes.links if number == "R12.4")
    driver.click(rect.center)
    page = _rules(driver)
    assert page.entry.key == "R12" and page.anchor is None


def test_a_hex_the_mouse_rests_on_explains_its_unit_and_terrain(driver: Driver) -> None:
    # given the mouse on Jitra, with its CW defenders in view
    battle = driver.new_game("hotseat", 1)
    now = [100.0]
    battle.tips.hover.clock = lambda: now[0]
    driver.hover(driver.hex_pos(JITRA))
    assert battle.hover == JITRA
    # then nothing shows while the mouse has just arrived
    assert battle.tips.hover(battle.client, battle.hover) is None
    # when it has rested, then the top unit (or an Unknown stack) and the terrain are explained with the data's numbers
    now[0] += REST_S + 0.1
    words = battle.tips.hover(battle.client, battle.hover)
    terrain = battle.client.gd.board.terrain_at(JITRA)
    cost = battle.client.gd.scenario.ruleset.terrain[terrain].infantry_mp
    assert words is not None and f"{terrain.value.capitalize()}: infantry {cost} MP" in words
    assert "stacking" in words
    # and while a unit is selected the path under the cursor comes first: no explanation
    assert battle.tips.hover(battle.client, battle.hover, "jp_11_inf") is None


def test_the_r16_above_the_new_game_options_opens_the_options_rules(driver: Driver) -> None:
    # given the New Game page of the campaign
    driver.frames(1)
    driver.click(driver.app.top.buttons["new"].rect.center)  # type: ignore[union-attr]
    page = driver.app.top
    assert isinstance(page, NewGameScreen)
    driver.frames(1)
    # when "R16" is clicked, then the rules page opens on options, with the campaign's options listed
    rect = next(r for r, number in page.rule_links if number == "R16")
    driver.click(rect.center)
    rules = _rules(driver)
    assert rules.entry.key == "R16" and len(rules.entry.tables[0].rows) == 1 + len(page.scenario.options)


def test_a_rule_number_drawn_as_a_link_gives_its_rectangle_and_number(display) -> None:  # type: ignore[no-untyped-def]
    # given a phase-panel line with a rule number, drawn at the top left
    surface = pygame.Surface((600, 40))
    hits = draw_linked(surface, "Optional unit offered: 7th Armoured Bde — costs 4 VP (R16.1).", (0, 0), 12,
                       (255, 255, 255), (-1, -1), terms=False)
    # then only the number is a link, at the right of the text before it
    assert [number for _, number in hits] == ["R16.1"]
    assert hits[0][0].left > 200 and link_at(hits, hits[0][0].center) == "R16.1" and link_at(hits, (5, 5)) is None


@pytest.mark.slow
def test_a_crt_code_in_the_rules_table_explains_itself(driver: Driver) -> None:
    # given the rules page at the results table (R12.6)
    battle = driver.new_game("hotseat", 1)
    driver.app.apply(Push(ToRules(battle.client.gd, "R12.6")))
    driver.frames(1)
    page = _rules(driver)
    # then each code in the table has its hover words, spelled from the CRT data
    assert page.entry.tables and "DR: defenders retreat 2 hexes." in {tip for _, tip in page.tips}
    assert all(tip == page.ref.glossary[code] for code in page.ref.glossary for _, tip in page.tips
               if tip.startswith(code + ":"))


@pytest.mark.slow
def test_a_unit_row_of_the_stack_panel_explains_the_counter(driver: Driver) -> None:
    # given the JP stack at Singora shown in the side panel
    battle = driver.new_game("hotseat", 1)
    unit = next(u for h, units in battle.client.stacks().items() for u in units
                if battle.client.gd.side_of(u) is Side.JP and h not in battle.client.hidden())
    h = battle.client.state.units[battle.client.gd.unit_index[unit]].hex
    driver.hover(driver.hex_pos(h))
    # when the mouse is on the unit's row, then its factors are read aloud
    row = next(r for r, u in battle.hits.units if u == unit)
    words = battle.hits.tooltip(row.center)
    f = battle.client.gd.unit_def(unit).full
    assert words is not None and f"attack {f.attack}, defense {f.defense}, movement {f.movement}" in words


@pytest.mark.slow
def test_the_selected_units_supply_line_links_to_the_supply_rules(driver: Driver) -> None:
    # given a Japanese unit selected with N in the first Movement phase (the Unit section shows its supply)
    battle = driver.new_game("hotseat", SEED)
    _skip_to(driver, Phase.MOVEMENT, Side.JP, 1)
    driver.key(pygame.K_n)
    assert battle.selection.selected is not None
    # when the word "Supply" in the Unit section is clicked, then the rules page opens at supply (R10)
    rect = next(r for r, number in battle.hits.notes.links if number == "R10")
    driver.click(rect.center)
    assert _rules(driver).entry.key == "R10"


@pytest.mark.slow
def test_after_roll_dice_the_dies_result_code_is_spelled_out_on_hover(driver: Driver) -> None:
    """Given the Jitra attack declared by clicks, when Roll Dice is clicked, the die's result code explains itself."""
    battle = jitra_attack_declared(driver)
    client = battle.client
    roll = next(b for b, _ in battle.hits.buttons if b.label == "Roll Dice")
    driver.click(roll.rect.center)
    driver.frames(1)
    result = client.state.combat.result if client.state.combat is not None else None
    assert result is not None
    spelled = spell_result(result, crt_of(client.gd).results[result])
    assert any(tip.startswith(spelled) for _, tip in battle.hits.notes.tips)


@pytest.mark.slow
def test_the_rules_button_in_the_top_bar_names_its_key_and_opens_the_rules_page(driver: Driver) -> None:
    # given a game on screen, its first phase
    battle = driver.new_game("hotseat", 1)
    rules = battle.buttons["rules"]
    where = rules.rect.copy()
    # when the mouse rests on the Rules button, then its tooltip names its key (R, as bound)
    driver.hover(rules.rect.center)
    assert rules.tip is not None and rules.tooltip(rules.rect.center) == rules.tip and rules.tip.endswith("(R)")
    # when the phase changes, then the button stays where it was (top-bar buttons keep fixed places)
    _skip_to(driver, Phase.MOVEMENT, Side.JP, 1)
    assert battle.buttons["rules"].rect == where
    # when it is clicked, then the rules page opens at its first topic
    driver.click(where.center)
    assert _rules(driver).entry.key == "R1"


@pytest.mark.slow
def test_the_phase_name_in_the_top_bar_explains_the_phase_and_opens_the_sequence_of_play(driver: Driver) -> None:
    # given a game in the JP Air phase of turn 1
    battle = driver.new_game("hotseat", SEED)
    _skip_to(driver, Phase.AIR, Side.JP, 1)
    # then the phase name is a link to the sequence of play (R3.1) that says what the phase is for
    rect = next(r for r, number in battle.bar.notes.links if number == "R3.1")
    driver.hover(rect.center)
    words = battle.bar.notes.tip_at(rect.center)
    assert words is not None and words.startswith("Air phase: split this turn's air points") and "R3.1" in words
    # when it is clicked, then the rules page opens at the sequence of play (R3)
    driver.click(rect.center)
    assert _rules(driver).entry.key == "R3"


def test_the_vp_box_gives_the_breakdown_and_opens_the_victory_rule(driver: Driver) -> None:
    # given a game on screen (the top bar's VP box)
    battle = driver.new_game("hotseat", 1)
    box = battle.bar.vp
    # when the mouse rests on it, then the breakdown shows with the victory rule to read (R15.5)
    driver.hover(box.center)
    words = battle.bar.notes.tip_at(box.center)
    assert words is not None and words.startswith("If the game ended now:") and "R15.5" in words
    # when it is clicked, then the rules page opens at victory (R15)
    driver.click(box.center)
    assert _rules(driver).entry.key == "R15"


@pytest.mark.slow
def test_the_phase_panels_last_roll_die_spells_its_result_out_on_hover(driver: Driver) -> None:
    """Given the Jitra combat rolled (DR, R12.8) and ended, the phase panel's die explains the result code."""
    battle = jitra_attack_declared(driver)
    client = battle.client
    driver.click(next(b for b, _ in battle.hits.buttons if b.label == "Roll Dice").rect.center)
    assert client.state.combat is not None
    result = client.state.combat.result
    assert result is not None
    # when the combat is closed, then the phase panel shows the last roll's die
    driver.click(next(b for b, _ in battle.hits.buttons if b.label.startswith("End / Cancel")).rect.center)
    assert client.state.combat is None
    spelled = spell_result(result, crt_of(client.gd).results[result])
    die = next(r for r, tip in battle.hits.notes.tips if tip.startswith(spelled))
    # and the mouse on the die reads the code spelled out, with the rules that carry it out
    driver.hover(die.center)
    words = battle.hits.tooltip(die.center)
    assert words is not None and words.startswith(spelled) and "R12.8" in words
    driver.shot("rules-last-roll")


@pytest.mark.slow
def test_the_hovered_hexs_terms_in_the_side_panel_link_to_their_rules(driver: Driver) -> None:
    # given the mouse on Jitra (the Hex section lists its terrain, owner and stacking)
    battle = driver.new_game("hotseat", 1)
    driver.hover(driver.hex_pos(JITRA))
    numbers = {number for _, number in battle.hits.notes.links}
    # then terrain (R5), the owner (R13) and stacking (R4) are links
    assert {"R5", "R13", "R4"} <= numbers
    # when "Owner" is clicked, then the rules page opens at hex control (R13)
    rect = next(r for r, number in battle.hits.notes.links if number == "R13")
    driver.click(rect.center)
    assert _rules(driver).entry.key == "R13"


def test_the_phase_panels_lines_link_the_games_terms(driver: Driver) -> None:
    # given the JP Air phase of turn 1 (the phase panel speaks of air points)
    battle = driver.new_game("hotseat", SEED)
    _skip_to(driver, Phase.AIR, Side.JP, 1)
    # then "Air points" in its first line is a link to the air rules (R11), above the phase panel's buttons
    links = [r for r, number in battle.hits.notes.links if number == "R11"]
    first_button = min(b.rect.top for b, _ in battle.hits.buttons)
    assert links and min(r.top for r in links) < first_button
    driver.click(links[0].center)
    assert _rules(driver).entry.key == "R11"


@pytest.mark.slow
def test_the_side_panels_dice_ledger_links_its_terms(driver: Driver) -> None:
    """Given the Jitra combat rolled with SEED (a retreat), the ledger's line links 'retreat' to R12.8."""
    battle = jitra_attack_declared(driver)
    client = battle.client
    driver.click(next(b for b, _ in battle.hits.buttons if b.label == "Roll Dice").rect.center)
    assert client.dice and "retreat" in client.dice[-1]
    driver.click(next(b for b, _ in battle.hits.buttons if b.label.startswith("End / Cancel")).rect.center)
    # then the ledger line's "retreat" is a link drawn in the Dice ledger box, above the messages
    log_top = min(r.top for r, _ in battle.hits.places)  # the Messages lines start below the ledger
    assert any(r.bottom <= log_top for r, number in battle.hits.notes.links if number == "R12.8")


def test_the_turn_and_side_in_the_top_bar_explain_the_player_turn_and_open_its_rule(driver: Driver) -> None:
    # given a game on screen, turn 1
    battle = driver.new_game("hotseat", 1)
    turns_left = battle.client.gd.last_turn - battle.client.state.turn
    # when the mouse rests on the turn number at the bar's left, then it says whose player-turn it is and what is left
    rect = next(r for r, number in battle.bar.notes.links if number == "R1.3")
    driver.hover((rect.left + 5, rect.centery))
    words = battle.bar.notes.tip_at((rect.left + 5, rect.centery))
    assert words is not None and words.startswith("Game-turn 1, Japan playing")
    assert f"{turns_left} game-turns more after this one" in words
    # when it is clicked, then the rules page opens at the game's turns (R1)
    driver.click((rect.left + 5, rect.centery))
    assert _rules(driver).entry.key == "R1"


def test_the_combat_panels_steps_attackers_and_air_points_explain_themselves(driver: Driver) -> None:
    """Given the JP attack on Jitra declared by clicks, the what-to-do, attackers and air points lines link rules."""
    battle = jitra_combat_phase(driver)
    client = battle.client
    driver.click(driver.hex_pos(JITRA))
    numbers = {number for _, number in battle.hits.notes.links}
    # then what to do now (the steps, R12.10), who may join (R12.2) and the attack air points (R11.3) are links
    assert {"R12.10", "R12.2", "R11.3"} <= numbers
    # and the what-to-do line's hover gives the steps in order
    assert any(t.startswith("A combat goes: declare it") for _, t in battle.hits.notes.tips)
    # when "Air points" is hovered, then its effect on the die is read from the data; a click opens the air rules
    rect = next(r for r, number in battle.hits.notes.links if number == "R11.3")
    per_ap = client.gd.scenario.ruleset.combat.modifiers.per_attack_ap
    words = battle.hits.tooltip(rect.center)
    assert words is not None and f"each changes the die by {per_ap:+d}".replace("-", "−") in words
    driver.click(rect.center)
    assert _rules(driver).entry.key == "R11"


@pytest.mark.slow
def test_the_dice_ledger_spells_out_each_result_and_its_headings_open_their_rules(driver: Driver) -> None:
    """Given the Jitra combat rolled and the Dice Ledger opened with D, its Result cell and Odds heading explain."""
    battle = jitra_attack_declared(driver)
    client = battle.client
    driver.click(next(b for b, _ in battle.hits.buttons if b.label == "Roll Dice").rect.center)
    result = client.state.combat.result if client.state.combat is not None else None
    assert result is not None
    driver.key(pygame.K_d)
    ledger = driver.app.top
    assert isinstance(ledger, LedgerScreen)
    # then the row's Result cell spells its code out, from the CRT data
    spelled = spell_result(result, crt_of(client.gd).results[result])
    assert [t for _, t in ledger.tips] and all(t.startswith(spelled) for _, t in ledger.tips)
    driver.shot("rules-dice-ledger")
    # when the Odds heading is clicked, then the rules page opens at the odds (R12.4, in combat)
    rect = next(r for r, number in ledger.links if number == "R12.4")
    driver.click(rect.center)
    assert _rules(driver).entry.key == "R12"


def test_a_term_in_the_replay_viewers_events_opens_its_rule(driver: Driver) -> None:
    # given a short saved game opened in the replay viewer, two player-turns in (a unit "went by rail")
    save_record(play_random(driver.app.gd, seed=6, player_turns=3), "short")
    viewer = open_viewer(driver)
    driver.click(viewer.controls.buttons["turn"].rect.center)
    driver.click(viewer.controls.buttons["turn"].rect.center)
    # then the panel's lines carry links, "rail" among them (R8)
    rect = next(r for r, number in viewer.controls.links if number == "R8")
    # when it is clicked, then the rules page opens at rail movement, with the replayed game's numbers
    driver.click(rect.center)
    page = _rules(driver)
    assert page.entry.key == "R8" and page.ref == reference(viewer.cursor.gd)


def test_a_term_on_helps_rules_in_brief_page_opens_its_rule_and_a_click_elsewhere_closes_help(driver: Driver) -> None:
    # given Help turned to its rules-in-brief page over a game
    battle = driver.new_game("hotseat", 1)
    driver.key(pygame.K_h)
    driver.key(pygame.K_TAB)
    page = driver.app.top
    assert isinstance(page, HelpScreen) and page.page == 1
    # when the word "Stacking" (R4) is clicked, then the rules page opens at stacking
    rect = next(r for r, number in page.links if number == "R4")
    driver.click(rect.center)
    assert _rules(driver).entry.key == "R4"
    # when the rules page is closed and Help is clicked off its links, then Help closes as before
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is page
    driver.click((5, 5))
    assert driver.app.top is battle


@pytest.mark.slow
def test_a_term_link_in_the_message_log_says_on_hover_what_it_opens(driver: Driver) -> None:
    # given a log line that speaks of a zone of control
    battle = driver.new_game("hotseat", 1)
    battle.client.note("The 6th Indian Bde stopped in a Japanese zone of control.")
    driver.frames(1)
    rect = next(r for r, number in battle.hits.notes.links if number == "R6")
    # when the mouse rests on the term, then it reads the topic and the first sentence of its rule, from the reference
    driver.hover(rect.center)
    words = battle.hits.tooltip(rect.center)
    ref = reference(battle.client.gd)
    assert words == ref.summary("R6")
    assert words is not None and words.startswith(f"{ref.entries[ref.locate('R6')[0]].title} — ")  # type: ignore[index]


@pytest.mark.slow
def test_the_end_screens_result_level_and_eliminated_steps_link_to_their_rules(driver: Driver) -> None:
    # given a finished game (the state is marked finished directly: a test shortcut, not UI behaviour)
    from dataclasses import replace

    battle = driver.new_game("hotseat", 1)
    battle.client.match.state = replace(battle.client.state, finished=True)
    driver.frames(2)
    end = driver.app.top
    assert isinstance(end, EndScreen)
    numbers = {number for _, number in end.rule_links}
    # then the result level links to how the margin gives it (R15.5) and "eliminated" to R2.3
    assert {"R15", "R15.5", "R2.3"} <= numbers
    # when the level is clicked, then the rules page opens at victory
    rect = next(r for r, number in end.rule_links if number == "R15.5")
    driver.click(rect.center)
    assert _rules(driver).entry.key == "R15"
