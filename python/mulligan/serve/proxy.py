"""Behind a reverse proxy: who the client is, and the scheme and host it used, from the
forwarding headers of the proxies ``mulligan serve --trusted-proxies`` names (docs/DEPLOY.md).

From a trusted peer (by default this machine's loopback, ``127.0.0.1,::1``, as uvicorn's own
``--forwarded-allow-ips``), `ForwardedHeaders` reads ``X-Forwarded-For``, ``X-Forwarded-Proto``
and ``X-Forwarded-Host`` or, when the proxy sent none of them, ``Forwarded`` (RFC 7239). The
proxy must set (or remove) whichever it does not want a client to choose: Caddy sets the
``X-Forwarded-*`` headers itself, and docs/deploy/Caddyfile removes a ``Forwarded`` header a
client sent. The client is the
right-most address of the chain that is not itself a trusted proxy (each proxy appends the
peer it saw, so only the part added by trusted proxies can be believed); the per-client limits
(`limits.RateLimiter`) count that client. From any other peer these headers are ignored, never
parsed: an untrusted client cannot choose the address it is counted as.

A malformed header from a trusted proxy is answered 400 ``bad_request`` naming the header,
before any route runs (never a 5xx, nothing stored).
"""

from __future__ import annotations

import ipaddress
import json
import re
from typing import Any, Callable, Union

__all__ = ["DEFAULT_TRUSTED", "ForwardedHeaders", "Malformed", "TrustedProxies", "forwarded"]

#: The peers trusted by default: this machine's loopback (a proxy on the same machine).
DEFAULT_TRUSTED = "127.0.0.1,::1"

Network = Union[ipaddress.IPv4Network, ipaddress.IPv6Network]
Address = Union[ipaddress.IPv4Address, ipaddress.IPv6Address]


class Malformed(ValueError):
    """A forwarding header that cannot be read; its message names the header."""


class TrustedProxies:
    """The peers whose forwarding headers are believed: addresses and networks
    (``10.0.0.0/8``), comma-separated; ``*`` for every peer, ``none`` (or nothing) for none."""

    def __init__(self, spec: str = DEFAULT_TRUSTED) -> None:
        self.spec = spec.strip()
        self.everyone = self.spec == "*"
        self.networks: list[Network] = []
        if self.everyone or self.spec.lower() in ("", "none"):
            return
        for item in self.spec.split(","):
            item = item.strip()
            try:
                self.networks.append(ipaddress.ip_network(item.strip("[]"), strict=False))
            except ValueError:
                raise ValueError(
                    f"--trusted-proxies: {item!r} is not an IP address or network "
                    "(10.0.0.5, 10.0.0.0/8, ::1; '*' for every peer, 'none' for none)"
                ) from None

    def __contains__(self, host: object) -> bool:
        if self.everyone:
            return True
        try:
            address: Address = ipaddress.ip_address(str(host).strip("[]"))
        except ValueError:
            return False
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return any(address in n for n in self.networks)


# -- reading the headers -----------------------------------------------------------------------

_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_PAIR = re.compile(rf'\s*({_TOKEN})=({_TOKEN}|"(?:[^"\\]|\\.)*")\s*')
_OBFUSCATED = re.compile(r"^_[A-Za-z0-9._-]+$")
_HOST = re.compile(r"^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$")


def _node(header: str, text: str, bracketed: bool) -> str:
    """A client address of a forwarding header without its port: an IP address, ``unknown``
    or an obfuscated ``_name``. `bracketed`: IPv6 comes as ``[...]`` (Forwarded), else
    bare (X-Forwarded-For, which also takes ``[...]:port``)."""
    value = text.strip()
    if value == "unknown" or _OBFUSCATED.match(value):
        return value
    host = value
    if value.startswith("["):
        end = value.find("]")
        host, rest = value[1:end], value[end + 1 :]
        if end < 0 or (rest and not re.fullmatch(r":(\d{1,5}|_[A-Za-z0-9._-]+)", rest)):
            host = value
    elif value.count(":") == 1:
        host, _, port = value.partition(":")
        if not re.fullmatch(r"\d{1,5}|_[A-Za-z0-9._-]+", port):
            host = value
    elif bracketed and ":" in value:
        host = value  # an IPv6 address of Forwarded must be "[...]"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise Malformed(
            f"{header}: {value!r} is not a client address (an IP address, 'unknown' or '_name')"
        ) from None
    if bracketed and address.version == 6 and not value.startswith("["):
        raise Malformed(f'{header}: an IPv6 address goes in quotes and brackets: "[{value}]"')
    return str(address)


def _proto(header: str, text: str) -> str:
    value = text.strip().lower()
    if value not in ("http", "https"):
        raise Malformed(f"{header}: {text.strip()!r} is not a scheme (http or https)")
    return value


def _host(header: str, text: str) -> str:
    value = text.strip()
    port = value.rpartition("]")[2].rpartition(":")[2] if ":" in value else ""
    if not _HOST.match(value) or (port.isdigit() and int(port) > 65535):
        raise Malformed(f"{header}: {value!r} is not a host (name or address, and a port)")
    return value


