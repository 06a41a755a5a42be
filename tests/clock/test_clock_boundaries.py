"""The clock's rules at their edges, each with a position or a ruling a player would recognise: a
reserve reckoned below nothing, the Bronstein give-back in overtime, the Jacoby rule on a flag in
money play, and lateness at exactly half the match length (UKBGF: "more than half" forfeits)."""

from __future__ import annotations

import pytest

from arbitru import create_app
from arbitru.engine.clock import ClockEvent, build_settings, lateness, replay
from arbitru.engine.match import Match


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def settings(**data):
    built, problems = build_settings(data)
    assert problems == []
    return built


# -- the reserve floors at nothing ---------------------------------------------------------------
# A club's quick clock of 30 seconds a point less a minute a point scored, clocks started at 5-6 of
# a 7-point match: 3.5 minutes less 11 is below nothing. Each player has no reserve, only the
# 12-second delay of each turn: a turn within it is in time, the flag falls as it runs out.
QUICK = {"per_point": 30, "less_per_point_scored": 60, "delay": 12}


def test_a_reserve_reckoned_below_zero_is_no_reserve_at_all():
    clock = settings(**QUICK)
    assert clock.reserve_for(7, 11) == 0
    state = replay(clock, Match(7, (5, 6)), [ClockEvent("start", 0, "white")])
    assert state.reserve == (0, 0)


def test_with_no_reserve_a_turn_within_the_delay_is_in_time_and_the_flag_falls_as_it_runs_out(client):
    body = {
        "clock": QUICK,
        "match": {"length": 7, "score": {"white": 5, "black": 6}},
        "events": [
            {"event": "start", "at": 0, "side": "white"},
            {"event": "press", "at": 12, "side": "white"},  # the whole delay: in time
        ],
        "now": 30,
    }
    answer = client.post("/v1/clock", json=body).json
    assert answer["clocks"]["white"] == {"reserve": 0.0, "overtime": None}
    assert answer["clocks"]["black"] == {"reserve": 0.0, "overtime": None}
    assert answer["flags"] == [{"side": "black", "at": 24.0, "final": True}]
    assert answer["ruling"]["kind"] == "match_lost" and answer["ruling"]["winner"] == "white"


# -- Bronstein in overtime -----------------------------------------------------------------------
# The Atlanta Bronstein clock (12-second deductible) with the USBGF one-minute overtime option, 10
# seconds of reserve each. White's first turn takes 30 seconds: the reserve runs out at 10 s and
# the overtime runs for 20; the press gives back 12 (the deductible), to the overtime: 52 s left.
# White's next turn, all in overtime, takes 10 seconds and gets all 10 back.
BRONSTEIN_OVERTIME = {
    "preset": "atlanta_2003",
    "reserve": 10,
    "delay": 12,
    "delay_kind": "bronstein",
    "overtime": 60,
}


def test_a_bronstein_press_in_overtime_gives_the_time_back_to_the_overtime():
    clock = settings(**BRONSTEIN_OVERTIME)
    events = [
        ClockEvent("start", 0, "white"),
        ClockEvent("press", 30, "white"),
        ClockEvent("press", 35, "black"),
    ]
    after_first = replay(clock, Match(7), events[:2])
    assert after_first.reserve[0] == 0 and after_first.overtime[0] == 52_000
    assert [(f.side, f.at_ms, f.final) for f in after_first.flags] == [("white", 10_000, False)]
    second = replay(clock, Match(7), [*events, ClockEvent("press", 45, "white")])
    assert (second.reserve[0], second.overtime[0]) == (0, 52_000)
    assert (second.reserve[1], second.overtime[1]) == (10_000, None)  # black's 5 s given back


