"""Accept-Language for the HTTP layer: the request's language, and Romanian problem+json answers.

`request_language()` picks `en` or `ro` from Accept-Language (English by default). Routes pass it to
the engine's texts (arbitru.engine.i18n). `localise_problem` translates a problem+json answer that
was written in English (title, detail and marshmallow's standard field messages) when the client
asked for Romanian; it is registered app-wide by the game routes and costs nothing for English.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import orjson
from flask import Response, has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from arbitru.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES

PROBLEM_CONTENT_TYPE = "application/problem+json"

TITLES_RO: dict[str, str] = {
    "Bad Request": "Cerere greșită",
    "Not Found": "Resursă inexistentă",
    "Method Not Allowed": "Metodă nepermisă",
    "Content Too Large": "Conținut prea mare",
    "Request Entity Too Large": "Conținut prea mare",
    "Unsupported Media Type": "Tip de conținut nesuportat",
    "Unprocessable Content": "Conținut invalid",
    "Unprocessable Entity": "Conținut invalid",
    "Internal Server Error": "Eroare internă a serverului",
}

# marshmallow's and the service's recurring English messages -> Romanian (exact or by pattern).
_EXACT_RO: dict[str, str] = {
    "Unknown field.": "Câmp necunoscut.",
    "Missing data for required field.": "Lipsește un câmp obligatoriu.",
    "Not a valid integer.": "Nu este un număr întreg valid.",
    "Not a valid boolean.": "Nu este o valoare booleană validă (true/false).",
    "Not a valid string.": "Nu este un șir de caractere valid.",
    "Not a valid list.": "Nu este o listă validă.",
    "Invalid input type.": "Tip de date invalid.",
    "Invalid value.": "Valoare invalidă.",
    "Field may not be null.": "Câmpul nu poate fi null.",
    "the request body is empty; send a JSON object": "corpul cererii este gol; trimiteți un obiect JSON",
    "the position is not one a game can reach": "poziția nu poate apărea într-un joc",
    "send the body as JSON with Content-Type: application/json": (
        "trimiteți corpul ca JSON, cu Content-Type: application/json"
    ),
    "no resource at this URL; the API lives under /v1 (see /docs)": (
        "nicio resursă la această adresă; API-ul este sub /v1 (vezi /docs)"
    ),
    "this URL does not accept that method; the Allow header lists the ones it does": (
        "această adresă nu acceptă metoda; antetul Allow le listează pe cele acceptate"
    ),
}
_PATTERNS_RO: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^Must be one of: (.*)\.$"), lambda m: f"Trebuie să fie una dintre: {m[1]}."),
    (
        re.compile(r"^Must be greater than or equal to (\S+) and less than or equal to (\S+)\.$"),
        lambda m: f"Trebuie să fie între {m[1]} și {m[2]}.",
    ),
    (
        re.compile(r"^Must be greater than or equal to (\S+)\.$"),
        lambda m: f"Trebuie să fie cel puțin {m[1]}.",
    ),
    (re.compile(r"^Must be less than or equal to (\S+)\.$"), lambda m: f"Trebuie să fie cel mult {m[1]}."),
    (re.compile(r"^Length must be (\S+)\.$"), lambda m: f"Lungimea trebuie să fie {m[1]}."),
    (
        re.compile(r"^Longer than maximum length (\S+)\.$"),
        lambda m: f"Mai lung decât lungimea maximă {m[1]}.",
    ),
    (
        re.compile(r"^Length must be between (\S+) and (\S+)\.$"),
        lambda m: f"Lungimea trebuie să fie între {m[1]} și {m[2]}.",
    ),
    (
        re.compile(r"^the request has (\d+) invalid fields?$"),
        lambda m: f"cererea are {m[1]} {'câmp invalid' if m[1] == '1' else 'câmpuri invalide'}",
    ),
    (
        re.compile(r"^the request body is larger than the limit of (\d+) bytes$"),
        lambda m: f"corpul cererii depășește limita de {m[1]} octeți",
    ),
    (
        re.compile(r"^expected Content-Type: application/json, got (.*)$"),
        lambda m: f"se aștepta Content-Type: application/json, s-a primit {m[1]}",
    ),
    (re.compile(r"^the body is not valid JSON: (.*)$"), lambda m: f"corpul nu este JSON valid: {m[1]}"),
)


def request_language() -> str:
    """`ro` when the request's Accept-Language prefers Romanian, else `en` (also outside a request)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    return language_of(request.environ.get("HTTP_ACCEPT_LANGUAGE", ""))  # headers.get is slow


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


def to_romanian(message: str) -> str:
    """The Romanian form of a known English message (unchanged when unknown or already Romanian)."""
    if message in _EXACT_RO:
        return _EXACT_RO[message]
    for pattern, build in _PATTERNS_RO:
        match = pattern.match(message)
        if match:
            return build(match)
    return message


def localise_problem(response: Response) -> Response:
    """Translate a problem+json response to the request's language (after_request hook)."""
    if response.mimetype != PROBLEM_CONTENT_TYPE or request_language() != "ro" or response.direct_passthrough:
        return response
    try:
        body = orjson.loads(response.get_data())
    except orjson.JSONDecodeError:  # pragma: no cover - our problems are always JSON
        return response
    if not isinstance(body, dict):  # pragma: no cover
        return response
    if isinstance(body.get("title"), str):
        body["title"] = TITLES_RO.get(body["title"], body["title"])
    if isinstance(body.get("detail"), str):
        body["detail"] = to_romanian(body["detail"])
    errors = body.get("errors")
    if isinstance(errors, dict):
        body["errors"] = {
            field: [to_romanian(m) if isinstance(m, str) else m for m in messages]
            if isinstance(messages, list)
            else messages
            for field, messages in errors.items()
        }
    response.set_data(orjson.dumps(body))
    response.headers["Content-Language"] = "ro"
    return response
