"""Issue 17: mutated saves and maps — every reader refuses or accepts alike, and what is accepted is true.

Hypothesis mutates the example saves (truncation, byte flips, field types, enum values, digests,
dice, seeds, nesting depth, sizes) and the campaign map. For every mutant:

- loading, ``replay --verify`` and the replay log (viewer and report) all refuse it or all accept it;
- the slot list refuses only what they all refuse (it reads the header, never the log);
- a refusal is one SaveError line (no traceback) and nothing on disk changes;
- an accepted save is its replayed game: summary, final digest and every die from the seed.

Profiles: ``mutants-ci`` (the default, well under a minute) and ``mutants-long`` for local runs:
``MALAYA_MUTANT_PROFILE=mutants-long python -m pytest tests/persistence/test_mutants.py -s``.
The counts of mutants tried, refused and accepted are printed at the end (``-s``).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from malaya.content import load_map
from malaya.content.errors import ContentError
from malaya.engine.gamedef import GameDef
from malaya.engine.state import GameState
from malaya.persistence import ReplayLog, SaveError, list_slots, load_match, verify_replay
from malaya.persistence.consistency import summary_problem
from malaya.persistence.format import no_duplicate_keys
from malaya.persistence.quick_open import check_opened, open_record
from malaya.persistence.sample import play_random
from malaya.persistence.snapshot import NUMBER_DIGITS, SnapshotError, decode, text_digest
from malaya.resources import scenario_file
from tests.bundled import bundled_game

from .conftest import snapshot

ROOT = Path(__file__).resolve().parents[2]
FORMAT_3 = "v3-short-game (made now)"
"""A format-3 save (with its snapshot), made now: the bundled short game is still in format 2."""
EXAMPLES = ("short-game.json", "v1-opening.json", FORMAT_3)
COMMON = {"deadline": None, "derandomize": True, "database": None,  # the same mutants, so the same counts
          "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]}
settings.register_profile("mutants-ci", max_examples=120, **COMMON)  # type: ignore[arg-type]
settings.register_profile("mutants-long", max_examples=3000, **COMMON)  # type: ignore[arg-type]
PROFILE = settings.get_profile(os.environ.get("MALAYA_MUTANT_PROFILE", "mutants-ci"))
TALLY: Counter[str] = Counter()


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    """The installed campaign, loaded once."""
    return bundled_game()


@lru_cache(maxsize=4)
def example(name: str) -> bytes:
    """An example save's bytes (the format-3 one saved now from two player-turns of random play)."""
    if name == FORMAT_3:
        return json.dumps(play_random(campaign(), seed=7, player_turns=2).to_save("v3").model_dump(
            mode="json")).encode()
    return (ROOT / "saves" / name).read_bytes()


SNAPSHOT_BOMBS = st.sampled_from(["1e15000000", "9" * 5000, "1/" + "9" * 4000, "\u0663", "+1", "1.5", "1/0",
                                  -(10**30), 10**19, "x", None, [], {}])


def _forged_snapshot(draw: st.DrawFn, raw: dict) -> None:
    """Edit one value inside the snapshot's state, and forge its checkpoint's digest so the decoder reads it."""
    state = json.loads(raw["snapshot"]["state"])
    path = draw(st.sampled_from([p for p in _paths(state) if p]))
    _set_at(state, path, draw(st.one_of(SNAPSHOT_BOMBS, ODD_VALUES)))
    text = json.dumps(state, separators=(",", ":"), sort_keys=True)
    raw["snapshot"]["state"] = text
    for point in raw["checkpoints"]:
        if point["action_index"] == raw["snapshot"]["action_index"]:
            point["digest"] = text_digest(text)


ODD_VALUES = st.sampled_from([None, True, False, 0, -1, 1, 2, 28, 1e30, 2.5, "", "lunch", "JP", "CW", "movement",
                              "x" * 300, [], {}, [1, 2], {"a": 1}, "a" * 64, "0" * 64, 2**63])


