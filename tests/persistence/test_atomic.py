"""Writes are atomic: a failure or a kill at any moment leaves the old save or the new one, whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from malaya.persistence import GameRecord, dump_save, read_save, save_record, write_save
from malaya.persistence.atomic import backup_path, sweep_stale_temps

ROOT = Path(__file__).resolve().parents[2]

SAVER = """
import sys
from pathlib import Path
from malaya.persistence.atomic import atomic_write
slot, a, b = Path(sys.argv[1]), Path(sys.argv[2]).read_bytes(), Path(sys.argv[3]).read_bytes()
atomic_write(slot, a)
print("ready", flush=True)
while True:
    atomic_write(slot, b)
    atomic_write(slot, a)
"""


def test_saving_again_keeps_the_previous_save_as_a_backup(short_game: GameRecord, full_game: GameRecord,
                                                           tmp_path: Path) -> None:
    # given a slot saved once
    path = save_record(short_game, "slot", tmp_path)
    first = path.read_bytes()
    # when another game is saved to the same slot
    save_record(full_game, "slot", tmp_path)
    # then the slot holds the new save and NAME.bak.json the previous one
    assert read_save(path).finished
    assert backup_path(path).name == "slot.bak.json" and backup_path(path).read_bytes() == first


@pytest.mark.parametrize("failing", ["os.replace", "os.fsync"])
def test_a_write_that_fails_midway_leaves_the_old_save_and_no_temporary_file(
    short_game: GameRecord, full_game: GameRecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    failing: str,
) -> None:
    # given a slot holding a save
    path = save_record(short_game, "slot", tmp_path)
    old = path.read_bytes()

    def crash(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    # when the next save fails in the middle of the write (fsync) or at the rename
    monkeypatch.setattr(failing, crash)
    with pytest.raises(OSError):
        save_record(full_game, "slot", tmp_path)
    monkeypatch.undo()
    # then the slot still holds the old save, and no temporary file is left behind
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_stale_temporary_files_from_a_crash_are_swept_but_fresh_ones_kept(tmp_path: Path) -> None:
    # given an old and a fresh temporary file in the slots folder
    stale, fresh = tmp_path / ".a.json.x.tmp", tmp_path / ".b.json.y.tmp"
    stale.write_bytes(b"half"), fresh.write_bytes(b"half")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    # when the folder is swept
    sweep_stale_temps(tmp_path)
    # then only the stale one is gone
    assert not stale.exists() and fresh.exists()


def test_killing_a_process_while_it_saves_never_leaves_a_broken_or_lost_save(
    short_game: GameRecord, full_game: GameRecord, tmp_path: Path,
) -> None:
    # given two different complete saves, A (short game) and B (a whole campaign, larger)
    a = dump_save(short_game.to_save("A"))
    b = dump_save(full_game.to_save("B"), pretty=True)
    (tmp_path / "a.bin").write_bytes(a), (tmp_path / "b.bin").write_bytes(b)
    slot = tmp_path / "slots" / "slot.json"
    rng = random.Random(6)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    interrupted = 0
    for _ in range(8):
        # when a process saving A and B to one slot in a loop is killed (SIGKILL) at a random moment
        child = subprocess.Popen([sys.executable, "-c", SAVER, str(slot), str(tmp_path / "a.bin"),
                                  str(tmp_path / "b.bin")], stdout=subprocess.PIPE, env=env)
        try:
            assert child.stdout is not None and child.stdout.readline().strip() == b"ready"
            time.sleep(rng.uniform(0.0, 0.05))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
        # then the slot and its backup each hold A or B, complete
        assert slot.read_bytes() in (a, b)
        assert backup_path(slot).read_bytes() in (a, b)
        leftovers = [p for p in slot.parent.iterdir() if p.name.endswith(".tmp")]
        interrupted += bool(leftovers)
        for temp in leftovers:
            temp.unlink()
    # and some kills really did land in the middle of a write (they left a temporary file)
    assert interrupted >= 1
    # and the slot still loads as a save
    assert read_save(slot).name in ("A", "B")


def test_write_save_creates_the_folder_it_needs(short_game: GameRecord, tmp_path: Path) -> None:
    # when a save is written into a folder that does not exist yet
    path = write_save(short_game.to_save("x"), tmp_path / "new" / "deeper" / "x.json")
    # then the folders are made and the save reads back
    assert read_save(path).name == "x"


def test_a_link_planted_at_the_target_is_replaced_never_written_through(tmp_path: Path) -> None:
    # given a file outside the folder, and a symbolic link to it planted where the game will write
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "turn-01.png").symlink_to(victim)
    # when the game writes that file (with a backup, as saves do)
    from malaya.persistence.atomic import atomic_write

    atomic_write(folder / "turn-01.png", b"new picture")
    # then the link itself was replaced by the new file, and the file it pointed to is untouched
    assert not (folder / "turn-01.png").is_symlink() and (folder / "turn-01.png").read_bytes() == b"new picture"
    assert victim.read_bytes() == b"precious"
    # and the backup is not a copy of (nor a link to) the victim
    assert not backup_path(folder / "turn-01.png").exists()


def test_written_files_have_the_users_normal_permissions(tmp_path: Path) -> None:
    # given the usual umask 022
    from malaya.persistence.atomic import atomic_write

    old = os.umask(0o022)
    try:
        # when a file is written
        atomic_write(tmp_path / "index.html", b"<html></html>", backup=False)
    finally:
        os.umask(old)
    # then others can read it, as any program's files (not owner-only)
    assert (tmp_path / "index.html").stat().st_mode & 0o777 == 0o644
