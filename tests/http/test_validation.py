"""The compiled validator and marshmallow accept and refuse exactly the same request bodies, and the
fast path loads exactly what marshmallow loads (arbitru.http.validation).

Bodies are generated from the same JSON Schema the validator is compiled from (valid ones), then
mutated at random places (values of the wrong type, out of range, 3.0 for 3, true for 1, null,
unknown keys, required keys dropped) and given position sources (gnubg_id, xgid, fibs) that
marshmallow's pre_load expands.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import marshmallow as ma
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.http import schemas
from arbitru.http.position_sources import EXAMPLES, SOURCES
from arbitru.http.schemas import board_svg, convert, core, game, matches
from arbitru.http.validation import compiled_validator, fast_schema, json_schema
from tests.support.cases import examples

HOT = [schemas.MovesRequestSchema, schemas.PlayRequestSchema, schemas.OutcomeRequestSchema]
SCHEMA_MODULES = [core, game, convert, matches, board_svg]
# Every request schema given the fast path (the hot ones and the others alike).
FAST = [
    cls
    for module in SCHEMA_MODULES
    for name, cls in sorted(vars(module).items())
    if name.endswith("RequestSchema") and cls.__module__ == module.__name__
    if type(fast_schema(cls())) is not cls
]
DATA = Path(__file__).resolve().parents[2] / "data"
SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"
TRICKY: list[Any] = [
    3.0,
    1.0,
    True,
    False,
    "3",
    "",
    None,
    -1,
    0,
    16,
    26,
    4097,
    10**20,
    [],
    {},
    [1],
    {"x": 1},
    "x" * 1001,
]


def _resolve(node: dict[str, Any], document: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = document["definitions"][node["$ref"].rsplit("/", 1)[1]]
    return node


def valid(node: dict[str, Any], document: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values the JSON Schema `node` accepts (the keywords arbitru.http.validation allows)."""
    node = _resolve(node, document)
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kinds = node.get("type", "object")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    return st.one_of([_valid_of(kind, node, document) for kind in kinds])


def _valid_of(kind: str, node: dict[str, Any], document: dict[str, Any]) -> st.SearchStrategy[Any]:
    if kind == "object":
        props = node.get("properties", {})
        required = set(node.get("required", ()))
        return st.fixed_dictionaries(
            {key: valid(sub, document) for key, sub in props.items() if key in required},
            optional={key: valid(sub, document) for key, sub in props.items() if key not in required},
        )
    if kind == "array":
        return st.lists(
            valid(node.get("items", {}), document),
            min_size=node.get("minItems", 0),
            max_size=min(node.get("maxItems", 5), 5),
        )
    if kind == "integer":
        return st.integers(node.get("minimum", -5), node.get("maximum", 5000))
    if kind == "string":
        return st.text(min_size=node.get("minLength", 0), max_size=min(node.get("maxLength", 20), 20))
    if kind == "boolean":
        return st.booleans()
    assert kind == "null", kind
    return st.none()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside `value` (dict keys and list indices)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@cache
def valid_bodies(schema_class: type[ma.Schema]) -> st.SearchStrategy[Any]:
    """The valid bodies of `schema_class`'s JSON Schema: built once a class, not once a draw (the
    schema's generation and the strategy's construction were most of each example's time)."""
    document = json_schema(schema_class)
    return valid(document, document)


@st.composite
def bodies(draw: st.DrawFn, schema_class: type[ma.Schema]) -> Any:
    """A valid body of `schema_class`'s JSON Schema, then 0-3 mutations and maybe a position source.
    Mutated on a copy: an `enum` value drawn is the strategy's own object."""
    body = copy.deepcopy(draw(valid_bodies(schema_class)))
    for _ in range(draw(st.integers(0, 3))):
        paths = _paths(body)
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["replace", "drop", "add"]))
        if not path:
            if action == "replace":
                body = copy.deepcopy(draw(st.sampled_from(TRICKY)))
            continue
        parent = body
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if action == "replace":
            parent[last] = copy.deepcopy(draw(st.sampled_from(TRICKY)))
        elif action == "drop":
            del parent[last]
        elif isinstance(parent[last], dict):
            parent[last][draw(st.sampled_from(["spare", "7", "0", "value", "from"]))] = copy.deepcopy(
                draw(st.sampled_from(TRICKY))
            )
    if isinstance(body, dict) and draw(st.integers(0, 4)) == 0:
        source = draw(st.sampled_from(SOURCES))
        body[source] = EXAMPLES[source]
        if draw(st.booleans()):
            body.pop("board", None)
    return body


