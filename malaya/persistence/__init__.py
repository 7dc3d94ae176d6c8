"""Saves, autosaves and replays: versioned JSON, atomic writes, checked loads (issue 6).

Public API (import from here):

- :class:`GameRecord` — a match + options + controllers + checkpoints; play through it.
- :func:`save_record` / :func:`save_match` → slot path; :func:`load_record` / :func:`load_match`.
- :func:`list_slots` → :class:`SlotListing` of :class:`SlotInfo`; :func:`saves_dir`, :func:`slot_path`.
- :class:`Autosaver`, :func:`last_autosave`, :func:`resume_candidate`, session markers.
- :func:`verify_replay` → :class:`VerifyReport`.
- :class:`ReplayLog` (a save as a walkable timeline) and :func:`branch_record` (continue from any point).
- :class:`SaveFile`, :data:`FORMAT_VERSION`, :func:`game_def_hash`; every error is a :class:`SaveError`.
"""

from __future__ import annotations

from malaya.persistence.autosave import (
    Autosaver,
    crashed_last_session,
    last_autosave,
    mark_session_ended,
    mark_session_started,
    resume_candidate,
    sweep_interrupted_saves,
)
from malaya.persistence.branch import branch_record
from malaya.persistence.errors import SaveError
from malaya.persistence.format import FORMAT_VERSION, Checkpoint, SaveFile, dump_save
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.loading import load_match, load_record
from malaya.persistence.reading import parse_save, read_save
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.store import (
    SlotInfo,
    SlotListing,
    list_slots,
    save_match,
    save_record,
    saves_dir,
    slot_path,
    write_save,
)
from malaya.persistence.verify import VerifyReport, verify_replay

__all__ = [
    "FORMAT_VERSION", "Autosaver", "Checkpoint", "GameRecord", "ReplayLog", "SaveError", "SaveFile", "SlotInfo",
    "SlotListing", "VerifyReport", "branch_record", "crashed_last_session", "dump_save", "game_def_hash",
    "last_autosave", "list_slots", "load_match", "load_record", "mark_session_ended", "mark_session_started",
    "parse_save", "read_save", "resume_candidate", "save_match", "save_record", "saves_dir", "slot_path",
    "sweep_interrupted_saves", "verify_replay", "write_save",
]
