"""Bearer tokens: 256 random bits each, stored only as SHA-256 hashes, compared in constant time.
Invites (issue 29): 128 random bits each, stored as a hash beside the seat's token sealed by
the invite (`seal`), so the first to open a seat's link claims its token, and the store alone
gives no token.

A game has one host token (the public events, the log once done) and one token per seat (that
seat's view, answers and contribution). A seat's token opens nothing else: another seat's or
the host's token on a seat's endpoint is refused with 403, before anything of the game is read.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from mulligan.serve.errors import ApiError

__all__ = [
    "bearer",
    "hash_invite",
    "hash_token",
    "invite_matches",
    "matches",
    "new_invite",
    "new_token",
    "open_seal",
    "seal",
    "seal_bytes",
]


def new_token() -> tuple[str, str]:
    """A fresh token (64 hex digits, 256 bits from the OS CSPRNG) and the hash to store."""
    token = secrets.token_hex(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(b"mulligan/serve-token/v1\x00" + token.encode()).hexdigest()


def matches(token: str, stored_hash: str) -> bool:
    """Whether `token` is the one whose hash was stored (constant time: `hmac.compare_digest`)."""
    return hmac.compare_digest(hash_token(token).encode(), stored_hash.encode())


def hash_invite(invite: str) -> str:
    return hashlib.sha256(b"mulligan/serve-invite/v1\x00" + invite.encode()).hexdigest()


INVITE_SEAL = b"mulligan/serve-invite-seal/v1\x00"


def _pad(tag: bytes, secret: str, size: int) -> bytes:
    """`size` bytes only `secret` derives: SHA-256 of `tag` and `secret` for the first 32
    bytes (an invite's pad, as it always was), then SHA-256 of `tag`, `secret`, a NUL and the
    block's number for each further 32 (a secret here never holds a NUL)."""
    blocks = [hashlib.sha256(tag + secret.encode()).digest()]
    while 32 * len(blocks) < size:
        n = len(blocks).to_bytes(8, "big")
        blocks.append(hashlib.sha256(tag + secret.encode() + b"\x00" + n).digest())
    return b"".join(blocks)[:size]


def seal_bytes(data: bytes, tag: bytes, secret: str) -> bytes:
    """`data` XOR a pad only `secret` derives (`_pad`, domain-separated by `tag`); sealing
    twice opens. What invites do to a seat's token, for data of any length (an idempotent
    request's first reply, `mulligan.serve.idempotency`)."""
    pad = _pad(tag, secret, len(data))
    mixed = int.from_bytes(data, "big") ^ int.from_bytes(pad, "big")
    return mixed.to_bytes(len(data), "big")


def new_invite(token: str) -> tuple[str, str, str]:
    """A one-time invite for the seat whose token is `token`: the invite (32 hex digits, 128
    bits from the OS CSPRNG), its hash, and the token sealed by it (`seal`). The store keeps
    the hash and the seal: neither gives the token without the invite."""
    invite = secrets.token_hex(16)
    return invite, hash_invite(invite), seal(token, invite)


def seal(token: str, invite: str) -> str:
    """`token` (64 hex digits) XOR a pad only `invite` derives (SHA-256 of it), as hex."""
    return seal_bytes(bytes.fromhex(token), INVITE_SEAL, invite).hex()


def open_seal(sealed: str, invite: str) -> str:
    """The token `seal` sealed with `invite`."""
    return seal(sealed, invite)


def invite_matches(invite: str, stored_hash: str) -> bool:
    """Whether `invite` is the one whose hash was stored (constant time)."""
    return hmac.compare_digest(hash_invite(invite).encode(), stored_hash.encode())


def bearer(authorization: str | None) -> str:
    """The token of an ``Authorization: Bearer <token>`` header; 401 when there is none."""
    if not authorization:
        raise ApiError(401, "unauthorized", "this endpoint needs Authorization: Bearer <token>")
    scheme, _, token = authorization.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ApiError(401, "unauthorized", "the Authorization header must be 'Bearer <token>'")
    if len(token) > 256:
        raise ApiError(401, "unauthorized", "that token is not one this server issued")
    return token
