"""The seam law over /v1/clock: the `clock` an answer gives (the settings in force) is the request's
form of the settings: sent back as the next request's `clock`, over any preset, explicit setting,
team flag, match, log and position, it is accepted and gives the same answer (the same clocks, flags
and ruling, and the same settings again: a fixed point)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from arbitru import create_app
from arbitru.engine.clock import ClockSettings
from arbitru.http.schemas.clock import ClockResponseSchema, ClockSettingsSchema
from tests.support.cases import examples
from tests.support.clocks import SECONDS, clock_settings, seconds


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


SIDES = ("white", "black")
TURN = seconds(60)  # a turn's time, short enough that most logs end before a flag
# The positions the flag policies read: a race with nothing back, the opening, a contact position.
BOARDS: tuple[dict[str, Any] | None, ...] = (
    None,
    {"white": {"points": {"6": 5, "8": 5, "13": 5}}, "black": {"points": {"1": 3, "2": 4}, "off": 8}},
    {
        "white": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
        "black": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
    },
    {"white": {"points": {"1": 2, "3": 3, "24": 1}, "off": 9}, "black": {"points": {"6": 14}, "bar": 1}},
)


@st.composite
def clock_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A /v1/clock request: settings, a match, a log of presses (some paused), maybe `now`, a
    position and the side on roll there."""
    length = draw(st.integers(1, 25))
    score = {side: draw(st.integers(0, length - 1)) for side in SIDES}
    side = draw(st.sampled_from(SIDES))
    at, events = 0.0, [{"event": "start", "at": 0, "side": side}]
    for _ in range(draw(st.integers(0, 8))):
        if draw(st.booleans()):
            at += draw(TURN)
            events.append({"event": "pause", "at": at})
            at += draw(SECONDS)
            events.append({"event": "resume", "at": at})
        at += draw(TURN)
        events.append({"event": "press", "at": at, "side": side})
        side = "black" if side == "white" else "white"
    body: dict[str, Any] = {"clock": draw(clock_settings()), "match": {"length": length, "score": score}}
    body["events"] = events
    if draw(st.booleans()):
        body["now"] = at + draw(st.integers(0, 3 * 3600))
    board = draw(st.sampled_from(BOARDS))
    if board is not None:
        body["board"] = board
        if draw(st.booleans()):
            body["turn"] = draw(st.sampled_from(SIDES))
    return body


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=clock_requests())
def test_the_clock_settings_answered_sent_back_as_the_next_requests_clock_give_the_same_answer(client, body):
    first = client.post("/v1/clock", json=body)
    event(f"status {first.status_code}")
    if first.status_code == 422:
        # A log no clock under these settings produces (a press after the final flag) or a policy
        # reading the position given none: no answer to send back, and never the settings' fault.
        assert not [field for field in first.json["errors"] if field.startswith("clock")], first.json
        return
    assert first.status_code == 200, first.get_data(as_text=True)
    answered = first.json
    assert ClockResponseSchema().validate(answered) == {}
    again = client.post("/v1/clock", json={**body, "clock": answered["clock"]})
    assert again.status_code == 200, again.get_data(as_text=True)
    assert again.json == answered


def test_the_settings_schema_names_every_setting_the_engine_has_and_writes():
    """One list of settings: the schema's fields are the dataclass's, and `to_dict` writes each."""
    names = {field.name for field in dataclasses.fields(ClockSettings)}
    assert set(ClockSettingsSchema().fields) == names == set(ClockSettings().to_dict())
