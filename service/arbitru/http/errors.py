"""RFC 9457 problem details: the one shape every error response of the service takes.

Every error goes through `problem_response`, so clients see `type`, `title`, `status`, `detail`
and, for invalid fields, `errors` (field path -> messages). No stack trace ever leaves the server.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

import marshmallow as ma
from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from arbitru.engine.board import Problem
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.messages import Message, localise, message

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_BASE = "https://arbitru.dev/problems/"

# Stable `type` URIs (documented in the spec). Plain HTTP errors use "about:blank" as RFC 9457 advises.
PROBLEM_TYPES: dict[int, str] = {
    400: PROBLEM_BASE + "malformed-json",
    413: PROBLEM_BASE + "body-too-large",
    415: PROBLEM_BASE + "unsupported-media-type",
    422: PROBLEM_BASE + "validation",
    500: PROBLEM_BASE + "internal",
}
ABOUT_BLANK = "about:blank"
MAX_ERROR_FIELDS = 50

log = logging.getLogger("arbitru.http")


class HTTPProblem(Exception):
    """An error to answer with problem+json; raise it anywhere inside a request. `detail` and the
    `errors` messages are rendered in the request's language when they are `Message`s
    (`arbitru.messages.message(key, **params)`) or catalogue keys."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        errors: Mapping[str, list[str]] | None = None,
        title: str | None = None,
        type_: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = dict(errors) if errors is not None else None
        self.title = title
        self.type = type_
        self.headers = dict(headers or {})


class ValidationProblem(HTTPProblem):
    """A 422: the body is well-formed JSON but its content is invalid; `errors` names the fields."""

    def __init__(self, errors: Mapping[str, list[str]], detail: str | None = None) -> None:
        count = len(errors)
        super().__init__(
            422,
            detail or invalid_fields(count),
            errors=errors,
        )


def field_errors(problems: Iterable[Problem]) -> dict[str, list[str]]:
    """The engine's problems as `errors` (field path -> messages), rendered when answered."""
    errors: dict[str, list[str]] = {}
    for found in problems:
        errors.setdefault(found.field, []).append(Message(found.message_key, found.params))
    return errors


def said(error: Exception) -> str:
    """What an exception says: the message it was raised with when that is a catalogue `Message`
    (which `str(error)` would turn into plain English), else its text."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Message) else str(error)


def invalid_fields(count: int) -> Message:
    """The detail of a 422: how many fields are invalid."""
    return message("problem.invalid_field" if count == 1 else "problem.invalid_fields", count=count)


def _title(status: int, lang: str) -> str:
    from http import HTTPStatus

    try:
        return localise(Message(f"title.{status}", None, HTTPStatus(status).phrase), lang)
    except ValueError:
        return "Error"


def problem_body(problem: HTTPProblem) -> dict[str, Any]:
    """The problem+json document of `problem` in the request's language (errors capped so a huge
    body cannot flood the answer)."""
    lang = request_language()
    status = problem.status
    body: dict[str, Any] = {
        "type": problem.type or PROBLEM_TYPES.get(status, ABOUT_BLANK),
        "title": localise(problem.title, lang) if problem.title else _title(status, lang),
        "status": status,
        "detail": localise(problem.detail, lang),
    }
    if problem.errors is not None:
        items = list(problem.errors.items())
        if len(items) > MAX_ERROR_FIELDS:
            items = items[:MAX_ERROR_FIELDS]
            shown = message("problem.fields_shown", detail=body["detail"], count=MAX_ERROR_FIELDS)
            body["detail"] = localise(shown, lang)
        body["errors"] = {
            field: [localise(m, lang) if isinstance(m, str) else str(m) for m in messages]
            for field, messages in items
        }
    return body


def problem_response(problem: HTTPProblem) -> Response:
    """A complete problem+json response for `problem` (raised, or made by a handler)."""
    response = json_response(problem_body(problem), problem.status, content_type=PROBLEM_CONTENT_TYPE)
    for name, value in problem.headers.items():
        response.headers[name] = value
    return response


def flatten_messages(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """marshmallow's nested error dict as `{"board.white.points.25": ["Unknown field."]}`.

    `_schema` errors belong to the enclosing object; the body itself is named `body`.
    """
    flat: dict[str, list[str]] = {}

    def walk(node: Any, path: str) -> None:
        if isinstance(node, Mapping):
            for key, value in node.items():
                key = str(key)
                child = path if key == "_schema" else (f"{path}.{key}" if path else key)
                walk(value, child)
        elif isinstance(node, str):
            flat.setdefault(path or "body", []).append(node)
        elif isinstance(node, Iterable):
            for item in node:
                walk(item, path)
        else:
            flat.setdefault(path or "body", []).append(str(node))

    walk(messages, prefix)
    return flat


_DETAILS = {
    404: message("problem.not_found"),
    405: message("problem.method_not_allowed"),
    413: message("problem.body_too_large"),
    415: message("problem.not_json"),
}


def _handle_http_exception(error: HTTPException) -> Response:
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    headers = {k: v for k, v in error.get_headers() if k.lower() not in ("content-type", "content-length")}
    headers.update(data.get("headers") or {})
    if status == 422 and "messages" in data:
        errors = flatten_messages(data["messages"])
        return problem_response(HTTPProblem(422, invalid_fields(len(errors)), errors=errors, headers=headers))
    if status == 413:
        limit = _max_length()
        too_large = message("problem.body_over_limit", limit=limit) if limit else _DETAILS[413]
        return problem_response(HTTPProblem(413, too_large, headers=headers))
    detail = _DETAILS.get(status) or (error.description or _title(status, request_language()))
    return problem_response(HTTPProblem(status, detail, headers=headers))


def _max_length() -> int | None:
    from flask import current_app

    try:
        return current_app.config.get("MAX_CONTENT_LENGTH")
    except RuntimeError:  # pragma: no cover - outside an app context
        return None


def _handle_unexpected(error: Exception) -> Response:
    if isinstance(error, HTTPException):
        return _handle_http_exception(error)
    if isinstance(error, HTTPProblem):
        return problem_response(error)
    log.exception("unhandled error while serving a request")
    return problem_response(HTTPProblem(500, message("problem.internal")))


def init_app(app: Flask) -> None:
    """Register the problem+json handlers: ours, every HTTP error, and a catch-all for the rest."""
    app.register_error_handler(HTTPProblem, problem_response)
    app.register_error_handler(HTTPException, _handle_http_exception)
    app.register_error_handler(Exception, _handle_unexpected)


def handle_http_exception(error: HTTPException) -> Response:
    """Public entry for flask-smorest's Api, which registers its own HTTPException handler."""
    return _handle_http_exception(error)


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details (documentation only; responses are built by `problem_body`).
    Extension members may be added, as RFC 9457 allows."""

    class Meta:
        unknown = ma.INCLUDE

    type = ma.fields.String(
        required=True,
        metadata={
            "description": "A URI naming the kind of problem (stable): "
            + ", ".join(sorted(set(PROBLEM_TYPES.values()) | {ABOUT_BLANK})),
            "example": PROBLEM_TYPES[422],
        },
    )
    title = ma.fields.String(required=True, metadata={"description": "Short summary of the kind of problem"})
    status = ma.fields.Integer(
        required=True, metadata={"description": "The HTTP status code", "example": 422}
    )
    detail = ma.fields.String(required=True, metadata={"description": "What went wrong with this request"})
    errors = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.List(ma.fields.String()),
        metadata={
            "description": "For invalid content: field path (dot-separated) -> messages",
            "example": {"dice.0": ["Must be greater than or equal to 1 and less than or equal to 6."]},
        },
    )
