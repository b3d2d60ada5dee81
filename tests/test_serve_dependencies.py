"""Every dependency of every route is a coroutine: FastAPI runs a plain function's dependency
on its thread pool, one hop per dependency and request (measured: about a third of the game
starts per second, and the whole game's actions 1,440/s against 2,196/s with the hop gone;
benches/RESULTS.md)."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from mulligan.serve.app import ROUTERS


def runs_on_the_loop(call: Any) -> bool:
    """A coroutine function, or an object whose ``__call__`` is one (a security scheme)."""
    if inspect.iscoroutinefunction(call):
        return True
    method = getattr(call, "__call__", None)  # noqa: B004 (the bound method is what runs)
    return not inspect.isfunction(call) and inspect.iscoroutinefunction(method)


def dependencies(dependant: Dependant) -> list[Any]:
    out = []
    for d in dependant.dependencies:
        out.append(d.call)
        out.extend(dependencies(d))
    return out


def test_no_route_hops_to_the_thread_pool() -> None:
    routes = [r for router in ROUTERS for r in router.routes if isinstance(r, APIRoute)]
    assert len(routes) >= 15, "the service's operations"
    seen = 0
    for route in routes:
        assert inspect.iscoroutinefunction(route.endpoint), route.path
        for call in dependencies(route.dependant):
            seen += 1
            name = getattr(call, "__qualname__", type(call).__name__)
            assert runs_on_the_loop(call), f"{route.path}: {name} is not a coroutine"
    assert seen > 0, "the routes' token and services dependencies are walked"


def test_the_check_tells_a_plain_function_apart() -> None:
    def plain() -> None:
        return None

    async def coroutine() -> None:
        return None

    assert not runs_on_the_loop(plain)
    assert runs_on_the_loop(coroutine)
