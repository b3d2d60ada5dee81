"""``GET /play/{game_id}/{seat}``: the reference page (plain HTML, play.html), which reads its
seat token (or one-time invite) from the URL fragment and plays through the JSON routes; and
``GET /static/{name}``: its script modules and style sheet (python/mulligan/serve/static).

Every page and file goes out with a Content-Security-Policy (`PAGE_POLICY`) that runs only
these scripts, loads images only from this server and Scryfall (card images by name), and
connects only to this server: a card or player name that got written as HTML anywhere could
run nothing."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from mulligan.serve.errors import ApiError

__all__ = ["PAGE_HEADERS", "PAGE_POLICY", "page_response", "router"]

router = APIRouter()

SERVE = Path(__file__).resolve().parent.parent
PLAY_PAGE = SERVE / "play.html"
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


@router.get("/play/{game_id}/{seat}", include_in_schema=False)
async def play(game_id: str, seat: int) -> HTMLResponse:
    return page_response(PLAY_PAGE)


@router.get("/static/{name}", include_in_schema=False)
async def static(name: str) -> Response:
    """A file of python/mulligan/serve/static by its plain name (no path: nothing else of the
    package or the disk is reachable)."""
    path = STATIC / name
    kind = TYPES.get(path.suffix)
    if kind is None or "/" in name or "\\" in name or name.startswith(".") or not path.is_file():
        raise ApiError(404, "not_found", f"no static file {name!r}")
    return Response(path.read_bytes(), media_type=kind, headers=PAGE_HEADERS)
