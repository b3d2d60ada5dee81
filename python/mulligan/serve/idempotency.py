"""Creating is safe to resend: the ``Idempotency-Key`` request header of ``POST /games``,
``POST /rounds`` and ``POST /rounds/commitment`` (the IETF httpapi draft "The Idempotency-Key
HTTP Header Field"; docs/SERVE.md, "Resending a creation").

A client sends one key per creation, the same on every resend of it. The first request with a
key runs and its reply is kept for 24 hours; the same key with the same body (the same JSON
value: key order, spacing and ``7.0`` against ``7`` do not matter) gets that reply again, the
same status and bytes, the same game and tokens, and nothing is created twice (nor is any rate
budget taken: the reply comes back before the route runs). Refusals:

- a key of fewer than 16 or more than 255 characters, or not visible ASCII: 422 ``invalid``;
- the key with another body (or, on ``POST /rounds``, another bearer token): 422 ``invalid``;
- the key of a request still in flight: 409 ``conflict`` (with every 409's resync fields).

A request that fails (a 4xx, a crash) gives its key up, so the same key can be sent again.

The store keeps the key's hash, never the key, and the reply sealed under a pad derived from
the key (`auth.seal_bytes`, as invites seal a seat's token): the database alone gives no
token. Whoever holds a key and the body gets the tokens, so a key is a secret like a token.
Keys are kept in the store, so every worker process and every server of one database, and a
server restarted, answer a resend alike.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
from collections.abc import Awaitable
from typing import Annotated, Any, Callable, Optional

from fastapi import Depends, Request
from starlette.responses import Response

from mulligan.serve.auth import seal_bytes
from mulligan.serve.errors import ApiError, conflict
from mulligan.serve.store import KeyRow, Store

__all__ = ["DOCUMENTED", "HEADER", "IdempotencyKey", "Keys", "check_key", "fingerprint", "key_hash"]

HEADER = "Idempotency-Key"
#: How long a key's first reply is kept (the draft leaves it to the server).
KEEP_SECONDS = 24 * 3600
#: A request in flight longer than this is taken as abandoned (its process died): a resend
#: then runs again. Creating a round of 5,000 tables takes seconds, not minutes.
ABANDONED_SECONDS = 300
MIN_LENGTH, MAX_LENGTH = 16, 255

KEY_TAG = b"mulligan/serve-idempotency-key/v1\x00"
SEAL_TAG = b"mulligan/serve-idempotency-seal/v1\x00"

#: The header as docs/openapi.json documents it (an operation's ``openapi_extra``): FastAPI's
#: own declaration of an optional header would say ``anyOf: [string, null]``, and a header is
#: never null.
PARAMETER: dict[str, Any] = {
    "name": HEADER,
    "in": "header",
    "required": False,
    "description": "Makes this creation safe to resend: 16 to 255 visible ASCII characters, "
    "fresh and random for each creation, the same on every resend of it. The same key with "
    "the same body within 24 hours gets the first reply again (same status, game and "
    "tokens), nothing created twice; another body: 422; a request with the key still in "
    "flight: 409. A key is a secret like a token: whoever holds it and the body gets the "
    "tokens.",
    "schema": {
        "type": "string",
        "minLength": MIN_LENGTH,
        "maxLength": MAX_LENGTH,
        "pattern": "^[\\x21-\\x7e]+$",
    },
}

#: A route's ``openapi_extra`` documenting the header.
DOCUMENTED = {"parameters": [PARAMETER]}


async def _header(request: Request) -> str | None:
    """The request's Idempotency-Key, checked by `Keys.run` (its 422 names the header)."""
    return request.headers.get(HEADER)


IdempotencyKey = Annotated[Optional[str], Depends(_header)]


def check_key(key: str) -> str:
    """`key` if it is 16 to 255 visible ASCII characters, else 422 ``invalid`` naming the
    header."""
    if not MIN_LENGTH <= len(key) <= MAX_LENGTH:
        raise ApiError(
            422,
            "invalid",
            f"{HEADER}: {MIN_LENGTH} to {MAX_LENGTH} characters, got {len(key)}",
        )
    if not all("\x21" <= c <= "\x7e" for c in key):
        raise ApiError(
            422,
            "invalid",
            f"{HEADER}: visible ASCII characters only (no spaces or control characters)",
        )
    return key


def _same_value(value: Any) -> Any:
    """`value` with each integral float as an integer (``7.0`` is 7, as JSON Schema says)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _same_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_same_value(v) for v in value]
    return value


def fingerprint(route: str, body: bytes, token: str | None = None) -> str:
    """What a resend must repeat: the route, the body as a JSON value (key order and spacing
    do not count) and the bearer token, if any, as one SHA-256 hash."""
    try:
        value = _same_value(json.loads(body)) if body.strip() else None
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except ValueError:
        text = "raw:" + body.hex()
    parts = [route, text, hashlib.sha256((token or "").encode()).hexdigest()]
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()


def key_hash(route: str, key: str) -> str:
    """What the store keeps of a key: its SHA-256 hash, with the route (a key on another
    route is another key)."""
    return hashlib.sha256(KEY_TAG + route.encode() + b"\x00" + key.encode()).hexdigest()


def _seal_tag(route: str) -> bytes:
    """The pad's domain: the route too, so one key on two routes never seals two replies with
    one pad."""
    return SEAL_TAG + route.encode() + b"\x00"


class Keys:
    """The keys of one application, kept in its store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def run(
        self,
        key: str | None,
        route: str,
        body: bytes,
        create: Callable[[], Awaitable[Response]],
        token: str | None = None,
    ) -> Response:
        """`create`'s reply, or with `key` the first reply to that key again (see the module's
        docstring). `route` names the route (``POST /games``); `token` is the caller's
        bearer token, where the reply depends on it."""
        if key is None:
            return await create()
        key = check_key(key)
        now = time.time()
        row = KeyRow(key_hash(route, key), fingerprint(route, body, token), now)
        held = await self.store.claim_key(row, now - KEEP_SECONDS, now - ABANDONED_SECONDS)
        if held is not None:
            return self._again(held, row, key, route)
        try:
            reply = await create()
        except BaseException:
            await self.store.release_key(row)
            raise
        if not 200 <= reply.status_code < 300:
            await self.store.release_key(row)
            return reply
        content = bytes(reply.body)
        sealed = base64.b64encode(seal_bytes(content, _seal_tag(route), key)).decode()
        await self.store.finish_key(row, reply.status_code, sealed)
        return reply

    @staticmethod
    def _again(held: KeyRow, row: KeyRow, key: str, route: str) -> Response:
        """The reply to a key already taken: the first reply, or why not."""
        if held.fingerprint != row.fingerprint:
            raise ApiError(
                422,
                "invalid",
                f"{HEADER}: this key was sent with another request (another body, or another "
                "token); a key is for one creation: send a new key for a new one",
            )
        if held.status is None or held.sealed is None:
            raise conflict(
                f"{HEADER}: a request with this key is still in flight; send it again in a "
                "moment for its reply"
            )
        content = seal_bytes(base64.b64decode(held.sealed), _seal_tag(route), key)
        return Response(content, held.status, media_type="application/json")