def _paths(value: object, at: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """Every path to a value inside a decoded save (keys and indices)."""
    yield at
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*at, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _paths(inner, (*at, i))


def _set_at(raw: dict, path: tuple[object, ...], value: object) -> None:
    """Replace the value at ``path`` (a non-empty path) in place."""
    holder: object = raw
    for step in path[:-1]:
        holder = holder[step]  # type: ignore[index]
    holder[path[-1]] = value  # type: ignore[index]


def _get_at(raw: dict, path: tuple[object, ...]) -> object:
    """The value at ``path``."""
    value: object = raw
    for step in path:
        value = value[step]  # type: ignore[index]
    return value


@st.composite
def structured(draw: st.DrawFn, raw: dict) -> tuple[str, bytes]:
    """A decoded save edited where it means something: a field's type or value, a die, a digest, depth, size."""
    kinds = ["value", "enum", "die", "seed", "digest", "nest", "grow", "drop", "duplicate"]
    how = draw(st.sampled_from(kinds + ["snapshot"] * 3 if raw.get("snapshot") else kinds))
    log = "actions" if "actions" in raw else "log"
    if how == "snapshot":
        _forged_snapshot(draw, raw)
    elif how == "value":
        path = draw(st.sampled_from([p for p in _paths(raw) if p]))
        _set_at(raw, path, draw(ODD_VALUES))
    elif how == "enum":
        key = draw(st.sampled_from(["phase", "side", "kind", "finished", "turn"]))
        raw[key] = draw(st.sampled_from(["supply", "movement", "combat", "end", "options", "lunch", "JP", "CW",
                                         True, False, 0, 1, 2, 3, 28, 29]))
    elif how == "die":
        dice = [i for i, a in enumerate(raw[log]) if a.get("type") == "chance"]
        if dice:
            raw[log][draw(st.sampled_from(dice))]["value"] = draw(st.integers(-2, 12))
    elif how == "seed":
        raw["seed"] = draw(st.integers(0, 2**63 - 1))
    elif how == "digest":
        paths = [p for p in _paths(raw) if p and p[-1] in ("digest", "final_digest", "scenario_hash")]
        if paths:
            _set_at(raw, draw(st.sampled_from(paths)), draw(st.sampled_from([None, "0" * 64, "f" * 64, "bad"])))
    elif how == "nest":
        path = draw(st.sampled_from([p for p in _paths(raw) if p]))
        depth = draw(st.integers(1, 5000))
        inner = json.dumps(_get_at(raw, path))
        _set_at(raw, path, "@nest@")  # nested as text: json.dumps itself cannot go thousands deep
        return how, json.dumps(raw).replace('"@nest@"', "[" * depth + inner + "]" * depth, 1).encode()
    elif how == "grow" and raw[log]:
        raw[log] = raw[log] + raw[log][-1:] * draw(st.integers(1, 40_000))
    elif how == "drop":
        path = draw(st.sampled_from([p for p in _paths(raw) if p]))
        holder = _get_at(raw, path[:-1])
        del holder[path[-1]]  # type: ignore[attr-defined, union-attr]
    elif how == "duplicate":
        text = json.dumps(raw)
        key = draw(st.sampled_from(["turn", "phase", "finished", "seed"]))
        return how, text.replace("{", '{"' + key + '": 3, ', 1).encode()
    return how, json.dumps(raw).encode()


@st.composite
def mutant(draw: st.DrawFn) -> tuple[str, bytes]:
    """An example save, mutated as bytes (truncated, flipped, spliced) or as JSON (see ``structured``)."""
    name = draw(st.sampled_from(EXAMPLES))
    how, data = draw(_mutated(example(name)))
    return f"{how} of {name.split('-')[0]}", data


@st.composite
def _mutated(draw: st.DrawFn, data: bytes) -> tuple[str, bytes]:
    """``data`` mutated (see ``mutant``)."""
    how = draw(st.sampled_from(["truncate", "flip", "splice", "structured", "structured", "structured"]))
    if how == "truncate":
        return how, data[: draw(st.integers(0, len(data) - 1))]
    if how == "flip":
        flipped = bytearray(data)
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(data) - 1))
            flipped[at] ^= 1 << draw(st.integers(0, 7))
        return how, bytes(flipped)
    if how == "splice":
        at = draw(st.integers(0, len(data)))
        chunk = draw(st.sampled_from([b"\x1b]0;owned\x07", b"[" * 5000, b"null", b"1e999", b",", b'"', b"\xff"]))
        return how, data[:at] + chunk + data[at:]
    return draw(structured(json.loads(data)))


def _outcome(attempt: Callable[[], object], source: str) -> str:
    """``ok`` or ``refused`` (a one-line SaveError naming the file); anything else fails the test."""
    try:
        attempt()
    except SaveError as err:
        text = str(err)
        assert "\n" not in text and "Traceback" not in text and text.startswith(f"{source}: "), text
        return "refused"
    return "ok"


@pytest.fixture(scope="module", autouse=True)
def tally() -> Iterator[None]:
    """Print how many mutants were tried, refused and accepted (run with -s to see it)."""
    TALLY.clear()
    yield
    print(f"\nmutants ({PROFILE.max_examples} examples per test): "
          + ", ".join(f"{key} {TALLY[key]}" for key in sorted(TALLY)))


@settings(PROFILE)
@given(case=mutant())
@pytest.mark.slow
def test_every_reader_refuses_or_accepts_a_mutated_save_alike(case: tuple[str, bytes], private_data_dir: Path,
                                                             capfd: pytest.CaptureFixture[str]) -> None:
    # given a slot holding a mutated example save
    how, data = case
    gd = campaign()
    path = private_data_dir / "saves" / "mutant.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    before = snapshot(private_data_dir)
    # when every reader reads it
    loaded: list[object] = []
    outcomes = {
        "load": _outcome(lambda: loaded.append(load_match(path, gd)), "mutant.json"),
        "verify": _outcome(lambda: _verified(path, gd), "mutant.json"),
        "replay log": _outcome(lambda: ReplayLog.open(path, gd), "mutant.json"),
        "open and check": _outcome(lambda: _opened_and_checked(path, gd), "mutant.json"),
    }
    listing = list_slots()
    # then they agree, and the slot list refuses only what they all refuse
    assert len(set(outcomes.values())) == 1, (how, outcomes)
    if listing.unreadable:
        assert outcomes["load"] == "refused", (how, listing.unreadable)
    # and nothing on disk changed, and nothing printed a traceback
    assert snapshot(private_data_dir) == before
    printed = capfd.readouterr()
    assert "Traceback" not in printed.out + printed.err
    # and an accepted save is its replayed game
    if loaded:
        match, save = loaded[0]  # type: ignore[misc]
        assert summary_problem(save, match.state) is None
        assert save.final_digest in (None, match.state.digest())
    kind = f"unchanged {how.split()[-1]}" if _unchanged(data) else how
    TALLY["tried"] += 1
    TALLY[f"{outcomes['load']} ({kind})"] += 1
    TALLY[outcomes["load"]] += 1


