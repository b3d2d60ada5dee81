"""The service's HTML pages (plain HTML and JavaScript, files of this package, so they work
offline): ``GET /`` the landing page (landing.html: what the server is, a form that creates a
game with invites, each seat's link), ``GET /play/{game_id}/{seat}`` a seat's page (play.html),
``GET /host/{game_id}`` the host's page (host.html: the public table, End, the log). Each page
reads its token or invite from the URL fragment, which browsers never send to the server, and
plays through the JSON routes.

Every page is served with one Content-Security-Policy (`policy`): scripts only the packaged
pages' own inline scripts (by their SHA-256, so an injected ``<script>`` or ``onerror=`` never
runs), images from this server and Scryfall's (``cards.scryfall.io``, ``api.scryfall.com``),
requests to this server only, no frames, no plugins.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

__all__ = ["PAGES", "content_security_policy", "policy", "router"]

router = APIRouter()

HERE = Path(__file__).resolve().parent.parent
#: The packaged pages (pyproject.toml's maturin ``include`` lists each one).
PAGES = {"landing": HERE / "landing.html", "play": HERE / "play.html", "host": HERE / "host.html"}

#: Where a page may show images from: Scryfall's card images (the name as text offline).
IMAGES = "'self' https://cards.scryfall.io https://api.scryfall.com"

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def content_security_policy(pages: list[str]) -> str:
    """The policy for pages whose texts are `pages`: their inline scripts by hash."""
    hashes = sorted(
        {
            "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
            for text in pages
            for s in _INLINE_SCRIPT.findall(text)
        }
    )
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src {' '.join(hashes) or chr(39) + 'none' + chr(39)}",
            "style-src 'self' 'unsafe-inline'",
            f"img-src {IMAGES}",
            "connect-src 'self'",
            "form-action 'self'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ]
    )


@lru_cache(maxsize=1)
def _pages() -> tuple[dict[str, str], str]:
    texts = {name: path.read_text(encoding="utf-8") for name, path in PAGES.items()}
    return texts, content_security_policy(list(texts.values()))


def policy() -> str:
    """The Content-Security-Policy header every page is served with."""
    return _pages()[1]


def page(name: str) -> HTMLResponse:
    texts, policy = _pages()
    return HTMLResponse(
        texts[name],
        headers={
            "Content-Security-Policy": policy,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
        },
    )


@router.get("/", include_in_schema=False)
async def landing() -> HTMLResponse:
    return page("landing")


@router.get("/play/{game_id}/{seat}", include_in_schema=False)
async def play(game_id: str, seat: int) -> HTMLResponse:
    return page("play")


@router.get("/host/{game_id}", include_in_schema=False)
async def host(game_id: str) -> HTMLResponse:
    return page("host")
