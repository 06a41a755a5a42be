"""The clock adjudicator (arbitru.engine.clock) against each rule set's own numbers."""

from __future__ import annotations

import pytest

from arbitru.engine.board import Board
from arbitru.engine.clock import (
    PRESETS,
    ClockEvent,
    ClockLogError,
    build_settings,
    lateness,
    replay,
    rule,
)
from arbitru.engine.cube import Cube
from arbitru.engine.match import Match
from tests.engine.positions import position

MIN = 60


def match(length, white=0, black=0):
    return Match(length, (white, black))


def log(*events):
    return [ClockEvent(kind, at, side) for kind, at, side in events]


def settings(**data):
    built, problems = build_settings(data)
    assert problems == []
    return built


# -- reserve per match length and score ---------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "length", "score", "minutes"),
    [
        ("usbgf_2013", 7, (0, 0), 14),  # US 2.1: 2 minutes per match point
        ("usbgf_2013", 7, (2, 3), 9),  # less 1 minute per point scored by either player
        ("biba", 11, (0, 0), 22),  # BIBA: 2 minutes per point needed to complete a new match
        ("ukbgf", 11, (0, 0), 22),  # UK Open: "11-point match = 22 mins + 12 secs per move"
        ("atlanta_2003", 9, (0, 0), 54),  # ABA 2003: 6 minutes per point; Unified 2001: 54 for 9
        ("atlanta_2003", 9, (5, 3), 30),  # less 3 per point scored; Unified: needing 4 and 6, 30
    ],
)
def test_reserve_is_set_from_match_length_less_points_scored(preset, length, score, minutes):
    state = replay(PRESETS[preset], match(length, *score), [])
    assert state.reserve == (minutes * MIN * 1000, minutes * MIN * 1000)


def test_us_team_matches_have_two_and_a_half_minutes_a_point_and_an_18_second_delay():
    team = settings(preset="usbgf_2013", team=True)
    assert team.delay == 18
    assert replay(team, match(7), []).reserve[0] == 17.5 * MIN * 1000
    assert replay(team, match(7, 2, 3), []).reserve[0] == (17.5 - 5 * 1.25) * MIN * 1000


def test_team_settings_exist_only_where_a_rule_set_gives_them():
    _, problems = build_settings({"preset": "biba", "team": True})
    assert [p.field for p in problems] == ["clock.team"]


# -- simple delay -------------------------------------------------------------------------------
def test_a_turn_within_the_delay_costs_no_reserve():
    state = replay(PRESETS["usbgf_2013"], match(7), log(("start", 0, "white"), ("press", 11.5, "white")))
    assert state.reserve == (14 * MIN * 1000, 14 * MIN * 1000)
    assert state.running == "black"


def test_a_25_second_turn_with_a_12_second_delay_costs_13_seconds_of_reserve():
    state = replay(PRESETS["biba"], match(7), log(("start", 0, "white"), ("press", 25, "white")))
    assert state.reserve[0] == (14 * MIN - 13) * 1000


def test_each_turn_gets_its_own_delay_and_a_pause_keeps_what_is_left_of_it():
    events = log(
        ("start", 0, "white"),
        ("press", 10, "white"),  # white: within its delay
        ("pause", 15, None),  # black used 5 s of its 12
        ("resume", 100, None),
        ("press", 120, "black"),  # 7 s of delay left, then 13 s of reserve
    )
    state = replay(PRESETS["usbgf_2013"], match(7), events)
    assert state.reserve == (14 * MIN * 1000, (14 * MIN - 13) * 1000)


def test_at_now_the_running_clock_runs_on():
    state = replay(PRESETS["usbgf_2013"], match(1), log(("start", 0, "black")), now=72)
    assert (state.running, state.reserve[1]) == ("black", (2 * MIN - 60) * 1000)


