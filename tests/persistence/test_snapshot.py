"""Issue 16, save format 3: a save's state snapshot rebuilds the exact state, and is trusted only if it hashes right."""

from __future__ import annotations

import json
import logging
from dataclasses import fields, is_dataclass, replace
from fractions import Fraction
from pathlib import Path

import pytest

from malaya.engine.chance_context import (
    NO_CONTEXT,
    AirPointsContext,
    LossCandidates,
    PercentContext,
    SeaMoveContext,
)
from malaya.engine.combat_steps import Eliminate, LoseSteps, PickLoss, ReadDie, Retreat
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.state import ChanceKind, Combat, CombatStage, GameState, Pending
from malaya.persistence import GameRecord, SaveError, load_record, save_record
from malaya.persistence.checkpoints import CheckpointTracker
from malaya.persistence.format import FORMAT_VERSION
from malaya.persistence.quick_open import check_opened_record, open_record, snapshot_state
from malaya.persistence.reading import read_save
from malaya.persistence.snapshot import SnapshotError, decode, encode, text_digest

SAVES = Path(__file__).resolve().parents[2] / "saves"


def _same(a: object, b: object) -> bool:
    """True if ``a`` and ``b`` are equal *and* of the same types all the way down (``Fraction(0) != 0`` here)."""
    if type(a) is not type(b):
        return False
    if is_dataclass(a):
        return all(_same(getattr(a, f.name), getattr(b, f.name)) for f in fields(a))
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))  # type: ignore[arg-type]
    if isinstance(a, frozenset):
        return a == b and sorted(map(repr, a)) == sorted(map(repr, b))  # type: ignore[arg-type]
    return a == b


def _round_trips(state: GameState) -> None:
    """Encode → decode gives the same state, of the same types, with the same digest and text."""
    text = encode(state)
    back = decode(text)
    assert back == state and _same(back, state)
    assert back.digest() == state.digest() == text_digest(text) and encode(back) == text


def test_every_checkpoint_and_every_combat_or_chance_node_of_a_campaign_round_trips(
        full_game: GameRecord, gd: GameDef) -> None:
    # given a whole random campaign played now, replayed state by state
    tracker = CheckpointTracker.start(gd, full_game.options)
    seen: set[object] = set()
    # when every checkpoint's state, and every state in a combat or at a chance node, is encoded and decoded
    for action in full_game.match.log:
        tracker.step(action)
        state = tracker.state
        at_checkpoint = tracker.checkpoints[-1].action_index == tracker.index
        if at_checkpoint or state.combat is not None or state.pending is not None:
            # then it is the same state (R12.10 combat and its steps, the chance context included)
            _round_trips(state)
            seen |= {type(step) for step in state.combat.queue} if state.combat else set()
            seen |= {state.pending.kind} if state.pending else set()
    # and the campaign went through combats being resolved and several kinds of chance node
    assert {ReadDie, PickLoss, ChanceKind.COMBAT_DIE, ChanceKind.LOSS_PICK} <= seen
    assert len(tracker.checkpoints) > 50


@pytest.mark.parametrize("pending", [
    Pending(ChanceKind.COMBAT_DIE, (1, 2, 3, 4, 5, 6), NO_CONTEXT),
    Pending(ChanceKind.LOSS_PICK, (0, 1), LossCandidates(("jp_5_div", "jp_18_div"))),
    Pending(ChanceKind.FORCE_Z_INTERCEPT, (1, 2, 3), SeaMoveContext("jp_5_div", Hex(33, -3), True)),
    Pending(ChanceKind.FORCE_Z_ATTACK, (1, 2), AirPointsContext(3)),
    Pending(ChanceKind.PENANG_SHIPPING, (10, 20), PercentContext(80)),
], ids=lambda p: p.kind.value)
def test_every_resolution_step_and_chance_context_round_trips(full_game: GameRecord, pending: Pending) -> None:
    # given a combat under way whose queue holds every kind of resolution step (R12.6-R12.9), at a chance node
    queue = (ReadDie("2:1", -1, Fraction(7, 2), Fraction(3), 2, 1), Eliminate(("cw_a", "cw_b")),
             LoseSteps(2, ("cw_a",)), PickLoss(("cw_a", "cw_b")), Retreat(3, ("jp_5_div",)))
    combat = Combat(Hex(30, 20), ("jp_5_div",), 2, CombatStage.RESOLVING, ("cw_a",), "DR", queue, ("jp_5_div",))
    state = replace(full_game.match.state, combat=combat, pending=pending)
    # when it is encoded and decoded, then it is the same state
    _round_trips(state)


