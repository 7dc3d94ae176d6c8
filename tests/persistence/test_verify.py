"""Replay verification: re-simulate a save headless; report OK or the first divergence, exactly where it is."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from malaya.cli import main
from malaya.engine.gamedef import GameDef
from malaya.persistence import GameRecord, save_record, verify_replay
from malaya.persistence.sample import play_random

from .conftest import one_line


def _rewrite(path: Path, raw: dict) -> None:
    path.write_text(json.dumps(raw), encoding="utf-8")


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_random_games_verify_ok_with_every_checkpoint(gd: GameDef, tmp_path: Path, seed: int) -> None:
    # given a random game of three player-turns, saved
    record = play_random(gd, seed=seed, player_turns=3)
    path = save_record(record, f"game {seed}", tmp_path)
    # when it is verified
    report = verify_replay(path, gd)
    # then it is OK, with every action and checkpoint accounted for
    assert report.ok and report.divergence is None
    assert report.actions == len(record.match.log) and report.checkpoints == 4
    assert report.final_digest == record.match.state.digest()


def test_a_whole_random_campaign_verifies_ok(full_game: GameRecord, tmp_path: Path) -> None:
    # given a whole random campaign, saved
    path = save_record(full_game, "campaign", tmp_path)
    # when it is verified, then it is OK
    report = verify_replay(path, full_game.match.gd)
    assert report.ok, report.line()
    assert report.line().startswith(f"OK: {len(full_game.match.log)} actions, {len(full_game.tracker.checkpoints)} ")


def test_an_illegal_action_is_reported_at_its_own_number_and_not_later(short_game: GameRecord,
                                                                       tmp_path: Path) -> None:
    # given a save whose 10th-from-last end_phase was given to the wrong side (later actions left intact)
    path = save_record(short_game, "bad", tmp_path)
    raw = json.loads(path.read_bytes())
    ends = [i for i, a in enumerate(raw["actions"]) if a["type"] == "end_phase"]
    index = ends[-10]
    raw["actions"][index]["side"] = "CW" if raw["actions"][index]["side"] == "JP" else "JP"
    _rewrite(path, raw)
    # when it is verified
    report = verify_replay(path, short_game.match.gd)
    # then the divergence is that action, by its 1-based number, with the engine's reason
    assert not report.ok and report.divergence is not None
    assert report.divergence.action == index + 1 and report.divergence.kind == "illegal"
    assert report.line().startswith(f"DIVERGED at action {index + 1}: action {index + 1} (end_phase) is illegal: ")


def test_a_legal_but_different_die_roll_is_caught_no_earlier_than_it_and_at_the_next_checkpoint(
    short_game: GameRecord, tmp_path: Path,
) -> None:
    # given a save, and every recorded die roll changed in turn to another outcome
    path = save_record(short_game, "dice", tmp_path)
    original = json.loads(path.read_bytes())
    dice = [i for i, a in enumerate(original["actions"]) if a["type"] == "chance"]
    assert dice, "the short game should roll some dice"
    caught = []
    for index in dice:
        raw = json.loads(json.dumps(original))
        raw["actions"][index]["value"] = 1 if raw["actions"][index]["value"] != 1 else 2
        _rewrite(path, raw)
        # when each edited save is verified
        report = verify_replay(path, short_game.match.gd)
        if report.divergence is None:
            continue  # that roll did not change the game (e.g. two outcomes with the same effect)
        caught.append(index)
        # then the divergence shows no earlier than the edited roll ...
        assert report.divergence.action >= index + 1
        # ... and, if the game went on legally, exactly at the next checkpoint after it
        if report.divergence.kind == "checkpoint":
            after = [c["action_index"] for c in raw["checkpoints"] if c["action_index"] > index]
            assert report.divergence.action == after[0]
    assert caught, "changing a die roll should change the game somewhere"


def test_a_corrupted_checkpoint_is_reported_with_its_turn_and_side(short_game: GameRecord, tmp_path: Path) -> None:
    # given a save whose third checkpoint digest was altered
    path = save_record(short_game, "cp", tmp_path)
    raw = json.loads(path.read_bytes())
    point = raw["checkpoints"][2]
    point["digest"] = "f" * 64
    _rewrite(path, raw)
    # when it is verified
    report = verify_replay(path, short_game.match.gd)
    # then the divergence is at that checkpoint's action number, naming turn and side
    assert report.divergence is not None and report.divergence.action == point["action_index"]
    assert f"checkpoint at action {point['action_index']} (turn {point['turn']} {point['side']})" in report.line()


def test_cli_replay_verify_prints_ok_and_exits_0(short_game: GameRecord, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # given a good save
    path = save_record(short_game, "ok", tmp_path)
    # when `malaya replay --verify FILE` runs
    status = main(["replay", "--verify", str(path)])
    # then it prints one OK line with the counts and the final digest, exit 0
    line = one_line(capsys.readouterr().out.strip())
    assert status == 0
    assert line == (f"OK: {len(short_game.match.log)} actions, 3 checkpoints, "
                    f"final state {short_game.match.state.digest()[:12]}")


@pytest.mark.slow
def test_cli_replay_verify_prints_the_divergence_and_exits_1(short_game: GameRecord, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # given a save with a corrupted final digest
    path = save_record(short_game, "diverged", tmp_path)
    raw = json.loads(path.read_bytes())
    raw["final_digest"] = "0" * 64
    _rewrite(path, raw)
    # when it is verified on the command line, then it prints one DIVERGED line, exit 1
    status = main(["replay", "--verify", str(path)])
    assert status == 1
    assert one_line(capsys.readouterr().out.strip()).startswith(f"DIVERGED at action {len(short_game.match.log)}: ")


@pytest.mark.slow
def test_cli_replay_without_verify_opens_the_viewer(short_game: GameRecord, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # given the dummy video driver and a private settings folder
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("MALAYA_CONFIG_DIR", str(tmp_path / "config"))
    # when `malaya replay FILE` runs (three frames), then the viewer opens and closes cleanly
    assert main(["replay", str(save_record(short_game, "v", tmp_path)), "--frames", "3"]) == 0


@pytest.mark.slow  # whole AI campaigns
@pytest.mark.parametrize(("jp", "cw"), [("normal", "normal"), ("hard", "easy")])
def test_ai_vs_ai_campaigns_verify_ok(gd: GameDef, tmp_path: Path, jp: str, cw: str) -> None:
    # given a whole AI-vs-AI campaign played through a record (dice from the match's seeded RNG)
    from malaya.ai import make_ai
    from malaya.engine import rules
    from malaya.engine.sides import Side
    from malaya.persistence.record import GameRecord

    record = GameRecord.new(gd, 5, (), {Side.JP: f"ai:{jp}", Side.CW: f"ai:{cw}"})
    controllers = {Side.JP: make_ai(jp, Side.JP, 5), Side.CW: make_ai(cw, Side.CW, 6)}
    while not rules.is_terminal(record.match.state):
        state = record.match.state
        assert record.submit(controllers[state.side](gd, state)) is None
    path = save_record(record, f"ai {jp} vs {cw}", tmp_path)
    # when the save is verified headless
    report = verify_replay(path, gd)
    # then it re-simulates to the same final state, through every checkpoint
    assert report.ok, report.line()
    assert report.final_digest == record.match.state.digest()
    assert report.checkpoints == len(record.tracker.checkpoints) >= 2 * record.match.state.turn - 1  # one a player-turn


def test_a_checkpoint_digest_changed_late_is_shown_long_enough_to_differ(short_game: GameRecord,
                                                                         tmp_path: Path) -> None:
    # given a save whose third checkpoint digest differs from the real one only from its 41st character on
    path = save_record(short_game, "late", tmp_path)
    raw = json.loads(path.read_bytes())
    point = raw["checkpoints"][2]
    real = point["digest"]
    point["digest"] = real[:40] + ("0" if real[40] != "0" else "1") + real[41:]
    _rewrite(path, raw)
    # when it is verified
    report = verify_replay(path, short_game.match.gd)
    # then the message shows the two digests as far as the first character that differs, and so they differ
    line = report.line()
    shown = re.findall(r"with state ([0-9a-f]+)", line)
    assert len(shown) == 2 and shown[0] != shown[1] and len(shown[0]) >= 41, line


def test_digests_are_cut_at_twelve_characters_when_those_differ() -> None:
    # given two digests that differ early, and two that differ only at the end
    from malaya.persistence.replay import digests_apart

    # then the first are shown to 12 characters, the second as far as 4 past the difference (at most whole)
    assert digests_apart("a" * 64, "b" * 64) == ("a" * 12, "b" * 12)
    assert digests_apart("a" * 64, "a" * 63 + "b") == ("a" * 64, "a" * 63 + "b")
