"""bench/hostile.py reaches what each case claims: the heavy record carries correct running scores
(so all its games are replayed, not stopped at game 2), and a case answered for another reason is
reported as missed, which fails the script."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from arbitru import create_app
from tests.ops.ops_live import REPO


@pytest.fixture(scope="module")
def hostile() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hostile_bench", REPO / "bench" / "hostile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_heavy_record_has_correct_running_scores_so_every_game_is_replayed(hostile: ModuleType) -> None:
    games = 25
    client = create_app({"TESTING": True}).test_client()
    answer = client.post("/v1/matches/verify", json=hostile.heavy_record(games))
    body: dict[str, Any] = answer.get_json()
    assert answer.status_code == 200 and body["error"] is None and body["valid"] is True, body.get("error")
    assert len(body["games"]) == games


def test_a_case_answered_for_another_reason_is_reported_as_missed(
    hostile: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = os.getpid()
    server = SimpleNamespace(port=0, wait_worker=lambda: pid, worker=lambda: pid)
    case = hostile.Case(
        "a-case",
        100.0,
        "POST",
        "/v1/moves",
        lambda: {},
        claim="refused on its dice",
        target=hostile.refused('"dice"'),
    )
    other_reason = json.dumps({"status": 422, "errors": {"board": ["Missing data."]}}).encode()
    monkeypatch.setattr(hostile, "send", lambda *args, **kwargs: (422, other_reason))
    row = hostile.run_case(server, case)
    assert row["reached"] is False and row["ok"] is False
    assert row["verdict"].startswith("TARGET MISSED (refused on its dice)")
    monkeypatch.setattr(hostile, "send", lambda *args, **kwargs: (422, b'{"errors":{"dice":["x"]}}'))
    assert hostile.run_case(server, case)["reached"] is True


def test_every_case_says_what_it_claims_and_how_its_answer_shows_it(hostile: ModuleType) -> None:
    for case in hostile.catalogue():
        assert case.claim, case.name
        assert case.target(0, "") is False, case.name  # no target is met by a failed request