@pytest.mark.parametrize("text", [
    "not json", "[]", "{}",
    '{"turn": 1}',
])
def test_a_text_that_is_not_a_whole_state_is_refused(text: str) -> None:
    # given a text that is not a state's canonical form, when it is decoded, then it is refused
    with pytest.raises(SnapshotError):
        decode(text)


@pytest.mark.parametrize("step", [["die", "2:1"], ["lose", "two", "cw_a"], ["charge"], []])
def test_a_combat_step_of_the_wrong_shape_is_refused(full_game: GameRecord, step: list[str]) -> None:
    # given a state whose combat queue holds a resolution step of the wrong shape (R12.10)
    combat = Combat(Hex(30, 20), ("jp_5_div",), 0, CombatStage.RESOLVING, ("cw_a",), "DR", (Eliminate(("cw_a",)),))
    form = json.loads(encode(replace(full_game.match.state, combat=combat)))
    form["combat"]["queue"] = [step]
    # when it is decoded, then it is refused as not a state
    with pytest.raises(SnapshotError):
        decode(json.dumps(form))


def test_a_state_with_an_unknown_key_is_refused(short_game: GameRecord) -> None:
    # given a state's canonical form with a key no state has
    form = json.loads(encode(short_game.match.state))
    form["extra"] = 1
    # when it is decoded, then it is refused
    with pytest.raises(SnapshotError, match="extra"):
        decode(json.dumps(form))


def test_a_save_carries_the_state_of_its_last_checkpoint(short_game: GameRecord) -> None:
    # given a game two player-turns in, when it is saved
    save = short_game.to_save("snap")
    # then the save (format 3) carries a snapshot at its last checkpoint, whose text hashes to its digest
    assert save.format_version == FORMAT_VERSION == 3 and save.snapshot is not None
    point = save.checkpoints[-1]
    assert save.snapshot.action_index == point.action_index and text_digest(save.snapshot.state) == point.digest
    assert snapshot_state(save) == (point.action_index, short_game.tracker.last_state)


@pytest.mark.slow
def test_a_tampered_snapshot_is_not_trusted_and_the_save_opens_by_replay(
        short_game: GameRecord, gd: GameDef, caplog: pytest.LogCaptureFixture) -> None:
    # given a save whose snapshot was edited (a unit given a step it does not have)
    path = save_record(short_game, "tampered snapshot")
    raw = json.loads(path.read_bytes())
    raw["snapshot"]["state"] = raw["snapshot"]["state"].replace('"steps":1', '"steps":2', 1)
    assert raw["snapshot"]["state"] != short_game.to_save("x").snapshot.state  # type: ignore[union-attr]
    path.write_text(json.dumps(raw), encoding="utf-8")
    # when it is opened
    with caplog.at_level(logging.WARNING):
        record, save = open_record(path, gd)
    # then the snapshot is not used: the whole log was replayed (every event is there) and the log says so
    assert snapshot_state(save) is None
    assert "opened by replaying the whole log" in caplog.text
    full, _ = load_record(path, gd)
    assert record.match.state == full.match.state and record.match.events == full.match.events
    # and its full check passes (the log is the real game's)
    assert check_opened_record(record) == (None, [])


def test_a_snapshot_edited_with_its_checkpoint_is_refused(short_game: GameRecord, gd: GameDef) -> None:
    # given a save whose snapshot and the checkpoint it names were both edited to agree
    path = save_record(short_game, "forged snapshot")
    raw = json.loads(path.read_bytes())
    forged = raw["snapshot"]["state"].replace('"steps":1', '"steps":2', 1)
    raw["snapshot"]["state"] = forged
    raw["checkpoints"][-1]["digest"] = text_digest(forged)
    path.write_text(json.dumps(raw), encoding="utf-8")
    # when it is opened (the game stands at that checkpoint: the forged state is not the saved final state)
    # then it is refused at once, with the full check's message naming the checkpoint
    with pytest.raises(SaveError, match=r"checkpoint at action \d+ \(turn 2 JP\) does not match"):
        open_record(path, gd)


