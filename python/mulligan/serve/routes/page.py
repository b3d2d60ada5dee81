"""``GET /play/{game_id}/{seat}``: the reference page (plain HTML and JavaScript, play.html),
which reads its seat token from the URL fragment and plays through the JSON routes."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

__all__ = ["router"]

router = APIRouter()

PLAY_PAGE = Path(__file__).resolve().parent.parent / "play.html"


@router.get("/play/{game_id}/{seat}", include_in_schema=False)
async def play(game_id: str, seat: int) -> HTMLResponse:
    return HTMLResponse(PLAY_PAGE.read_text(encoding="utf-8"))
