"""Server-drawn seeds with a commitment, sealed until the round is over (docs/fairness.md).

A deal asked with ``"seed": "server"`` gets 256 bits from the operating system. The caller receives the
commitment (SHA-256 over the encoding below) and a sealed seed: the seed and the deal's context encrypted and
authenticated with the service's key (AES-256-GCM). The service opens a sealed seed only to replay it, and gives
the seed back only when the replayed moves have legally finished that round: learning it any earlier means
having played the round to its end, when there is nothing left to hide.

Commitment encoding, version 1 (UTF-8, one ``name=value`` line each, in this order, every line ending in ``\\n``)::

    cardrules-seed-commitment-v1
    game=<game>
    players=<players>
    dealer=<dealer>
    round=<round>
    rules=<name>:<value>,... (every option, sorted by name; true/false, decimal integers, strings as they are)
    seed=<64 lowercase hex digits>

The dealt seed is the 64 hex digits, or ``<hex>.<salt>`` when the caller mixed in a salt; the salt is public and
not part of the commitment.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import logging
import os
import re
import secrets
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

SERVER_SEED = "server"
SEED_HEX = re.compile(r"\A[0-9a-f]{64}\Z")
SALT = re.compile(r"\A[A-Za-z0-9._~-]{1,63}\Z")
_TOKEN_VERSION = b"\x01"
_AAD = b"cardrules-sealed-seed-v1"
_NONCE_BYTES = 12
MAX_SEALED_CHARS = 1024
log = logging.getLogger("service.fairness")


class SealBroken(Exception):
    """A sealed seed that this service did not make, or that was altered."""


@dataclass(frozen=True)
class SealedDeal:
    """What a sealed seed holds: the seed and the context of the deal it was drawn for."""

    seed: str
    game: str
    players: int
    dealer: int
    round: int
    rules: dict[str, object]
    deck: str
    salt: str | None = None
    scores: tuple[int, ...] | None = None
    """The match totals before this round (a replay of it alone carries them on); None in seeds sealed before
    they were kept, which replay as a match's first round."""

    @property
    def dealt_seed(self) -> str:
        return self.seed if self.salt is None else f"{self.seed}.{self.salt}"

    @property
    def commitment(self) -> str:
        return commitment(self.game, self.players, self.dealer, self.round, self.rules, self.seed)


def draw_seed() -> str:
    return secrets.token_hex(32)


def rule_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def commitment(
    game: str, players: int, dealer: int, round_number: int, rules: Mapping[str, object], seed: str
) -> str:
    """SHA-256 (hex) of the commitment encoding of the module docstring."""
    rules_line = ",".join(f"{name}:{rule_text(rules[name])}" for name in sorted(rules))
    text = (
        "cardrules-seed-commitment-v1\n"
        f"game={game}\nplayers={players}\ndealer={dealer}\nround={round_number}\n"
        f"rules={rules_line}\nseed={seed}\n"
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class SeedSealer:
    """Seals and opens seeds with one 256-bit key, shared by every worker and replica of a deployment."""

    def __init__(self, key: bytes) -> None:
        if len(key) != 32:
            raise ValueError("the seed key must be 32 bytes")
        self._aead = AESGCM(key)
        # A key of its own for the session records' tags, so that no tag can ever be mistaken for a seal.
        self._record_key = hashlib.blake2b(key, digest_size=32, person=b"cardrules-record").digest()
        self._ticket_key = hashlib.blake2b(key, digest_size=32, person=b"cardrules-ticket").digest()
        self._rematch_key = hashlib.blake2b(key, digest_size=32, person=b"cardrules-rmatch").digest()

    def rematch_token(self, nonce: str, seat: int) -> str:
        """A seat's token at a rematch's table, from the nonce its private ``rematch`` event keeps: only the
        service, which holds the key, can make it again when that seat reads the event (the log never holds it)."""
        mac = hmac.new(self._rematch_key, f"{nonce}\x00{seat}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).decode("ascii").rstrip("=")

    def ticket_key_material(self) -> bytes:
        """A key for stream tickets (``service.sessions.tickets``), derived apart from the seals' and tags'."""
        return self._ticket_key

    def record_tag(self, data: bytes) -> str:
        """A tag proving that this deployment wrote ``data`` (a stored session's state, with its game): keyed
        BLAKE2b, 128 bits, as hex. Whoever lacks the key cannot make one for a state of their own."""
        return hashlib.blake2b(data, key=self._record_key, digest_size=16).hexdigest()

    def seal(self, deal: SealedDeal) -> str:
        plain = orjson.dumps(
            {
                "seed": deal.seed,
                "game": deal.game,
                "players": deal.players,
                "dealer": deal.dealer,
                "round": deal.round,
                "rules": deal.rules,
                "deck": deal.deck,
                "salt": deal.salt,
                "scores": None if deal.scores is None else list(deal.scores),
            }
        )
        nonce = os.urandom(_NONCE_BYTES)
        sealed = _TOKEN_VERSION + nonce + self._aead.encrypt(nonce, plain, _AAD)
        return base64.urlsafe_b64encode(sealed).decode("ascii").rstrip("=")

    def open(self, token: str) -> SealedDeal:
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        except (binascii.Error, ValueError) as error:
            raise SealBroken("not a sealed seed") from error
        if len(raw) < 1 + _NONCE_BYTES + 16 or raw[:1] != _TOKEN_VERSION:
            raise SealBroken("not a sealed seed")
        nonce, body = raw[1 : 1 + _NONCE_BYTES], raw[1 + _NONCE_BYTES :]
        try:
            fields = orjson.loads(self._aead.decrypt(nonce, body, _AAD))
        except InvalidTag as error:
            raise SealBroken("the sealed seed was not made by this service, or was altered") from error
        return SealedDeal(
            seed=fields["seed"],
            game=fields["game"],
            players=fields["players"],
            dealer=fields["dealer"],
            round=fields["round"],
            rules=fields["rules"],
            deck=fields["deck"],
            salt=fields["salt"],
            scores=None if fields.get("scores") is None else tuple(fields["scores"]),
        )


def load_key_or_fallback(configured: str | None, key_file: str, key_file_chosen: bool) -> bytes:
    """``load_key``; when the default place cannot be written (a read-only home), a private directory under
    the system's temporary directory instead, with a warning: the service still starts, and the log says that
    the key lasts only as long as that directory. A ``SEED_KEY_FILE`` that was set explicitly must work."""
    try:
        return load_key(configured, key_file)
    except OSError as error:
        if key_file_chosen:
            raise
        fallback = Path(tempfile.gettempdir()) / f"cardrules-{os.getuid()}" / "seed.key"
        log.warning("seed key: cannot use %s (%s); using %s", key_file, type(error).__name__, fallback)
        return load_key(configured, str(fallback))


def load_key(configured: str | None, key_file: str) -> bytes:
    """``SEED_KEY`` (64 hex digits) when set; else the key in ``key_file``, made once for every worker of a host."""
    if configured:
        if not SEED_HEX.fullmatch(configured.lower()):
            raise ValueError("SEED_KEY must be 64 hex digits (256 bits)")
        return bytes.fromhex(configured)
    path = Path(key_file)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        # O_EXCL: of several workers starting at once, exactly one writes the key; the others read it.
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_hex(32) + "\n")
    for _ in range(100):  # a key file another worker has created but not yet written
        text = path.read_text().strip()
        if SEED_HEX.fullmatch(text):
            return bytes.fromhex(text)
        time.sleep(0.01)
    raise ValueError(f"{key_file} does not hold a seed key (64 hex digits)")
