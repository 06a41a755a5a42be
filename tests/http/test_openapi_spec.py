"""The spec: generated from the code, committed as openapi.yaml without drift, served as YAML and
JSON, an example on every request body, problem+json errors documented, Swagger UI served locally."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from arbitru.engine import REASON_CODES
from arbitru.http.spec import SHARED_ENUMS, spec_dict, spec_yaml

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "openapi.yaml"
REGENERATE = "python -m arbitru.http.spec -o openapi.yaml"


@pytest.fixture(scope="module")
def spec(app):
    return spec_dict(app)


def operations(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in {"get", "post", "put", "patch", "delete"}:
                yield f"{method.upper()} {path}", operation


def test_the_committed_openapi_yaml_matches_the_code(app):
    assert COMMITTED.exists(), f"openapi.yaml is missing: run `{REGENERATE}`"
    assert COMMITTED.read_text(encoding="utf-8") == spec_yaml(app), (
        f"openapi.yaml has drifted: run `{REGENERATE}`"
    )


def test_the_spec_is_served_as_yaml_and_as_json_with_the_same_content(client, app):
    as_yaml = client.get("/openapi.yaml")
    as_json = client.get("/openapi.json")
    assert as_yaml.status_code == 200 and as_json.status_code == 200
    assert as_json.mimetype == "application/json"
    assert yaml.safe_load(as_yaml.get_data(as_text=True)) == as_json.get_json()
    assert as_yaml.get_data(as_text=True) == spec_yaml(app)


def test_the_spec_is_openapi_3_1_and_documents_the_core_routes(spec):
    assert spec["openapi"].startswith("3.1")
    for path in ("/v1/moves", "/v1/play", "/v1/outcome"):
        assert "post" in spec["paths"][path]


def test_every_operation_with_a_body_carries_a_request_example(spec):
    missing = []
    for name, operation in operations(spec):
        body = operation.get("requestBody")
        if body is None:
            continue
        for media in body["content"].values():
            if "example" not in media and not media.get("examples"):
                missing.append(name)
    assert not missing, f"operations without a request example: {missing}"


def test_every_json_body_operation_documents_its_problem_json_errors(spec):
    responses = spec["components"]["responses"]
    for name, operation in operations(spec):
        body = operation.get("requestBody")
        if body is None or "application/json" not in body["content"]:
            continue
        for status in ("400", "413", "415", "422"):
            assert status in operation["responses"], f"{name} does not document {status}"
            ref = operation["responses"][status]["$ref"].rsplit("/", 1)[-1]
            assert "application/problem+json" in responses[ref]["content"], (name, status)


def test_the_problem_schema_has_the_rfc_9457_members(spec):
    problem = spec["components"]["schemas"]["Problem"]
    assert set(problem["required"]) == {"type", "title", "status", "detail"}
    assert "errors" in problem["properties"]


def test_the_reason_codes_are_a_documented_enum(spec):
    reason = spec["components"]["schemas"]["Reason"]
    assert reason["properties"]["code"]["enum"] == list(REASON_CODES)


def _subschemas(node, where="#"):
    """Every (path, schema object) in `node`, depth first."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _subschemas(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _subschemas(value, f"{where}/{index}")


def test_one_schema_per_idea_for_requests_and_answers(spec):
    """A board, a side, a move, a play, a colour and a result are each one component: no
    answer-only copy (`BoardOut`...) for a client to convert into the request's."""
    names = set(spec["components"]["schemas"])
    assert {"Board", "Side", "Move", "Play", "Color", "Result"} <= names
    assert not {name for name in names if name.endswith("Out")}
    assert not names & {"ProposedMove", "ListedPlay"}
    plays = spec["paths"]["/v1/play"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert plays == {"$ref": "#/components/schemas/PlayRequest"}
    proposal = spec["components"]["schemas"]["PlayRequest"]["properties"]["moves"]["items"]
    assert proposal == {"$ref": "#/components/schemas/Move"}  # a listed play's moves, sent back


def test_a_turns_answered_hops_and_board_are_the_requests_own_schemas(spec):
    """/v1/turn: the hops it answers (`hops`, `next`, `completion`) are the request's `Hop`, so a
    client sends a picked hop back as it is; its board is a `Board`, its play a `Play`."""
    schemas = spec["components"]["schemas"]
    hop = {"$ref": "#/components/schemas/Hop"}
    assert schemas["TurnRequest"]["properties"]["hops"]["items"] == hop
    answer = schemas["TurnResponse"]["properties"]
    assert answer["hops"]["items"] == answer["next"]["items"] == answer["completion"]["items"] == hop
    assert answer["board"]["$ref"] == "#/components/schemas/Board"
    assert {"$ref": "#/components/schemas/Play"} in answer["play"]["anyOf"]
    assert set(schemas["Hop"]["properties"]) == set(schemas["Move"]["properties"]) | {"die"}


def test_every_colour_and_result_references_its_one_enum(spec):
    """`turn`, `by`, `winner`, `next_turn`... all name `Color` (and so on for each shared enum): no
    field repeats the choices as an inline enum, which a generated client would make a class of."""
    shared = {choices: name for choices, (name, _) in SHARED_ENUMS.items()}
    assert shared[("white", "black")] == "Color"
    assert shared[("single", "gammon", "backgammon")] == "Result"
    for where, node in _subschemas(spec):
        values = tuple(value for value in node.get("enum", ()) if value is not None)
        if values in shared:
            assert where == f"#/components/schemas/{shared[values]}", where
    turn = spec["components"]["schemas"]["MovesRequest"]["properties"]["turn"]
    assert turn["$ref"] == "#/components/schemas/Color"


def test_a_nullable_enum_is_any_of_the_enum_and_null(spec):
    """Never `type: [string, "null"]` with `null` among the values (three identical classes in
    openapi-python-client): `anyOf: [the enum, {type: "null"}]`, OpenAPI 3.1's nullable."""
    assert spec["openapi"].startswith("3.1")
    for where, node in _subschemas(spec):
        assert None not in node.get("enum", ()), where
    winner = spec["components"]["schemas"]["GameOutcome"]["properties"]["winner"]
    assert winner["anyOf"] == [{"$ref": "#/components/schemas/Color"}, {"type": "null"}]


def test_the_request_examples_of_the_core_routes_are_answered_200(client, spec):
    for path in ("/v1/moves", "/v1/play", "/v1/outcome"):
        media = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]
        examples = (
            [media["example"]] if "example" in media else [e["value"] for e in media["examples"].values()]
        )
        for example in examples:
            response = client.post(path, json=example)
            assert response.status_code == 200, (path, example, response.get_json())


def test_swagger_ui_is_served_at_docs_from_local_assets_only(client):
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert not re.search(r"(src|href)=\"(https?:)?//", html), (
        "the docs page must not load anything from elsewhere"
    )
    assets = re.findall(r"(?:src|href)=\"([^\"]+)\"", html)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets)
    for asset in assets:
        response = client.get(asset)
        assert response.status_code == 200, asset
        assert len(response.get_data()) > 100, asset
    init = client.get(next(a for a in assets if a.endswith("swagger-init.js"))).get_data(as_text=True)
    assert "validatorUrl: null" in init


def test_an_unknown_docs_asset_is_a_404_problem(client):
    response = client.get("/docs/assets/../../etc/passwd")
    assert response.status_code == 404
    assert client.get("/docs/assets/nothing.js").mimetype == "application/problem+json"
