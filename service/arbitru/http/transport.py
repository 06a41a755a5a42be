"""Response compression and CORS: well-kept extensions (flask-compress, flask-cors), set by settings.

Compression: gzip, Brotli or deflate as the client's Accept-Encoding prefers (none without it),
for answers of at least ARBITRU_COMPRESS_MIN_SIZE bytes (default 2048: a /v1/play or /v1/outcome
answer is a few hundred bytes, where compressing costs more time than it saves on the wire). JSON,
problem+json, SVG boards and the exported .mat / SGF files are compressed; `Vary:
Accept-Encoding` is set. Measured by bench/compression.py: the largest answer (2,226 plays of a
1-1) is 1,041,381 bytes, 29,755 with gzip (35x); the opening 3-1, 5,363 bytes, 490 with gzip.

CORS: off by default (no Access-Control-* header: browsers on other origins are refused).
ARBITRU_CORS_ORIGINS, a comma-separated list of origins (`https://play.example.com`, or `*`),
allows those origins on the API routes (/v1/...), with preflight answers cached for 10 minutes.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_compress import Compress
from flask_cors import CORS

from arbitru.settings import Settings

COMPRESSED_TYPES = [
    "application/json",
    "application/problem+json",
    "image/svg+xml",
    "text/plain",
    "application/x-go-sgf",
    "text/html",
    "text/css",
    "application/javascript",
]


def settings(service: Settings) -> dict[str, Any]:
    """The app config these extensions read, from the service's settings."""
    return {
        "CORS_ORIGINS_ALLOWED": list(service.cors_origins),
        "COMPRESS_MIN_SIZE": service.compress_min_size,
        "COMPRESS_ALGORITHM": ["gzip", "br", "deflate"],
        "COMPRESS_MIMETYPES": COMPRESSED_TYPES,
        "COMPRESS_LEVEL": 6,  # gzip
        "COMPRESS_BR_LEVEL": 4,
    }


def init_app(app: Flask, service: Settings) -> None:
    """Wire compression (always) and CORS (when origins are allowed); the config wins over the
    settings (`create_app({...})` in tests)."""
    for key, value in settings(service).items():
        app.config.setdefault(key, value)
    Compress(app)
    origins = app.config["CORS_ORIGINS_ALLOWED"]
    if origins:
        CORS(app, resources={r"/v1/*": {"origins": origins}}, max_age=600, vary_header=True)
