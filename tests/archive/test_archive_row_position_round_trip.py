"""The seam law for `arbitru verify`'s rows: the first error's position is written as a request body
(board, turn, dice, cube, match, Long Nardy's first turns and, since rows carry them, the match's
rules in their JSON form).
Sent back to the HTTP API it is accepted and means what the referee meant: /v1/moves lists the plays
the engine lists for that position under those rules, and /v1/play refuses the row's action with
the row's reason code. Every preset, games played from seeded dice."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru import create_app
from arbitru.engine.position import read_position
from arbitru.engine.rules import PRESETS, build_rules
from arbitru.engine.variants import variant_of
from tests.archive.test_archive_variant_boards import ILLEGAL, verified
from tests.support.cases import examples

REQUEST_FIELDS = ("board", "turn", "dice", "cube", "match", "rules", "first_turn")  # first_turn: Long Nardy


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


def row_error(preset: str, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        _, row, _ = verified(Path(folder), preset, seed)
    error = row["verdict"]["error"]
    assert error["code"] == "MOVE_BACKWARDS"
    return error


@pytest.mark.parametrize("preset", list(PRESETS))
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_rows_position_sent_back_lists_the_engines_plays_and_refuses_the_rows_play(
    client: Any, preset: str, seed: int
) -> None:
    error = row_error(preset, seed)
    position = error["position"]
    body = {name: position[name] for name in REQUEST_FIELDS if name in position}
    assert ("first_turn" in body) == variant_of(PRESETS[preset]).reads_history
    rules, problems = build_rules(body["rules"])
    assert problems == [] and rules == PRESETS[preset]
    listed = client.post("/v1/moves", json=body)
    assert listed.status_code == 200, listed.json
    reading = read_position(body)  # the library's reading of the same body, history included
    assert reading.problems == [] and reading.position is not None
    engine = reading.position
    notations = [play["notation"] for play in listed.json["plays"]]
    assert notations == [play.notation for play in engine.plays()]
    # the row's own count and list of the legal plays (every variant's board, pins included) are
    # what the position sent back lists
    assert error["legal_play_count"] == len(notations)
    assert error.get("legal_plays", notations) == notations
    refused = client.post("/v1/play", json={**body, "play": ILLEGAL})
    assert refused.status_code == 200 and refused.json["legal"] is False
    assert refused.json["reason"]["code"] == "MOVE_BACKWARDS"
