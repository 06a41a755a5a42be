"""A record's clock fields, problem by problem, and the referee's clock over whole matches
(arbitru.referee.clocks): each malformed field named with what it must be, each log the clock
cannot have produced named at the record's own field, and the clock block of records of more
than one game, excerpts, other rules and other languages."""

from __future__ import annotations

import copy

import pytest

from arbitru import create_app
from arbitru.engine.board import Problem
from arbitru.engine.clock import MAX_SECONDS, build_settings
from arbitru.engine.rules import Rules
from arbitru.formats.game_record import record_to_match
from arbitru.formats.limits import MAX_GAMES, MAX_TURNS
from arbitru.formats.mat import MatchFile
from arbitru.referee.clocks import (
    ClockRecordError,
    RecordClock,
    _record_problem,
    clocked_verify,
    split_clock,
    with_clock,
)

TIME = (
    "must be a number of seconds from 0 to 86400 (the record has a clock: every game's start and "
    "every turn carry their time)"
)
WORST = {"preset": "online_worst_result", "reserve": 60}

# Black (player 1) opens 6-2 at 10 s, white (player 0) hits back 6-2 at 20 s: a game in contact.
OPENING = [
    {"player": 1, "action": "roll", "dice": [6, 2], "play": "24/18 13/11", "at": 10},
    {"player": 0, "action": "roll", "dice": [6, 2], "play": "13/7* 24/22", "at": 20},
]
# White resigns a single game at 15 s, after black's opening play.
RESIGNED = {
    "game": 1,
    "start_score": [0, 0],
    "clock_started_at": 0,
    "turns": [
        {"player": 1, "action": "roll", "dice": [6, 2], "play": "24/18 13/11", "at": 10},
        {"player": 0, "action": "resign", "level": "single", "at": 15},
    ],
    "result": {"winner": 1, "points": 1},
}


def game(number=1, score=(0, 0), started=0, turns=OPENING, **fields):
    """A game of the record whose clock started at `started` s and whose turns are `turns` shifted by it."""
    shifted = [{**turn, "at": turn["at"] + started} for turn in turns]
    return {
        "game": number,
        "start_score": list(score),
        "clock_started_at": started,
        "turns": shifted,
        **fields,
    }


def record(*games, length=3, clock=WORST, **fields):
    return {
        "players": ["Nicu", "Dorin"],
        "match_length": length,
        "clock": clock,
        "games": list(games),
        **fields,
    }


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def verify(client, body, status=200, lang="en"):
    response = client.post("/v1/matches/verify", json=body, headers={"Accept-Language": lang})
    assert response.status_code == status, response.json
    return response.json


def refused(body):
    """The problems `split_clock` refuses `body` with, as (field, text)."""
    with pytest.raises(ClockRecordError) as error:
        split_clock(body)
    return error.value.problems


# -- the clock's settings -----------------------------------------------------------------------
def test_a_clock_that_is_not_an_object_is_refused_as_such():
    assert refused(record(game(), clock=["usbgf_2013"])) == [("record.clock", "must be an object")]


def test_each_malformed_clock_setting_is_named_with_what_it_must_be():
    clock = {
        "tick": 1,
        "reserve": -5,
        "delay": True,
        "preset": "fibs",
        "delay_kind": "fischer",
        "flag": "forfeit",
        "team": "yes",
    }
    assert refused(record(game(), clock=clock)) == [
        ("record.clock.tick", "unknown field"),
        ("record.clock.reserve", TIME),
        ("record.clock.delay", TIME),
        (
            "record.clock.preset",
            "must be one of usbgf_2013, biba, ukbgf, atlanta_2003, online_backgammon, online_worst_result",
        ),
        ("record.clock.delay_kind", "must be one of simple, bronstein"),
        (
            "record.clock.flag",
            "must be one of match, match_unless_decided, game_backgammon, game_worst_result",
        ),
        ("record.clock.team", "must be a boolean"),
    ]


def test_the_refusal_says_each_field_and_its_problem_in_one_sentence():
    with pytest.raises(ClockRecordError) as error:
        split_clock(record(game(), clock={"tick": 1, "flag": "forfeit"}))
    assert str(error.value) == (
        "record.clock.tick: unknown field; record.clock.flag: must be one of match, "
        "match_unless_decided, game_backgammon, game_worst_result"
    )


