"""Every line a player reads, from a whole AI-vs-AI campaign and the example saves, is in plain words (issue 13 §3).

The text producers: the message log, the dice ledger (side panel lines and the overlay's rows), the
computer's explanation (W), the replay viewer's action lines and the after-action report (combat rows,
their "Then" column, its tables and chart, the whole page). None may show True/False/None, a unit id, a repr or
tuple, a slash fraction (27/2; odds are written 3:2), a rule number (the Help screen is where rules are numbered),
a side as letters (JP, CW) or a clipped word ("att.", "def.").
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from html import unescape
from pathlib import Path

import pytest

from malaya.ai import make_ai
from malaya.engine import rules
from malaya.engine.actions import Action, AddAttacker, AllocateAir, DeclareCombat, EndPhase, MoveUnit, SetCombatAir
from malaya.engine.combat.events import DiceRolled
from malaya.engine.combat.preview import preview
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_cursor import describe_action
from malaya.persistence.replay_log import ReplayLog
from malaya.report.html_page import page
from malaya.report.timeline import build_timeline
from malaya.session.game_client import GameClient
from malaya.session.standing import standing
from malaya.session.words import refusals
from malaya.session.words.ai_words import explanation_text
from malaya.session.words.narration import narrate
from malaya.ui.battle.panels.combat_panel import NOW, preview_lines
from malaya.ui.dialogs.ledger import HEADERS, air_text, ledger_row
from malaya.ui.screens.end import vp_breakdown
from tests.bundled import bundled_game

SAVES = Path(__file__).resolve().parent.parent / "saves"
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"

PLAYER_TEXT_KEYS = frozenset({"name", "title", "description", "summary", "finish", "hint", "text", "button",
                              "situation", "japanese", "commonwealth", "victory", "watch_for", "length"})
"""The keys of the scenario and lesson data whose strings a player reads (names, briefings, lesson steps)."""

FORBIDDEN = {
    "True/False/None": re.compile(r"\b(True|False)\b|\bNone\b(?! of )"),
    "a unit id": re.compile(r"\b(jp|cw)_[a-z0-9_]+\b"),
    "a repr or tuple": re.compile(r"Hex\(|<\w+\.\w+|\b\w+=['\"\w(]|\(['\"]|\[['\"]|\(\d+, ?\d+\)"),
    "a slash fraction": re.compile(r"(?<![\w/])\d+/\d+(?![\w/])"),
    "a rule number": re.compile(r"\bR\d+(\.\d+)?\b"),
    "an id": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "a lower-case Force z": re.compile(r"\bForce z\b"),
    "a hex by column and row": re.compile(r"\bcolumn -?\d+, row -?\d+|\bhex \(|\(-?\d+, ?-?\d+\)"),
    "a side as letters": re.compile(r"\b(JP|CW)\b"),
    "a clipped word": re.compile(r"\b(att|def|elim|str|reinf|pts?)\.", re.I),
    "a plural hack": re.compile(r"\w\(s\)"),
    "an internal stage": re.compile(r"\bStage:"),
    "AP for air points": re.compile(r"\bAP\b"),
}
"""What no player-facing line may contain, by name."""

AIR_SPLIT = re.compile(r" put .*air points? to (attack|defence)")
"""The log line of an air split (R11.2)."""

REFUSAL_PHASES = (Phase.MOVEMENT, Phase.COMBAT, Phase.RAIL, Phase.NAVAL)
"""The phases whose clicks the campaign test tries (at the start of each, in its first four game-turns)."""


@dataclass
class Texts:
    """Every player-facing line of one game, by producer."""

    by_producer: dict[str, list[str]]

    def problems(self) -> list[str]:
        """``producer: 'line' has <what>`` for every offending line."""
        return [f"{producer}: {line!r} has {what}" for producer, lines in self.by_producer.items() for line in lines
                for what, pattern in FORBIDDEN.items() if pattern.search(line)]


@lru_cache(maxsize=1)
def _campaign() -> GameDef:
    return bundled_game()


def _report_texts(log: ReplayLog) -> tuple[list[str], list[str]]:
    """The report's combat rows (each cell, "Then" lines included) and the whole page's text."""
    timeline = build_timeline(log)
    rows = [cell for t in timeline.turns for c in t.combats
            for cell in (c.where, c.strengths, c.odds, c.roll, c.result, *c.aftermath)]
    html = page(timeline, {t.turn: f"turn-{t.turn:02d}.png" for t in timeline.turns})
    body = html[html.index("<body>"):]
    text = unescape(re.sub(r"<[^>]+>", "\n", body))  # the chart's labels are read too
    return rows, [line for line in text.splitlines() if line.strip()]


def _log_texts(log: ReplayLog) -> dict[str, list[str]]:
    """The log, ledger, replay and report lines of a replayed game."""
    gd = log.gd
    events = [e for _, e in log.events_upto(len(log))]
    rows, page_lines = _report_texts(log)
    return {
        "message log": [line.text for line in narrate(gd, events)],
        "dice ledger rows": [cell for e in events if isinstance(e, DiceRolled) for cell in ledger_row(gd, e)],
        "replay actions": [describe_action(gd, a) for a in log.save.actions],
        "replay phase marks": [mark.label() for mark in log.phases],
        "report combat rows": rows,
        "report page": page_lines,
    }


def _as_clicks(state: GameState, action: Action) -> list[Action]:
    """An air split as a player makes it: one point moved per click (each click is an action)."""
    if not isinstance(action, AllocateAir):
        return [action]
    attack = dict(state.attack_pool)[action.side]
    total = attack + dict(state.defense_pool)[action.side]
    step = 1 if action.attack > attack else -1
    return [AllocateAir(side=action.side, attack=a, defense=total - a)
            for a in range(attack + step, action.attack + step, step)]


def _refusals(client: GameClient) -> list[str]:
    """Every refusal a click could meet now: the acting side's first units to hexes they cannot reach,
    the units clicked, and the enemy stacks clicked."""
    gd, state = client.gd, client.state
    units = [u for u in state.units if u.on_map and u.hex is not None and gd.side_of(u.id) is state.side][:3]
    texts = []
    for u in units:
        assert u.hex is not None
        reach = client.destinations(u.id)
        near = {x for a in gd.adjacent[u.hex] for x in (a, *gd.adjacent[a])}
        texts += [refusals.why_not_move(client, u.id, h) for h in sorted(near - set(reach), key=str)]
        texts.append(refusals.why_unit_idle(client, u.id) or "")
    enemies = {u.hex for u in state.units if u.on_map and u.hex is not None and gd.side_of(u.id) is state.side.enemy}
    texts += [refusals.why_not_attack(client, h) for h in sorted(enemies, key=str)]
    return [t for t in texts if t]


@lru_cache(maxsize=1)
def _ai_campaign() -> Texts:
    """A whole normal-vs-normal campaign played through a hotseat GameClient (air split click by click),
    with both computers' explanations and the refusals clicks would meet in its early phases."""
    gd = _campaign()
    record = GameRecord.new(gd, seed=7, controllers={Side.JP: "ai:normal", Side.CW: "ai:normal"})
    client = GameClient(record.match, humans=frozenset(Side))
    client.after_submit.append(record.sync)
    ais = {Side.JP: make_ai("normal", Side.JP, 1), Side.CW: make_ai("normal", Side.CW, 2)}
    refused: list[str] = []
    tried: set[tuple[int, Side, Phase]] = set()
    early: dict[Side, list[str]] = {}
    while not rules.is_terminal(client.state):
        state = client.state
        if state.turn <= 4 and state.phase in REFUSAL_PHASES and (state.turn, state.side, state.phase) not in tried:
            tried.add((state.turn, state.side, state.phase))
            refused += _refusals(client)
        for action in _as_clicks(state, ais[state.side](gd, state)):
            assert client.submit(action) is None
        if client.state.turn == 5 and not early:  # the logs keep their last lines only: keep the opening's
            early = {side: client.logs[side].texts() for side in Side}
    texts = _log_texts(ReplayLog.build(gd, record.to_save("plain words")))
    for side in Side:
        texts[f"{side.value} player's log, turns 1-4"] = early[side]
        texts[f"{side.value} player's log, the end"] = client.logs[side].texts()
    texts["side-panel dice lines"] = client.dice
    now = standing(gd, client.state)
    texts["VP breakdown and end screen"] = [now.headline(), *now.breakdown().splitlines(),
                                            *(label for label, _ in vp_breakdown(client))]
    texts["refusals"] = refused
    texts["W explanation"] = [line for ai in ais.values()
                              for line in explanation_text(ai.explanations, last_only=False).splitlines()]
    return Texts(texts)


