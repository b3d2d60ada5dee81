"""The URLs the service hands out (``host_url``, each seat's ``play_url``): relative to the
server (``/play/GAME/SEAT#token=...``), or absolute under ``mulligan serve --public-url URL``
(``MULLIGAN_PUBLIC_URL``), the address players reach it at (docs/DEPLOY.md).

A public URL is ``http`` or ``https``, a host (and port), and at most a path prefix that a
proxy in front strips (``https://example.org/mulligan`` behind Caddy's ``handle_path
/mulligan/*``): plain path segments, no query, fragment or user name. `public_url` refuses
anything else with a one-line message.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

__all__ = ["ENV_PUBLIC_URL", "Links", "is_loopback_host", "public_url"]

ENV_PUBLIC_URL = "MULLIGAN_PUBLIC_URL"

# A path segment a URL carries as it is: letters, digits and - . _ ~ (no encoding needed).
_SEGMENT = re.compile(r"^[A-Za-z0-9._~-]+$")


def public_url(text: str) -> str:
    """`text` as a public URL without its trailing slash (``https://example.org``), or
    ValueError saying what is wrong with it."""
    text = text.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as e:
        raise ValueError(f"--public-url {text!r}: not a URL ({e})") from None
    if parts.scheme not in ("http", "https"):
        raise ValueError(
            f"--public-url {text!r}: must start with https:// or http:// (players' browsers "
            "and Tabletop Simulator open it)"
        )
    if not parts.hostname:
        raise ValueError(f"--public-url {text!r}: names no host (https://HOST[:PORT][/PREFIX])")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"--public-url {text!r}: must not hold a user name or password")
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise ValueError(
            f"--public-url {text!r}: must not have a query or fragment (the server adds the "
            "links' own #token=...)"
        )
    path = parts.path.rstrip("/")
    segments = path.split("/")[1:] if path else []
    for segment in segments:
        if not _SEGMENT.match(segment) or segment in (".", ".."):
            raise ValueError(
                f"--public-url {text!r}: the server cannot serve under the path {parts.path!r}: "
                "a prefix is plain segments (letters, digits, - . _ ~), which the proxy in "
                "front strips (docs/DEPLOY.md)"
            )
    netloc = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    if port is not None:
        netloc += f":{port}"
    return f"{parts.scheme}://{netloc.lower()}{path}"


def is_loopback_host(host: str) -> bool:
    """Whether `host` names this computer only (``localhost``, 127.0.0.0/8, ``::1``)."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Links:
    """Builds the links of a game; `base` a `public_url` (None: links relative to the
    server)."""

    def __init__(self, base: str | None = None) -> None:
        self.base = public_url(base) if base else ""

    def host(self, game_id: str, token: str) -> str:
        return f"{self.base}/host/{game_id}#token={token}"

    def play(self, game_id: str, seat: int, fragment: str) -> str:
        """A seat's page, `fragment` its ``token=...`` or ``invite=...``."""
        return f"{self.base}/play/{game_id}/{seat}#{fragment}"

    @property
    def loopback(self) -> bool:
        """Whether the public URL names this computer only (its links open nowhere else)."""
        return bool(self.base) and is_loopback_host(urlsplit(self.base).hostname or "")
