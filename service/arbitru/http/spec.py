"""The OpenAPI document generated from the code, and the committed openapi.yaml kept in step with it.

python -m arbitru.http.spec > openapi.yaml          # regenerate
python -m arbitru.http.spec --check openapi.yaml    # exit 1 when the file has drifted
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml
from flask import Flask


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
