"""The cryptography of a play-by-e-mail game, from the standard library only (docs/pbem.md).

- **Secret.** Each side draws one 32-byte master secret (``secrets``) and keeps it at home until the
  game ends; everything else it publishes is derived from it.
- **Hash chain.** ``element(k) = H^(CHAIN_LENGTH - k)(H(master | "chain"))``: publishing element ``k``
  proves every earlier one (``H(element(k)) == element(k - 1)``) and tells nothing of later ones.
  Turn file ``n`` reveals its sender's element ``n``; the first element a side publishes is its commitment.
- **Dice.** The chance outcomes that resolve the work of turn file ``n`` (its combat orders, or a die its
  sender's move needs) come from ``HMAC(JP element n | CW element n, game | n | draw)``. The sender
  publishes its element with the work; the receiver's element ``n`` is still unrevealed, so the sender
  cannot foresee a die, and the receiver's was fixed by its chain long before, so it cannot choose one.
- **Sealing.** Each side publishes ``g^x`` (2048-bit MODP group of RFC 3526, ``x`` derived from its
  master); the two players' programs share ``g^(xy)`` and seal each file's actions with a key derived from
  it (HMAC-SHA256 keystream, then an HMAC tag): only the two players' programs can open a file before
  the masters are revealed at the end, after which anyone can check the whole game.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence

CHAIN_LENGTH = 4096
"""Elements in each side's chain: far more turn files than a campaign needs (about 60)."""
MODP_PRIME = int(
    "ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b139b22514a08798e3404dd"
    "ef9519b3cd3a431b302b0a6df25f14374fe1356d6d51c245e485b576625e7ec6f44c42e9a637ed6b0bff5cb6f406b7ed"
    "ee386bfb5a899fa5ae9f24117c4b1fe649286651ece45b3dc2007cb8a163bf0598da48361c55d39a69163fa8fd24cf5f"
    "83655d23dca3ad961c62f356208552bb9ed529077096966d670c354e4abc9804f1746c08ca18217c32905e462e36ce3b"
    "e39e772c180e86039b2783a2ec07a28fb5c55df06f4c52c9de2bcbf6955817183995497cea956ae515d2261898fa0510"
    "15728e5a8aacaa68ffffffffffffffff", 16)
"""RFC 3526 group 14: the 2048-bit safe prime 2^2048 − 2^1984 − 1 + 2^64·(⌊2^1918·π⌋ + 124476); generator 2."""
GENERATOR = 2


def new_master() -> str:
    """A fresh master secret (64 hex digits) from the operating system's random source."""
    return secrets.token_hex(32)


def sha(data: bytes) -> bytes:
    """SHA-256 of ``data``."""
    return hashlib.sha256(data).digest()


def _mac(key: bytes, text: str) -> bytes:
    """HMAC-SHA256 of ``text`` under ``key``."""
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).digest()


def element(master: str, index: int) -> str:
    """The chain element ``index`` (0 … CHAIN_LENGTH) of the side with ``master``, as hex."""
    if not 0 <= index <= CHAIN_LENGTH:
        raise ValueError(f"chain element {index} is beyond the chain's {CHAIN_LENGTH}")
    value = _mac(bytes.fromhex(master), "chain")
    for _ in range(CHAIN_LENGTH - index):
        value = sha(value)
    return value.hex()


def walk_back(revealed: str, steps: int) -> str:
    """The element ``steps`` places before ``revealed`` (hashing it ``steps`` times)."""
    value = bytes.fromhex(revealed)
    for _ in range(steps):
        value = sha(value)
    return value.hex()


def continues(revealed: str, index: int, known: str, known_index: int) -> bool:
    """True if ``revealed`` (element ``index``) hashes down to the ``known`` element ``known_index``."""
    return index > known_index and hmac.compare_digest(walk_back(revealed, index - known_index), known)


def public_key(master: str) -> str:
    """The side's Diffie-Hellman public value ``2^x mod p`` (hex), ``x`` derived from its master."""
    return format(pow(GENERATOR, _exponent(master), MODP_PRIME), "x")


def _exponent(master: str) -> int:
    """The private Diffie-Hellman exponent of a master secret (256 bits)."""
    return int.from_bytes(_mac(bytes.fromhex(master), "dh"), "big") | 1


def valid_public_key(value: str) -> bool:
    """True if ``value`` is a usable public value of the group (2 … p − 2)."""
    try:
        number = int(value, 16)
    except ValueError:
        return False
    return 1 < number < MODP_PRIME - 1


def shared_key(master: str, their_public: str) -> bytes:
    """The key both players' programs derive: H(their_public ^ x mod p)."""
    shared = pow(int(their_public, 16), _exponent(master), MODP_PRIME)
    return sha(shared.to_bytes(256, "big"))


def dice_key(jp_element: str, cw_element: str) -> bytes:
    """The key of one turn file's dice: both sides' elements of that file's number."""
    return sha(bytes.fromhex(jp_element) + bytes.fromhex(cw_element))


def draw(key: bytes, game_id: str, number: int, index: int, outcomes: Sequence[int]) -> int:
    """The ``index``-th chance outcome while resolving turn file ``number``'s work."""
    value = int.from_bytes(_mac(key, f"{game_id}:{number}:{index}"), "big")
    return outcomes[value % len(outcomes)]


def _keystream(key: bytes, length: int) -> bytes:
    """``length`` bytes of HMAC-SHA256 counter-mode keystream."""
    blocks = (_mac(key, f"stream:{i}") for i in range((length + 31) // 32))
    return b"".join(blocks)[:length]


def seal_keys(shared: bytes, game_id: str, number: int) -> tuple[bytes, bytes]:
    """The cipher and tag keys of turn file ``number``."""
    return _mac(shared, f"seal:{game_id}:{number}"), _mac(shared, f"tag:{game_id}:{number}")


def seal(shared: bytes, game_id: str, number: int, plain: bytes) -> tuple[str, str]:
    """Encrypt ``plain`` for turn file ``number``: (ciphertext in base64, tag in hex)."""
    cipher_key, tag_key = seal_keys(shared, game_id, number)
    body = bytes(a ^ b for a, b in zip(plain, _keystream(cipher_key, len(plain)), strict=True))
    return base64.b64encode(body).decode("ascii"), hmac.new(tag_key, body, hashlib.sha256).hexdigest()


def unseal(shared: bytes, game_id: str, number: int, body_text: str, tag: str) -> bytes | None:
    """The plain text of a sealed body, or None if its tag does not match (edited, or the wrong key)."""
    cipher_key, tag_key = seal_keys(shared, game_id, number)
    body = base64.b64decode(body_text, validate=True)
    if not hmac.compare_digest(hmac.new(tag_key, body, hashlib.sha256).hexdigest(), tag):
        return None
    return bytes(a ^ b for a, b in zip(body, _keystream(cipher_key, len(body)), strict=True))


def record_tag(master: str, game_id: str, body: bytes) -> str:
    """The tag a player's program puts on its own record of a checked chain (only this player's secret makes it)."""
    key = _mac(bytes.fromhex(master), f"checked:{game_id}")
    return hmac.new(key, body, hashlib.sha256).hexdigest()
