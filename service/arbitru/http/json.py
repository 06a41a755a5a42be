"""orjson responses: hot responses are built as plain dicts and serialized once, never marshmallow-dumped."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response

JSON_CONTENT_TYPE = "application/json"


def json_response(data: Any, status: int = 200, *, content_type: str = JSON_CONTENT_TYPE) -> Response:
    """A Flask response holding `data` as JSON (orjson)."""
    return Response(orjson.dumps(data), status=status, content_type=content_type)
