"""Every error is RFC 9457 problem+json: 400, 404, 405 with Allow, 413 (also chunked), 415, 422, 500."""

from __future__ import annotations

import io
import json

import orjson
import pytest
from flask import Flask

from arbitru import create_app
from arbitru.http.errors import PROBLEM_TYPES
from arbitru.messages import LANGUAGES, render
from tests.http.conftest import assert_problem, roll_body

ROUTES = ["/v1/moves", "/v1/play", "/v1/outcome"]
RO = {"Accept-Language": "ro"}


@pytest.mark.parametrize("route", ROUTES)
def test_malformed_json_is_a_400(client, route):
    body = assert_problem(client.post(route, data=b'{"board": ', content_type="application/json"), 400)
    assert body["type"] == PROBLEM_TYPES[400]


@pytest.mark.parametrize("raw", [b"", b"   ", b"{'a': 1}", b"NaN", b"\xff\xfe", b"[1, 2"])
def test_empty_or_non_json_bodies_with_a_json_content_type_are_400(client, raw):
    assert_problem(client.post("/v1/moves", data=raw, content_type="application/json"), 400)


def test_deeply_nested_json_is_a_4xx_not_a_crash(client):
    raw = b"[" * 100_000 + b"]" * 100_000
    response = client.post("/v1/moves", data=raw, content_type="application/json")
    body = assert_problem(response, 400)
    assert body["type"].endswith("/malformed-json") and "too deeply" in body["detail"]


# a body, and where orjson says it breaks: line, column, offset
BROKEN_BODIES = [
    (b'{"board": ', (1, 11, 10)),
    (b'{\n  "dice": [3, 1,]\n}', (2, 16, 17)),
    (b"\xff\xfe", (1, 1, 0)),
    (b"{} x", (1, 4, 3)),
    (b'"\\ud800"', (1, 2, 1)),
]


@pytest.mark.parametrize(("raw", "where"), BROKEN_BODIES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_malformed_json_names_where_it_breaks_in_the_answer_language(client, raw, where, lang):
    """A 400's detail is the catalogue's sentence in the request's language naming the line, column
    and offset where the body breaks, never the parser's English reason."""
    response = client.post(
        "/v1/moves", data=raw, content_type="application/json", headers={"Accept-Language": lang}
    )
    body = assert_problem(response, 400)
    line, column, position = where
    place = render("json.breaks_at", {"line": line, "column": column, "position": position}, lang)
    assert body["detail"] == render("problem.malformed_json", {"place": place}, lang)
    with pytest.raises(orjson.JSONDecodeError) as parsed:
        orjson.loads(raw)
    assert parsed.value.msg not in body["detail"]
    if lang == "ro":
        assert body["detail"].startswith("corpul nu este JSON valid: eroarea este la linia")


def test_json_nested_too_deeply_is_said_in_romanian(client):
    raw = b"[" * 2000 + b"]" * 2000
    response = client.post("/v1/moves", data=raw, content_type="application/json", headers=RO)
    body = assert_problem(response, 400)
    assert body["detail"] == render(
        "problem.json_too_deep", {"line": 1, "column": 1026, "position": 1025}, "ro"
    )
    assert "depth" not in body["detail"]


def test_a_body_without_content_type_is_said_in_romanian(client):
    raw = json.dumps(roll_body()).encode()
    response = client.post("/v1/moves", data=raw, headers={"Content-Type": "", **RO})
    body = assert_problem(response, 415)
    assert body["detail"] == "se aștepta Content-Type: application/json, s-a primit niciun Content-Type"


def test_an_unknown_url_is_a_404(client):
    body = assert_problem(client.get("/v1/nothing-here"), 404)
    assert body["type"] == "about:blank"


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH"])
def test_a_wrong_method_is_a_405_with_an_allow_header(client, route, method):
    response = client.open(route, method=method)
    assert_problem(response, 405)
    allowed = {m.strip() for m in response.headers["Allow"].split(",")}
    assert "POST" in allowed and method not in allowed


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml"]
)
def test_a_body_that_is_not_declared_json_is_a_415(client, content_type):
    raw = json.dumps(roll_body()).encode()
    body = assert_problem(client.post("/v1/moves", data=raw, content_type=content_type), 415)
    assert body["type"] == PROBLEM_TYPES[415]


def test_a_body_without_content_type_is_a_415(client):
    raw = json.dumps(roll_body()).encode()
    response = client.post("/v1/moves", data=raw, headers={"Content-Type": ""})
    assert_problem(response, 415)


