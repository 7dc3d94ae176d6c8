"""CPU-time benchmark of the engine, the AI and persistence (issue 16): one command, min/median/max.

Run: ``python benchmarks/bench_cpu.py [figure ...]`` (figures: verify, command, legal, ai, hard, hash,
startup; default all). Every figure is CPU time of this process (``time.process_time``), so other
work on a shared machine barely moves it. Targets (issue 16):

- verify the bundled 28-turn game (1,467 actions), cold static tables: ≤ 0.3 s; also as the command
  ``malaya replay --verify`` runs it, in fresh processes (``command``);
- ``rules.legal_actions``, CW Movement phase at the opening: ≤ 4 ms;
- AI ms per own on-map unit per player-turn, normal and hard: ≤ 6 ms;
- a normal-vs-normal campaign: ≤ 2.5 s;
- ``game_def_hash`` of the campaign (on the path to the first autosave);
- a new game's first frame from process start, CPU: ≤ 0.6 s (and the part of it outside the UI).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from malaya.ai import make_ai  # noqa: E402
from malaya.content.campaign import load_game_def  # noqa: E402
from malaya.engine import rules  # noqa: E402
from malaya.engine.gamedef import GameDef, new_game  # noqa: E402
from malaya.engine.movement import forget_moves  # noqa: E402
from malaya.engine.sides import Side  # noqa: E402
from malaya.engine.state import Location, Phase  # noqa: E402
from malaya.persistence import verify_replay  # noqa: E402
from malaya.persistence.gamehash import game_def_hash  # noqa: E402
from malaya.resources import scenario_file  # noqa: E402
from malaya.session.heap import freeze_long_lived  # noqa: E402
from malaya.session.match import Match  # noqa: E402

SAVE = ROOT / "saves" / "full-game.json"
SEEDS = (1, 2, 3)


def cpu(fn: Callable[[], object]) -> float:
    """CPU seconds ``fn()`` takes."""
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def line(label: str, values: list[float], unit: str, target: str) -> dict[str, float]:
    """Print min/median/max of ``values`` and return them."""
    lo, med, hi = min(values), statistics.median(values), max(values)
    print(f"{label:<52} min {lo:8.3f}  median {med:8.3f}  max {hi:8.3f} {unit:<3} [target {target}]", flush=True)
    return {"min": lo, "median": med, "max": hi}


def fresh_game_def() -> GameDef:
    """A newly loaded campaign: every per-definition cache starts cold."""
    return load_game_def(scenario_file())


def bench_verify() -> dict[str, float]:
    """Verify the full example game, 5 times, each on a fresh game definition; then the same with the
    heap frozen after loading, as the client does when it loads the game definition (``freeze_long_lived``)."""
    plain, frozen = [], []
    for times, freeze in ((plain, False), (frozen, True)):
        for _ in range(5):
            gd = fresh_game_def()
            if freeze:
                freeze_long_lived()
            t0 = time.process_time()
            report = verify_replay(SAVE, gd)
            times.append(time.process_time() - t0)
            if report.divergence is not None:
                raise RuntimeError(f"the example game no longer verifies: {report.divergence.message}")
    line("verify saves/full-game.json, heap frozen after loading", frozen, "s", "≤ 0.3 s")
    return line("verify saves/full-game.json (1,467 actions)", plain, "s", "≤ 0.3 s")


VERIFY_CHILD = """
import sys, time
from pathlib import Path
from malaya.cli import main
from malaya.content.campaign import load_game_def
from malaya.persistence import verify_replay
from malaya.resources import scenario_file
from malaya.session.heap import batch_collection
save = Path(sys.argv[1])
if sys.argv[2] == "command":
    t0 = time.process_time()
    main(["replay", "--verify", str(save)])
else:
    gd = load_game_def(scenario_file())
    with batch_collection():
        t0 = time.process_time()
        verify_replay(save, gd)