def test_a_us_team_clock_is_well_formed():
    _, clock = split_clock(record(game(), clock={"preset": "usbgf_2013", "team": True}))
    assert clock is not None and clock.settings.team is True and clock.settings.delay == 18


def test_team_settings_outside_the_us_rules_are_refused_naming_where_they_exist():
    assert refused(record(game(), clock={"preset": "biba", "team": True})) == [
        ("record.clock.team", "team (doubles) clock settings exist only under usbgf_2013")
    ]


# -- the times of games and turns ---------------------------------------------------------------
def test_each_missing_or_malformed_time_is_named_at_its_game_or_turn():
    broken = game()
    del broken["clock_started_at"]
    broken["turns"] = ["62: 24/18 13/11", {**OPENING[1], "at": "20"}]
    assert refused(record(broken)) == [
        ("record.games[0].clock_started_at", TIME),
        ("record.games[0].turns[0].at", TIME),
        ("record.games[0].turns[1].at", TIME),
    ]


def test_a_time_may_be_a_whole_day_and_no_more():
    _, clock = split_clock(record(game(), clock_read_at=MAX_SECONDS))
    assert clock is not None and clock.read_at == 86_400.0
    assert refused(record(game(), clock_read_at=MAX_SECONDS + 0.001)) == [("record.clock_read_at", TIME)]


def test_a_game_without_turns_has_no_start_time():
    empty = {"game": 1, "start_score": [0, 0], "turns": [], "result": {"winner": 1, "points": 1}}
    rest, clock = split_clock(record(empty, game(2, (0, 1), 30), clock_read_at=100))
    assert clock == RecordClock(build_settings(WORST)[0], ((None, ()), (30.0, (40.0, 50.0))), 100.0)
    assert rest["games"][0] == empty


def test_the_clock_fields_are_taken_out_of_a_record_with_a_game_it_will_refuse():
    """A game whose shape `record_problems` refuses is left as it is, and the record has no clock."""
    rest, clock = split_clock(record(game(), "game two", {"game": 3}, clock_read_at=100))
    assert clock is None
    assert rest == {
        "players": ["Nicu", "Dorin"],
        "match_length": 3,
        "games": [
            {
                "game": 1,
                "start_score": [0, 0],
                "turns": [{k: v for k, v in t.items() if k != "at"} for t in OPENING],
            },
            "game two",
            {"game": 3},
        ],
    }


def test_a_record_with_a_clock_and_no_games_is_left_to_the_records_own_check():
    assert split_clock({"players": ["Nicu", "Dorin"], "clock": WORST}) == (
        {"players": ["Nicu", "Dorin"]},
        None,
    )


def test_a_record_of_the_most_games_a_record_may_hold_keeps_its_clock():
    empty = {"game": 1, "start_score": [0, 0], "turns": []}
    _, clock = split_clock(record(*[empty] * MAX_GAMES))
    assert clock is not None and clock.games == ((None, ()),) * MAX_GAMES
    assert split_clock(record(*[empty] * (MAX_GAMES + 1)))[1] is None


def test_a_game_of_the_most_turns_a_game_may_hold_keeps_its_clock():
    turn = {"player": 0, "action": "roll", "dice": [6, 2], "play": "13/7 13/11", "at": 1}
    longest = {"game": 1, "start_score": [0, 0], "clock_started_at": 0, "turns": [turn] * MAX_TURNS}
    _, clock = split_clock(record(longest))
    assert clock is not None and clock.games == ((0.0, (1.0,) * MAX_TURNS),)
    too_long = {**longest, "turns": [turn] * (MAX_TURNS + 1)}
    assert split_clock(record(too_long))[1] is None


