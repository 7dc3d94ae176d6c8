"""Play by e-mail: two players in two data folders play a whole game through turn files (issue 30)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from malaya.engine.sides import Side
from malaya.persistence.pbem.chain_check import verify_chain
from malaya.persistence.pbem.export import chain_to_save, game_so_far
from malaya.persistence.pbem.games import Stage, load_game, pbem_root
from malaya.persistence.pbem.turnfile import NAME, file_hash
from malaya.persistence.replay_cursor import ReplayCursor
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.store import write_save
from malaya.persistence.verify import verify_replay

from .conftest import PlayedGame


def _only_game(data: Path) -> Path:
    [folder] = list(pbem_root(data).iterdir())
    return folder


def test_both_players_reach_the_same_finished_game(played: PlayedGame) -> None:
    # given a whole Jitra game played through turn files by two computer players in two data folders
    cw, jp = (load_game(_only_game(played.data[side])) for side in (Side.CW, Side.JP))
    # then both folders hold the same finished game, move for move
    assert cw.stage is Stage.OVER and jp.stage is Stage.OVER
    assert cw.match.state.finished and cw.match.state.digest() == jp.match.state.digest()
    assert cw.match.log == jp.match.log
    # and the game had combats resolved from the orders (dice were drawn), and files alternated sides
    assert any(sent_file.path.name.endswith(".pbem.json") for sent_file in played.sent)
    dice = [json.loads(s.path.read_bytes()).get("dice", []) for s in played.sent]
    assert sum(len(d) for d in dice) > 0
    sides = [json.loads(s.path.read_bytes())["side"] for s in played.sent]
    assert all(a != b for a, b in zip(sides, sides[1:], strict=False))


def test_every_file_name_says_game_number_turn_side_and_checksum(played: PlayedGame) -> None:
    for number, sent in enumerate(played.sent):
        raw = json.loads(sent.path.read_bytes())
        name = sent.path.name
        assert name.startswith(f"malaya-{raw['game_id'][:8]}-{number:03d}-turn{raw['turn']}-{raw['side']}-")
        found = NAME.search(name)
        assert found is not None and found[1] == file_hash(sent.path.read_bytes())[:8]


def test_a_whole_game_fits_in_small_files(played: PlayedGame) -> None:
    # R: small files, friendly to real mail (a 4-turn game: well under 2 KiB a file)
    sizes = [sent.size for sent in played.sent]
    assert max(sizes) < 4096 and sum(sizes) < 40_000


def test_the_email_body_names_the_file_and_its_checksum(played: PlayedGame) -> None:
    sent = played.sent[3]
    checksum = NAME.search(sent.path.name)
    assert checksum is not None
    assert sent.path.name in sent.body and checksum[1] in sent.body and "malaya pbem open" in sent.body


def test_the_finished_chain_verifies_as_one_game_for_anyone(played: PlayedGame, tmp_path: Path) -> None:
    # given every turn file of the finished game, in one folder, and nothing else (no player's secret)
    for sent in played.sent:
        (tmp_path / sent.path.name).write_bytes(sent.path.read_bytes())
    # when an onlooker checks the chain
    report = verify_chain(tmp_path)
    # then it replays as one whole game
    assert report.ok, report.line()
    cw = load_game(_only_game(played.data[Side.CW]))
    assert report.final_digest == cw.match.state.digest() and report.actions == len(cw.match.log)


@pytest.mark.slow
def test_the_finished_chain_becomes_a_save_that_verifies_replays_and_reports(played: PlayedGame,
                                                                              tmp_path: Path) -> None:
    # given the finished chain, converted to an ordinary save
    chain = tmp_path / "chain"
    chain.mkdir()
    for sent in played.sent:
        (chain / sent.path.name).write_bytes(sent.path.read_bytes())
    save = chain_to_save(chain)
    path = write_save(save, tmp_path / "pbem-game.json", backup=False)
    # when it is verified like any save, then it is OK: every die is the one the players' secrets give
    assert verify_replay(path).ok, verify_replay(path).line()
    # and the replay viewer's log opens it without a dice difference
    assert not ReplayLog.open(path).dice_differ
    # and a die changed in the save is caught
    raw = json.loads(path.read_text())
    at = next(i for i, a in enumerate(raw["actions"]) if a["type"] == "chance")
    raw["actions"][at]["value"] = raw["actions"][at]["value"] % 6 + 1
    path.write_text(json.dumps(raw))
    assert not verify_replay(path).ok


def test_a_player_replays_the_game_so_far_only_from_their_own_side(played: PlayedGame) -> None:
    # given the Commonwealth player's game (its dice checked with the secrets it knows)
    game = load_game(_only_game(played.data[Side.CW]))
    log = game_so_far(game.ledger)
    # then it replays without a dice difference, opens at the start of the opponent's last turn
    assert not log.dice_differ and 0 < log.start_index <= len(log)
    # and whatever view is chosen, it is the Commonwealth's (R2.5)
    cursor = ReplayCursor(log, view="all")
    assert cursor.viewer is Side.CW
