"""A plain install works anywhere: the wheel, in a fresh virtual environment, run from another folder (issue 12).

The wheel is built from a copy of the sources, installed (not editable) with its dependencies
into a new ``venv``, and every command below runs from an empty temporary folder, headless.
A quick check beside it: every data file under ``malaya/scenarios`` and ``malaya/assets`` is
matched by a package-data pattern of ``pyproject.toml``, so the wheel ships it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from malaya import __version__

ROOT = Path(__file__).resolve().parents[1]
INSTALL_TIMEOUT_S = 900
COMMAND_TIMEOUT_S = 300
PLAY_FRAMES = 40
SHOT_FRAME = 30
DATA_FOLDERS = ("scenarios", "assets")
"""The data folders at the top level (malaya/resources.py finds them beside or inside the package)."""
LESSONS = sorted(p.name for p in (ROOT / "scenarios" / "lessons").glob("*.toml"))
FIND_LESSONS = ("from importlib.resources import files; from malaya.session.lessons import all_lessons; "
                "print(sorted(p.name for p in files('malaya').joinpath('scenarios', 'lessons').iterdir()"
                " if p.name.endswith('.toml'))); print(len(all_lessons()))")
"""Lists the installed lesson files through importlib.resources, then loads them as the Learn to play page does."""


def build_wheel(work: Path) -> Path:
    """The wheel of a clean copy of the sources (the checkout is left untouched)."""
    src = work / "src"
    shutil.copytree(ROOT / "malaya", src / "malaya", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in DATA_FOLDERS:
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    dist = work / "dist"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src)],
        cwd=work, timeout=INSTALL_TIMEOUT_S)
    (wheel,) = dist.glob("malaya-*.whl")
    return wheel


def fresh_venv(work: Path, wheel: Path) -> Path:
    """A new virtual environment (no system packages) with the wheel and its dependencies; its bin folder."""
    venv = work / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=work, timeout=INSTALL_TIMEOUT_S)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], cwd=work, timeout=INSTALL_TIMEOUT_S)
    return bin_dir


def headless_env(work: Path) -> dict[str, str]:
    """The environment of a player's shell: no checkout on the path, dummy display and audio, private folders."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MALAYA_HOME", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MALAYA_DATA_DIR=str(work / "data"), MALAYA_CONFIG_DIR=str(work / "config"))
    return env


def run(cmd: list[str], cwd: Path, timeout: int = COMMAND_TIMEOUT_S,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a command; fail the test with its output if it exits non-zero."""
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(cmd)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.mark.slow
def test_given_the_build_step_then_every_data_file_ships_in_the_package(tmp_path: Path) -> None:
    # given the data files of the top-level data folders (the lessons among them)
    data = {p.relative_to(ROOT) for folder in DATA_FOLDERS for p in (ROOT / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    assert len(LESSONS) >= 2 and {Path("scenarios", "lessons", name) for name in LESSONS} <= data
    # when setup.py's build step runs
    build = tmp_path / "build"
    run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(build)], cwd=ROOT)
    # then every one of them is in the built package's malaya/ folder
    built = {p.relative_to(build / "malaya") for p in (build / "malaya").rglob("*") if p.is_file()}
    assert sorted(str(p) for p in data - built) == []
    # and so are the words files (package data of malaya.session.words: the rules reference, the sentences)
    words = {p.relative_to(ROOT / "malaya") for p in (ROOT / "malaya" / "session" / "words" / "texts").glob("*.toml")}
    assert len(words) >= 2 and sorted(str(p) for p in words - built) == []


@pytest.mark.slow
def test_given_the_wheel_in_a_fresh_venv_when_run_from_another_folder_then_every_command_works(
        tmp_path: Path) -> None:
    # given the wheel installed (not editable) in a fresh virtual environment
    bin_dir = fresh_venv(tmp_path, build_wheel(tmp_path))
    malaya = str(bin_dir / "malaya")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = headless_env(tmp_path)
    where = run([str(bin_dir / "python"), "-c", "import malaya; print(malaya.__file__)"], elsewhere, env=env)
    assert Path(where.stdout.strip()).is_relative_to(tmp_path / "venv")
    # then the Learn to play lessons are found through importlib.resources in the installed package
    listed, loaded = run([str(bin_dir / "python"), "-c", FIND_LESSONS], elsewhere, env=env).stdout.split("\n")[:2]
    assert listed == str(LESSONS) and int(loaded) == len(LESSONS)
    # when each command runs from an unrelated folder, then it succeeds and does its work
    assert run([malaya, "--version"], elsewhere, env=env).stdout.strip() == f"malaya {__version__}"
    run([malaya, "screenshot", "out.png"], elsewhere, env=env)
    assert (elsewhere / "out.png").stat().st_size > 0
    table = run([malaya, "simulate", "--games", "1"], elsewhere, env=env).stdout
    assert "1 game:" in table and "    0 normal normal" in table
    play_env = env | {"MALAYA_SCREENSHOT": str(elsewhere / "play.png"), "MALAYA_SCREENSHOT_FRAME": str(SHOT_FRAME)}
    run([malaya, "play", "--new", "--side", "JP", "--seed", "1", "--frames", str(PLAY_FRAMES)], elsewhere,
        env=play_env)
    assert (elsewhere / "play.png").stat().st_size > 0
