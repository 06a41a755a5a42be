"""POST /v1/clock and POST /v1/clock/lateness: the engine's clock through HTTP, hostile input bounded."""

from __future__ import annotations

import pytest

from arbitru import create_app
from arbitru.http.schemas.clock import MAX_EVENTS


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


START = {"event": "start", "at": 0, "side": "white"}
US_7_AT_2_3 = {"clock": {"preset": "usbgf_2013"}, "match": {"length": 7, "score": {"white": 2, "black": 3}}}


def post(client, path, body, status=200, lang="en"):
    response = client.post(path, json=body, headers={"Accept-Language": lang})
    assert response.status_code == status, response.json
    return response.json


def test_the_clock_answers_reserve_running_side_and_no_ruling_before_a_flag(client):
    answer = post(
        client, "/v1/clock", {**US_7_AT_2_3, "events": [START, {"event": "press", "at": 25, "side": "white"}]}
    )
    assert answer["clocks"]["white"] == {"reserve": 9 * 60 - 13, "overtime": None}
    assert answer["clocks"]["black"]["reserve"] == 9 * 60
    assert (answer["running"], answer["flags"], answer["ruling"]) == ("black", [], None)


def test_the_ruling_on_a_flag_comes_with_the_match_block_and_a_message_in_the_clients_language(client):
    answer = post(client, "/v1/clock", {**US_7_AT_2_3, "events": [START], "now": 600}, lang="ro")
    ruling = answer["ruling"]
    assert ruling["kind"] == "match_lost" and ruling["match"]["winner"] == "black"
    assert ruling["message"] == "Albul a rămas fără timp și pierde meciul"


def test_a_clocks_answer_sent_back_as_settings_means_the_same(client):
    first = post(client, "/v1/clock", {**US_7_AT_2_3, "events": [START], "now": 100})
    again = post(client, "/v1/clock", {**US_7_AT_2_3, "clock": first["clock"], "events": [START], "now": 100})
    assert again == first


@pytest.mark.parametrize(
    ("events", "field"),
    [
        ([START, {"event": "press", "at": 5, "side": "white"}, {"event": "pause", "at": 4}], "events.2.at"),
        ([START, {"event": "press", "at": 5, "side": "black"}], "events.1.side"),
        ([START, {"event": "press", "at": 5000, "side": "white"}], "events.1"),
    ],
)
def test_a_bad_log_is_a_422_naming_the_event(client, events, field):
    answer = post(client, "/v1/clock", {**US_7_AT_2_3, "events": events}, status=422)
    assert list(answer["errors"]) == [field]


@pytest.mark.parametrize(
    "body",
    [
        {**US_7_AT_2_3, "events": [START] * (MAX_EVENTS + 1)},
        {**US_7_AT_2_3, "events": [{"event": "start", "at": "0", "side": "white"}]},
        {**US_7_AT_2_3, "events": [{"event": "start", "at": True, "side": "white"}]},
        {**US_7_AT_2_3, "events": [{"event": "start", "at": 1e300, "side": "white"}]},
        {**US_7_AT_2_3, "events": [{"event": "start", "at": 0}]},
        {**US_7_AT_2_3, "events": [{"event": "pause", "at": 0, "side": "white"}]},
        {**US_7_AT_2_3, "events": [], "clock": {"preset": "biba", "team": True}},
        {**US_7_AT_2_3, "events": [], "match": {"length": 0}},
        {**US_7_AT_2_3, "events": [], "clock": {"reserve": -1}},
        {**US_7_AT_2_3, "events": "start"},
    ],
)
def test_hostile_clock_bodies_are_422(client, body):
    post(client, "/v1/clock", body, status=422)


def test_a_policy_reading_the_position_without_a_board_is_a_422_naming_the_board(client):
    body = {
        "clock": {"preset": "online_worst_result"},
        "match": {"length": 7},
        "events": [START],
        "now": 10_000,
    }
    assert list(post(client, "/v1/clock", body, status=422)["errors"]) == ["board"]


@pytest.mark.parametrize(
    ("minutes", "points", "forfeited"), [(4, 0, False), (5, 1, False), (17, 3, False), (20, 4, True)]
)
def test_lateness_gives_penalty_points_or_the_match_forfeited(client, minutes, points, forfeited):
    answer = post(client, "/v1/clock/lateness", {"minutes_late": minutes, "match_length": 7})
    assert (answer["penalty_points"], answer["forfeited"]) == (points, forfeited)


@pytest.mark.parametrize(
    "body",
    [
        {"minutes_late": -1, "match_length": 7},
        {"minutes_late": 5, "match_length": 0},
        {"minutes_late": "5", "match_length": 7},
    ],
)
def test_hostile_lateness_bodies_are_422(client, body):
    post(client, "/v1/clock/lateness", body, status=422)