def test_a_bronstein_delay_runs_the_reserve_at_once_and_gives_back_up_to_the_delay():
    bronstein = settings(
        preset="atlanta_2003", per_point=120, less_per_point_scored=60, delay=12, delay_kind="bronstein"
    )
    state = replay(bronstein, match(7), log(("start", 0, "white"), ("press", 25, "white")))
    assert state.reserve[0] == (14 * MIN - 13) * 1000
    # with 5 s left, a 10 s turn flags under Bronstein; under a simple delay it is in time
    tight = {"preset": "usbgf_2013", "reserve": 5}
    flagged = replay(settings(**tight, delay_kind="bronstein"), match(7), log(("start", 0, "white")), now=10)
    assert [(f.side, f.at_ms) for f in flagged.flags] == [("white", 5000)]
    assert replay(settings(**tight), match(7), log(("start", 0, "white")), now=10).flags == ()


# -- flags and rulings --------------------------------------------------------------------------
def flagged(preset_or_settings, game=None, now=None, **extra):
    clock = PRESETS[preset_or_settings] if isinstance(preset_or_settings, str) else preset_or_settings
    game = game or match(1)
    return replay(clock, game, log(("start", 0, "white")), now=now or 10_000), clock, game


def test_running_out_of_reserve_loses_the_match_under_usbgf_2013():
    state, clock, game = flagged("usbgf_2013", match(7, 2, 3))
    assert state.flags[0].side == "white" and state.flags[0].at_ms == (12 + 9 * MIN) * 1000
    ruling = rule(clock, state, game)
    assert ruling.kind == "match_lost" and ruling.winner == "black"
    assert ruling.match.over and ruling.match.winner == "black" and ruling.match.score == (2, 3)


def test_usbgf_overtime_starts_after_a_first_expiry_and_the_second_loses():
    clock = settings(preset="usbgf_2013", overtime=60)
    game = match(1)  # 2 minutes of reserve
    first = replay(clock, game, log(("start", 0, "white")), now=12 + 2 * MIN + 30)
    assert [(f.at_ms, f.final) for f in first.flags] == [((12 + 2 * MIN) * 1000, False)]
    assert first.overtime[0] == 30_000 and first.reserve[0] == 0
    assert rule(clock, first, game).kind == "overtime_started"
    second = replay(clock, game, log(("start", 0, "white")), now=12 + 3 * MIN + 1)
    assert [(f.at_ms, f.final) for f in second.flags][-1] == ((12 + 3 * MIN) * 1000, True)
    assert rule(clock, second, game).kind == "match_lost"


# BIBA: the flagger at match point, in a position the opponent can no longer win
DECIDED = position({1: 2}, {6: 5, 5: 5, 4: 5})  # white (flagger) bears off its last two now
OPEN = Board.initial()


def test_biba_a_flag_at_match_point_in_a_position_the_opponent_cannot_win_does_not_lose():
    state, clock, game = flagged("biba", match(5, 4, 2))
    assert rule(clock, state, game, DECIDED).kind == "no_loss"


def test_biba_a_flag_at_match_point_loses_while_the_opponent_can_still_win():
    state, clock, game = flagged("biba", match(5, 4, 2))
    assert rule(clock, state, game, OPEN).kind == "match_lost"


def test_biba_a_flag_away_from_match_point_loses_whatever_the_position():
    state, clock, game = flagged("biba", match(5, 2, 2))
    assert rule(clock, state, game).kind == "match_lost"


def test_a_policy_that_reads_the_position_without_one_names_the_board():
    state, clock, game = flagged("biba", match(5, 4, 2))
    assert rule(clock, state, game).field == "board"


def test_online_backgammon_scores_the_flag_as_a_backgammon_loss():
    state, clock, game = flagged("online_backgammon", match(7, 1, 1))
    ruling = rule(clock, state, game, OPEN, Cube(2, "black"))
    assert ruling.kind == "game_lost" and ruling.winner == "black"
    assert (ruling.outcome.result, ruling.outcome.points) == ("backgammon", 6)
    assert ruling.match.score == (1, 7) and ruling.match.over