@pytest.mark.slow  # a whole AI campaign
def test_given_a_whole_ai_campaign_when_every_text_producer_runs_then_no_line_is_unplain() -> None:
    """Log, ledger, W, replay and report lines of a full campaign: no True/None, ids, reprs, 27/2 or R12.10."""
    texts = _ai_campaign()
    assert all(texts.by_producer[p] for p in ("message log", "dice ledger rows", "W explanation",
                                                "report combat rows", "report page",
                                                "VP breakdown and end screen")), "a producer said nothing"
    assert texts.problems() == []


@pytest.mark.slow
def test_given_a_whole_ai_campaign_then_steps_lost_are_told_with_what_caused_them() -> None:
    """One line per thing that happened: a combat's losses never repeat the unit on a line of its own twice."""
    log = _ai_campaign().by_producer["message log"]
    assert not any(a == b for a, b in zip(log, log[1:], strict=False)), "a line repeated"
    assert not any(line.endswith(" was eliminated.") and prev.startswith(line.removesuffix(" was eliminated."))
                   and "lost its last step" in prev for prev, line in zip(log, log[1:], strict=False))


@pytest.mark.parametrize("save", sorted(p.name for p in SAVES.glob("*.json")))
@pytest.mark.slow
def test_given_an_example_save_when_every_text_producer_runs_then_no_line_is_unplain(save: str) -> None:
    """The example saves replayed through the log, ledger, replay and report producers."""
    texts = Texts(_log_texts(ReplayLog.open(SAVES / save, _campaign())))
    assert texts.by_producer["message log"]
    assert texts.problems() == []


