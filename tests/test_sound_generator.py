"""The committed sounds are exactly those tools/build_sounds.py lists in its manifest, and are current.

Issue 15 §4: sounds are made by our own synthesis script and shipped as OGG Vorbis.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"
MAX_TOTAL_BYTES = 2 * 1024 * 1024


@pytest.fixture(scope="module")
def builder() -> Iterator[ModuleType]:
    """The build script, imported from tools/."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_sounds

        yield build_sounds
    finally:
        sys.path.remove(str(ROOT / "tools"))


@pytest.fixture(scope="module")
def manifest() -> list[dict[str, object]]:
    """The committed manifest's entries."""
    return json.loads((SOUNDS / "manifest.json").read_text(encoding="utf-8"))["sounds"]


def test_given_the_manifest_then_every_listed_file_is_committed_and_no_other_sound_is(
    manifest: list[dict[str, object]],
) -> None:
    listed = {str(e["file"]) for e in manifest}
    committed = {p.name for p in SOUNDS.glob("*.ogg")}
    assert listed == committed, f"missing: {sorted(listed - committed)}, unlisted: {sorted(committed - listed)}"


def test_given_the_build_script_then_its_sounds_are_the_manifest(
    builder: ModuleType, manifest: list[dict[str, object]]
) -> None:
    assert sorted(s.name for s in builder.specs()) == sorted(str(e["name"]) for e in manifest)


def test_given_the_effects_then_each_lasts_between_a_twentieth_and_one_and_a_half_seconds(
    manifest: list[dict[str, object]],
) -> None:
    effects = {str(e["name"]): float(str(e["seconds"])) for e in manifest if e["kind"] == "effect"}
    assert effects, "the manifest lists no effects"
    too_long_or_short = {n: s for n, s in effects.items() if not 0.05 <= s <= 1.5}
    assert too_long_or_short == {}


def test_given_the_music_loops_then_each_runs_twenty_to_forty_seconds(manifest: list[dict[str, object]]) -> None:
    loops = {str(e["name"]): float(str(e["seconds"])) for e in manifest if e["kind"] == "music"}
    assert set(loops) == {"music_menu", "music_play"}
    assert all(20 <= s <= 40 for s in loops.values()), loops


def test_given_the_shipped_sounds_then_together_they_stay_under_two_megabytes() -> None:
    total = sum(p.stat().st_size for p in SOUNDS.glob("*.ogg"))
    assert 0 < total < MAX_TOTAL_BYTES


@pytest.mark.slow
def test_when_the_effects_are_synthesised_again_then_their_samples_match_the_manifest(
    builder: ModuleType, manifest: list[dict[str, object]]
) -> None:
    """Fixed seeds: a rebuild gives the same samples (music is left to the script: it takes ~30 s)."""
    recorded = {str(e["name"]): e["pcm_sha256"] for e in manifest}
    from sound.wavio import pcm_digest

    for spec in builder.specs():
        if spec.kind == "effect":
            stale = f"{spec.name} is stale: run tools/build_sounds.py"
            assert pcm_digest(builder.render(spec)) == recorded[spec.name], stale
