"""Play by e-mail: every cheat of the corpus is refused with a plain sentence saying which (issue 30)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from malaya.engine.sides import Side
from malaya.persistence.pbem.chain_check import open_ledger, read_chain
from malaya.persistence.pbem.games import load_game, pbem_root, receive
from malaya.persistence.pbem.ledger import Ledger
from malaya.persistence.pbem.turnfile import PAYLOAD, Payload, PbemError, dump, file_name, pack, parse, unpack
from malaya.session.pbem import crypto

from .conftest import PlayedGame


def _raw(played: PlayedGame, number: int) -> dict[str, object]:
    return json.loads(played.sent[number].path.read_bytes())


def _write(where: Path, raw: dict[str, object]) -> Path:
    """Write an edited file under the name a cheater would give it (its checksum recomputed)."""
    turn = parse((json.dumps(raw) + "\n").encode(), "edited")
    data = dump(turn)
    path = where / file_name(turn, data)
    path.write_bytes(data)
    return path


def _master(data: Path) -> str:
    [folder] = list(pbem_root(data).iterdir())
    return str(json.loads((folder / "game.json").read_text())["master"])


def _first_orders(played: PlayedGame) -> int:
    """The number of the first file that carries combat orders with at least one combat."""
    for number, sent in enumerate(played.sent):
        raw = json.loads(sent.path.read_bytes())
        nxt = json.loads(played.sent[number + 1].path.read_bytes())
        if raw.get("sealed") and nxt.get("dice"):
            return number
    raise AssertionError("no orders in the game")


def _sender_data(played: PlayedGame, number: int) -> Path:
    return played.data[Side(str(_raw(played, number)["side"]))]


def _receiver(played: PlayedGame, number: int) -> Side:
    return Side.CW if _raw(played, number)["side"] == "JP" else Side.JP


@pytest.mark.slow
def test_an_edited_die_is_refused(played: PlayedGame, tmp_path: Path) -> None:
    # given the file that reports the dice of the first combat orders, with its first die changed
    number = _first_orders(played) + 1
    raw = _raw(played, number)
    dice = list(raw["dice"])  # type: ignore[call-overload]
    dice[0] = dice[0] % 6 + 1
    edited = _write(tmp_path, {**raw, "dice": dice})
    # when the orderer opens it, from where it stood
    folder = played.folder_at(_receiver(played, number), number, tmp_path)
    with pytest.raises(PbemError, match=r"die 1 of its results says \d, but the two secrets give \d: the file was "
                       "edited"):
        receive(folder, edited)


@pytest.mark.slow
def test_a_reloaded_turn_with_a_re_rolled_secret_is_refused(played: PlayedGame, tmp_path: Path) -> None:
    # given the defender resolved the orders, disliked the dice, and made its file again with a new secret
    number = _first_orders(played) + 1
    raw = _raw(played, number)
    edited = _write(tmp_path, {**raw, "element": crypto.element(crypto.new_master(), number)})
    folder = played.folder_at(_receiver(played, number), number, tmp_path)
    # then the orderer's game refuses it: the secret is not the one committed to earlier
    with pytest.raises(PbemError, match="its dice secret does not match the one .. committed to in turn file"):
        receive(folder, edited)


@pytest.mark.slow
def test_a_second_version_of_a_sent_turn_is_refused(played: PlayedGame, tmp_path: Path) -> None:
    # given the orderer sent its orders, then played the turn again and sent another file with that number
    number = _first_orders(played)
    raw = _raw(played, number)
    again = _write(tmp_path, {**raw, "program": "malaya replayed"})
    folder = played.folder_at(_receiver(played, number), number + 1, tmp_path)
    # then the opponent, who already played the first version, refuses the second
    with pytest.raises(PbemError, match=f"a different turn file {number} .* was already played in this game: "
                       "only the first counts"):
        receive(folder, again)


@pytest.mark.slow
def test_an_edited_move_is_refused(played: PlayedGame, tmp_path: Path) -> None:
    # given the sender itself (holding the sealing key) takes a move out of its file and seals it again
    number = _first_orders(played)
    raw = _raw(played, number)
    sender = Side(str(raw["side"]))
    ledger = load_game(next(pbem_root(played.data[sender]).iterdir())).ledger
    key = ledger.shared_key()
    assert key is not None
    payload = unpack(crypto.unseal(key, str(raw["game_id"]), number, str(raw["sealed"]), str(raw["tag"])) or b"", "x")
    moved = next(i for i, a in enumerate(payload.actions) if a.type == "move_unit")
    actions = payload.actions[:moved] + payload.actions[moved + 1:]
    edited_payload = PAYLOAD.validate_python({**payload.model_dump(), "actions": [a.model_dump() for a in actions]})
    assert isinstance(edited_payload, Payload)
    sealed, tag = crypto.seal(key, str(raw["game_id"]), number, pack(edited_payload))
    edited = _write(tmp_path, {**raw, "sealed": sealed, "tag": tag})
    folder = played.folder_at(_receiver(played, number), number, tmp_path)
    # then the opponent refuses it: the moves do not lead to the position the file reports
    with pytest.raises(PbemError, match="(the position it reports is not the one its moves lead to|is against the "
                       "rules .*: the file was edited)"):
        receive(folder, edited)


@pytest.mark.slow
def test_sealed_moves_changed_in_transit_are_refused(played: PlayedGame, tmp_path: Path) -> None:
    number = _first_orders(played)
    raw = _raw(played, number)
    sealed = str(raw["sealed"])
    flipped = sealed[:10] + ("A" if sealed[10] != "A" else "B") + sealed[11:]
    edited = _write(tmp_path, {**raw, "sealed": flipped})
    folder = played.folder_at(_receiver(played, number), number, tmp_path)
    with pytest.raises(PbemError, match="its sealed moves were changed or damaged"):
        receive(folder, edited)


@pytest.mark.slow
def test_a_file_played_twice_is_refused(played: PlayedGame, tmp_path: Path) -> None:
    number = 3
    folder = played.folder_at(_receiver(played, number), len(played.sent), tmp_path)
    with pytest.raises(PbemError, match=f"turn file {number} .* was already played in this game: nothing to do"):
        receive(folder, played.sent[number].path)


@pytest.mark.slow
def test_a_skipped_file_is_refused(played: PlayedGame, tmp_path: Path) -> None:
    # given the receiver has played up to file 2; file 3 never arrived and file 5 did
    folder = played.folder_at(Side(str(_raw(played, 4)["side"])), 4, tmp_path)
    with pytest.raises(PbemError, match="turn file 5 .* cannot be played yet: turn file 4 is missing"):
        receive(folder, played.sent[5].path)


@pytest.mark.slow
def test_a_file_of_another_game_is_refused(played: PlayedGame, tmp_path: Path) -> None:
    # given a file of another game, made to look like the next file of this one
    number = 4
    raw = _raw(played, number)
    other_id = "0123456789abcdef"
    folder = played.folder_at(_receiver(played, number), number, tmp_path)
    with pytest.raises(PbemError, match="belongs to a game not in this data folder"):
        receive(folder, _write(tmp_path, {**raw, "game_id": other_id}))
    # and a chain that mixes files of two games is refused by whoever checks it
    ledger = Ledger(load_game(next(pbem_root(folder).iterdir())).ledger.gd)
    files = read_chain([s.path for s in played.sent[:number]])
    for turn, data in files[:1]:
        ledger.add(turn, data)
    stranger = parse(dump(parse((json.dumps({**_raw(played, 1), "game_id": other_id}) + "\n").encode(), "x")), "x")
    with pytest.raises(PbemError, match="belongs to another game"):
        ledger.add(stranger, dump(stranger))


@pytest.mark.slow
def test_a_file_from_a_newer_version_is_refused(played: PlayedGame, tmp_path: Path) -> None:
    raw = {**_raw(played, 4), "protocol": 2, "program": "malaya 9.0"}
    path = tmp_path / "malaya-newer.pbem.json"
    path.write_text(json.dumps(raw))
    folder = played.folder_at(_receiver(played, 4), 4, tmp_path)
    with pytest.raises(PbemError, match=r"made by a newer version of malaya \(malaya 9.0, turn-file protocol 2"):
        receive(folder, path)


def test_a_truncated_attachment_is_caught_by_the_checksum_in_its_name(played: PlayedGame, tmp_path: Path) -> None:
    sent = played.sent[4]
    cut = tmp_path / sent.path.name
    cut.write_bytes(sent.path.read_bytes()[:-40])
    folder = played.folder_at(_receiver(played, 4), 4, tmp_path)
    with pytest.raises(PbemError, match="the file is damaged or incomplete"):
        receive(folder, cut)


@pytest.mark.slow
def test_a_sealed_unit_cannot_be_read_before_its_time(played: PlayedGame) -> None:
    # given a file with JP's moves (R2.5: the units JP moved out of CW's sight are hidden from CW)
    number = next(n for n in range(len(played.sent))
                  if _raw(played, n)["side"] == "JP" and _raw(played, n).get("sealed"))
    text = played.sent[number].path.read_text()
    ledger = load_game(next(pbem_root(played.data[Side.JP]).iterdir())).ledger
    # then its plain text names none of JP's units
    assert not [u.id for u in ledger.gd.scenario.units if ledger.gd.side_of(u.id) is Side.JP and f'"{u.id}"' in text]
    # and an onlooker without the players' secrets cannot open it before the game is over
    onlooker = Ledger(ledger.gd)
    with pytest.raises(PbemError, match=r"its moves are sealed until the game ends \(R2.5\)"):
        for turn, data in read_chain([s.path for s in played.sent[: number + 1]]):
            onlooker.add(turn, data)
    # nor check an unfinished chain
    with pytest.raises(PbemError, match="the game is not over"):
        open_ledger(read_chain([s.path for s in played.sent[: number + 1]]))


def test_the_secrets_revealed_at_the_end_are_the_ones_played_with(played: PlayedGame) -> None:
    files = read_chain([s.path for s in played.sent])
    revealed = {turn.side: turn.master for turn, _ in files if turn.master}
    assert revealed == {side: _master(played.data[side]) for side in Side}
