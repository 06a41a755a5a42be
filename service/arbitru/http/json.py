"""orjson in and out: hot responses are built as plain dicts and serialized once, never
marshmallow-dumped; a body orjson cannot read is said in the catalogue's words (`malformed`)."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response

from arbitru.messages import Message, json_breaks, message, where_json_breaks

JSON_CONTENT_TYPE = "application/json"


def json_response(data: Any, status: int = 200, *, content_type: str = JSON_CONTENT_TYPE) -> Response:
    """A Flask response holding `data` as JSON (orjson)."""
    return Response(orjson.dumps(data), status=status, content_type=content_type)


TOO_DEEP = "depth limit exceeded"
"""How orjson begins the reason of a body nested deeper than it reads (valid JSON it refuses). Only
matched to choose the catalogue text: if orjson words it otherwise, the general text still says
where the body breaks."""


def malformed(error: orjson.JSONDecodeError) -> Message:
    """The detail of a 400 for a body orjson could not read: where it breaks (line, column, offset)
    in the catalogue's words, never orjson's English reason (which a Romanian answer would keep)."""
    if getattr(error, "msg", "").startswith(TOO_DEEP):
        return message("problem.json_too_deep", **where_json_breaks(error))
    return message("problem.malformed_json", place=json_breaks(error))
