"""The marshmallow schemas of the API, one module per group of routes, with their examples.

- `core`: strict fields, the position a request describes (board, cube, match, rules: the rules
  options generated from `arbitru.engine.rules.OPTIONS`), and /v1/moves, /v1/play, /v1/outcome;
- `game`: /v1/cube, /v1/opening, /v1/rules, /v1/start, /v1/resign;
- `convert`: /v1/convert; `board_svg`: /v1/board.svg; `matches`: /v1/matches/verify and /convert;
- `examples`: the request examples the spec shows (and answers, computed by the code).

The shared names of `core` are re-exported here: `from arbitru.http import schemas; schemas.BoardSchema`.
"""

from arbitru.http.schemas.core import *  # noqa: F403
from arbitru.http.schemas.core import _doc  # noqa: F401 - the shared metadata helper
