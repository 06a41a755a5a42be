"""The Blueprint every route module uses: flask-smorest's, with a strict JSON body parser.

The parser answers 415 for a body that is not JSON, 413 over the size limit (chunked bodies too),
400 for malformed JSON, and 422 (problem+json, field paths) for invalid content. A valid body is
checked by a validator compiled from the schema's JSON Schema, an invalid one by marshmallow
(`arbitru.http.validation`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping
from http import HTTPStatus
from typing import Any, NoReturn

import flask_smorest
import marshmallow as ma
import orjson
from flask import Request, request
from webargs.core import is_json
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import RequestEntityTooLarge

from arbitru.http.errors import HTTPProblem, ValidationProblem, flatten_messages
from arbitru.http.json import malformed
from arbitru.http.validation import fast_schema
from arbitru.messages import message

# Error responses every JSON-body operation documents (status -> description).
BODY_ERRORS: dict[int, str] = {
    400: "Malformed JSON (problem+json)",
    413: "Body larger than the limit (problem+json)",
    415: "Content type is not JSON (problem+json)",
    422: "Well-formed JSON with invalid content; `errors` maps field paths to messages (problem+json)",
}


# The options of `json_body` that webargs' `parse` takes (the others only document).
_PARSE_OPTIONS = ("unknown", "validate", "error_status_code", "error_headers")


class JsonBodyParser(FlaskParser):
    """webargs parser reading JSON bodies with orjson and answering in problem+json."""

    DEFAULT_VALIDATION_STATUS = 422

    def get_default_request(self) -> Request:
        """The request itself, not Flask's proxy of it: each read through the proxy is three
        Python calls, and parsing a body reads the request seven times."""
        return request._get_current_object()  # type: ignore[attr-defined, no-any-return]

    def load_json(self, req: Request, schema: ma.Schema) -> Any:
        """The parsed JSON body; 415 when it is not declared as JSON, 400 when it is not JSON."""
        if not is_json(req.mimetype):
            got = req.mimetype or message("problem.no_content_type")
            raise HTTPProblem(415, message("problem.wrong_content_type", got=got))
        raw = req.get_data(cache=True)  # werkzeug answers 413 when Content-Length is over the limit
        limit = req.max_content_length
        if limit is not None and req.content_length is None and len(raw) >= limit:
            # A chunked body is cut at the limit rather than refused: reaching it means it was larger.
            raise RequestEntityTooLarge()
        if not raw.strip():
            raise HTTPProblem(400, message("problem.empty_body"))
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise HTTPProblem(400, malformed(exc)) from None

    def handle_error(
        self,
        error: ma.ValidationError,
        req: Request,
        schema: ma.Schema,
        *,
        error_status_code: int | None,
        error_headers: Any,
    ) -> NoReturn:
        """422 with every invalid field as a dotted path (the `json` location prefix dropped)."""
        messages: Any = error.messages
        if isinstance(messages, dict) and set(messages) == {"json"}:
            messages = messages["json"]
        raise ValidationProblem(flatten_messages(messages))


def parameter_errors(args: Any, allowed: Collection[str], where: str) -> dict[str, list[str]]:
    """Each parameter of `args` (a MultiDict: the query, a form) not in `allowed` or given more than
    once, as `errors` naming it (`query.mdoe`)."""
    errors: dict[str, list[str]] = {}
    for key in args:
        if key not in allowed:
            errors[f"{where}.{key}"] = [message("problem.unknown_parameter", where=where)]
        elif len(args.getlist(key)) > 1:
            errors[f"{where}.{key}"] = [message("problem.repeated_parameter")]
    return errors


def strict_query(allowed: Collection[str]) -> None:
    """A 422 naming each query parameter the route does not read, and each one given more than
    once: a misspelt option (`?mdoe=`) is never silently ignored."""
    errors = parameter_errors(request.args, allowed, "query")
    if errors:
        raise ValidationProblem(errors)


def answered_examples(
    examples: Mapping[str, Mapping[str, Any]], schema: ma.Schema, answer: Callable[[dict[str, Any]], Any]
) -> dict[str, dict[str, Any]]:
    """Response examples computed from the request examples, so the spec never shows a stale answer:
    each example's value is loaded with `schema` and answered by `answer`."""
    return {
        name: {"summary": example["summary"], "value": answer(schema.load(example["value"]))}
        for name, example in examples.items()
    }


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest Blueprint with the strict JSON parser; use it for every route module."""

    ARGUMENTS_PARSER = JsonBodyParser()

    def json_body(
        self,
        schema: Any,
        *,
        example: Any = None,
        examples: Any = None,
        query: Collection[str] = (),
        **kwargs: Any,
    ) -> Any:
        """Document and parse a required JSON request body, with its problem+json error responses.
        A query parameter other than those in `query` (none by default) is a 422 naming it.

        The schema is instantiated once here: given a class, webargs would build a new instance
        (and deep-copy every nested field) on every request, which cost more than the rules. The
        body is loaded by the schema's compiled fast path (`arbitru.http.validation`). flask-smorest's
        `arguments` and `alt_response` each wrap the view in a layer of their own (webargs'
        wrapper, `ensure_sync`); only what they document (`_apidoc`) is kept, and the view runs
        under one wrapper calling webargs' `parse`, the same errors as before.
        """
        if isinstance(schema, type):
            schema = schema()
        decorator = self.arguments(
            schema, location="json", required=True, example=example, examples=examples, **kwargs
        )
        parser, loading = self.ARGUMENTS_PARSER, fast_schema(schema)
        options = {key: kwargs[key] for key in _PARSE_OPTIONS if key in kwargs}  # webargs' own

        def wrap(func: Any) -> Any:
            documented = decorator(func)
            for status in BODY_ERRORS:
                if status != 422:  # `arguments` already documents its 422
                    documented = self.alt_response(status, response=HTTPStatus(status).name)(documented)

            @functools.wraps(func)
            def view(*args: Any, **kw: Any) -> Any:
                if request.environ.get("QUERY_STRING"):
                    strict_query(query)
                body = parser.parse(loading, location="json", **options)
                return func(*args, body, **kw)  # after `self` in a MethodView, as webargs passes it

            view._apidoc = documented._apidoc  # type: ignore[attr-defined]
            return view

        return wrap

    def arguments(self, schema: Any, *, location: str = "json", **kwargs: Any) -> Any:
        """flask-smorest's `arguments`; for the query, a parameter given more than once is a 422
        naming it (webargs would read the first and drop the others)."""
        decorator = super().arguments(schema, location=location, **kwargs)
        if location != "query":
            return decorator
        names = [field.data_key or name for name, field in _instance(schema).load_fields.items()]

        def wrap(func: Any) -> Any:
            @functools.wraps(func)
            def checked(*args: Any, **kw: Any) -> Any:
                strict_query(names)
                return func(*args, **kw)

            return decorator(checked)

        return wrap

    def answers(
        self,
        request: type[ma.Schema],
        examples: Mapping[str, Mapping[str, Any]],
        answer: Callable[[dict[str, Any]], Any],
        response: Any,
        description: str,
        *,
        answered: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> Any:
        """A JSON route: its `request` body (`json_body`, with `examples`) and its 200 `response`,
        documented with the answers `answer` gives to the examples (`answered_examples`; only those in
        `answered` when given), so every route of that shape is declared the same way."""
        schema = request()
        body = self.json_body(schema, examples=examples)
        shown = answered_examples(examples if answered is None else answered, schema, answer)
        reply = self.response(200, response, description=description, examples=shown)
        return lambda func: body(reply(func))

    def links(self, status: int = 200, **links: Mapping[str, Any]) -> Any:
        """Document OpenAPI links on the `status` response: how its answer feeds the next request.

        Each link names its target as `target` ("POST /v1/moves") and gives the next request's
        body with runtime expressions (`$response.body#/board`, `$request.body#/board`). The body
        is the whole next request (`x-schemathesis: merge_body: false`), so schemathesis' stateful
        phase sends exactly that chain."""
        documented = {name: link_object(**link) for name, link in links.items()}
        return self.doc(responses={status: {"links": documented}})


def _instance(schema: Any) -> ma.Schema:
    return schema() if isinstance(schema, type) else schema


def link_object(target: str, body: Any, description: str) -> dict[str, Any]:
    """An OpenAPI link object to `target` ("POST /v1/moves") with `body` as its request body."""
    method, path = target.split(" ", 1)
    return {
        "operationRef": "#/paths/" + path.replace("~", "~0").replace("/", "~1") + "/" + method.lower(),
        "requestBody": body,
        "description": description,
        "x-schemathesis": {"merge_body": False},
    }