def _unchanged(data: bytes) -> bool:
    """True if a mutant decodes to an example exactly (the mutation did nothing that JSON can see)."""
    try:
        decoded = json.loads(data, object_pairs_hook=no_duplicate_keys)
    except (ValueError, RecursionError):
        return False
    text = json.dumps(decoded, sort_keys=True)  # as text: True == 1 in Python, not in a save
    return any(text == json.dumps(json.loads(example(name)), sort_keys=True) for name in EXAMPLES)


def _opened_and_checked(path: Path, gd: GameDef) -> None:
    """Opening to play (issue 16): shown trusting the log, then checked in full; a divergence is a refusal."""
    record, save = open_record(path, gd)
    problem = check_opened(gd, save) if record.unchecked is not None else None
    if problem is not None:
        raise SaveError(f"{path.name}: {problem}")


def _verified(path: Path, gd: GameDef) -> None:
    """``replay --verify``: a divergence is a refusal like any other."""
    report = verify_replay(path, gd)
    if not report.ok:
        raise SaveError(f"{path.name}: {report.line()}")


@lru_cache(maxsize=1)
def campaign_map() -> bytes:
    """The campaign map's bytes."""
    return (scenario_file().parent / "map.tmx").read_bytes()


@st.composite
def map_mutant(draw: st.DrawFn) -> tuple[str, bytes]:
    """The campaign map truncated, byte-flipped, resized or nested deep."""
    data = campaign_map()
    how = draw(st.sampled_from(["truncate", "flip", "size", "nest"]))
    if how == "truncate":
        return how, data[: draw(st.integers(0, len(data) - 1))]
    if how == "flip":
        flipped = bytearray(data)
        for _ in range(draw(st.integers(1, 4))):
            flipped[draw(st.integers(0, len(data) - 1))] ^= 1 << draw(st.integers(0, 7))
        return how, bytes(flipped)
    if how == "size":
        attribute = draw(st.sampled_from([b'width="62"', b'height="69"']))
        value = draw(st.sampled_from([b"0", b"-1", b"201", b"1000", b"99999999", b"x"]))
        return how, data.replace(attribute, attribute.split(b"=")[0] + b'="' + value + b'"', 1)
    depth = draw(st.integers(1, 50_000))
    return how, data.replace(b"</map>", b"<x>" * depth + b"</x>" * depth + b"</map>", 1)


@settings(PROFILE, max_examples=max(10, PROFILE.max_examples // 6))
@given(case=map_mutant())
def test_a_mutated_campaign_map_loads_or_fails_in_one_line(
    case: tuple[str, bytes], tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # given the campaign map, mutated
    how, data = case
    path = tmp_path_factory.mktemp("map") / "map.tmx"
    path.write_bytes(data)
    # when it is loaded, then it loads or fails with one ContentError line
    try:
        load_map(path)
        TALLY[f"map ok ({how})"] += 1
    except ContentError as err:
        assert "\n" not in str(err).strip(), str(err)
        TALLY[f"map refused ({how})"] += 1


@st.composite
def snapshot_mutant(draw: st.DrawFn) -> str:
    """The format-3 example's snapshot text with one value inside it replaced (a bomb, an odd value)."""
    raw = json.loads(example(FORMAT_3))
    _forged_snapshot(draw, raw)
    return str(raw["snapshot"]["state"])


@settings(PROFILE, max_examples=PROFILE.max_examples * 2)
@given(text=snapshot_mutant())
@pytest.mark.slow
def test_the_snapshot_decoder_decodes_or_refuses_a_mutated_state_and_never_converts_a_bomb(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # given a format-3 save's snapshot with one value inside it replaced
    converted: list[str] = []
    monkeypatch.setattr("malaya.persistence.snapshot.Fraction", lambda t: converted.append(t) or Fraction(t))
    # when the snapshot decoder reads it
    try:
        state = decode(text)
        TALLY["snapshot decoded"] += 1
        # then what it accepts is a game state (quick_open still trusts it only if its digest is the checkpoint's)
        assert isinstance(state, GameState)
    except SnapshotError as err:
        # or it refuses it with one line, never another exception
        assert "\n" not in str(err)
        TALLY["snapshot refused"] += 1
    # and no text longer than a small number's was ever handed to the number conversion
    assert all(len(t) <= 2 * NUMBER_DIGITS + 2 for t in converted), converted
