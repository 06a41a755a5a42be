"""A JSON game record's `start_position` is a `Board` (the spec says so): a Plakoto start with
pinned checkers (`pinned`, each side's own points) is accepted, refereed from that board, written
back by Arbitru's conversion to a record as it was given, and the record written verifies the same.
A `pinned` that is no list of distinct points 1..24 is a 422 naming the field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from arbitru import create_app
from arbitru.formats.game_record import RecordError, match_to_record, record_to_match

# White's checker on its 20 is pinned under black's lone checker on black's 5 (the same point).
PINNED_START: dict[str, Any] = {
    "white": {"points": {"24": 14}, "pinned": [20]},
    "black": {"points": {"24": 14, "5": 1}},
}


def pinned_record(play: str = "24/13") -> dict[str, Any]:
    turns = [{"player": 0, "action": "roll", "dice": [6, 5], "play": play}]
    game = {"game": 1, "start_score": [0, 0], "start_position": PINNED_START, "turns": turns}
    return {"players": ["Nicu", "Dorin"], "match_length": 0, "rules": {"preset": "plakoto"}, "games": [game]}


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True}).test_client()


def test_a_record_start_position_with_pinned_checkers_is_read() -> None:
    match = record_to_match(pinned_record())
    assert match.games[0].start_position == PINNED_START


def test_a_record_start_position_with_pinned_checkers_is_refereed_from_that_board(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/v1/matches/verify", json={"record": pinned_record()})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["valid"] is True
    # an illegal play there shows the board it was made on, white's pinned checker with it
    body = client.post("/v1/matches/verify", json={"record": pinned_record("20/14")}).get_json()
    assert body["error"]["code"] == "PINNED_CHECKER_MOVED"
    assert body["error"]["position"]["board"]["white"]["pinned"] == [20]


def test_a_record_written_by_arbitru_keeps_a_pinned_start_and_verifies_the_same(client) -> None:  # type: ignore[no-untyped-def]
    for play in ("24/13", "20/14"):
        record = pinned_record(play)
        written = match_to_record(record_to_match(record))
        assert written["games"][0]["start_position"] == PINNED_START
        converted = client.post("/v1/matches/convert", json={"record": record}).get_json()
        assert converted["games"][0]["start_position"] == PINNED_START
        first = client.post("/v1/matches/verify", json={"record": record}).get_json()
        again = client.post("/v1/matches/verify", json={"record": converted}).get_json()
        assert again == first


@pytest.mark.parametrize("pinned", [[0], [25], [20, 20], [True], ["20"], 20, [1.0]])
def test_a_pinned_list_that_is_no_list_of_points_is_refused_naming_it(client, pinned: Any) -> None:  # type: ignore[no-untyped-def]
    record = copy.deepcopy(pinned_record())
    record["games"][0]["start_position"]["white"]["pinned"] = pinned
    with pytest.raises(RecordError) as refused:
        record_to_match(record)
    field = "record.games[0].start_position.white.pinned"
    assert field in dict(refused.value.problems)
    response = client.post("/v1/matches/verify", json={"record": record})
    assert response.status_code == 422
    assert field in str(response.get_json())


def test_a_pinned_start_under_rules_that_pin_nothing_is_a_bad_start_position(client) -> None:  # type: ignore[no-untyped-def]
    record = pinned_record()
    record["rules"] = {"preset": "standard"}
    body = client.post("/v1/matches/verify", json={"record": record}).get_json()
    assert body["valid"] is False and body["error"]["code"] == "BAD_START_POSITION"
    assert body["error"]["message"].startswith("start_position: Nicu has checkers pinned on 20")
