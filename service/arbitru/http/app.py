"""The WSGI application factory: Flask + flask-smorest, problem+json errors, the spec and /docs."""

from __future__ import annotations

import importlib
from typing import Any

from flask import Flask, Response

from arbitru.engine import cache
from arbitru.engine.geometry import OPPOSITE
from arbitru.http import docs, errors, gc_pause, i18n, observability, transport
from arbitru.http.api import Api
from arbitru.http.routes import BLUEPRINT_MODULES
from arbitru.settings import Settings

API_DESCRIPTION = f"""\
Backgammon ("Table") rules as a stateless JSON service: every legal play of a roll, a referee for
one proposed play, and the game-over verdict with its score.

Players are `white` and `black`; each side numbers the points from its own side (point 1 is its
ace point, it moves from 24 toward 1); {OPPOSITE.statement}. In a move, 25 is
the bar and 0 is off. Every error is an RFC 9457 problem (`application/problem+json`) with
`type`, `title`, `status`, `detail` and, for invalid fields, `errors` (field path -> messages).
"""

DEFAULT_CONFIG: dict[str, Any] = {
    "API_TITLE": "Arbitru",
    "API_VERSION": "1.0.0",
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "API_SPEC_OPTIONS": {
        "info": {
            "description": API_DESCRIPTION,
            "license": {"name": "MIT", "identifier": "MIT"},
        },
    },
    # 1 MiB: a position is under 1 KiB and the longest real match transcript is ~15 KiB, so this
    # leaves a wide margin for long matches while bounding what one request can make us parse.
    "MAX_CONTENT_LENGTH": 1024 * 1024,
    "JSON_SORT_KEYS": False,
}


# Browser security headers on every answer (pages, JSON, SVG, errors). The policy lets /docs
# (Swagger UI: our own scripts, inline styles, data: images) and the playground (its own script
# and styles, same-origin calls and board pictures) work, and nothing else: no other origin, no
# plugin, no framing (tests/browser loads both pages under it).
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


_SECURITY_PAIRS = [(name.lower(), (name, value)) for name, value in SECURITY_HEADERS.items()]


def _security_headers(response: Response) -> Response:
    """after_request: the security headers, unless a route set its own.

    The response's header names are read once, and the missing constant pairs appended to the
    header list as they are: five `setdefault` calls, each scanning the headers and checking the
    value again, cost ~8 µs a request (bench/overhead.py, "hook arbitru.http.app")."""
    headers = response.headers
    present = {name.lower() for name, _ in headers.items()}
    headers._list.extend(pair for lower, pair in _SECURITY_PAIRS if lower not in present)  # checked constants
    return response


class SyncFlask(Flask):
    """Flask whose `ensure_sync` is remembered per function.

    Flask asks `inspect.iscoroutinefunction` of every hook and view on every request (and
    flask-smorest of each of its wrappers): 8-10 checks a request, ~0.5 µs each. The answer for
    a function never changes; the functions are the app's own (a closed set)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync: dict[Any, Any] = {}

    def ensure_sync(self, func: Any) -> Any:
        found = self._sync.get(func)
        if found is None:
            found = self._sync[func] = super().ensure_sync(func)
        return found


def create_app(config: dict[str, Any] | None = None, settings: Settings | None = None) -> Flask:
    """Build the Flask application (gunicorn target: `arbitru:create_app()`); the settings are read
    from the environment here, once, unless given."""
    settings = Settings.from_env() if settings is None else settings
    app = SyncFlask("arbitru.http", static_folder=None)
    app.config["ARBITRU_SETTINGS"] = settings
    cache.configure(cache_plays=settings.plays_cache_size)
    app.config.update(DEFAULT_CONFIG)
    if config:
        app.config.update(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    api = Api(app)
    for name in BLUEPRINT_MODULES:
        module = importlib.import_module(name)
        api.register_blueprint(module.blp)
    errors.init_app(app)
    i18n.init_app(app)  # Content-Language and Vary: Accept-Language on every localised answer
    app.after_request(_security_headers)
    docs.init_app(app)
    access_log = observability.AccessLog(
        settings.access_log_level, settings.access_log_sample, settings.access_log_slow_ms
    )
    observability.init_app(app, access_log=access_log)
    gc_pause.init_app(app)  # after observability: its request timer starts once the collector is paused
    transport.init_app(app, settings)  # compression (Accept-Encoding) and CORS (ARBITRU_CORS_ORIGINS)
    return app
