"""The OpenAPI document generated from the code, and the committed openapi.yaml kept in step with it;
the apispec plugin that gives each shared enum (`Color`, `Result`) one component every field of its
choices references.

python -m arbitru.http.spec > openapi.yaml          # regenerate
python -m arbitru.http.spec --check openapi.yaml    # exit 1 when the file has drifted
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml
from apispec import APISpec, BasePlugin
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask
from marshmallow import fields

from arbitru.engine.board import COLORS
from arbitru.engine.outcome import RESULTS
from arbitru.http.schemas.core import INCLUDE_OPTIONS, PLAY_FIELDS

# Closed choices many fields share, each one component: a field whose enum is one of these
# references it instead of repeating it (a generated client then has one `Color`, not one enum per
# `turn`, `by`, `winner`...). Keyed by the choices, so every field of those choices is covered.
SHARED_ENUMS: dict[tuple[str, ...], tuple[str, str]] = {
    tuple(COLORS): ("Color", "a player: `white` or `black`"),
    tuple(RESULTS): (
        "Result",
        "what a game counts as on the board: single, gammon (the loser bore off none) or backgammon",
    ),
    tuple(PLAY_FIELDS): (
        "PlayField",
        "a field of a listed play (`fields` asks for some, a cut answer repeats them)",
    ),
    tuple(INCLUDE_OPTIONS): ("IncludeOption", "extra data a listed play may carry (`include`)"),
}
_REFS = "#/components/schemas/"


class SharedEnumsPlugin(BasePlugin):
    """Names the shared enums as components, references them from every field of those choices, and
    writes every nullable enum as `anyOf: [the enum, null]` (OpenAPI 3.1).

    A nullable enum inlined as `type: [string, "null"]` with `null` among its values is read by
    openapi-python-client as three identical enum classes; one of a choice and `null` is one class
    and `None`. The JSON accepted is the same either way."""

    def init_spec(self, spec: APISpec) -> None:
        for choices, (name, description) in SHARED_ENUMS.items():
            spec.components.schema(
                name, {"type": "string", "enum": list(choices), "description": description}
            )
        converters = [
            plugin.converter
            for plugin in spec.plugins
            if isinstance(plugin, MarshmallowPlugin) and plugin.converter is not None
        ]
        if not converters:
            raise RuntimeError("SharedEnumsPlugin must come after apispec's MarshmallowPlugin")
        for converter in converters:
            converter.add_attribute_function(shared_enum2properties)


def shared_enum2properties(
    self: Any, field: fields.Field, ret: dict[str, Any], **kwargs: Any
) -> dict[str, Any]:
    """apispec attribute function (run after the built-in ones, `ret` their result): a shared enum
    as a `$ref` to its component, a nullable enum as `anyOf` with `null`. It edits `ret` in place:
    the keys it replaces (`type`, `enum`) must go, and attribute functions can only add keys."""
    values = ret.get("enum")
    if not isinstance(values, list):
        return {}
    choices = [value for value in values if value is not None]
    shared = SHARED_ENUMS.get(tuple(choices))
    if shared is None and not field.allow_none:
        return {}
    kinds = [kind for kind in _kinds(ret.pop("type", None)) if kind != "null"]
    del ret["enum"]
    if shared is not None:
        choice: dict[str, Any] = {"$ref": _REFS + shared[0]}
    else:
        choice = {"type": kinds[0], "enum": choices} if len(kinds) == 1 else {"enum": choices}
    return {"anyOf": [choice, {"type": "null"}]} if field.allow_none else choice


def _kinds(kind: Any) -> list[str]:
    return [] if kind is None else [kind] if isinstance(kind, str) else list(kind)


def spec_dict(app: Flask | None = None) -> dict[str, Any]:
    """The OpenAPI document of `app` (a fresh default app when None) as a dict."""
    if app is None:
        from arbitru.http.app import create_app

        app = create_app()
    with app.app_context():
        api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
        raw = api.spec.to_dict()
    return _ordered(raw)


_TOP_ORDER = ("openapi", "info", "servers", "tags", "paths", "components")


def _ordered(raw: dict[str, Any]) -> dict[str, Any]:
    """Readable key order: `openapi` and `info` first, each operation's responses by status code."""
    doc = {key: raw[key] for key in _TOP_ORDER if key in raw}
    doc.update({key: value for key, value in raw.items() if key not in doc})
    for item in doc.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict) and isinstance(operation.get("responses"), dict):
                operation["responses"] = dict(
                    sorted(operation["responses"].items(), key=lambda kv: str(kv[0]))
                )
    return doc


class _Dumper(yaml.SafeDumper):
    """Block-style YAML, multi-line strings as literal blocks, no anchors."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def spec_yaml(app: Flask | None = None) -> str:
    """The OpenAPI document as YAML text, deterministic for the same code."""
    return yaml.dump(spec_dict(app), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def main(argv: list[str] | None = None) -> int:
    """Print the spec, write it to a file, or check a file against it."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--output", "-o", type=Path, help="write the YAML there instead of stdout")
    parser.add_argument("--check", type=Path, help="compare this file with the generated spec")
    args = parser.parse_args(argv)
    text = spec_yaml()
    if args.check:
        if args.check.read_text(encoding="utf-8") != text:
            print(
                f"{args.check} is out of date: run `python -m arbitru.http.spec -o {args.check}`",
                file=sys.stderr,
            )
            return 1
        return 0
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
