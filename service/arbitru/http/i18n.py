"""Accept-Language for the HTTP layer: the request's language, and the headers of localised answers.

`request_language()` picks `en` or `ro` from Accept-Language (English by default) and marks the
answer as localised; `init_app` (called by `create_app`) gives every localised answer, problem
details included, `Content-Language` and `Vary: Accept-Language`. Texts come from
`arbitru.messages`; problem details are rendered in the language by `arbitru.http.errors`.
"""

from __future__ import annotations

from functools import lru_cache

from flask import Flask, Response, g, has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from arbitru.messages import DEFAULT_LANGUAGE, LANGUAGES


def request_language() -> str:
    """`ro` when the request's Accept-Language prefers Romanian, else `en` (also outside a request).
    Inside a request the answer is then localised (see `init_app`)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    lang = language_of(request.environ.get("HTTP_ACCEPT_LANGUAGE", ""))  # headers.get is slow
    g.arbitru_language = lang
    return lang


@lru_cache(maxsize=256)
def language_of(header: str) -> str:
    """The language an Accept-Language header value prefers (werkzeug's parsing is slow, and
    clients send the same few headers: remembered per value)."""
    if not header:
        return DEFAULT_LANGUAGE
    accepted = parse_accept_header(header, LanguageAccept)
    best = accepted.best_match(LANGUAGES)
    if best is None:  # e.g. "ro-RO" only: fall back to the primary subtag
        for value, _quality in accepted:
            primary = value.split("-")[0].lower()
            if primary in LANGUAGES:
                return primary
        return DEFAULT_LANGUAGE
    return best


def _language_headers(response: Response) -> Response:
    """after_request: `Content-Language` and `Vary: Accept-Language` on an answer whose words
    depend on the request's language (it asked for it: every route that renders words, and
    every problem answer)."""
    lang = g.get("arbitru_language")
    if lang is not None:
        response.headers["Content-Language"] = lang
        response.vary.add("Accept-Language")
    return response


def init_app(app: Flask) -> None:
    """Register the language headers for every answer of `app`."""
    app.after_request(_language_headers)
