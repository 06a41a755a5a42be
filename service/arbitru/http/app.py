"""The WSGI application factory: Flask + flask-smorest, problem+json errors, the spec and /docs."""

from __future__ import annotations

import importlib
import traceback
from typing import Any

from flask import Flask, Request, Response
from werkzeug.exceptions import RequestEntityTooLarge

from arbitru.engine import cache
from arbitru.engine.geometry import OPPOSITE
from arbitru.http import docs, errors, gc_pause, i18n, observability, states, transport
from arbitru.http.api import Api
from arbitru.http.errors import HTTPProblem
from arbitru.http.routes import BLUEPRINT_MODULES
from arbitru.messages import message
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
    # A multipart upload names the file and at most the few options of its route (4 parts).
    "MAX_FORM_PARTS": 32,
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
    header list as they are, not five `setdefault` calls, each scanning the headers and checking
    the value again."""
    headers = response.headers
    present = {name.lower() for name, _ in headers.items()}
    headers._list.extend(pair for lower, pair in _SECURITY_PAIRS if lower not in present)  # checked constants
    return response


class FormRequest(Request):
    """A request whose multipart form is refused for what is wrong with it: too many parts, or a
    field too long, each named with its limit (werkzeug raises the same RequestEntityTooLarge for
    both, which would read as the whole body over MAX_CONTENT_LENGTH)."""

    def _load_form_data(self) -> None:
        try:
            super()._load_form_data()
        except RequestEntityTooLarge as error:
            refused = _form_refusal(error, self)
            if refused is None:
                raise
            raise refused from error


def _form_refusal(error: RequestEntityTooLarge, request: Request) -> HTTPProblem | None:
    """What werkzeug's multipart parser refused, as a 413 naming its limit (None when the refusal
    came from elsewhere): it counts parts in MultipartDecoder.next_event and measures a field's
    size in receive_data and MultiPartParser.parse."""
    frames = traceback.extract_tb(error.__traceback__)
    where = frames[-1] if frames else None
    if where is None or not where.filename.endswith(("formparser.py", "multipart.py")):
        return None
    if where.name == "next_event":
        detail = message("problem.too_many_form_parts", limit=request.max_form_parts)
    else:
        detail = message("problem.form_field_too_large", limit=request.max_form_memory_size)
    return HTTPProblem(413, detail)


class SyncFlask(Flask):
    """Flask whose `ensure_sync` is remembered per function.

    Flask asks `inspect.iscoroutinefunction` of every hook and view on every request (and
    flask-smorest of each of its wrappers), about ten checks a request. The answer for
    a function never changes; the functions are the app's own (a closed set)."""

    request_class = FormRequest

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
    states.init_app(app, settings)  # the signing keys (ARBITRU_SIGNING_KEYS or ..._FILE, else made here)
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
