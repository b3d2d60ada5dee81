"""``python -m mulligan.serve.openapi > docs/openapi.json``: the service's OpenAPI document
(the same as ``GET /openapi.json``; tests/test_serve_api.py checks the committed copy)."""

from __future__ import annotations

import json
from typing import Any

from mulligan.serve.app import create_app

__all__ = ["document"]


def document() -> dict[str, Any]:
    spec: dict[str, Any] = create_app(":memory:").openapi()
    return spec


if __name__ == "__main__":
    print(json.dumps(document(), indent=2, sort_keys=True))
