"""SIGTERM drains the server (issue 36; docs/SERVE.md "Operating a public server"): uvicorn
stops taking connections and lets the requests in flight finish (up to ``--shutdown-timeout``
seconds); `install` makes the same signal end every open event stream at once with a
reconnect hint and answer every waiting long-poll (`notify.ChangeFeed.drain`), so that the
wait is for requests, not for idle streams.

uvicorn handles SIGTERM and SIGINT with ``signal.signal``, installed before the application's
lifespan starts; `install` wraps that handler (chains to it), in the main thread only.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any, Callable

from mulligan.serve.notify import ChangeFeed

__all__ = ["Stopped", "exit_zero_on_sigterm", "install"]

SIGNALS = (signal.SIGTERM, signal.SIGINT)


def install(feed: ChangeFeed) -> Callable[[], None]:
    """Chains `feed.drain` to the process's SIGTERM and SIGINT handlers; returns the undo."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    before: dict[int, Any] = {}

    def handler(sig: int, frame: FrameType | None) -> None:
        loop.call_soon_threadsafe(feed.drain)
        previous = before.get(sig)
        if callable(previous):
            previous(sig, frame)
        else:  # the default (or ignored): as if this handler were not there
            signal.signal(sig, previous if previous is not None else signal.SIG_DFL)
            signal.raise_signal(sig)

    for sig in SIGNALS:
        before[sig] = signal.getsignal(sig)
        signal.signal(sig, handler)

    def undo() -> None:
        for sig, previous in before.items():
            if signal.getsignal(sig) is handler:
                signal.signal(sig, previous)

    return undo


class Stopped(Exception):
    """SIGTERM, once uvicorn has drained and re-raised it (`exit_zero_on_sigterm`)."""


@contextlib.contextmanager
def exit_zero_on_sigterm() -> Iterator[None]:
    """Around uvicorn's ``Server.run``: uvicorn re-raises the SIGTERM it drained on, after
    restoring the handler it found; the handler found here ends the run normally, so that a
    drained server exits 0 (and not as killed by the signal)."""

    def stopped(sig: int, frame: FrameType | None) -> None:
        raise Stopped

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, stopped)
    try:
        yield
    except Stopped:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
