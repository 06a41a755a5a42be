"""Hostile requests, in-process: each class of issue 17 is refused with a 4xx naming the field or the
limit, never a 5xx, and never after work sized by what the client sent (bench/hostile.py measures
the cost of the same requests against gunicorn)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
import pytest
from flask.testing import FlaskClient

from arbitru.formats import limits, mat
from arbitru.formats.mat import MatFormatError, read_mat
from arbitru.http import schemas
from tests.http.conftest import assert_problem, roll_body

HEAD = " 1 point match\n\n Game 1\n"
SCORE = " alice : 0                   bob : 0\n"
ONE_GAME = HEAD + SCORE + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
LONG = 128 * 1024 - 200


class Untouchable(list):  # type: ignore[type-arg]
    """A list whose items may not be looked at: only its length."""

    def __iter__(self) -> Any:
        raise AssertionError("an item was looked at before the length was checked")

    def __getitem__(self, index: Any) -> Any:
        raise AssertionError("an item was looked at before the length was checked")


def record(games: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"record": {"players": ["alice", "bob"], "match_length": 0, "games": games, **extra}}


ROLL = {"player": 0, "action": "roll", "dice": [3, 1], "play": "8/5 6/5"}


# -- the transcript reader -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "1" + " " * LONG + "x\n",
        "; [x" + " " * LONG + "x\n",
        " 1 point match\n\n Game 1" + " " * LONG + "x\n",
        HEAD + " a" + " " * LONG + "b\n",
        HEAD + SCORE + "  1) Doubles " + "=" * LONG + "\n",
    ],
    ids=["length", "header", "game", "score", "cube"],
)
def test_a_line_longer_than_the_limit_is_refused_naming_it(client: FlaskClient, text: str) -> None:
    body = assert_problem(client.post("/v1/matches/convert", json={"mat": text}), 422)
    assert f"the limit is {limits.MAX_LINE_CHARS}" in body["errors"]["mat"][0]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("1" + " " * LONG + "x", "expected ' N point match' first"),
        ("; [x" + " " * LONG + "x", "no ' N point match' line"),
        (" 1 point match\n\n Game 1" + " " * LONG + "x", "expected ' Game 1'"),
        (HEAD + " a" + " " * LONG + "b", "expected the score line"),
        (HEAD + " a:" + " " * LONG + "b", "expected the score line"),
    ],
    ids=["length", "header", "game", "score", "score-colon"],
)
def test_the_transcript_patterns_read_a_long_line_of_blanks_in_one_pass(
    monkeypatch: pytest.MonkeyPatch, line: str, expected: str
) -> None:
    """Without the line cap, each pattern still reads 128 K blanks (quadratic ones took 13-46 s)."""
    monkeypatch.setattr(mat, "MAX_LINE_CHARS", 10**6)
    with pytest.raises(MatFormatError) as raised:
        read_mat(line + "\n")
    assert expected in raised.value.message


def test_a_long_run_of_cube_arrows_is_read_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mat, "MAX_LINE_CHARS", 10**6)
    match = read_mat(HEAD + SCORE + "  1) Doubles " + "=" * LONG + "\n")
    assert match.games[0].actions[0].cube_value is None


def test_header_and_score_lines_split_as_the_patterns_read_them() -> None:
    match = read_mat('; [Player 1 "a ] b"]\n; [ Jacoby  "On" ]\n' + HEAD + " al:ice : 3   bob : 12\n")
    assert match.headers == {"player 1": "a ] b", "jacoby": "On"}
    assert match.players == ("al:ice", "bob") and match.games[0].start_score == (3, 12)


@pytest.mark.parametrize("value", ["\u00b2", "\u0663\u0662", str(2**64), "8192", "-1", "1e3"])
def test_a_cube_limit_header_that_is_not_ascii_digits_in_range_is_refused(
    client: FlaskClient, value: str
) -> None:
    text = f'; [CubeLimit "{value}"]\n' + ONE_GAME
    for route in ("/v1/matches/convert", "/v1/matches/verify"):
        body = assert_problem(client.post(route, json={"mat": text}), 422)
        assert "line 1: the CubeLimit header" in body["errors"]["mat"][0]


def test_a_cube_limit_header_in_range_still_sets_the_rule(client: FlaskClient) -> None:
    answer = client.post("/v1/matches/convert", json={"mat": '; [CubeLimit "1024"]\n' + ONE_GAME})
    assert answer.status_code == 200 and answer.get_json()["rules"]["max_cube"] == 1024


@pytest.mark.parametrize("length", ["\u0661", "\uff11", "65", "9999"])
def test_a_match_length_of_non_ascii_digits_or_past_the_limit_is_refused(
    client: FlaskClient, length: str
) -> None:
    text = ONE_GAME.replace(" 1 point match", f" {length} point match")
    assert_problem(client.post("/v1/matches/convert", json={"mat": text}), 422)


def test_a_match_length_equal_to_the_json_limit_is_read() -> None:
    assert read_mat(ONE_GAME.replace(" 1 point", f" {limits.MAX_MATCH_LENGTH} point")).length == 64


# -- non-ASCII digits ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "play", ["\uff18/\uff15 \uff16/\uff15", "\u0668/\u0665 \u0666/\u0665", "8/5(\uff12)"]
)
def test_a_play_written_with_non_ascii_digits_is_refused(client: FlaskClient, play: str) -> None:
    body = assert_problem(client.post("/v1/play", json=roll_body(play=play)), 422)
    assert "play" in body["errors"]


# -- limits from one place -----------------------------------------------------------------------
def test_record_rules_go_through_the_request_rules_schema(client: FlaskClient) -> None:
    body = record([{"turns": [ROLL]}], rules={"automatic_doubles": 2**62})
    problem = assert_problem(client.post("/v1/matches/verify", json=body), 422)
    assert list(problem["errors"]) == ["record.rules.automatic_doubles"]


def test_record_rules_refuse_unknown_options_as_the_request_does(client: FlaskClient) -> None:
    problem = assert_problem(
        client.post("/v1/matches/verify", json=record([{"turns": [ROLL]}], rules={"cubes": True})), 422
    )
    assert list(problem["errors"]) == ["record.rules.cubes"]


@pytest.mark.parametrize(
    ("field", "value"),
    [("match_length", limits.MAX_MATCH_LENGTH + 1), ("match_length", 255)],
)
def test_a_record_match_length_past_the_json_limit_is_refused(
    client: FlaskClient, field: str, value: int
) -> None:
    problem = assert_problem(
        client.post("/v1/matches/verify", json=record([{"turns": [ROLL]}], **{field: value})), 422
    )
    assert f"record.{field}" in problem["errors"]


def test_the_json_match_length_limit_is_the_records_and_the_transcripts() -> None:
    assert schemas.MatchSchema().validate({"length": limits.MAX_MATCH_LENGTH}) == {}
    assert schemas.MatchSchema().validate({"length": limits.MAX_MATCH_LENGTH + 1})
    assert schemas.POWERS_OF_TWO[-1] == limits.MAX_CUBE_LIMIT


@pytest.mark.parametrize(
    ("turn", "path"),
    [
        ({"player": 0, "action": "double", "cube": 2**40}, "cube"),
        ({"player": 0, "action": "roll", "dice": [3, 1], "play": "8/5 " * 100}, "play"),
    ],
)
def test_record_numbers_and_texts_past_their_limits_are_refused(
    client: FlaskClient, turn: dict[str, Any], path: str
) -> None:
    problem = assert_problem(client.post("/v1/matches/verify", json=record([{"turns": [turn]}])), 422)
    assert f"record.games[0].turns[0].{path}" in problem["errors"]


# -- the work budget -----------------------------------------------------------------------------
def test_a_match_past_the_work_budget_is_a_422_naming_the_limit(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A play written one die short: the referee's fast path (engine.judge.legal_on_its_face) never
    # answers for an illegal play, so the plain judge lists the roll's plays, and that is the work
    # the budget counts (a legal play judged on its face lists none).
    monkeypatch.setattr(limits, "MAX_WORK", 5)
    short = HEAD + SCORE + "  1) 31: 8/5                     42: 8/4 6/4\n"
    problem = assert_problem(client.post("/v1/matches/verify", json={"mat": short}), 422)
    assert "more than 5 units of work" in problem["detail"] and "mat" in problem["errors"]


def test_a_match_within_the_work_budget_is_refereed(client: FlaskClient) -> None:
    assert client.post("/v1/matches/verify", json={"mat": ONE_GAME}).status_code == 200


# -- lengths before items, and a bounded number of errors ----------------------------------------
@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("dice", schemas.dice_field()),
        ("fields", schemas.MovesRequestSchema().fields["fields_"]),
        ("include", schemas.MovesRequestSchema().fields["include"]),
        ("moves", schemas.PlayRequestSchema().fields["moves"]),
    ],
)
def test_a_list_longer_than_its_maximum_is_refused_without_looking_at_an_item(
    name: str, field: ma.fields.Field
) -> None:
    with pytest.raises(ma.ValidationError) as raised:
        field.deserialize(Untouchable([None] * 1000))
    assert "length" in str(raised.value.messages).lower(), name


@pytest.mark.parametrize(
    ("route", "extra", "field"),
    [
        ("/v1/moves", {"dice": [1] * 200_000}, "dice"),
        ("/v1/moves", {"include": ["x"] * 100_000}, "include"),
        ("/v1/moves", {"fields": ["x"] * 100_000}, "fields"),
        ("/v1/play", {"moves": [{}] * 200_000}, "moves"),
    ],
)
def test_a_long_list_gets_one_length_error_not_one_per_item(
    client: FlaskClient, route: str, extra: dict[str, Any], field: str
) -> None:
    problem = assert_problem(client.post(route, json=roll_body(**extra)), 422)
    assert len(problem["errors"][field]) == 1


def test_record_error_collection_stops_at_the_errors_reported(client: FlaskClient) -> None:
    body = record([{"turns": [{"player": 7}] * 2000}] * 25)
    problem = assert_problem(client.post("/v1/matches/verify", json=body), 422)
    assert 0 < len(problem["errors"]) <= limits.MAX_REPORTED_ERRORS


# -- the heaviest valid request ------------------------------------------------------------------
def heaviest(**extra: Any) -> dict[str, Any]:
    """The position of the data with the most plays (2,226 for a 1-1)."""
    import json
    from pathlib import Path

    lines = (Path(__file__).resolve().parents[2] / "data" / "worst_positions.jsonl").read_text().splitlines()
    worst = max((json.loads(line) for line in lines), key=lambda p: p["plays"])
    return {"board": worst["board"], "turn": worst["turn"], "dice": worst["dice"], **extra}


def test_position_ids_for_every_play_of_a_huge_answer_are_a_422_that_says_what_to_ask(
    client: FlaskClient,
) -> None:
    problem = assert_problem(
        client.post("/v1/moves", json=heaviest(include=["gnubg_id", "xgid", "fibs"])), 422
    )
    (message,) = problem["errors"]["include"]
    assert "2226 plays" in message and f"{limits.MAX_INCLUDED_IDS}" in message and "fewer formats" in message


def test_one_position_id_for_every_play_of_a_huge_answer_is_listed(client: FlaskClient) -> None:
    answer = client.post("/v1/moves", json=heaviest(include=["gnubg_id", "pips"]))
    assert answer.status_code == 200
    plays = answer.get_json()["plays"]
    assert len(plays) == 2226 and all("gnubg_id" in p and "pips" in p for p in plays)


@pytest.mark.parametrize(
    "rules",
    [
        {"variant": "hypergammon", "hypergammon_checkers": "3"},
        {"variant": "hypergammon", "hypergammon_checkers": 3.0},
        {"variant": "hypergammon", "preset": ["standard"]},
    ],
    ids=["checkers as a string", "checkers as a float", "preset as a list"],
)
@pytest.mark.parametrize("route", ["/v1/moves", "/v1/resign"])
def test_rules_of_the_wrong_type_beside_a_position_id_are_refused_not_a_500(
    client: FlaskClient, route: str, rules: dict[str, object]
) -> None:
    """A position source is decoded before the schema checks the rules (its checker count comes from
    them): rules the engine would refuse must not size the board (found by tests/http/test_validation)."""
    body = {"xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "rules": rules}
    if route == "/v1/resign":
        body |= {"by": "white", "level": "single"}
    response = client.post(route, json=body)
    assert response.status_code == 422
    field = "rules.preset" if "preset" in rules else "rules.hypergammon_checkers"
    assert field in response.get_json()["errors"]
