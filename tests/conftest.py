"""Fixtures shared by test modules."""

from __future__ import annotations

import pytest

from tests.capi_util import Capi, load
from tests.process_util import kill_every_child


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """No child process outlives the run, whatever fixture or test failed to end it."""
    kill_every_child()


@pytest.fixture(scope="session")
def capi() -> Capi:
    """The C ABI's shared library, loaded with cffi (skipped without cffi)."""
    pytest.importorskip("cffi")
    return load()