@pytest.mark.parametrize("line", ["3 att., 0 def.", "<th>JP steps lost</th>", "JP 41 VP, CW 12 VP",
                                  "CW substantive victory", "JP: holds Kuantan", "VP margin (JP − CW)"])
def test_the_scan_catches_the_sides_as_letters_and_clipped_words_the_tables_used_to_show(line: str) -> None:
    """The check cannot pass by accident: yesterday's ledger and report strings fail it."""
    assert Texts({"old tables": [line]}).problems()


def test_given_a_combat_with_air_support_when_the_ledger_shows_it_then_the_air_points_are_words() -> None:
    """The ledger's air column (R11.3, R11.4) says who put how many air points in, in words."""
    gd = _campaign()
    a, b = (p.hex for p in gd.board.places[:2])
    roll = DiceRolled(turn=2, side=Side.JP, attacker_hexes=(a,), defender_hex=b, attack="6", defense="3",
                      column="2:1", die=4, modifier=0, modified_roll=4, result="DR", attack_air=3, defense_air=0)
    row = dict(zip(HEADERS, ledger_row(gd, roll), strict=True))
    assert row["Air points"] == "3 attacking" and row["Attacker"] == "Japanese"
    assert air_text(roll.model_copy(update={"attack_air": 2, "defense_air": 1})) == "2 attacking, 1 defending"
    assert air_text(roll.model_copy(update={"attack_air": 0})) == "none"


@pytest.mark.slow
def test_given_the_game_over_when_the_standing_and_end_screen_tell_the_vp_then_the_sides_are_written_out() -> None:
    """The top bar's VP tooltip and the end screen's table (R15) name the sides in words."""
    lines = _ai_campaign().by_producer["VP breakdown and end screen"]
    assert Texts({"VP breakdown and end screen": lines}).problems() == []
    assert any(line.startswith("Commonwealth: ") for line in lines)
    assert any(line.startswith("Japanese: ") for line in lines)


def test_a_hex_without_a_place_is_named_after_the_nearest_town() -> None:
    """Hex coordinates never stand alone: an unnamed hex is 'near <nearest place>'."""
    gd = _campaign()
    named = next(p for p in gd.board.places if p.name == "Kampar")
    beside = next(h for h in named.hex.neighbors() if gd.board.on_map(h) and not gd.board.places_at(h))
    assert gd.place_name(named.hex) == "Kampar"
    assert gd.place_name(beside).startswith("near ") and "(" not in gd.place_name(beside)


