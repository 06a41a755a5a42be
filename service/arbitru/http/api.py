"""flask-smorest's Api, answering every error in problem+json and documenting errors that way."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

import flask
import flask_smorest
from apispec import BasePlugin
from flask import Response, request
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from arbitru.http import errors
from arbitru.http.blueprint import BODY_ERRORS
from arbitru.http.spec import SharedEnumsPlugin

CACHE_CONTROL = "public, max-age=300"  # the spec and the rules change only with a new release


def cacheable(response: Response) -> Response:
    """`response` with a strong ETag of its body and `Cache-Control`, answered 304 when the
    request's If-None-Match matches (the spec, /openapi.yaml, /v1/rules)."""
    response.headers["Cache-Control"] = CACHE_CONTROL
    response.add_etag()
    response.make_conditional(request)
    return response


class SchemaExtrasPlugin(BasePlugin):
    """Adds a schema class's `OPENAPI_EXTRA` (JSON Schema keywords marshmallow cannot express, such as
    "exactly one of these fields") to its component."""

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        schema = kwargs.get("schema")
        extra = getattr(schema, "OPENAPI_EXTRA", None)
        return dict(extra) if extra else None


class Api(flask_smorest.Api):
    """The service's Api: problem+json error payloads and error response components."""

    def __init__(self, app: Any = None, **kwargs: Any) -> None:
        spec_kwargs = kwargs.pop("spec_kwargs", None) or {}
        spec_kwargs.setdefault("extra_plugins", [SchemaExtrasPlugin(), SharedEnumsPlugin()])
        super().__init__(app, spec_kwargs=spec_kwargs, **kwargs)

    def _register_pagination_header(self) -> None:
        """No pagination in this API: keep its components out of the spec."""

    ERROR_SCHEMA = errors.ProblemSchema
    DEFAULT_ERROR_RESPONSE_NAME = None  # operations list their error statuses explicitly

    def _register_responses(self) -> None:
        """Lazily register one problem+json response component per 4xx/5xx status."""
        for status in HTTPStatus:
            if status < 400:
                continue
            response = {"description": BODY_ERRORS.get(status, status.phrase), "schema": self.ERROR_SCHEMA}
            prepare_response(response, self.spec, errors.PROBLEM_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)

    def _openapi_json(self) -> Response:
        """The spec as JSON, made once (192 KB: it was dumped again on every request), with an ETag
        (a 304 for a matching If-None-Match) and `Cache-Control`."""
        if self._spec_json is None:
            self._spec_json = flask.json.dumps(self.spec.to_dict(), indent=2, sort_keys=False)
        response = flask.current_app.response_class(self._spec_json, mimetype="application/json")
        return cacheable(response)

    _spec_json: str | None = None

    def handle_http_exception(self, error: HTTPException) -> Response:  # type: ignore[override]
        """Every HTTP error as problem+json (404, 405 with Allow, 413, ...)."""
        return errors.handle_http_exception(error)