RACE = position({6: 5, 8: 5, 13: 5}, {1: 3, 2: 4})  # white (flagger) far behind, nothing back


@pytest.mark.parametrize(
    ("board", "result"),
    [
        (RACE, "gammon"),  # a race with nothing back: no backgammon left
        (OPEN, "backgammon"),  # contact: anything can still happen
        (position({6: 14}, {6: 15}), "single"),  # a checker off: no gammon left
    ],
)
def test_online_worst_result_scores_the_worst_result_still_possible(board, result):
    state, clock, game = flagged("online_worst_result", match(7))
    ruling = rule(clock, state, game, board)
    assert ruling.outcome.result == result and ruling.match.winner is None


# -- bad logs -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("events", "field", "code"),
    [
        (
            (("start", 0, "white"), ("press", 5, "white"), ("press", 4, "black")),
            "events.2.at",
            "clock.time_backwards",
        ),
        ((("start", 0, "white"), ("press", 5, "black")), "events.1.side", "clock.press_not_running"),
        ((("start", 0, "white"), ("press", 500, "white")), "events.1", "clock.after_flag"),
        ((("press", 0, "white"),), "events.0.kind", "clock.first_event"),
        (
            (("start", 0, "white"), ("pause", 1, None), ("pause", 2, None)),
            "events.2.kind",
            "clock.nothing_running",
        ),
        ((("start", 0, "white"), ("resume", 1, None)), "events.1.kind", "clock.not_paused"),
        ((("start", 0, "white"), ("start", 1, "black")), "events.1.kind", "clock.already_running"),
    ],
)
def test_a_log_the_clock_cannot_have_produced_names_its_event(events, field, code):
    with pytest.raises(ClockLogError) as error:
        replay(settings(preset="usbgf_2013", reserve=60), match(7), log(*events))
    assert (error.value.problem.field, error.value.problem.code) == (field, code)


# -- lateness (UKBGF) ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("minutes", "length", "points", "forfeited"),
    [
        (4.9, 7, 0, False),
        (5, 7, 1, False),  # one penalty point after 5 minutes
        (9.9, 7, 1, False),
        (10, 7, 2, False),  # and one per further 5 minutes
        (15, 7, 3, False),  # 3 is not more than half of 7
        (20, 7, 4, True),  # 4 is: the match is forfeited
        (10, 3, 2, True),
        (25, 11, 5, False),
        (30, 11, 6, True),
    ],
)
def test_lateness_costs_a_point_per_five_minutes_and_more_than_half_the_length_forfeits(
    minutes, length, points, forfeited
):
    ruling = lateness(minutes, length)
    assert (ruling.penalty_points, ruling.forfeited) == (points, forfeited)


def test_the_worst_result_depends_on_who_rolls_next_and_without_turn_holds_for_either():
    # white (flagger) has all fifteen home, fourteen on the ace point: any roll bears one off.
    # black needs one roll to finish (two checkers on its ace point).
    board = position({1: 14, 2: 1}, {1: 2})
    state, clock, game = flagged("online_worst_result", match(7))
    white_rolls_first = rule(clock, state, game, board, turn="white")
    assert white_rolls_first.outcome.result == "single"  # white gets a checker off first
    # white was answering black's double: black rolls next and finishes, white has nothing off
    assert rule(clock, state, game, board, turn="black").outcome.result == "gammon"
    assert rule(clock, state, game, board).outcome.result == "gammon"


def test_a_bronstein_press_gives_back_the_time_the_clock_ran_not_the_time_paused():
    bronstein = settings(preset="usbgf_2013", delay_kind="bronstein")
    events = log(("start", 0, "white"), ("pause", 4, None), ("resume", 600, None), ("press", 606, "white"))
    state = replay(bronstein, match(7), events)
    assert state.reserve[0] == 14 * MIN * 1000  # 10 s of running time, all given back