def test_a_bronstein_player_in_overtime_flags_only_when_the_overtime_and_give_backs_are_spent(client):
    body = {
        "clock": BRONSTEIN_OVERTIME,
        "match": {"length": 7, "score": {"white": 0, "black": 0}},
        "events": [
            {"event": "start", "at": 0, "side": "white"},
            {"event": "press", "at": 30, "side": "white"},
            {"event": "press", "at": 35, "side": "black"},
        ],
        "now": 35 + 52 + 1,  # read at 87 the overtime is just spent, still in time
    }
    answer = client.post("/v1/clock", json=body).json
    assert answer["clocks"]["white"] == {"reserve": 0.0, "overtime": 0.0}
    assert answer["flags"] == [
        {"side": "white", "at": 10.0, "final": False},
        {"side": "white", "at": 87.0, "final": True},
    ]


# -- the Jacoby rule on a flag in money play -----------------------------------------------------
# Money play under the Jacoby rule, the cube never turned: a gammon or a backgammon counts as a
# single game. Online, a timeout costs the worst result still possible: in the opening's contact a
# backgammon, which Jacoby counts as 1 point; with the cube turned (white doubled, black took) it
# counts in full: a backgammon at 2, 6 points. A clock over money play comes in a record.
OPENING = [
    {"player": 1, "action": "roll", "dice": [6, 2], "play": "24/18 13/11", "at": 10},
    {"player": 0, "action": "roll", "dice": [6, 2], "play": "13/7* 24/22", "at": 20},
]
DOUBLED = [
    *OPENING,
    {"player": 1, "action": "roll", "dice": [5, 1], "play": "bar/20 6/5", "at": 30},
    {"player": 0, "action": "double", "at": 40},
    {"player": 1, "action": "take", "at": 50},
]


def money_record(turns, jacoby=True):
    return {
        "players": ["Nicu", "Dorin"],
        "match_length": 0,
        "rules": {"jacoby": jacoby},
        "clock": {"preset": "online_worst_result", "reserve": 60},
        "clock_read_at": 400,
        "games": [{"game": 1, "start_score": [0, 0], "clock_started_at": 0, "turns": turns}],
    }


def flag_ruling(client, record):
    verdict = client.post("/v1/matches/verify", json={"record": record}).json
    assert verdict["valid"] is True, verdict
    ruling = verdict["clock"]["ruling"]
    assert ruling["kind"] == "game_lost"
    return ruling


def test_jacoby_a_flag_in_money_play_with_the_cube_centred_costs_a_single_game(client):
    ruling = flag_ruling(client, money_record(OPENING))
    assert ruling["flagger"] == "black" and ruling["match"] is None
    assert ruling["outcome"]["result"] == "backgammon"
    assert ruling["outcome"]["points"] == 1


def test_without_jacoby_the_same_flag_in_money_play_costs_the_backgammon(client):
    ruling = flag_ruling(client, money_record(OPENING, jacoby=False))
    assert ruling["outcome"]["result"] == "backgammon" and ruling["outcome"]["points"] == 3


def test_jacoby_a_flag_in_money_play_after_the_cube_is_turned_counts_in_full(client):
    ruling = flag_ruling(client, money_record(DOUBLED))
    assert ruling["flagger"] == "white"  # white is on roll after black's take, and flags
    assert ruling["outcome"]["result"] == "backgammon" and ruling["outcome"]["points"] == 6


# -- lateness at exactly half the match length ---------------------------------------------------
# UKBGF: a point for each 5 minutes late; "more than half of the length of the match" in penalty
# points ends it. Twenty minutes late for an 8-point match is four points, exactly half: the match
# is played, 4-0 down. Twenty-five minutes is five, more than half: forfeited.
@pytest.mark.parametrize(("minutes", "points", "forfeited"), [(20, 4, False), (25, 5, True)])
def test_lateness_of_exactly_half_the_match_length_is_penalised_not_forfeited(minutes, points, forfeited):
    ruling = lateness(minutes, 8)
    assert (ruling.penalty_points, ruling.forfeited) == (points, forfeited)


def test_twenty_minutes_late_for_an_eight_point_match_plays_on_four_points_down(client):
    answer = client.post("/v1/clock/lateness", json={"minutes_late": 20, "match_length": 8}).json
    assert answer["penalty_points"] == 4 and answer["forfeited"] is False
