"""POST /v1/clock and POST /v1/clock/lateness: the engine's clock through HTTP, hostile input bounded."""

from __future__ import annotations

import marshmallow as ma
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import fields

from arbitru import create_app
from arbitru.http.schemas.clock import MAX_EVENTS, ClockEventSchema, ClockRequestSchema
from arbitru.http.schemas.core import BoundedList
from tests.support.cases import examples


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


# -- the event log read in one pass means what a nested schema per event meant --------------------
_VALUES = st.one_of(
    st.sampled_from(["start", "press", "pause", "resume", "white", "black", "flag", "", "White"]),
    st.sampled_from([0, 1, 12.5, 86_400, 86_400.5, -1, -0.0, 10**30, True, False, None, [], {}]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(),
    st.text(max_size=3),
)
_EVENT_LIKE = st.one_of(
    st.dictionaries(st.sampled_from(["event", "at", "side"]), _VALUES, max_size=3),
    st.dictionaries(st.sampled_from(["event", "at", "side", "extra", "Event"]), _VALUES, max_size=4),
    st.fixed_dictionaries(
        {"event": st.sampled_from(["start", "press", "pause", "resume"]), "at": st.floats(0, 86_400)},
        optional={"side": st.sampled_from(["white", "black"])},
    ),
    _VALUES,
)


def _loaded_or_errors(field, value):
    try:
        return "loaded", field.deserialize(value)
    except ma.ValidationError as error:
        return "errors", error.messages, error.valid_data


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_EVENT_LIKE, max_size=6))
def test_the_event_log_is_read_exactly_as_a_list_of_event_schemas_reads_it(events):
    """Every log, valid or not: the same events loaded, or the same problems at the same indexes."""
    one_pass = ClockRequestSchema().fields["events"]
    nested = BoundedList(fields.Nested(ClockEventSchema), max_length=MAX_EVENTS)
    assert _loaded_or_errors(one_pass, events) == _loaded_or_errors(nested, events)


@pytest.mark.parametrize("log", [{"0": START}, "events", None, [START] * (MAX_EVENTS + 1)])
def test_a_log_that_is_not_a_list_of_at_most_max_events_is_refused_as_before(log):
    one_pass = ClockRequestSchema().fields["events"]
    nested = BoundedList(fields.Nested(ClockEventSchema), max_length=MAX_EVENTS)
    assert _loaded_or_errors(one_pass, log) == _loaded_or_errors(nested, log)


def test_a_malformed_event_deep_in_a_long_log_is_named_with_its_index(client):
    events = [START] + [
        {"event": "press", "at": i, "side": ("white", "black")[(i - 1) % 2]} for i in range(1, 3000)
    ]
    events[2500] = {"event": "press", "at": "2500", "side": "white"}
    answer = post(client, "/v1/clock", {**US_7_AT_2_3, "events": events}, status=422)
    assert "events.2500.at" in str(answer)
