"""``mulligan serve``'s operator options checked at start-up (issue 36): each bad one is a
one-line usage error naming it, before anything listens or is stored."""

from __future__ import annotations

import os
import tempfile

import click

from mulligan.serve.create_key import CreateKey, read_key_file
from mulligan.serve.metrics import check_dir
from mulligan.serve.operations import Operations
from mulligan.serve.retention import RetentionPolicy

__all__ = ["operations"]


def operations(
    create_key_file: str | None,
    create_key_for_analysis: bool,
    end_untouched_days: float | None,
    delete_ended_days: float | None,
    metrics: str,
    metrics_dir: str | None,
    workers: int,
) -> tuple[Operations, str | None]:
    """The `Operations` the options ask for, and the metrics' multiprocess directory (None
    with one worker, or metrics off)."""
    key = None
    if create_key_file is not None:
        try:
            key = CreateKey.of(read_key_file(create_key_file), create_key_for_analysis)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--create-key-file") from None
    elif create_key_for_analysis:
        raise click.BadParameter("needs --create-key-file", param_hint="--create-key-for-analysis")
    if metrics == "key" and key is None:
        raise click.BadParameter("'key' needs --create-key-file", param_hint="--metrics")
    policy = RetentionPolicy(end_untouched_days, delete_ended_days)
    if metrics_dir is not None:
        try:
            check_dir(metrics_dir)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--metrics-dir") from None
    multiproc = None
    if metrics != "off" and workers > 1:  # one process keeps its figures in memory
        multiproc = metrics_dir or tempfile.mkdtemp(prefix="mulligan-metrics-")
        for name in os.listdir(multiproc):  # a previous run's figures are not this one's
            if name.endswith(".db"):
                os.remove(os.path.join(multiproc, name))
    return Operations(key, policy, metrics), multiproc
