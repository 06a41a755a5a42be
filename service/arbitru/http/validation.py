"""Request bodies checked by a validator compiled from the schemas' JSON Schema, loaded by marshmallow.

marshmallow stays the one source: of the schemas, of the spec, and of every error message. What it
costs is checking a valid body field by field through nested schemas (a large share of a small
request: bench/overhead.py). So a request schema used for a JSON body is given a fast path:

- its JSON Schema is the one the spec generator makes of it (apispec's marshmallow converter with
  the spec's shared enums, `arbitru.http.spec.SharedEnumsPlugin`, OpenAPI 3.1), without the
  documentation-only `OPENAPI_EXTRA` keywords, and is compiled once by jsonschema-rs (draft 4);
- marshmallow's `load` runs as always (pre_load hooks, field-level and schema-level validators,
  post_load hooks); only its field-by-field step, `_deserialize`, is replaced: when the compiled
  validator accepts the data, the loaded dict is built directly (data keys renamed to attributes,
  `load_default`s filled in, nested schemas and lists alike), which is what marshmallow builds for
  data that passes every field; when it refuses, marshmallow's own `_deserialize` runs and gives
  the exact messages and field paths.

A schema qualifies only when every field is of a kind whose loaded value is the JSON value itself
and whose validators the converter translates (`QUALIFYING_FIELDS`, `TRANSLATED_VALIDATORS`), and no
nested schema has hooks of its own; otherwise the schema is used unchanged. tests/http/
test_validation.py proves on generated bodies, valid and invalid, that both refuse exactly the same
ones and load the same data from the others.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import jsonschema_rs
import marshmallow as ma
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import fields, validate
from marshmallow.utils import missing

from arbitru.http.schemas.core import BoardField, BoundedList, PointsField, StrictBoolean, StrictInteger
from arbitru.http.spec import SharedEnumsPlugin

__all__ = ["fast_schema", "json_schema", "compiled_validator"]

Loader = Callable[[Any], Any]

# Fields whose loaded value is the JSON value itself once the JSON Schema accepted it.
QUALIFYING_FIELDS: tuple[type[fields.Field], ...] = (
    fields.String,
    StrictInteger,
    StrictBoolean,
    PointsField,
)
# Lists (BoundedList checks the length first, then loads the items as fields.List does).
LIST_FIELDS: tuple[type[fields.Field], ...] = (fields.List, BoundedList)
# Validators apispec's converter writes into the JSON Schema (enum, minimum/maximum, lengths).
TRANSLATED_VALIDATORS: tuple[type[validate.Validator], ...] = (
    validate.OneOf,
    validate.Range,
    validate.Length,
)
_REFS = "#/components/schemas/"
# Draft 4's `integer` is what marshmallow's strict integers are: 3.0 is not one (drafts 6 and later
# accept it). Every keyword of the generated schema must be one draft 4 enforces as marshmallow
# does, or one that only documents; any other makes the schema not qualify (`_check_keywords`).
DRAFT = "http://json-schema.org/draft-04/schema#"
ENFORCED = frozenset(
    {
        "type",
        "properties",
        "additionalProperties",
        "required",
        "enum",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "items",
        "uniqueItems",  # Plakoto's pinned points, each once (PinnedField refuses a repeat alike)
        "$ref",
        "definitions",
    }
)
DOCUMENTING = frozenset({"description", "example", "examples", "default", "title", "readOnly", "writeOnly"})


def json_schema(schema_class: type[ma.Schema]) -> dict[str, Any]:
    """The JSON Schema apispec's marshmallow converter makes of `schema_class`, nested schemas
    under `definitions` (what the spec holds under components)."""
    spec = APISpec("arbitru-validation", "1", "3.1.0", plugins=[MarshmallowPlugin(), SharedEnumsPlugin()])
    spec.components.schema("Body", schema=schema_class)
    components = spec.to_dict()["components"]["schemas"]
    return _relocate_refs({"$schema": DRAFT, "$ref": _REFS + "Body", "definitions": components})


def _check_keywords(node: dict[str, Any], where: str = "#") -> None:
    """TypeError when a (sub)schema uses a keyword draft 4 would not enforce the way marshmallow does."""
    for key, value in node.items():
        if key in ("properties", "definitions"):
            for name, sub in value.items():
                _check_keywords(sub, f"{where}/{key}/{name}")
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            _check_keywords(value, f"{where}/{key}")
        elif key not in ENFORCED | DOCUMENTING and not (key == "$schema" and where == "#"):
            raise TypeError(f"{where}: keyword {key!r} is not checked by the compiled validator")


def _relocate_refs(node: Any) -> Any:
    """`#/components/schemas/X` references as `#/definitions/X` (a standalone JSON Schema)."""
    if isinstance(node, dict):
        return {
            key: "#/definitions/" + value[len(_REFS) :]
            if key == "$ref" and isinstance(value, str) and value.startswith(_REFS)
            else _relocate_refs(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_relocate_refs(item) for item in node]
    return node


@cache
def compiled_validator(schema_class: type[ma.Schema]) -> Callable[[Any], bool]:
    """True when the compiled JSON Schema of `schema_class` accepts the data.

    jsonschema-rs (Rust), several times faster than fastjsonschema's generated Python, whose code
    tests each of a side's 24 point properties one by one (bench/README.md, "Measured reasons").
    Both keep draft 4's `integer` (3.0 is not one). Data it cannot take (a non-string key) is
    refused: marshmallow then says why."""
    document = json_schema(schema_class)
    _check_keywords(document)
    is_valid = jsonschema_rs.Draft4Validator(document).is_valid

    def accepts(data: Any) -> bool:
        try:
            return bool(is_valid(data))
        except ValueError:
            return False

    return accepts


def _field_loader(field: fields.Field) -> Loader | None:
    """How to build `field`'s loaded value from a JSON value the JSON Schema accepted (identity:
    None), or raise TypeError when the field does not qualify. Field classes are matched exactly: a
    subclass may load something else than the JSON value."""
    if not all(isinstance(v, TRANSLATED_VALIDATORS) for v in field.validators):
        raise TypeError(f"{field!r}: validator the JSON Schema does not carry")
    kind = type(field)
    if kind is BoardField:
        return None  # it returns a valid board as it is (its own one-pass check)
    if kind is fields.Nested:
        nested = field.schema  # type: ignore[attr-defined]
        if any(nested._hooks.values()) or nested.many or nested.unknown == ma.INCLUDE:
            raise TypeError(f"{field!r}: nested schema with hooks, many or unknown=INCLUDE")
        return _schema_loader(nested)
    if kind in LIST_FIELDS:
        inner = _field_loader(field.inner)  # type: ignore[attr-defined]
        if inner is None:
            return list
        return lambda items: [inner(item) for item in items]
    if kind in QUALIFYING_FIELDS:
        return None
    raise TypeError(f"{field!r}: field kind not covered by the fast path")


def _schema_loader(schema: ma.Schema) -> Loader:
    """The dict marshmallow loads from data the JSON Schema of `schema` accepted."""
    steps = [
        (field.data_key or name, name, _field_loader(field), field.load_default)
        for name, field in schema.load_fields.items()
    ]

    def load(data: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, name, convert, default in steps:
            if key in data:
                value = data[key]
                out[name] = value if convert is None else convert(value)
            elif default is not missing:
                out[name] = default() if callable(default) else default
        return out

    return load


@cache
def _fast_class(schema_class: type[ma.Schema]) -> type[ma.Schema] | None:
    """`schema_class` with the compiled fast path, or None when it does not qualify."""
    plain = schema_class()
    if plain.unknown == ma.INCLUDE:
        return None
    try:
        load = _schema_loader(plain)
        accepts = compiled_validator(schema_class)
    except TypeError:
        return None
    unknown = plain.unknown

    def _deserialize(self: ma.Schema, data: Any, **kwargs: Any) -> Any:
        if (
            not kwargs.get("many")
            and not kwargs.get("partial")
            and kwargs.get("unknown", unknown) == unknown
            and accepts(data)
        ):
            return load(data)
        return schema_class._deserialize(self, data, **kwargs)

    return type(
        schema_class.__name__,
        (schema_class,),
        {"_deserialize": _deserialize, "__doc__": schema_class.__doc__, "__module__": __name__},
    )


def fast_schema(schema: ma.Schema) -> ma.Schema:
    """An instance of `schema`'s class with the compiled fast path (the same schema when it does
    not qualify, or when it was built with options of its own: only, exclude, unknown...)."""
    schema_class = type(schema)
    if (
        schema.only
        or schema.exclude
        or schema.many
        or schema.partial
        or schema.unknown != schema_class.opts.unknown
    ):
        return schema
    fast = _fast_class(schema_class)
    return schema if fast is None else fast()
