"""Game starts as the service keeps them: created with a published commitment, rebuilt by
replaying their stored answers, answered one decision at a time.

The live games are cached per process; every request first reads the answers stored after
the cached ones (another process, or another server on the same PostgreSQL, may have added
them), so any process can serve any game. An answer is checked against the rules on the live
game, then stored as answer number ``n``: if another writer stored ``n`` first, this process
rebuilds the game and tries again, so the decision it answered is re-checked (409 when it is no
longer pending).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, Callable

import mulligan.serve.auth as auth
from mulligan._core import MulliganError, Seed, contribution_commitment
from mulligan.serve.decks import deck_problem, text_problem
from mulligan.serve.engine import LiveGame, Setup, build_players, player_label
from mulligan.serve.errors import ApiError, conflict, forbidden
from mulligan.serve.limits import Limits
from mulligan.serve.links import Links
from mulligan.serve.notify import ChangeFeed
from mulligan.serve.store import CLAIMED, NO_INVITE, WRONG, GameRow, InviteRow, Store

__all__ = ["Access", "GameService", "new_game_id"]

Json = dict[str, Any]


def new_game_id() -> str:
    """128 random bits as 32 hex digits: game ids are not guessable, though not secret."""
    return secrets.token_hex(16)


@dataclass
class Access:
    """Who a request is: the host (``seat`` None) or one seat."""

    seat: int | None


@dataclass
class _Entry:
    row: GameRow
    live: LiveGame | None


class GameService:
    def __init__(self, store: Store, limits: Limits, cache_size: int = 20_000) -> None:
        self.store = store
        self.limits = limits
        self.cache: OrderedDict[str, _Entry] = OrderedDict()
        self.cache_size = cache_size
        self.locks: dict[str, asyncio.Lock] = {}
        # Who waits for which game, woken by `notify` and by the other processes' changes
        # (notify.py): an idle wait makes no query.
        self.feed = ChangeFeed()
        # Called (as a task) when a store just finished a game (retention.py records when).
        self.on_finished: Callable[[str], Awaitable[None]] | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        # game id -> whether its seats have invites (`invite_reused` asks the store only then).
        self.has_invites: dict[str, bool] = {}
        # The links handed out (relative, or under --public-url: `create_app` sets them).
        self.links = Links()

    # -- set-up -----------------------------------------------------------------------------

    def check_setup(self, setup: Setup, seed: Seed) -> LiveGame:
        """Builds the game (with `seed`, no contributions): 422 for a set-up the rules refuse."""
        players = setup["players"]
        if not 1 <= len(players) <= self.limits.players:
            raise ApiError(422, "invalid", f"a game has 1 to {self.limits.players} players")
        for i, p in enumerate(players):
            problem = text_problem(p["deck"], self.limits)
            if problem is not None:
                raise ApiError(422, "invalid", f"{player_label(i, p)}: deck: {problem}")
        try:
            built = build_players(setup)
            for i, p in enumerate(built):
                problem = deck_problem(p.deck, self.limits)
                if problem is not None:
                    label = player_label(i, setup["players"][i])
                    raise ApiError(422, "invalid", f"{label}: deck: {problem}")
            return LiveGame(setup, seed.hex(), [], built)
        except MulliganError as e:
            raise ApiError(422, "invalid", str(e)) from e

    def new_row(
        self,
        setup: Setup,
        contributors: list[int],
        seed: Seed | None = None,
        round_id: str | None = None,
        host: tuple[str, str] | None = None,
    ) -> tuple[GameRow, str, list[str]]:
        """A game row with fresh tokens (returned once, stored only as hashes)."""
        seed = seed if seed is not None else Seed.generate()
        host_token, host_hash = host if host is not None else auth.new_token()
        seat_tokens = [auth.new_token() for _ in setup["players"]]
        row = GameRow(
            id=new_game_id(),
            created=time.time(),
            setup=setup,
            seed=seed.hex(),
            commitment=seed.commitment(),
            host_hash=host_hash,
            seat_hashes=[h for _, h in seat_tokens],
            contributors=sorted(set(contributors)),
            round_id=round_id,
        )
        return row, host_token, [t for t, _ in seat_tokens]

    async def create(
        self,
        setup: Setup,
        contributors: list[int],
        admit: Callable[[], Awaitable[None]] | None = None,
        *,
        invites: bool = False,
    ) -> Json:
        """Creates a game; `admit` is called once the set-up is found valid (the rate limit:
        a refused set-up does not count). With `invites`, each seat gets a one-time invite in
        place of its token (`claim`): whoever creates the game holds no seat's token."""
        seed = Seed.generate()
        live = self.check_setup(setup, seed)
        for s in contributors:
            if not 0 <= s < live.seats:
                raise ApiError(422, "invalid", f"contributions: no seat {s}")
        if admit is not None:
            await admit()
        row, host_token, seat_tokens = self.new_row(setup, contributors, seed)
        seats: list[Json] = []
        stored: list[InviteRow] = []
        for i, (p, t) in enumerate(zip(setup["players"], seat_tokens)):
            if invites:
                code, code_hash, sealed = auth.new_invite(t)
                stored.append(InviteRow(row.id, i, code_hash, sealed))
                link = self.links.play(row.id, i, f"invite={code}")
                seats.append({"seat": i, "name": p["name"], "invite": code, "play_url": link})
            else:
                link = self.links.play(row.id, i, f"token={t}")
                seats.append({"seat": i, "name": p["name"], "token": t, "play_url": link})
        await self.store.add_games([row], stored)
        self.has_invites[row.id] = invites
        if not row.contributors:
            self._remember(row.id, _Entry(row, live))
        return {
            "game_id": row.id,
            "commitment": row.commitment,
            "host_token": host_token,
            "host_url": self.links.host(row.id, host_token),
            "seats": seats,
            "contributors": row.contributors,
            "warnings": live.warnings,
        }

    # -- invites ----------------------------------------------------------------------------

    async def claim(self, game_id: str, seat: int, invite: str) -> Json:
        """Claims `seat`'s token with its one-time invite: the first claim gets the token; a
        second gets 409 ``already_claimed`` and marks the invite reused, which the seat's
        view shows from then on (``invite_reused``), to its holder too."""
        row = await self.row(game_id)
        if not 0 <= seat < len(row.seat_hashes):
            raise ApiError(404, "not_found", f"game {game_id} has no seat {seat}")
        got = await self.store.claim_invite(game_id, seat, invite)
        if got == NO_INVITE:
            raise ApiError(
                404,
                "not_found",
                f"seat {seat} of game {game_id} has no invite (its token came with the game)",
            )
        if got == WRONG:
            raise forbidden(f"seat {seat}'s invite")
        if got == CLAIMED:
            raise conflict(
                f"seat {seat}'s invite was already opened: its token went to the first who "
                "opened it; ask the host for a new game or for that player to share the seat",
                code="already_claimed",
            )
        token = auth.open_seal(got, invite)
        return {
            "game_id": game_id,
            "seat": seat,
            "token": token,
            "play_url": self.links.play(game_id, seat, f"token={token}"),
        }

    async def invite_reused(self, game_id: str, seat: int) -> bool:
        """Whether `seat`'s invite was opened a second time (read from the store on every
        view of a game with invites: another process may have seen the second open)."""
        if self.has_invites.get(game_id) is False:
            return False
        reused = await self.store.invite_reused(game_id, seat)
        if len(self.has_invites) > self.cache_size:
            self.has_invites.clear()
        self.has_invites[game_id] = reused is not None
        return bool(reused)

    # -- state ------------------------------------------------------------------------------

    def _remember(self, game_id: str, entry: _Entry) -> None:
        self.cache[game_id] = entry
        self.cache.move_to_end(game_id)
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)

    async def row(self, game_id: str) -> GameRow:
        entry = self.cache.get(game_id)
        if entry is not None:
            return entry.row
        row = await self.store.game(game_id)
        if row is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        return row

    async def authorize(self, game_id: str, token: str, seat: int | None) -> GameRow:
        """The game's row if `token` is the token of `seat` (None: of the host), else 403.
        A seat endpoint accepts only that seat's token; the host endpoints accept the host's
        token and (for the events) any seat's, reported as that seat."""
        row = await self.row(game_id)
        if seat is not None:
            if not 0 <= seat < len(row.seat_hashes):
                raise ApiError(404, "not_found", f"game {game_id} has no seat {seat}")
            if not auth.matches(token, row.seat_hashes[seat]):
                raise forbidden(f"seat {seat}'s token")
        elif not auth.matches(token, row.host_hash):
            raise forbidden("this game's host token")
        return row

    async def identify(self, game_id: str, token: str) -> Access:
        """The host or the seat whose token `token` is; 403 for any other token."""
        row = await self.row(game_id)
        if auth.matches(token, row.host_hash):
            return Access(None)
        for seat, h in enumerate(row.seat_hashes):
            if auth.matches(token, h):
                return Access(seat)
        raise forbidden("one of this game's tokens")

    async def build(self, row: GameRow) -> LiveGame | None:
        """The game rebuilt from its row, with no answers (None while contributions are
        awaited)."""
        if row.contributors:
            got = await self.store.contributions(row.id)
            if any(s not in got for s in row.contributors):
                return None
            # One per player in seat order (Seed::game_seed): b"" for a seat that did not ask
            # to contribute.
            seats = range(len(row.seat_hashes))
            contributions = [bytes.fromhex(got[s]) if s in got else b"" for s in seats]
        else:
            contributions = []
        return LiveGame.build(row.setup, row.seed, contributions)

    def cached(self, game_id: str) -> tuple[GameRow, LiveGame] | None:
        """The game as this process last saw it, without reading the store (it may be behind
        the answers another process added: a writer relies on the store refusing an answer
        number already taken)."""
        entry = self.cache.get(game_id)
        if entry is None or entry.live is None:
            return None
        return entry.row, entry.live

    async def live(self, game_id: str) -> tuple[GameRow, LiveGame | None]:
        """The game as stored now (None while contributions are awaited)."""
        entry = self.cache.get(game_id)
        if entry is None or entry.live is None:
            row = entry.row if entry is not None else await self.row(game_id)
            live = await self.build(row)
            entry = _Entry(row, live)
            self._remember(game_id, entry)
            if live is None:
                return row, None
        assert entry.live is not None
        before = entry.live.answers
        new = await self.store.answers(game_id, before)
        if new:
            entry.live.replay(new)
            if entry.live.whole_game:
                entry.live.note_actions(await self.store.actions(game_id, before))
        return entry.row, entry.live

    async def missing_contributions(self, row: GameRow) -> list[int]:
        if not row.contributors:
            return []
        got = await self.store.contributions(row.id)
        return [s for s in row.contributors if s not in got]

    async def view(self, game_id: str, seat: int | None) -> Json:
        """`seat`'s view, or (None) the host's: the public table."""
        row, live = await self.live(game_id)
        return await self._view(row, live, seat)

    async def _view(self, row: GameRow, live: LiveGame | None, seat: int | None) -> Json:
        """The view of `seat`, or (None) the host's (`LiveGame.host_view`): every reply to
        the host's token is built here, from the public table only."""
        if live is None:
            out: Json = {
                "game_id": row.id,
                "seat": seat,
                "names": [str(p["name"]) for p in row.setup["players"]],
                "done": False,
                "seats": [],
                "starting_player": None,
                "events": [],
                "pending": [],
                "waiting_for": [],
                "answers": 0,
                "contributing": await self.missing_contributions(row),
            }
            if seat is not None:
                out["hand"] = []
        elif seat is None:
            out = {"game_id": row.id, **live.host_view(), "answers": live.answers}
            out["contributing"] = []
        else:
            out = {"game_id": row.id, **live.view(seat), "answers": live.answers}
            out["contributing"] = []
        # Public from the start: a client keeps the first it sees, to hold the log's seed to it.
        out["commitment"] = row.commitment
        if seat is not None and await self.invite_reused(row.id, seat):
            out["invite_reused"] = True
        return out

    async def view_at(self, row: GameRow, seat: int | None, answers: int) -> Json:
        """The view of `seat` (None: the host's) just after the game's `answers`-th answer (a
        resent answer's or action's reply): the game rebuilt and replayed that far."""
        live = await self.build(row)
        assert live is not None
        stored = await self.store.answers(row.id, 0)
        live.replay(stored[:answers])
        if live.whole_game:
            actions = await self.store.actions(row.id, 0)
            live.note_actions([a for a in actions if a[3] <= answers])
        return await self._view(row, live, seat)

    # -- answers ----------------------------------------------------------------------------

    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        return lock

    def notify(self, game_id: str) -> None:
        """Wakes this process's streams and long-polls of the game (it was just stored)."""
        self.feed.notify(game_id)
        entry = self.cache.get(game_id)
        if self.on_finished is not None and entry is not None and entry.live is not None:
            if entry.live.finished:
                task = asyncio.ensure_future(self.on_finished(game_id))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)

    async def answer(self, game_id: str, seat: int, answer: Json) -> Json:
        """Applies one answer of `seat`: 409 for a decision no longer pending (or one that
        lost a race), 422 for an answer the rules refuse (the game unchanged)."""
        decision = answer.get("decision")
        lock = self._lock(game_id)
        try:
            async with lock:
                for _ in range(16):
                    row, live = await self.live(game_id)
                    if live is None:
                        raise conflict("the game waits for the players' contributions")
                    pending = [d["id"] for d in live.pending(seat)]
                    if decision not in pending:
                        decided = live.decided.get(decision) if isinstance(decision, int) else None
                        if (
                            decided is not None
                            and decided[1].get("chooser", decided[1].get("seat")) == seat
                        ):
                            # A resent answer (its reply was lost): the same answer gets the
                            # first reply again, nothing applied twice; another one, 409.
                            try:
                                same = live.answer_record(seat, answer) == decided[1]
                            except MulliganError:
                                same = False
                            if same:
                                return await self.view_at(row, seat, decided[0])
                            raise conflict(
                                f"decision {decision} of seat {seat} was already answered "
                                f"otherwise (pending: {pending})",
                                live.resync(seat),
                            )
                        raise conflict(
                            f"decision {decision} is not pending for seat {seat} "
                            f"(pending: {pending})",
                            live.resync(seat),
                        )
                    try:
                        record = live.apply(seat, answer)
                    except MulliganError as e:
                        raise ApiError(422, "invalid", str(e)) from e
                    if await self.store.add_answer(game_id, live.answers, record):
                        self.notify(game_id)
                        return await self._view(row, live, seat)
                    # Another process stored this answer number first: rebuild and re-check.
                    self.cache.pop(game_id, None)
                raise conflict(
                    "too many concurrent answers; try again",
                    live.resync(seat) if live is not None else None,
                )
        finally:
            if not lock.locked() and not getattr(lock, "_waiters", None):
                self.locks.pop(game_id, None)

    async def contribute(self, game_id: str, seat: int, data: bytes) -> Json:
        row = await self.row(game_id)
        if seat not in row.contributors:
            raise ApiError(
                409, "conflict", f"seat {seat} did not ask to contribute when the game was created"
            )
        if not await self.store.add_contribution(game_id, seat, data.hex()):
            raise ApiError(409, "conflict", f"seat {seat} has already contributed")
        self.cache.pop(game_id, None)
        self.notify(game_id)
        return {
            "seat": seat,
            "contribution_commitment": contribution_commitment(data),
            "waiting_for": await self.missing_contributions(row),
        }

    # -- events and log ---------------------------------------------------------------------

    async def events_now(self, game_id: str, access: Access, after: int) -> Json:
        """The events after the `after`-th as `access` may see them, as stored now."""
        row, live = await self.live(game_id)
        events = live.events(access.seat) if live is not None else []
        done = live is not None and live.finished
        return {"events": events[after:], "next": max(len(events), after), "done": done}

    async def events(self, game_id: str, access: Access, after: int, wait: float) -> Json:
        """The events after the `after`-th as `access` may see them, waiting up to `wait`
        seconds for one (long-poll). The game is read again only when it changed
        (`notify.ChangeFeed`: this process's answers, and the other processes' through the
        store's change feed); the drain (SIGTERM) answers at once."""
        deadline = time.monotonic() + min(max(wait, 0.0), self.limits.wait)
        slot = self.feed.watch(game_id)
        try:
            while True:
                seen = slot.version
                batch = await self.events_now(game_id, access, after)
                if batch["events"] or batch["done"] or self.feed.draining:
                    return batch
                while not await self.feed.wait(slot, seen, deadline - time.monotonic()):
                    if deadline - time.monotonic() <= 0:
                        return batch
        finally:
            self.feed.unwatch(slot)

    async def log(self, game_id: str, access: Access | None = None) -> list[Json]:
        """The game's log: a game start's once it is done; a whole game's at any time after
        its start, without the seed until the host ends it. A seat's token reads it once the
        game is over (the seed is public then, and with it every card): 403 before."""
        row, live = await self.live(game_id)
        if access is not None and access.seat is not None and not (live and live.finished):
            raise forbidden("this game's host token (a seat reads the log once the game is over)")
        if live is None or not (live.finished or (live.whole_game and live.done)):
            raise ApiError(409, "not_done", "the log is published once the game start is done")
        return live.log()
