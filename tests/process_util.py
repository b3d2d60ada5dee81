"""Child processes the tests start, killed on every exit path.

Each child runs in its own process group (a new session), so that killing the group ends it
and whatever it started (a server's workers) at once; on Linux it also gets SIGKILL when the
test process dies (`PR_SET_PDEATHSIG`). Every child is registered while it lives: a test ends
it in `finally` (`child_process`, `spawned`), and whatever a failing fixture left behind is
killed when pytest's session ends (conftest.py) or, failing that, when Python exits.

A test that interrupts a child with Ctrl-C calls `skip_if_sigint_ignored()` first: a process
that ignores SIGINT (as some launchers make pytest do) passes that on to its children, which
would then run on until the test's timeout.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Callable

import pytest

__all__ = [
    "child_process",
    "kill_group",
    "kill_every_child",
    "new_group_and_parent_death",
    "popen",
    "skip_if_sigint_ignored",
    "spawned",
]

#: The process-group ids (each child leads its own) of the children still to be killed.
_LIVE: set[int] = set()

_PR_SET_PDEATHSIG = 1


def _parent_death_signal() -> Callable[[], None] | None:
    """A `preexec_fn` asking Linux to SIGKILL the child when its parent dies, or None elsewhere.
    libc is loaded here, in the parent: the child only calls the function between fork and
    exec."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None

    def die_with_parent() -> None:
        prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)

    return die_with_parent


new_group_and_parent_death = _parent_death_signal()


def kill_group(pid: int) -> None:
    """SIGKILL to the process group `pid` leads (the child and everything it started)."""
    _LIVE.discard(pid)
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def kill_every_child() -> None:
    """Kills every child still registered (the end of the session, or Python's exit)."""
    for pid in list(_LIVE):
        kill_group(pid)


atexit.register(kill_every_child)


def popen(cmd: list[str], **kwargs: Any) -> subprocess.Popen[Any]:
    """`subprocess.Popen` in a new process group (and, on Linux, killed with the test
    process), registered until `kill_group` ends it."""
    if sys.platform == "win32":
        return subprocess.Popen(cmd, **kwargs)
    kwargs.setdefault("start_new_session", True)
    if new_group_and_parent_death is not None:
        kwargs.setdefault("preexec_fn", new_group_and_parent_death)
    proc = subprocess.Popen(cmd, **kwargs)
    _LIVE.add(proc.pid)
    return proc


@contextmanager
def child_process(cmd: list[str], **kwargs: Any) -> Iterator[subprocess.Popen[Any]]:
    """`popen(cmd, **kwargs)`, its process group killed and the child reaped however the
    block ends (an assertion, a timeout, an interrupt)."""
    proc = popen(cmd, **kwargs)
    try:
        yield proc
    finally:
        kill_group(proc.pid)
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


@contextmanager
def spawned(pexpect: Any, command: str, args: list[str], **kwargs: Any) -> Iterator[Any]:
    """`pexpect.spawn(command, args, **kwargs)` (a pseudo-terminal, the child leading its own
    session), its process group killed and the child reaped however the block ends."""
    if new_group_and_parent_death is not None:
        kwargs.setdefault("preexec_fn", new_group_and_parent_death)
    child = pexpect.spawn(command, args, **kwargs)
    _LIVE.add(child.pid)
    try:
        yield child
    finally:
        kill_group(child.pid)
        child.close(force=True)


def skip_if_sigint_ignored() -> None:
    """Skips the test when this process ignores SIGINT: its children inherit that, and a child
    ignoring Ctrl-C cannot show how the command answers it."""
    if sys.platform != "win32" and signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        pytest.skip(
            "SIGINT is ignored in the test process (its launcher ignores it), and a child "
            "inherits that: Ctrl-C cannot be tested here"
        )
