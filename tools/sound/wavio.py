"""Writing signals as 16-bit WAV and converting them to OGG Vorbis with ``sox``."""

from __future__ import annotations

import array
import hashlib
import shutil
import subprocess
import wave
from pathlib import Path

from sound.synth import Signal

FULL_SCALE = 32767


def to_pcm(sig: Signal) -> bytes:
    """Signed 16-bit little-endian samples; values beyond full scale are an error, not clipped."""
    peak = max((abs(x) for x in sig), default=0.0)
    if peak > 1.0:
        raise ValueError(f"signal peaks at {peak:.3f}, above full scale: normalise it first")
    samples = array.array("h", (round(x * FULL_SCALE) for x in sig))
    if samples.itemsize != 2:  # pragma: no cover - every platform we ship on has 16-bit shorts
        raise RuntimeError("array 'h' is not 16-bit here")
    return samples.tobytes()


def pcm_digest(pcm: bytes) -> str:
    """A short fingerprint of the samples, recorded in the manifest."""
    return hashlib.sha256(pcm).hexdigest()[:16]


def write_wav(path: Path, pcm: bytes, rate: int) -> None:
    """A mono 16-bit WAV file."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm)


def sox_binary() -> str:
    """The ``sox`` program, or an error saying how to install it."""
    found = shutil.which("sox")
    if found is None:
        raise SystemExit("sox not found: apt-get install -y sox libsox-fmt-all (or your system's sox package)")
    return found


def encode_ogg(wav: Path, ogg: Path, quality: int) -> None:
    """Convert WAV → OGG Vorbis at ``quality`` (0-10); ``-R`` makes sox repeatable (fixed stream serial)."""
    subprocess.run([sox_binary(), "-R", str(wav), "-C", str(quality), str(ogg)], check=True)


def stat(path: Path) -> dict[str, float]:
    """Numbers from ``sox FILE -n stat`` (length, maximum amplitude, RMS …) keyed by their label."""
    done = subprocess.run([sox_binary(), str(path), "-n", "stat"], check=True, capture_output=True, text=True)
    values: dict[str, float] = {}
    for line in done.stderr.splitlines():
        label, _, value = line.partition(":")
        try:
            values[label.strip()] = float(value.strip())
        except ValueError:
            continue
    return values
