"""The service's routes: one `fastapi.APIRouter` per concept, each in its own module and
included by `mulligan.serve.app.create_app` (FastAPI's "Bigger Applications" layout).

| module | routes |
| --- | --- |
| `service` | ``GET /healthz`` |
| `games` | ``POST /games`` and everything under ``/games/{game_id}`` |
| `decks` | ``POST /decks/check`` |
| `fair_play` | ``POST /verify`` |
| `rounds` | ``POST /rounds/commitment``, ``POST /rounds``, ``GET /rounds/{round_id}`` |
| `simulate` | ``POST /simulate`` |
| `sources` | ``POST /sources`` |
| `page` | ``GET /``, ``/play/{game_id}/{seat}``, ``/host/{game_id}``, ``/static/{name}`` |

To add a router (docs/SERVE.md, "Adding a route"):

1. a module here, ``router = APIRouter(tags=["<concept>"])``, its routes decorated with
   ``@router.post(...)`` and declaring ``responses=ERRORS`` (`mulligan.serve.errors`) and a
   ``response_model`` from `mulligan.serve.models`;
2. reach the application's services with a ``services: Services`` parameter
   (`mulligan.serve.state`) and the caller with ``seat: SeatAccess``, ``_: HostAccess`` or
   ``access: CallerAccess`` (`mulligan.serve.access`): the token is checked before the route
   runs;
3. raise `mulligan.serve.errors.ApiError` for every refusal (the status, a code of
   docs/SERVE.md's list, a message naming the field); run blocking work with
   ``asyncio.to_thread``;
4. add the module's ``router`` to ``ROUTERS`` in `mulligan.serve.app`, regenerate
   docs/openapi.json (``python -m mulligan.serve.openapi > docs/openapi.json``) and test the
   route in tests/test_serve_*.py.

This package's ``__init__`` imports nothing, so a route module never imports its own package.
"""