def _elements(value: str) -> list[dict[str, str]]:
    """The elements of a ``Forwarded`` value (RFC 7239, section 4): each a dict of its
    parameters (names in lower case, quoted strings unquoted)."""
    elements: list[dict[str, str]] = []
    pos, n = 0, len(value)
    element: dict[str, str] = {}
    while True:
        match = _PAIR.match(value, pos)
        if match is None:
            raise Malformed(
                f"Forwarded: cannot read {value[pos : pos + 40]!r} (expected name=value pairs "
                "such as for=192.0.2.1;proto=https, separated by ; and ,)"
            )
        name, raw = match.group(1).lower(), match.group(2)
        if raw.startswith('"'):
            raw = re.sub(r"\\(.)", r"\1", raw[1:-1])
        if name in element:
            raise Malformed(f"Forwarded: {name}= twice in one element")
        element[name] = raw
        pos = match.end()
        if pos == n:
            elements.append(element)
            return elements
        if value[pos] == ";":
            pos += 1
        elif value[pos] == ",":
            elements.append(element)
            element = {}
            pos += 1
        else:
            raise Malformed(f"Forwarded: unexpected {value[pos]!r} at offset {pos}")


def _pick(values: list[str], index: int, hops: int) -> str:
    """The entry of a list header that belongs to hop `index` of `hops`: the same position
    when the lists line up, else the last (set by the nearest, trusted, proxy)."""
    return values[index] if len(values) == hops else values[-1]


def forwarded(
    headers: dict[str, list[str]], trusted: TrustedProxies
) -> tuple[str | None, str | None, str | None]:
    """(client, scheme, host) from forwarding `headers` (lower-case names, each with its
    values in order) sent by a trusted peer; None for what they do not say. Raises
    `Malformed` for a header that cannot be read."""
    if "forwarded" in headers and not any(k.startswith("x-forwarded-") for k in headers):
        elements = _elements(", ".join(headers["forwarded"]))
        hops = [_node("Forwarded", e["for"], True) if "for" in e else None for e in elements]
        index = _client_index(hops, trusted)
        element = elements[index]
        scheme = _proto("Forwarded", element["proto"]) if "proto" in element else None
        host = _host("Forwarded", element["host"]) if "host" in element else None
        for e in elements:  # every element must be readable, not only the one used
            if "proto" in e:
                _proto("Forwarded", e["proto"])
            if "host" in e:
                _host("Forwarded", e["host"])
        return hops[index], scheme, host
    client = scheme = host = None
    index, count = 0, 1
    if "x-forwarded-for" in headers:
        items = ",".join(headers["x-forwarded-for"]).split(",")
        chain: list[str | None] = [_node("X-Forwarded-For", i, False) for i in items]
        index, count = _client_index(chain, trusted), len(chain)
        client = chain[index]
    if "x-forwarded-proto" in headers:
        protos = [
            _proto("X-Forwarded-Proto", p)
            for p in ",".join(headers["x-forwarded-proto"]).split(",")
        ]
        scheme = _pick(protos, index, count)
    if "x-forwarded-host" in headers:
        hosts = [
            _host("X-Forwarded-Host", h) for h in ",".join(headers["x-forwarded-host"]).split(",")
        ]
        host = _pick(hosts, index, count)
    return client, scheme, host


def _client_index(hops: list[str | None], trusted: TrustedProxies) -> int:
    """The hop that is the client: the right-most one that is not a trusted proxy (all
    trusted: the first)."""
    for i in range(len(hops) - 1, -1, -1):
        if hops[i] is None or hops[i] not in trusted:
            return i
    return 0


# -- the middleware ----------------------------------------------------------------------------

Scope = dict[str, Any]
Send = Callable[[dict[str, Any]], Any]

_NAMES = {b"forwarded", b"x-forwarded-for", b"x-forwarded-proto", b"x-forwarded-host"}


class ForwardedHeaders:
    """ASGI middleware: a request from a trusted peer gets the client, scheme and ``Host``
    its forwarding headers name (`forwarded`); a malformed one gets 400 naming the header."""

    def __init__(self, app: Any, trusted: TrustedProxies | str = DEFAULT_TRUSTED) -> None:
        self.app = app
        self.trusted = trusted if isinstance(trusted, TrustedProxies) else TrustedProxies(trusted)

    async def __call__(self, scope: Scope, receive: Any, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        peer = scope.get("client")
        if peer is None or peer[0] not in self.trusted:
            await self.app(scope, receive, send)
            return
        found: dict[str, list[str]] = {}
        for name, value in scope.get("headers", []):
            if name in _NAMES:
                found.setdefault(name.decode(), []).append(value.decode("latin-1"))
        if not found:
            await self.app(scope, receive, send)
            return
        try:
            client, scheme, host = forwarded(found, self.trusted)
        except Malformed as e:
            await _bad_request(send, str(e))
            return
        if client is not None:
            scope["client"] = (client, 0)
        if scheme is not None:
            scope["scheme"] = scheme
        if host is not None:
            headers = [(k, v) for k, v in scope["headers"] if k != b"host"]
            scope["headers"] = [(b"host", host.encode("latin-1")), *headers]
        await self.app(scope, receive, send)


async def _bad_request(send: Send, message: str) -> None:
    body = json.dumps({"error": {"code": "bad_request", "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 400,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})
