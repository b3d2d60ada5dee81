"""Fixtures shared by test modules."""

from __future__ import annotations

import pytest

from tests.capi_util import Capi, load


@pytest.fixture(scope="session")
def capi() -> Capi:
    """The C ABI's shared library, loaded with cffi (skipped without cffi)."""
    pytest.importorskip("cffi")
    return load()
