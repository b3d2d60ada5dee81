"""What the operator of a public server chooses (issue 36; docs/SERVE.md "Operating a public
server"): the create key, retention, the metrics endpoint, and the clock retention reads (a
test gives its own). `create_app` takes one `Operations`; `start` runs its parts in the
application's lifespan.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Callable

from fastapi import FastAPI

from mulligan.serve.create_key import CreateKey
from mulligan.serve.metrics import METRICS_MODES, mark_process_dead, time_store
from mulligan.serve.retention import SWEEP_EVERY, Retention, RetentionPolicy
from mulligan.serve.state import AppState

__all__ = ["Operations", "Running", "from_env", "to_env"]


@dataclass(frozen=True)
class Operations:
    create_key: CreateKey | None = None
    retention: RetentionPolicy = field(default_factory=RetentionPolicy)
    metrics: str = "on"
    clock: Callable[[], float] = time.time
    sweep_every: float = SWEEP_EVERY

    def __post_init__(self) -> None:
        if self.metrics not in METRICS_MODES:
            raise ValueError(f"metrics: one of {', '.join(METRICS_MODES)}, got {self.metrics!r}")
        if self.metrics == "key" and self.create_key is None:
            raise ValueError("metrics behind the key needs a create key (--create-key-file)")

    def start(self, app: FastAPI, state: AppState) -> Running:
        """Called once the store is open: the key and retention on `app.state`, the store
        timed, the sweeper started when retention is on."""
        app.state.create_key = self.create_key
        app.state.operations = self
        if self.metrics != "off":
            time_store(state.store)
        retention = Retention(state.games, self.retention, self.clock)
        app.state.retention = retention
        state.games.on_finished = retention.mark_ended
        sweeper = None
        if self.retention.on:
            sweeper = asyncio.ensure_future(retention.run(self.sweep_every))
        return Running(sweeper)


@dataclass
class Running:
    sweeper: asyncio.Task[None] | None

    async def stop(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
            await asyncio.gather(self.sweeper, return_exceptions=True)
        mark_process_dead()


# How `mulligan serve` hands the operator's choices to its worker processes (uvicorn builds
# each worker's application from the environment): the key's hash, never the key.
ENV_KEY_HASH = "MULLIGAN_SERVE_CREATE_KEY_HASH"
ENV_KEY_ANALYSIS = "MULLIGAN_SERVE_CREATE_KEY_ANALYSIS"
ENV_END_DAYS = "MULLIGAN_SERVE_END_UNTOUCHED_DAYS"
ENV_DELETE_DAYS = "MULLIGAN_SERVE_DELETE_ENDED_DAYS"
ENV_METRICS = "MULLIGAN_SERVE_METRICS"


def to_env(ops: Operations) -> dict[str, str]:
    env = {ENV_METRICS: ops.metrics}
    if ops.create_key is not None:
        env[ENV_KEY_HASH] = ops.create_key.key_hash
        env[ENV_KEY_ANALYSIS] = "1" if ops.create_key.analysis else ""
    if ops.retention.end_untouched_days is not None:
        env[ENV_END_DAYS] = repr(ops.retention.end_untouched_days)
    if ops.retention.delete_ended_days is not None:
        env[ENV_DELETE_DAYS] = repr(ops.retention.delete_ended_days)
    return env


def from_env(env: Mapping[str, str]) -> Operations:
    key_hash = env.get(ENV_KEY_HASH)
    key = CreateKey(key_hash, bool(env.get(ENV_KEY_ANALYSIS))) if key_hash else None
    end, delete = env.get(ENV_END_DAYS), env.get(ENV_DELETE_DAYS)
    policy = RetentionPolicy(float(end) if end else None, float(delete) if delete else None)
    return Operations(key, policy, env.get(ENV_METRICS) or "on")
