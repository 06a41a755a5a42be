"""Spec parity: every content type, query parameter and form field the server reads is in the spec;
anything else is a 422 naming it; closed choices are enums, required fields are marked, and the
answers are typed (whole plays in /v1/moves' default answer)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from arbitru.engine.cube import REASONS
from arbitru.http.spec import spec_dict
from arbitru.referee import REASON_CODES
from tests.http.conftest import assert_problem, roll_body

SAMPLE_MAT = """ 1 point match

 Game 1
 A : 0                          B : 0
  1)                             62: 24/18 13/11
  2) 62: 13/7* 24/22             51:
      Wins 1 point
"""


@pytest.fixture(scope="module")
def spec(app) -> dict[str, Any]:
    return spec_dict(app)


def _schema(spec: dict[str, Any], name: str) -> dict[str, Any]:
    return spec["components"]["schemas"][name]


@pytest.mark.parametrize(
    ("path", "options"),
    [("/v1/matches/verify", {"mode", "preset", "sign"}), ("/v1/matches/convert", {"mode", "to", "preset"})],
)
def test_the_upload_content_types_and_query_options_are_in_the_spec(spec, path, options):
    operation = spec["paths"][path]["post"]
    assert set(operation["requestBody"]["content"]) == {
        "application/json",
        "text/plain",
        "multipart/form-data",
    }
    form = operation["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert set(form["properties"]) == {"file"} | options and form["required"] == ["file"]
    query = {p["name"]: p for p in operation["parameters"] if p["in"] == "query"}
    assert set(query) == options
    assert all("enum" in p["schema"] or p["schema"]["type"] == "boolean" for p in query.values())


@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("/v1/matches/verify?mdoe=illegal-moves-rule", "query.mdoe"),
        ("/v1/matches/verify?mode=illegal-moves-rule&mode=legal-moves-only", "query.mode"),
        ("/v1/matches/verify?to=mat", "query.to"),
        ("/v1/moves?fields=notation", "query.fields"),
        ("/v1/start?preset=romanian&preset=standard", "query.preset"),
        ("/v1/rules?lang=ro", "query.lang"),
    ],
)
def test_unknown_and_repeated_query_options_are_a_422_naming_them(client, url, field):
    if url.startswith(("/v1/start", "/v1/rules")):
        r = client.get(url)
    elif url.startswith("/v1/moves"):
        r = client.post(url, json=roll_body())
    else:
        r = client.post(url, data=SAMPLE_MAT, content_type="text/plain")
    assert field in assert_problem(r, 422)["errors"]


def test_query_options_apply_to_a_json_body_too_and_once(client):
    body = {"mat": SAMPLE_MAT}
    by_query = client.post("/v1/matches/verify?mode=illegal-moves-rule", json=body)
    assert by_query.status_code == 200 and by_query.json["mode"] == "illegal-moves-rule"
    twice = client.post(
        "/v1/matches/verify?mode=illegal-moves-rule", json={**body, "mode": "legal-moves-only"}
    )
    assert "query.mode" in assert_problem(twice, 422)["errors"]


def test_unknown_and_repeated_form_fields_are_a_422_naming_them(client):
    def upload(**extra: Any) -> Any:
        data = {"file": (io.BytesIO(SAMPLE_MAT.encode()), "match.mat"), **extra}
        return client.post("/v1/matches/verify", data=data, content_type="multipart/form-data")

    assert upload(mode="illegal-moves-rule").json["mode"] == "illegal-moves-rule"
    assert "form.mdoe" in assert_problem(upload(mdoe="illegal-moves-rule"), 422)["errors"]
    assert "form.mode" in assert_problem(upload(mode=["legal-moves-only", "legal-moves-only"]), 422)["errors"]
    extra_file = {"other": (io.BytesIO(b"x"), "x.mat")}
    assert "form.other" in assert_problem(upload(**extra_file), 422)["errors"]


@pytest.mark.parametrize("value", ["５", "٣", "5_0", " 5", "+5", "0x5", "1" * 7])
def test_query_numbers_are_ascii_digits_only(client, value):
    r = client.get("/v1/start", query_string={"match_length": value})
    assert "query.match_length" in assert_problem(r, 422)["errors"]
    assert client.get("/v1/start?match_length=5").json["match"]["length"] == 5


def test_closed_choices_are_enums_in_the_spec(spec):
    assert _schema(spec, "ActionError")["properties"]["code"]["enum"] == list(REASON_CODES)
    assert _schema(spec, "CubeReason")["properties"]["code"]["enum"] == list(REASONS)
    assert "enum" in _schema(spec, "VerifyResponse")["properties"]["mode"]
    assert "enum" in _schema(spec, "StartResponse")["properties"]["variant"]
    assert _schema(spec, "Cube")["properties"]["value"]["enum"][:3] == [1, 2, 4]


def test_required_fields_are_marked(spec):
    assert set(_schema(spec, "ResignRequest")["required"]) == {"by", "level"}
    verdict = _schema(spec, "VerifyResponse")
    # every field of a verdict is there, but `clock` (only a record that carries a clock has one) and
    # the signature with its transcript's hash (only with `sign: true`)
    optional = {"clock", "transcript_sha256", "signature"}
    assert set(verdict["required"]) == set(verdict["properties"]) - optional
    assert {"game", "code", "message"} <= set(_schema(spec, "ActionError")["required"])
    assert set(_schema(spec, "Play")["required"]) == {"moves", "notation", "board", "outcome"}
    assert "required" not in _schema(spec, "CutPlay")


def test_the_default_moves_answer_has_whole_plays_and_a_cut_one_says_its_fields(client):
    whole = client.post("/v1/moves", json=roll_body()).json
    assert "fields" not in whole
    assert all(set(play) == {"moves", "notation", "board", "outcome"} for play in whole["plays"])
    cut = client.post("/v1/moves", json=roll_body(fields=["notation", "moves", "notation"])).json
    assert cut["fields"] == ["moves", "notation"]
    assert all(set(play) == {"moves", "notation"} for play in cut["plays"])


def test_fields_is_refused_where_it_is_not_honoured(client):
    r = client.post("/v1/play", json=roll_body(play="8/5 6/5", fields=["notation"]))
    assert "fields" in assert_problem(r, 422)["errors"]
