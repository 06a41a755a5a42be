"""Schemathesis against the app in-process (WSGI): every operation, every check, zero failures."""

from __future__ import annotations

from pathlib import Path

import schemathesis
from schemathesis.config import SchemathesisConfig

from arbitru import create_app

CONFIG = SchemathesisConfig.from_path(Path(__file__).with_name("schemathesis.toml"))
schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app(), config=CONFIG)


@schema.parametrize()
def test_every_operation_conforms_to_the_spec(case: schemathesis.Case) -> None:
    """Every generated request (positive and negative) gets an answer that matches the spec.

    Uncompressed: the WSGI client sends requests' default `Accept-Encoding: gzip, deflate` but does
    not decode the answer (the live run, over HTTP, does); compression has its own tests."""
    case.call_and_validate(headers={"Accept-Encoding": "identity"})