def outcome(schema: ma.Schema, body: Any) -> tuple[str, Any]:
    """("ok", loaded data) or ("error", messages) of loading a copy of `body`."""
    try:
        return "ok", schema.load(copy.deepcopy(body))
    except ma.ValidationError as exc:
        return "error", exc.messages


@pytest.mark.parametrize("schema_class", HOT, ids=lambda c: c.__name__)
def test_the_hot_request_schemas_have_the_compiled_fast_path(schema_class: type[ma.Schema]) -> None:
    assert type(fast_schema(schema_class())) is not schema_class


def test_the_hot_schemas_are_among_those_proven() -> None:
    assert set(HOT) <= set(FAST)


@pytest.mark.parametrize("schema_class", FAST, ids=lambda c: c.__name__)
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fast_path_and_marshmallow_load_the_same_and_refuse_the_same(
    schema_class: type[ma.Schema], data: st.DataObject
) -> None:
    body = data.draw(bodies(schema_class))
    assert outcome(fast_schema(schema_class()), body) == outcome(schema_class(), body)


@pytest.mark.parametrize(
    "schema_class", [schemas.MovesRequestSchema, schemas.OutcomeRequestSchema], ids=lambda c: c.__name__
)
@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_compiled_validator_accepts_exactly_the_bodies_marshmallow_loads(
    schema_class: type[ma.Schema], data: st.DataObject
) -> None:
    """Without a position source (which pre_load expands first) and without cross-field rules, the
    compiled validator's verdict is marshmallow's."""
    body = data.draw(bodies(schema_class))
    if isinstance(body, dict):
        for source in SOURCES:
            body.pop(source, None)
    verdict, _ = outcome(schema_class(), body)
    assert compiled_validator(schema_class)(body) == (verdict == "ok")


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_play_marshmallow_loads_takes_the_fast_path(data: st.DataObject) -> None:
    """/v1/play adds one cross-field rule (exactly one of `play` and `moves`) marshmallow runs after
    either path; every body it loads is one the compiled validator accepted."""
    body = data.draw(bodies(schemas.PlayRequestSchema))
    if isinstance(body, dict):
        for source in SOURCES:
            body.pop(source, None)
    verdict, _ = outcome(schemas.PlayRequestSchema(), body)
    if verdict == "ok":
        assert compiled_validator(schemas.PlayRequestSchema)(body)


def test_every_bench_request_takes_the_fast_path_and_loads_the_same() -> None:
    rows = [json.loads(x) for x in (DATA / "bench_positions.jsonl").read_text().splitlines() if x.strip()]
    accepts = compiled_validator(schemas.MovesRequestSchema)
    fast, plain = fast_schema(schemas.MovesRequestSchema()), schemas.MovesRequestSchema()
    for row in rows:
        body = {"board": row["board"], "turn": row["turn"], "dice": row["dice"]}
        assert accepts(body)
        assert fast.load(copy.deepcopy(body)) == plain.load(copy.deepcopy(body))


def test_a_schema_with_a_field_the_compiled_validator_cannot_check_keeps_marshmallow_alone() -> None:
    class Emails(ma.Schema):
        address = ma.fields.Email()

    schema = Emails()
    assert fast_schema(schema) is schema


@pytest.mark.parametrize("schema_class", HOT, ids=lambda c: c.__name__)
def test_the_compiled_schema_is_the_published_one_but_the_documentation_only_extras(
    schema_class: type[ma.Schema],
) -> None:
    """Each definition compiled is the committed spec's component of the same name, `$ref`s aside;
    the request body differs only by what `OPENAPI_EXTRA` adds for the documentation."""
    published = yaml.safe_load(SPEC.read_text())["components"]["schemas"]
    compiled = json_schema(schema_class)["definitions"]
    name = schema_class.__name__.removesuffix("Schema")
    as_published = json.loads(json.dumps(compiled).replace("#/definitions/", "#/components/schemas/"))
    extra = set(getattr(schema_class, "OPENAPI_EXTRA", {}))
    body = {k: v for k, v in as_published.pop("Body").items() if k not in extra}
    assert body == {k: v for k, v in published[name].items() if k not in extra}
    for definition, nested in as_published.items():
        assert nested == published[definition], definition
