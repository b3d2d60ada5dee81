"""A whole tournament round in one request, decided by one round seed (103.1 at every table).

The round seed is drawn, and its commitment published, before the pairings: either by
``POST /rounds/commitment`` ahead of time (then ``POST /rounds`` names that round), or by
``POST /rounds`` itself. From the round seed ``R`` and the table number ``t`` (0-based):

- the chooser of a two-player table is ``mulligan.tournament.play_draw(R, tables)[t]``
  (stream 3 of ``R``, index ``t``, docs/DETERMINISM.md): 0 the first-listed player, 1 the second;
  a table of more players has no given chooser (the game draws one from its seed, 103.1);
- table ``t``'s game seed is ``mix_seed(R, [b"mulligan/round-table/v1\\0" + t as u32 LE])``
  (docs/EVENT_LOG.md's seed mix), with game index 0.

Each table's seed is one-way from ``R``, so a finished table's log (which reveals its own seed)
says nothing about the other tables; ``R`` itself is revealed by ``GET /rounds/{id}`` once every
table is done, and then anyone can recompute every table's seed, chooser and commitment.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import mulligan.serve.auth as auth
from mulligan._core import Seed, mix_seed
from mulligan.serve.engine import Setup
from mulligan.serve.errors import ApiError, forbidden
from mulligan.serve.games import GameService, new_game_id
from mulligan.serve.store import GameRow, RoundRow
from mulligan.tournament import play_draw

__all__ = ["RoundService", "table_seed"]

Json = dict[str, Any]

TABLE_TAG = b"mulligan/round-table/v1\x00"
#: The warnings a round's reply lists (a deck shared by many tables warns at each).
MAX_WARNINGS = 100


def table_seed(round_seed: Seed, table: int) -> Seed:
    """The game seed of table `table` (0-based) of the round with seed `round_seed`."""
    return mix_seed(round_seed, [TABLE_TAG + table.to_bytes(4, "little")])


def at_table(table: int, message: str) -> str:
    """A set-up message of table `table`: ``players[1] ('Ben'): ...`` becomes
    ``tables[3][1] ('Ben'): ...``, the player's place in the round's body."""
    if message.startswith("players["):
        return f"tables[{table}]{message[len('players') :]}"
    return f"tables[{table}]: {message}"


class RoundService:
    def __init__(self, games: GameService) -> None:
        self.games = games
        self.store = games.store

    async def commit(self) -> Json:
        seed = Seed.generate()
        token, token_hash = auth.new_token()
        row = RoundRow(new_game_id(), time.time(), seed.hex(), seed.commitment(), token_hash)
        await self.store.add_round(row)
        return {"round_id": row.id, "commitment": row.commitment, "host_token": token}

    async def create(
        self,
        tables: list[list[Json]],
        common: Json,
        round_id: str | None,
        token: str | None,
    ) -> Json:
        """Creates every table's game in one transaction (all or none)."""
        limit = self.games.limits.tables
        if not 1 <= len(tables) <= limit:
            raise ApiError(422, "invalid", f"a round has 1 to {limit} tables")
        if round_id is None:
            seed = Seed.generate()
            host_token, host_hash = auth.new_token()
            row = RoundRow(new_game_id(), time.time(), seed.hex(), seed.commitment(), host_hash)
            await self.store.add_round(row)
        else:
            if token is None:
                raise ApiError(
                    401, "unauthorized", "naming a round needs its host token as Bearer token"
                )
            found = await self.store.round(round_id)
            if found is None:
                raise ApiError(404, "not_found", f"no round {round_id!r}")
            if not auth.matches(token, found.host_hash):
                raise forbidden("this round's host token")
            if found.tables is not None:
                raise ApiError(409, "conflict", f"round {round_id} already has its tables")
            row, host_token, host_hash = found, token, found.host_hash
            seed = Seed.from_hex(found.seed)
        rows, out, warnings = await asyncio.to_thread(
            self._tables, tables, common, seed, row.id, host_token, host_hash
        )
        if not await self.store.claim_round(row.id, len(tables), rows):
            raise ApiError(409, "conflict", f"round {row.id} already has its tables")
        return {
            "round_id": row.id,
            "commitment": row.commitment,
            "host_token": host_token,
            "tables": out,
            "warnings": warnings,
        }

    def _tables(
        self,
        tables: list[list[Json]],
        common: Json,
        seed: Seed,
        round_id: str,
        host_token: str,
        host_hash: str,
    ) -> tuple[list[GameRow], list[Json], list[Json]]:
        """Every table's game row and reply (CPU work: decks parsed, games checked), run on a
        worker thread so a large round does not hold up other requests."""
        choosers = play_draw(seed, len(tables))
        rows: list[GameRow] = []
        out: list[Json] = []
        warnings: list[Json] = []
        for t, players in enumerate(tables):
            setup: Setup = {
                **common,
                "players": players,
                "chooser": int(choosers[t]) if len(players) == 2 else None,
                "game_index": 0,
                "table": t,
            }
            game_seed = table_seed(seed, t)
            try:
                live = self.games.check_setup(setup, game_seed)
            except ApiError as e:
                raise ApiError(e.status, e.code, at_table(t, e.message)) from e
            # Each warning as the game gives it (with its `suggestions`), naming the table.
            warnings.extend({**w, "message": at_table(t, w["message"])} for w in live.warnings)
            game, _, seat_tokens = self.games.new_row(
                setup, [], game_seed, round_id, (host_token, host_hash)
            )
            rows.append(game)
            out.append(
                {
                    "table": t,
                    "game_id": game.id,
                    "commitment": game.commitment,
                    "chooser": setup["chooser"],
                    # Each seat as POST /games gives it (Seat: its page's URL too).
                    "seats": [
                        {
                            "seat": i,
                            "name": p["name"],
                            "token": tok,
                            "play_url": self.games.links.play(game.id, i, f"token={tok}"),
                        }
                        for i, (p, tok) in enumerate(zip(players, seat_tokens))
                    ],
                }
            )
        if len(warnings) > MAX_WARNINGS:
            more = len(warnings) - MAX_WARNINGS
            warnings = warnings[:MAX_WARNINGS]
            warnings.append({"code": "more", "message": f"{more} more warnings of the same kinds"})
        return rows, out, warnings

    async def show(self, round_id: str, token: str) -> Json:
        found = await self.store.round(round_id)
        if found is None:
            raise ApiError(404, "not_found", f"no round {round_id!r}")
        if not auth.matches(token, found.host_hash):
            raise forbidden("this round's host token")
        ids = await self.store.round_games(round_id)
        done = 0
        for game_id in ids:
            _, live = await self.games.live(game_id)
            done += live is not None and live.done
        complete = found.tables is not None and done == len(ids)
        return {
            "round_id": round_id,
            "commitment": found.commitment,
            # The count it was created with: retention may have deleted some of its games.
            "tables": found.tables if found.tables is not None else len(ids),
            "game_ids": ids,
            "done": done,
            "seed": found.seed if complete else None,
        }