@pytest.mark.slow
def test_given_a_whole_campaign_with_the_air_split_made_click_by_click_then_each_log_tells_it_once() -> None:
    """One line per thing that happened (R11.2): a player's air split is one line however many clicks made it,
    and a phase in which nothing happened leaves no heading of its own."""
    texts = _ai_campaign().by_producer
    for side in ("JP", "CW"):
        log = texts[f"{side} player's log, turns 1-4"]
        pairs = list(zip(log, log[1:], strict=False))
        assert not [(a, b) for a, b in pairs if AIR_SPLIT.search(a) and AIR_SPLIT.search(b)]
        assert not [(a, b) for a, b in pairs if a.startswith("— Turn") and b.startswith("— Turn")]
    assert any(AIR_SPLIT.search(line) for line in texts["CW player's log, turns 1-4"])


def test_given_the_attack_on_jitra_with_two_air_points_then_the_combat_panel_reads_as_a_person_writes() -> None:
    """The Combat Panel's breakdown (R12.11): each line a sentence with its number once, plurals spelled, no "(s)",
    no "Stage: declaring", no "AP" — the screenshot of issue 13 §3."""
    # given the four JP units of the opening next to Jitra, all declared against it with 2 attack air points
    gd = _campaign()
    record = GameRecord.new(gd, seed=5)
    moves = (("jp_11_inf", Hex(10, 6)), ("jp_21_inf", Hex(9, 7)), ("jp_41_inf", Hex(11, 6)), ("jp_1_tank", Hex(10, 6)))
    for phase, actions in ((Phase.MOVEMENT, [MoveUnit(side=Side.JP, unit=u, to=to) for u, to in moves]),
                           (Phase.COMBAT, [DeclareCombat(side=Side.JP, defender=Hex(10, 7)),
                                           *(AddAttacker(side=Side.JP, unit=u) for u, _ in moves),
                                           SetCombatAir(side=Side.JP, air_points=2)])):
        while record.match.state.phase is not phase:
            assert record.submit(EndPhase(side=record.match.state.side)) is None
        for action in actions:
            assert record.submit(action) is None
    # when the panel's lines are written
    lines = [line.strip() for line in preview_lines(preview(gd, record.match.state))]
    # then each says what it is in words, its number once
    assert "2 attacking air points: +2 on the die" in lines
    assert "Town: defenders ×1½" in lines
    assert "11th Infantry Regt (5th Div) attacks with 8" in lines
    assert "6th Indian Bde (11th Ind Div) defends with 6" in lines
    # and no line, nor what the panel asks the player to do, is unplain
    assert Texts({"combat panel": [*lines, *NOW.values()]}).problems() == []


def _player_strings(data: object, key: str = "") -> Iterator[str]:
    """Every string in parsed TOML data that sits under a player-facing key, at any depth."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _player_strings(v, k)
    elif isinstance(data, list):
        for v in data:
            yield from _player_strings(v, key)
    elif isinstance(data, str) and key in PLAYER_TEXT_KEYS:
        yield data


@pytest.mark.parametrize("path", sorted(str(p.relative_to(SCENARIOS)) for p in SCENARIOS.glob("*/*.toml")))
def test_given_the_scenario_and_lesson_data_then_every_text_a_player_reads_is_plain(path: str) -> None:
    """Option descriptions, result levels, briefings and lesson steps write the sides out (never JP, CW)."""
    # given one data file of a scenario or lesson / when its player-facing strings are scanned
    lines = list(_player_strings(tomllib.loads((SCENARIOS / path).read_text(encoding="utf-8"))))
    # then there are some, and none has a side as letters, an id or a clipped word
    assert lines or path.endswith("counters.toml")  # a short scenario's counters may all be the campaign's
    side_letters = {k: v for k, v in FORBIDDEN.items() if k in ("a side as letters", "a clipped word", "a unit id")}
    assert [f"{line!r} has {what}" for line in lines for what, p in side_letters.items() if p.search(line)] == []


def test_the_data_scan_catches_yesterdays_option_text_and_result_level() -> None:
    """The scan above cannot pass by accident: the old wording is found under its key."""
    old = {"options": [{"description": "JP may move 1 unit per turn by sea."}], "victory": {"levels": [
        {"name": "CW substantive victory"}]}, "briefing": {"japanese": "the JP box"}}
    assert len([s for s in _player_strings(old) if FORBIDDEN["a side as letters"].search(s)]) == 3
