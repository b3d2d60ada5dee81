"""The service's HTML pages, files of this package (so they work offline), each reading its
token or invite from the URL fragment, which browsers never send to the server, and playing
through the JSON routes:

* ``GET /``: the landing page (landing.html: what the server is, a form that creates a game
  with invites, each seat's link and the host's);
* ``GET /play/{game_id}/{seat}``: a seat's page (play.html: its token or one-time invite in
  the fragment);
* ``GET /host/{game_id}``: the host's page (host.html: the public table from the host's view,
  End, the log);
* ``GET /static/{name}``: their scripts and style sheets (python/mulligan/serve/static).

Every page and static file goes out with a Content-Security-Policy
(`PAGE_POLICY`) that runs only this server's scripts (no inline script or style, no eval),
loads images only from this server and Scryfall (card images by name), and connects only to
this server: a card or player name that got written as HTML anywhere could run nothing.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from mulligan.serve.errors import ApiError

__all__ = ["PAGE_HEADERS", "PAGE_POLICY", "page_response", "router"]

router = APIRouter()

SERVE = Path(__file__).resolve().parent.parent
PLAY_PAGE = SERVE / "play.html"
LANDING_PAGE = SERVE / "landing.html"
HOST_PAGE = SERVE / "host.html"
STATIC = SERVE / "static"

#: Scripts and styles from this server only (no inline script, no eval), card images from
#: Scryfall (`api.scryfall.com` answers with a redirect to `cards.scryfall.io`), requests to
#: this server only, no frames, no plugins, no form posted elsewhere.
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self' https://api.scryfall.com https://cards.scryfall.io; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
PAGE_HEADERS = {
    "Content-Security-Policy": PAGE_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


def page_response(page: Path) -> HTMLResponse:
    """A page of the package, with the pages' security headers."""
    return HTMLResponse(page.read_text(encoding="utf-8"), headers=PAGE_HEADERS)


@router.get("/", include_in_schema=False)
async def landing() -> HTMLResponse:
    return page_response(LANDING_PAGE)


@router.get("/play/{game_id}/{seat}", include_in_schema=False)
async def play(game_id: str, seat: int) -> HTMLResponse:
    return page_response(PLAY_PAGE)


@router.get("/host/{game_id}", include_in_schema=False)
async def host(game_id: str) -> HTMLResponse:
    return page_response(HOST_PAGE)


@router.get("/static/{name}", include_in_schema=False)
async def static(name: str) -> Response:
    """A file of python/mulligan/serve/static by its plain name (no path: nothing else of the
    package or the disk is reachable)."""
    path = STATIC / name
    kind = TYPES.get(path.suffix)
    if kind is None or "/" in name or "\\" in name or name.startswith(".") or not path.is_file():
        raise ApiError(404, "not_found", f"no static file {name!r}")
    return Response(path.read_bytes(), media_type=kind, headers=PAGE_HEADERS)
