"""Properties of the clock (arbitru.engine.clock) over generated logs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine.clock import ClockEvent, build_settings, replay
from arbitru.engine.match import Match
from tests.support.clocks import clock_settings

US = build_settings({"preset": "usbgf_2013", "reserve": 5000})[0]  # more than any generated log uses
SEVEN = Match(7, (0, 0))


@st.composite
def logs(draw):
    """A log of turns (each press after 0..60 s, some with a pause inside) from a start by either side."""
    side = draw(st.sampled_from(["white", "black"]))
    events, at, turns = [ClockEvent("start", 0, side)], 0, []
    for _ in range(draw(st.integers(0, 30))):
        running = 0
        if draw(st.booleans()):
            before = draw(st.integers(0, 30))
            at, running = at + before, running + before
            events.append(ClockEvent("pause", at))
            at += draw(st.integers(0, 300))  # paused time costs nobody anything
            events.append(ClockEvent("resume", at))
        spent = draw(st.integers(0, 60))
        at, running = at + spent, running + spent
        events.append(ClockEvent("press", at, side))
        turns.append((side, running))
        side = "black" if side == "white" else "white"
    return events, turns


@settings(max_examples=200, deadline=None)
@given(logs())
def test_each_turn_costs_its_running_time_beyond_the_delay_and_pauses_cost_nothing(log):
    events, turns = log
    state = replay(US, SEVEN, events)
    full = 5000 * 1000
    for index, color in enumerate(("white", "black")):
        cost = sum(max(0, running - 12) for side, running in turns if side == color) * 1000
        assert state.reserve[index] == full - cost
    assert state.flags == ()


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 600), st.integers(0, 30), st.sampled_from(["simple", "bronstein"]))
def test_the_flag_falls_at_the_instant_the_reserve_reaches_zero(reserve, delay, kind):
    clock, _ = build_settings(
        {"preset": "usbgf_2013", "reserve": reserve, "delay": delay, "delay_kind": kind}
    )
    start = [ClockEvent("start", 0, "white")]
    falls = reserve + (delay if kind == "simple" else 0)
    in_time = replay(clock, SEVEN, start, now=falls)
    assert in_time.flags == () and in_time.reserve[0] == 0
    late = replay(clock, SEVEN, start, now=falls + 0.001)
    assert [(f.side, f.at_ms, f.final) for f in late.flags] == [("white", falls * 1000, True)]


@settings(max_examples=100, deadline=None)
@given(logs(), st.integers(0, 1000))
def test_reading_at_now_is_pausing_at_now(log, later):
    events, _ = log
    now = events[-1].at + later
    read = replay(US, SEVEN, events, now=now)
    if read.running is None or read.flags:
        return
    paused = replay(US, SEVEN, [*events, ClockEvent("pause", now)])
    assert (read.reserve, read.overtime, read.flags) == (paused.reserve, paused.overtime, paused.flags)


@settings(max_examples=200, deadline=None)
@given(clock_settings())
def test_the_settings_in_force_written_out_read_back_as_the_same_settings(asked):
    """The engine's side of the seam /v1/clock shows (tests/http/test_clock_round_trip.py): the
    settings' `to_dict` is a `clock` object that builds the very same settings."""
    built, problems = build_settings(asked)
    assert problems == []
    assert build_settings(built.to_dict()) == (built, [])
