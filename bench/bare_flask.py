"""The baseline for bench/http_vs_flask.py: a bare Flask endpoint at POST /v1/moves that parses the JSON body
with orjson and answers with the precomputed response of the real service for that exact request
(same size, no engine, no schemas). Served by the same gunicorn config as the service."""

from __future__ import annotations

import os

import orjson
from flask import Flask, Response, request

app = Flask(__name__)

with open(os.environ["ARBITRU_BARE_BODIES"], "rb") as _f:
    _PAIRS = orjson.loads(_f.read())
BODIES: dict[bytes, bytes] = {req.encode(): resp.encode() for req, resp in _PAIRS}
FALLBACK = next(iter(BODIES.values()))


@app.post("/v1/moves")
def moves() -> Response:
    """The precomputed body of this request (parsed first, as any JSON endpoint would)."""
    raw = request.get_data()
    orjson.loads(raw)
    return Response(BODIES.get(raw, FALLBACK), mimetype="application/json")
