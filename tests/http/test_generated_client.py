"""A client generated from the committed openapi.yaml (openapi-python-client, the dev extra) plays
the Romanian rules unmodified: the spec's rules have no defaults that would override the preset.

Generation runs offline (the generator reads the file and writes Python); the client talks to the
app in-process through httpx's WSGI transport, so no server and no network are involved.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from flask import Flask

REPO = Path(__file__).resolve().parents[2]
PACKAGE = "arbitru_generated_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The generated client package, imported from a temporary directory."""
    root = tmp_path_factory.mktemp("client")
    config = root / "config.yaml"
    # no post hooks: the generated code is used as it is, not reformatted
    config.write_text(f"post_hooks: []\npackage_name_override: {PACKAGE}\n", encoding="utf-8")
    generator = Path(sys.executable).with_name("openapi-python-client")
    subprocess.run(
        [
            str(generator),
            "generate",
            "--path",
            str(REPO / "openapi.yaml"),
            "--config",
            str(config),
            "--output-path",
            str(root / PACKAGE),
            "--meta",
            "none",
        ],
        check=True,
        capture_output=True,
        cwd=root,
        timeout=300,
    )
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture()
def api(generated: ModuleType, app: Flask):  # type: ignore[no-untyped-def]
    """A generated `Client` wired to the app in-process, asking for Romanian answers."""
    transport = httpx.WSGITransport(app=app)
    return generated.Client(
        base_url="http://arbitru.test",
        headers={"Accept-Language": "ro"},
        httpx_args={"transport": transport},
    )


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_a_generated_client_plays_a_romanian_opening_unmodified(api) -> None:  # type: ignore[no-untyped-def]
    models, opening = _module("models"), _module("api.game.post_v1_opening")
    body = models.OpeningRequest(
        rolls=models.Rolls(white=[6, 6], black=[6, 5]),
        rules=models.Rules(preset=models.RulesPreset.ROMANIAN),
    )
    answer = opening.sync_detailed(client=api, body=body)
    assert answer.status_code == 200, answer.content
    parsed = answer.parsed
    assert parsed.reroll is False and parsed.dice == [6, 6]  # a double beats 6-5; the starter plays it
    assert str(parsed.starter.value if hasattr(parsed.starter, "value") else parsed.starter) == "white"
    assert parsed.message == "Începe Albul și joacă 6-6."


def test_a_generated_client_gets_a_romanian_double_refused_unmodified(api) -> None:  # type: ignore[no-untyped-def]
    models, cube = _module("models"), _module("api.game.post_v1_cube")
    body = models.CubeRequest(
        action=models.CubeRequestAction.DOUBLE,
        turn=models.CubeRequestTurn.WHITE,
        rules=models.Rules(preset=models.RulesPreset.ROMANIAN),
    )
    answer = cube.sync_detailed(client=api, body=body)
    assert answer.status_code == 200, answer.content
    assert answer.parsed.legal is False
    assert answer.parsed.reason.code == "CUBE_DISABLED"
    assert answer.parsed.reason.message == "Cubul de dublare nu se folosește în aceste reguli."