# -- the referee's clock over whole matches -----------------------------------------------------
def worst_result_ruling(score, over, lang="en"):
    """Black flagged in contact: the worst result still possible, a backgammon, 3 points to white."""
    said = {
        "en": ("backgammon", "Black ran out of time and loses the game as a backgammon"),
        "ro": ("marț tehnic", "Negrul a rămas fără timp și pierde jocul: marț tehnic"),
    }
    label, text = said[lang]
    return {
        "kind": "game_lost",
        "flagger": "black",
        "winner": "white",
        "outcome": {
            "game_over": True,
            "winner": "white",
            "result": "backgammon",
            "multiplier": 3,
            "points": 3,
            "label": label,
        },
        "match": {
            "points": 3,
            "score": {"white": score[0], "black": score[1]},
            "over": over,
            "winner": "white" if over else None,
            "crawford_next": not over and score[0] == 3,
            "post_crawford": False,
        },
        "message": text,
    }


def test_a_flag_in_the_second_game_is_ruled_on_its_position_and_the_match_score(client):
    # game 1: white resigns at 15 s; game 2 starts at 30 s, black's clock runs from white's reply
    # at 50 s: 12 s of delay, then its 60 s of reserve, flagging at 122 s
    body = {"record": record(RESIGNED, game(2, (0, 1), 30), clock_read_at=300)}
    block = verify(client, body)["clock"]
    assert {key: block[key] for key in ("clocks", "running", "flags")} == {
        "clocks": {"white": {"reserve": 60.0, "overtime": None}, "black": {"reserve": 0.0, "overtime": None}},
        "running": "black",
        "flags": [{"side": "black", "at": 122.0, "final": True}],
    }
    assert block["ruling"] == worst_result_ruling((3, 1), over=True)


def test_a_drop_stops_both_clocks_until_the_next_game_starts(client):
    # game 1: white doubles at 15 s and black drops at 18 s; game 2 starts at 30 s as above
    dropped = {
        "game": 1,
        "start_score": [0, 0],
        "clock_started_at": 0,
        "turns": [
            OPENING[0],
            {"player": 0, "action": "double", "cube": 2, "at": 15},
            {"player": 1, "action": "drop", "at": 18},
        ],
        "result": {"winner": 0, "points": 1},
    }
    block = verify(client, {"record": record(dropped, game(2, (1, 0), 30), clock_read_at=300)})["clock"]
    assert (block["running"], block["flags"]) == ("black", [{"side": "black", "at": 122.0, "final": True}])
    assert block["ruling"] == worst_result_ruling((4, 0), over=True)


def test_a_game_without_turns_before_the_last_leaves_the_next_games_clock_running(client):
    # game 1 is given to black without a turn played (no clock started); game 2 runs as above
    empty = {"game": 1, "start_score": [0, 0], "turns": [], "result": {"winner": 1, "points": 1}}
    block = verify(client, {"record": record(empty, game(2, (0, 1), 30), clock_read_at=300)})["clock"]
    assert (block["running"], block["flags"]) == ("black", [{"side": "black", "at": 122.0, "final": True}])
    assert block["ruling"] == worst_result_ruling((3, 1), over=True)


def test_a_game_started_before_the_last_ended_is_refused_naming_its_start_time(client):
    body = {"record": record(RESIGNED, game(2, (0, 1), 12), clock_read_at=300)}
    assert verify(client, body, 422)["errors"] == {
        "record.games[1].clock_started_at": [
            "12.0 s is before the previous event (15.0 s): time cannot go back"
        ]
    }


def test_clocks_read_before_the_last_turn_are_refused_naming_the_reading(client):
    assert verify(client, {"record": record(game(), clock_read_at=15)}, 422)["errors"] == {
        "record.clock_read_at": ["15.0 s is before the previous event (20.0 s): time cannot go back"]
    }


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "White's time ran out at 42.0 s: no event can follow (this one is at 50.0 s)"),
        (
            "ro",
            "Albul a rămas fără timp la 42.0 s: niciun eveniment nu mai poate urma (acesta este la 50.0 s)",
        ),
    ],
)
def test_a_turn_after_a_flag_is_refused_saying_whose_time_ran_out_and_when(client, lang, said):
    # 20 s of reserve: white's clock runs from 10 s and its flag falls at 42 s (12 s delay + 20)
    late = [OPENING[0], {**OPENING[1], "at": 50}]
    body = {"record": record(game(turns=late), clock={"preset": "usbgf_2013", "reserve": 20})}
    assert verify(client, body, 422, lang)["errors"] == {"record.games[0].turns[1]": [said]}


