"""Synthesise every sound effect and music loop and ship them as OGG Vorbis.

Usage: ``python tools/build_sounds.py [--out DIR] [--only NAME ...] [--quiet]``

Writes ``assets/sounds/<name>.ogg`` and ``manifest.json`` (name, kind, seconds, sample rate
and a fingerprint of the samples) relative to DIR (default: the repository root). Every sound is
made by our own code in ``tools/sound/`` (no recorded or downloaded audio); noise comes from fixed
seeds, so a rebuild gives the same samples. Needs ``sox`` with Vorbis support
(Debian: ``apt-get install -y sox libsox-fmt-all``). Each file is checked with ``sox … stat``:
no clipping, peak below 0 dBFS, effects between 0.05 and 1.5 seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

from sound.effects import EFFECTS  # noqa: E402
from sound.jingles import JINGLES  # noqa: E402
from sound.music import MUSIC  # noqa: E402
from sound.synth import Signal, fade_edges, normalise  # noqa: E402
from sound.wavio import encode_ogg, pcm_digest, stat, to_pcm, write_wav  # noqa: E402

SOUNDS_DIR = Path("assets/sounds")
MANIFEST = "manifest.json"
EFFECT_RATE, MUSIC_RATE = 44100, 22050
EFFECT_QUALITY, MUSIC_QUALITY = 4, 4
EFFECT_SECONDS = (0.05, 1.5)
CLIP_LEVEL = 0.999
TAIL_FADE_SECONDS, TAIL_FADE_SHARE = 0.25, 0.25
"""Each effect fades out over its last quarter, at most a quarter second: noisy tails end softly."""

PEAK_DB: dict[str, float] = {
    "select": -9, "move": -9, "illegal": -13, "dice": -5, "loss": -4, "retreat": -8,
    "elimination": -2, "exchange": -3, "bridge": -2, "landing": -4, "air_attack": -3, "force_z": -3,
    "phase": -9, "turn_start": -5, "victory": -2, "defeat": -3, "draw": -4,
    "music_menu": -7, "music_play": -7,
}
"""Peak level of each sound in dBFS: the balance between them (quiet clicks, loud explosions)."""


@dataclass(frozen=True)
class Spec:
    """How one sound is made and encoded."""

    name: str
    kind: str  # "effect" or "music"
    recipe: Callable[[int], Signal]
    rate: int
    quality: int


def specs() -> list[Spec]:
    """Every sound the game ships, effects and jingles first, then music."""
    effects = [Spec(n, "effect", fn, EFFECT_RATE, EFFECT_QUALITY) for n, fn in {**EFFECTS, **JINGLES}.items()]
    music = [Spec(n, "music", fn, MUSIC_RATE, MUSIC_QUALITY) for n, fn in MUSIC.items()]
    return effects + music


def render(spec: Spec) -> bytes:
    """The 16-bit samples of one sound, faded at the edges (effects) and set to its peak level."""
    sig = spec.recipe(spec.rate)
    if spec.kind == "effect":
        sig = fade_edges(sig, spec.rate, fade_out=min(TAIL_FADE_SECONDS, TAIL_FADE_SHARE * len(sig) / spec.rate))
    return to_pcm(normalise(sig, PEAK_DB[spec.name]))


def check(spec: Spec, ogg: Path) -> list[str]:
    """What is wrong with an encoded file: clipping, a peak at 0 dBFS, an effect too short or long."""
    values = stat(ogg)
    problems = []
    peak = max(values["Maximum amplitude"], -values["Minimum amplitude"])
    if peak >= CLIP_LEVEL:
        problems.append(f"{spec.name}: peak {peak:.3f} reaches full scale")
    low, high = EFFECT_SECONDS
    if spec.kind == "effect" and not low <= values["Length (seconds)"] <= high:
        problems.append(f"{spec.name}: {values['Length (seconds)']:.2f} s is outside {low}-{high} s")
    return problems


def build(spec: Spec, out_dir: Path, work: Path) -> tuple[dict[str, object], list[str]]:
    """Render, encode and check one sound; its manifest entry and any problems."""
    pcm = render(spec)
    wav, ogg = work / f"{spec.name}.wav", out_dir / f"{spec.name}.ogg"
    write_wav(wav, pcm, spec.rate)
    encode_ogg(wav, ogg, spec.quality)
    entry: dict[str, object] = {
        "name": spec.name,
        "file": ogg.name,
        "kind": spec.kind,
        "seconds": round(len(pcm) / 2 / spec.rate, 3),
        "sample_rate": spec.rate,
        "pcm_sha256": pcm_digest(pcm),
    }
    return entry, check(spec, ogg)


def write_manifest(out_dir: Path, entries: list[dict[str, object]]) -> Path:
    """The manifest of shipped sounds, sorted by name."""
    path = out_dir / MANIFEST
    doc = {"generator": "tools/build_sounds.py", "sounds": sorted(entries, key=lambda e: str(e["name"]))}
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    """Build the sounds; exit status 1 if any fails its check."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="repository root to write under")
    parser.add_argument("--only", nargs="*", default=None,
                        help="rebuild only these sounds (the manifest keeps the rest)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    out_dir = args.out / SOUNDS_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    chosen = [s for s in specs() if args.only is None or s.name in args.only]
    entries = _kept_entries(out_dir, {s.name for s in chosen}) if args.only is not None else []
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for spec in chosen:
            entry, wrong = build(spec, out_dir, Path(tmp))
            entries.append(entry)
            problems += wrong
            if not args.quiet:
                size = (out_dir / str(entry["file"])).stat().st_size
                print(f"{spec.name:12s} {entry['seconds']:7.3f} s  {size:7d} bytes")
    write_manifest(out_dir, entries)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def _kept_entries(out_dir: Path, rebuilt: set[str]) -> list[dict[str, object]]:
    """Manifest entries of the sounds not being rebuilt (for ``--only``)."""
    path = out_dir / MANIFEST
    if not path.exists():
        return []
    return [e for e in json.loads(path.read_text(encoding="utf-8"))["sounds"] if e["name"] not in rebuilt]


if __name__ == "__main__":
    raise SystemExit(main())
