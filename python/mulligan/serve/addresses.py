"""Where players reach `mulligan serve`: the lines it prints at start-up, naming the address to
open (``--public-url``, else a non-loopback address of this machine when it listens on every
address, ``0.0.0.0`` or ``::``), one URL per address of the machine other players can use, and
a warning when the links it hands out can only open on this computer (docs/DEPLOY.md).
"""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
import struct
import sys
import textwrap
from pathlib import Path

from mulligan.serve.links import Links, is_loopback_host

__all__ = ["machine_addresses", "print_reach", "reach_lines", "url_of"]

WILDCARDS = ("0.0.0.0", "::", "")
_SIOCGIFADDR = 0x8915


def _ipv4_of(name: str) -> str | None:
    """The IPv4 address of interface `name` (Linux's SIOCGIFADDR), or None."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Windows
        return None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            packed = fcntl.ioctl(s.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
        except OSError:
            return None
    return socket.inet_ntoa(packed[20:24])


def _ipv6_addresses() -> list[str]:
    """The IPv6 addresses of this machine (Linux's /proc/net/if_inet6), or none."""
    found = []
    try:
        lines = Path("/proc/net/if_inet6").read_text().splitlines()
    except OSError:
        return []
    for line in lines:
        raw = line.split()[0] if line.split() else ""
        if len(raw) == 32:
            found.append(str(ipaddress.IPv6Address(bytes.fromhex(raw))))
    return found


def machine_addresses(family: int | None = None) -> list[str]:
    """This machine's addresses that another machine could reach: no loopback, no IPv6
    link-local (which needs a zone); IPv4 first. `family` AF_INET or AF_INET6 for one only."""
    found: list[str] = []
    if family in (None, socket.AF_INET):
        try:
            names = [n for _, n in socket.if_nameindex()]
        except OSError:
            names = []
        found += [a for a in map(_ipv4_of, names) if a is not None]
        if not found:
            try:
                infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
                found += [str(i[4][0]) for i in infos]
            except OSError:
                pass
    if family in (None, socket.AF_INET6):
        found += _ipv6_addresses()
    out: list[str] = []
    for a in found:
        ip = ipaddress.ip_address(a)
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or a in out:
            continue
        out.append(a)
    return out


def url_of(scheme: str, host: str, port: int) -> str:
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


def reach_lines(
    host: str, port: int, scheme: str, links: Links, addresses: list[str] | None = None
) -> tuple[str, list[str]]:
    """The address to open the landing page at, and the lines that say where else players
    reach the server (`addresses`: this machine's, `machine_addresses` by default)."""
    lines: list[str] = []
    wildcard = host in WILDCARDS
    if wildcard and addresses is None:
        addresses = machine_addresses(socket.AF_INET if host == "0.0.0.0" else None)
    others = (addresses or []) if wildcard else []
    local = "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host
    if links.base:
        landing = links.base
        lines.append(f"links handed out start with {links.base}/ (--public-url)")
    elif others:
        landing = url_of(scheme, others[0], port)
    else:
        landing = url_of(scheme, local, port)
    for a in others:
        lines.append(f"players on other machines reach it at {url_of(scheme, a, port)}/")
    here_only = links.loopback or (
        not links.base and not others and (wildcard or is_loopback_host(host))
    )
    if here_only:
        lines.append(
            "warning: the links it hands out open only on this computer (loopback); for "
            "players elsewhere use --host 0.0.0.0 on a LAN, or --public-url behind a proxy "
            "(docs/DEPLOY.md)"
        )
    return landing, lines


#: The width these lines wrap to when stderr is a file or a pipe and COLUMNS is not set (the
#: command line's rule, `mulligan.cli.fit_text`).
PIPED_WIDTH = 80


def print_reach(landing: str, lines: list[str]) -> None:
    """The lines on stderr, each wrapped to COLUMNS, else the terminal's width, else (a file or
    a pipe) 80 columns; a URL is never split."""
    if "COLUMNS" in os.environ or sys.stderr.isatty():
        width = max(40, shutil.get_terminal_size().columns)
    else:
        width = PIPED_WIDTH
    for line in [*lines, f"open {landing}/ in a browser to create a game"]:
        for part in textwrap.wrap(
            f"mulligan serve: {line}",
            width,
            subsequent_indent="    ",
            break_long_words=False,
            break_on_hyphens=False,
        ):
            print(part, file=sys.stderr, flush=True)