def test_an_excerpt_reckons_the_reserve_from_the_score_it_starts_at(client):
    # a 7-point match from 2-3 under the US rules: 14 minutes less 5, 540 s each
    body = {
        "record": record(game(score=(2, 3)), length=7, clock={"preset": "usbgf_2013"}),
        "start_score": [2, 3],
    }
    verdict = verify(client, body)
    assert (verdict["valid"], verdict["excerpt"]) == (True, True)
    assert verdict["clock"]["clocks"] == {
        "white": {"reserve": 540.0, "overtime": None},
        "black": {"reserve": 540.0, "overtime": None},
    }


def test_the_ruling_scores_the_flag_by_the_records_rules(client):
    # a 4-point match: the backgammon leaves white 1 away, the Crawford game next unless the
    # record's rules play without the Crawford rule
    unfinished = record(game(), length=4, clock_read_at=200)
    assert verify(client, {"record": unfinished})["clock"]["ruling"] == worst_result_ruling(
        (3, 0), over=False
    )
    without = verify(client, {"record": {**unfinished, "rules": {"crawford": False}}})["clock"]["ruling"]
    assert without["match"] == {**worst_result_ruling((3, 0), over=False)["match"], "crawford_next": False}


def test_the_ruling_is_said_in_the_clients_language(client):
    ruling = verify(client, {"record": record(game(), clock_read_at=200)}, lang="ro")["clock"]["ruling"]
    assert ruling == worst_result_ruling((3, 0), over=True, lang="ro")


def test_the_clock_is_read_beside_the_moves_in_the_mode_asked_for(client):
    # white's 8/1 with 6-2 is illegal; under the illegal-moves rule it stands, and the clock runs on
    wrong = [OPENING[0], {**OPENING[1], "play": "8/1"}]
    body = {"record": record(game(turns=wrong), clock_read_at=200), "mode": "illegal-moves-rule"}
    verdict = verify(client, body)
    assert (verdict["valid"], verdict["mode"]) == (True, "illegal-moves-rule")
    assert verdict["clock"]["flags"] == [{"side": "black", "at": 92.0, "final": True}]


def test_a_record_wrong_by_its_result_is_not_ruled_on_a_position(client):
    # the resignation written as 5 points is wrong: the moves' error stands, the flag falls as
    # timed, but no position is ruled on (the worst-result policy reads one)
    wrong = game(result={"winner": 1, "points": 5})
    verdict = verify(client, {"record": record(wrong, clock_read_at=300)})
    assert (verdict["valid"], verdict["error"]["code"]) == (False, "WRONG_POINTS")
    block = verdict["clock"]
    assert (block["flags"], block["ruling"]) == ([{"side": "black", "at": 92.0, "final": True}], None)


def test_a_record_wrong_in_its_second_game_is_not_ruled_on_the_first_games_position(client):
    wrong = game(2, (0, 1), 30, turns=[OPENING[0], {**OPENING[1], "play": "8/1"}])
    verdict = verify(client, {"record": record(RESIGNED, wrong, clock_read_at=300)})
    assert (verdict["valid"], verdict["error"]["code"]) == (False, "DICE_MISMATCH")
    block = verdict["clock"]
    assert (block["flags"], block["ruling"]) == ([{"side": "black", "at": 122.0, "final": True}], None)


# -- the referee's clock, called as a library -----------------------------------------------------
def test_a_press_by_the_side_whose_clock_is_not_running_is_named_at_the_turns_player():
    paths = ["record.games[0].clock_started_at", "record.games[0].turns[0]", "record.games[0].turns[1]"]
    found = Problem("events.2.side", "clock.press_not_running", {"player": "black"})
    assert _record_problem(found, paths) == (
        "record.games[0].turns[1].player",
        "Black pressed the clock, but Black's clock was not running",
    )


def test_a_clock_of_other_games_or_turns_than_the_matchs_is_an_error():
    rest, clock = split_clock(record(game(), clock_read_at=200))
    assert clock is not None
    match = record_to_match(rest)
    one_game_more = RecordClock(clock.settings, (*clock.games, (None, ())), clock.read_at)
    one_turn_less = RecordClock(clock.settings, ((0.0, (10.0,)),), clock.read_at)
    for other in (one_game_more, one_turn_less):
        with pytest.raises(ValueError, match="zip"):
            clocked_verify(match, Rules(), other)