print(time.process_time() - t0, file=sys.stderr)
"""


def bench_verify_command() -> dict[str, float]:
    """``malaya replay --verify saves/full-game.json`` in fresh processes: its verify (the game definition
    loaded first, the command's collector setting), and the whole command after the imports."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs: dict[str, list[float]] = {"verify": [], "command": []}
    for _ in range(5):
        for part, times in runs.items():
            done = subprocess.run([sys.executable, "-c", VERIFY_CHILD, str(SAVE), part], cwd=ROOT, env=env,
                                  check=True, capture_output=True, text=True)
            times.append(float(done.stderr.strip().splitlines()[-1]))
    line("  whole command after imports (scenario loaded too)", runs["command"], "s", "-")
    return line("replay --verify full-game.json, fresh process", runs["verify"], "s", "≤ 0.3 s")


def bench_legal() -> dict[str, float]:
    """``legal_actions`` in the CW Movement phase at the opening, on fresh state copies (no position cache)."""
    gd = fresh_game_def()
    opening = rules.start(gd, new_game(gd, ())).state
    state = replace(opening, phase=Phase.MOVEMENT, side=Side.CW)
    count = len(rules.legal_actions(gd, state))
    times = [cpu(lambda: rules.legal_actions(gd, replace(state))) * 1000 for _ in range(30)]
    cold = []
    for _ in range(30):
        forget_moves()  # every candidate MoveUnit built anew, as at a position never seen
        cold.append(cpu(lambda: rules.legal_actions(gd, replace(state))) * 1000)
    line(f"legal_actions, CW opening Movement ({count} actions), new moves", cold, "ms", "≤ 4 ms")
    return line(f"legal_actions, CW opening Movement ({count} actions)", times, "ms", "≤ 4 ms")


def ai_game(gd: GameDef, seed: int, level: str) -> tuple[float, list[float]]:
    """One AI-vs-AI campaign as ``malaya simulate`` plays it: (CPU s of the whole game, AI ms per own
    on-map unit for each player-turn)."""
    match = Match.new(gd, seed=seed)
    controllers = {Side.JP: make_ai(level, Side.JP, seed * 2 + 1), Side.CW: make_ai(level, Side.CW, seed * 2 + 2)}
    spent: dict[tuple[int, Side], float] = {}
    units: dict[tuple[int, Side], int] = {}
    started = time.process_time()
    while not rules.is_terminal(match.state):
        state = match.state
        key = (state.turn, state.side)
        if key not in units:
            units[key] = sum(1 for u in state.units
                             if u.location is Location.MAP and gd.side_of(u.id) is state.side)
        t0 = time.process_time()
        action = controllers[state.side](gd, state)
        spent[key] = spent.get(key, 0.0) + time.process_time() - t0
        if match.submit(action) is not None:
            raise RuntimeError(f"the {level} AI chose an illegal action {action}")
    total = time.process_time() - started
    return total, [spent[k] * 1000 / units[k] for k in spent if units[k]]


def bench_ai(level: str) -> dict[str, dict[str, float]]:
    """AI ms per own unit per player-turn (median of each game's turns) and campaign CPU, seeds 1-3."""
    gd = fresh_game_def()
    games = [ai_game(gd, seed, level) for seed in SEEDS]
    per_unit = line(f"AI {level}: ms per own unit per player-turn (median/game)",
                    [statistics.median(turns) for _, turns in games], "ms",
                    "≤ 6 ms" if level in ("normal", "baseline") else "- (a search level: ≤ 2 s a player-turn)")
    campaign = line(f"{level}-vs-{level} campaign, whole game", [total for total, _ in games], "s",
                    "≤ 2.5 s" if level == "normal" else "-")
    return {"per_unit": per_unit, "campaign": campaign}


def bench_hash() -> dict[str, float]:
    """``game_def_hash`` of a freshly loaded campaign."""
    times = []
    for _ in range(5):
        gd = fresh_game_def()
        times.append(cpu(partial(game_def_hash, gd)) * 1000)
    return line("game_def_hash (campaign)", times, "ms", "off the first-frame path")


ENGINE_START = ("from malaya.content.campaign import load_game_def; from malaya.resources import scenario_file; "
                "import malaya.persistence, malaya.session.match, malaya.ai; load_game_def(scenario_file())")


def child_cpu(args: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) a child process takes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, cwd=ROOT, env=env, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_startup() -> dict[str, dict[str, float]]:
    """CPU of a new game's first frame from process start, and of its part outside the UI (imports of
    the engine, AI, session and persistence + ``load_game_def``), with byte-code cached as in an install."""
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPYCACHEPREFIX=cache)
        frame = [sys.executable, "-m", "malaya", "play", "--new", "--frames", "1"]
        engine = [sys.executable, "-c", ENGINE_START]
        child_cpu(frame, env)  # fills the byte-code cache
        frames = [child_cpu(frame, env) for _ in range(5)]
        engines = [child_cpu(engine, env) for _ in range(5)]
    return {"first_frame": line("first frame of a new game, process CPU", frames, "s", "≤ 0.6 s"),
            "engine_start": line("  of which imports + load_game_def (no UI)", engines, "s", "-")}


FIGURES: dict[str, Callable[[], object]] = {
    "verify": bench_verify,
    "command": bench_verify_command,
    "legal": bench_legal,
    "ai": lambda: bench_ai("normal"),
    "hard": lambda: bench_ai("hard"),
    "baseline": lambda: bench_ai("baseline"),
    "hash": bench_hash,
    "startup": bench_startup,
}


def main(names: list[str]) -> None:
    """Run the named figures (all by default)."""
    for name in names or list(FIGURES):
        FIGURES[name]()


if __name__ == "__main__":
    main(sys.argv[1:])