@pytest.mark.slow
def test_a_version_2_save_still_opens_by_replay_and_checks_out(gd: GameDef, tmp_path: Path) -> None:
    # given a version-2 save (version 3 without the snapshot): the bundled short game, as version 2 wrote it
    raw = json.loads((SAVES / "short-game.json").read_bytes())
    raw.pop("snapshot", None)
    path = tmp_path / "v2.json"
    path.write_text(json.dumps({**raw, "format_version": 2}), encoding="utf-8")
    # when it is read and opened, then it is migrated to format 3 without a snapshot and replayed from the opening
    save = read_save(path)
    assert save.format_version == FORMAT_VERSION and save.snapshot is None
    record, _ = open_record(path, gd)
    full, _ = load_record(path, gd)
    assert record.match.state.digest() == full.match.state.digest() == save.final_digest
    assert record.match.events == full.match.events
    # and its full check passes, and saving it again writes a snapshot
    assert check_opened_record(record) == (None, [])
    assert record.to_save("again").snapshot is not None


def test_a_version_2_save_with_a_snapshot_key_is_refused(short_game: GameRecord, gd: GameDef) -> None:
    # given a save claiming version 2 yet holding a snapshot (which version 2 never had)
    path = save_record(short_game, "odd")
    raw = json.loads(path.read_bytes())
    raw["format_version"] = 2
    path.write_text(json.dumps(raw), encoding="utf-8")
    # when it is loaded, then it is refused in one line
    with pytest.raises(SaveError, match="damaged version-2 save"):
        load_record(path, gd)


BOMBS = ["1e15000000", "1" * 5000, "1/" + "9" * 5000, "1_000", "+1", " 1", "\u0663", "1.5", "0x10", "inf", "1/0"]


def _with_mp_used(state: GameState, text: str) -> str:
    """The state's canonical text with its first unit's ``mp_used`` written as ``text`` (a fraction's place)."""
    form = json.loads(encode(state))
    form["units"][0]["mp_used"] = text
    return json.dumps(form, separators=(",", ":"), sort_keys=True)


@pytest.mark.parametrize("bomb", BOMBS)
def test_a_number_text_of_the_wrong_shape_is_refused_before_it_is_converted(
        short_game: GameRecord, bomb: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a snapshot whose fraction is a big-number bomb or any text not shaped like a small fraction
    text = _with_mp_used(short_game.match.state, bomb)
    converted: list[str] = []
    real = Fraction

    def spy(value: str) -> Fraction:
        """Fraction, noting what it was asked to convert."""
        converted.append(value)
        return real(value)
    monkeypatch.setattr("malaya.persistence.snapshot.Fraction", spy)
    # when it is decoded
    with pytest.raises(SnapshotError, match="a fraction"):
        decode(text)
    # then it is refused by its shape: the bad text was never handed to the number conversion
    assert bomb not in converted


@pytest.mark.parametrize("step", [["die", "2:1", "1" * 5000, "3/2", "1", "0", "0"],
                                  ["die", "2:1", "0", "1e15000000", "1", "0", "0"],
                                  ["lose", "\u0663", "cw_a"], ["retreat", "9" * 19, "cw_a"]])
def test_a_resolution_step_with_a_number_of_the_wrong_shape_is_refused(full_game: GameRecord, step: list[str]) -> None:
    # given a combat step (R12.6-R12.8) whose number is a bomb, a non-ASCII digit or too long
    combat = Combat(Hex(30, 20), ("jp_5_div",), 0, CombatStage.RESOLVING, ("cw_a",), "DR", (Eliminate(("cw_a",)),))
    form = json.loads(encode(replace(full_game.match.state, combat=combat)))
    form["combat"]["queue"] = [step]
    # when it is decoded, then it is refused as not a state
    with pytest.raises(SnapshotError):
        decode(json.dumps(form))


def test_a_save_whose_forged_snapshot_holds_a_big_number_opens_by_its_log(
        short_game: GameRecord, gd: GameDef) -> None:
    # given a save whose snapshot holds "1e15000000" and whose checkpoint digest was forged to match it
    path = save_record(short_game, "bomb")
    raw = json.loads(path.read_bytes())
    forged = _with_mp_used(short_game.tracker.last_state, "1e15000000")
    raw["snapshot"]["state"] = forged
    raw["checkpoints"][-1]["digest"] = text_digest(forged)
    path.write_text(json.dumps(raw), encoding="utf-8")
    # when it is opened, then the snapshot is not trusted (refused by its shape, not converted)
    save = read_save(path)
    assert snapshot_state(save) is None
    # and the save opens by replaying its log, and its full check names the forged checkpoint
    record, _ = open_record(path, gd)
    problem, _ = check_opened_record(record)
    assert problem is not None and "does not match" in problem