def test_a_json_suffix_media_type_is_accepted(client):
    raw = json.dumps(roll_body()).encode()
    assert client.post("/v1/moves", data=raw, content_type="application/vnd.arbitru+json").status_code == 200


def test_a_body_over_the_limit_is_a_413(app: Flask):
    small = create_app({"MAX_CONTENT_LENGTH": 1024})
    raw = json.dumps({**roll_body(), "padding": "x" * 5000}).encode()
    response = small.test_client().post("/v1/moves", data=raw, content_type="application/json")
    body = assert_problem(response, 413)
    assert body["type"] == PROBLEM_TYPES[413]
    assert "1024" in body["detail"]


def test_the_default_limit_is_one_mebibyte(app: Flask):
    assert app.config["MAX_CONTENT_LENGTH"] == 1024 * 1024
    raw = b'{"x": "' + b"y" * (1024 * 1024) + b'"}'
    assert_problem(app.test_client().post("/v1/moves", data=raw, content_type="application/json"), 413)


def test_a_chunked_body_over_the_limit_is_a_413():
    small = create_app({"MAX_CONTENT_LENGTH": 1024})
    raw = json.dumps({**roll_body(), "padding": "x" * 5000}).encode()
    environ = {
        "wsgi.input_terminated": True,  # what gunicorn sets for chunked bodies: no Content-Length
        "HTTP_TRANSFER_ENCODING": "chunked",
    }
    response = small.test_client().post(
        "/v1/moves",
        input_stream=io.BytesIO(raw),
        content_type="application/json",
        environ_overrides=environ,
    )
    assert_problem(response, 413)


def test_a_chunked_body_under_the_limit_is_read():
    raw = json.dumps(roll_body()).encode()
    environ = {"wsgi.input_terminated": True, "HTTP_TRANSFER_ENCODING": "chunked"}
    response = (
        create_app()
        .test_client()
        .post(
            "/v1/moves",
            input_stream=io.BytesIO(raw),
            content_type="application/json",
            environ_overrides=environ,
        )
    )
    assert response.status_code == 200
    plain = create_app().test_client().post("/v1/moves", json=roll_body())
    assert response.json == plain.json and len(response.json["plays"]) == 16  # the opening 3-1


def test_invalid_content_is_a_422_with_field_paths(client):
    body = roll_body(dice=[0, 7])
    body["board"]["white"]["points"]["25"] = 1
    body["colour"] = "white"
    problem = assert_problem(client.post("/v1/moves", json=body), 422)
    assert problem["type"] == PROBLEM_TYPES[422]
    assert set(problem["errors"]) == {"dice.0", "dice.1", "board.white.points.25", "colour"}
    assert all(
        isinstance(m, list) and m and all(isinstance(s, str) for s in m) for m in problem["errors"].values()
    )


def test_a_body_that_is_not_an_object_is_a_422(client):
    problem = assert_problem(client.post("/v1/moves", json=[1, 2, 3]), 422)
    assert "body" in problem["errors"]


def test_a_flood_of_unknown_keys_gets_a_bounded_answer(client):
    body = {**roll_body(), **{f"k{i}": i for i in range(5000)}}
    response = client.post("/v1/moves", json=body)
    problem = assert_problem(response, 422)
    assert len(problem["errors"]) <= 50
    assert len(response.get_data()) < 20_000


def test_an_unexpected_error_is_a_500_problem_without_a_stack_trace(caplog):
    app = create_app()

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("secret internals")

    response = app.test_client().get("/boom")
    problem = assert_problem(response, 500)
    assert "secret internals" not in response.get_data(as_text=True)
    assert problem["type"] == PROBLEM_TYPES[500]
    assert any("unhandled error" in record.getMessage() for record in caplog.records)


def test_a_transcript_file_of_broken_json_names_where_it_breaks_in_romanian(client):
    """A text/plain transcript that opens as a JSON game record but breaks: a 422 on `file` naming
    the place in the catalogue's words (not the parser's English), as a JSON body's 400 does."""
    response = client.post("/v1/matches/verify", data=b'{"games": [}', content_type="text/plain", headers=RO)
    body = assert_problem(response, 422)
    assert body["errors"]["file"] == [
        "nu este o înregistrare de joc JSON: eroarea este la linia 1, coloana 12 (poziția 11)"
    ]