def test_a_game_whose_clocks_never_started_runs_no_clock():
    rest, clock = split_clock(record(game(), clock_read_at=200))
    assert clock is not None
    unstarted = RecordClock(clock.settings, ((None, (10.0, 20.0)),), None)
    block = clocked_verify(record_to_match(rest), Rules(), unstarted)["clock"]
    assert (block["running"], block["flags"], block["ruling"]) == (None, [], None)
    assert block["clocks"]["black"] == {"reserve": 60.0, "overtime": None}


def test_a_match_of_no_games_yet_has_both_clocks_full_and_none_running():
    settings = build_settings({"preset": "usbgf_2013"})[0]
    verdict = clocked_verify(MatchFile(("Nicu", "Dorin"), 7, []), Rules(), RecordClock(settings, (), None))
    block = verdict["clock"]
    assert (verdict["valid"], block["running"], block["flags"], block["ruling"]) == (True, None, [], None)
    assert block["clocks"] == {
        "white": {"reserve": 840.0, "overtime": None},
        "black": {"reserve": 840.0, "overtime": None},
    }


# -- a converted record keeps its clock -----------------------------------------------------------
def test_a_converted_record_takes_the_originals_clock_fields_game_by_game_and_turn_by_turn():
    original = record(game(), clock_read_at=200)
    plain = split_clock(original)[0]
    assert with_clock(copy.deepcopy(plain), original) == original


def test_a_converted_record_takes_only_the_clock_fields_the_original_has():
    """A game without a start time, a turn without a time, a game without turns, a missing game
    or turn on either side: what is there is carried, nothing else is asked for."""
    original = {
        "clock": WORST,
        "games": [{"turns": [{"at": 10}, {}]}, {}, {"clock_started_at": 0, "turns": [{"at": 1}]}],
    }
    converted = {"games": [{"turns": [{"n": 1}, {"n": 2}, {"n": 3}]}, {"game": 2}]}
    assert with_clock(converted, original) == {
        "clock": WORST,
        "games": [{"turns": [{"n": 1, "at": 10}, {"n": 2}]}, {"game": 2, "turns": []}],
    }
    assert with_clock({}, original) == {"clock": WORST, "games": []}
    assert with_clock(converted, {"clock": WORST}) == {"clock": WORST, "games": []}


DOUBLE = {"player": 0, "action": "double", "cube": 2, "at": 15}
WHITE_ROLLS = {"player": 0, "action": "roll", "dice": [6, 2], "play": "13/7* 24/22", "at": 40}


@pytest.mark.parametrize(
    "answers",
    [
        [{"player": 1, "action": "take", "at": 20}],
        [{"player": 1, "action": "beaver", "cube": 4, "at": 20}],  # taken by rolling
        [{"player": 1, "action": "beaver", "cube": 4, "at": 20}, {"player": 0, "action": "take", "at": 25}],
    ],
    ids=["take", "beaver taken by rolling", "beaver taken in writing"],
)
def test_the_doubler_is_on_roll_with_its_clock_running_after_a_take_or_a_beaver(client, answers):
    # white doubles at 15 (black's clock), black answers at 20 (white's clock); a doubler who writes
    # that it takes the beaver does not press: it is on roll, and its roll at 40 is its press
    turns = [OPENING[0], DOUBLE, *answers, WHITE_ROLLS]
    game = {"game": 1, "start_score": [0, 0], "clock_started_at": 0, "turns": turns}
    clock = {"preset": "online_backgammon", "reserve": 60}
    verdict = verify(client, {"record": record(game, length=0, clock=clock, rules={"beavers": True})})
    assert verdict["valid"] is True
    # white's clock ran 10-15 and 20-40 (each turn's first 12 s free), black's 0-10 and 15-20
    assert verdict["clock"]["clocks"] == {
        "white": {"reserve": 52.0, "overtime": None},
        "black": {"reserve": 60.0, "overtime": None},
    }
    assert verdict["clock"]["running"] == "black"
