"""Every worked example of docs/clocks.md runs: the request as shown answers what the page shows
(every key it names is in the answer with that value; lists are compared item by item)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from arbitru import create_app

DOC = Path(__file__).resolve().parents[2] / "docs" / "clocks.md"
EXAMPLE = re.compile(r"<!-- example: POST (\S+) -->\n```json\n(.*?)\n```\n```json\n(.*?)\n```", re.S)
EXAMPLES = EXAMPLE.findall(DOC.read_text(encoding="utf-8"))


def shown_in(shown: Any, answer: Any, where: str = "") -> None:
    if isinstance(shown, dict):
        assert isinstance(answer, dict), where
        for key, value in shown.items():
            assert key in answer, f"{where}.{key}"
            shown_in(value, answer[key], f"{where}.{key}")
    elif isinstance(shown, list):
        assert isinstance(answer, list) and len(answer) == len(shown), where
        for index, (one, other) in enumerate(zip(shown, answer, strict=True)):
            shown_in(one, other, f"{where}.{index}")
    else:
        assert shown == answer, where


def test_the_page_has_every_example_the_issue_asks_for():
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize(("path", "request_text", "answer_text"), EXAMPLES)
def test_each_documented_example_answers_as_shown(path, request_text, answer_text):
    client = create_app({"TESTING": True}).test_client()
    response = client.post(path, json=json.loads(request_text))
    assert response.status_code == 200, response.json
    shown_in(json.loads(answer_text), response.json)
