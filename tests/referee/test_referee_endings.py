"""The referee's paths no reason-code case reaches: a double answered by nothing but the `Wins` line
(an implicit drop), an illegal play that hits and is condoned, the `Variation` header, and
resignations without a `Wins` line or with points capped at what the winner needed. Expected
values are worked out from the rules in each comment, not copied from the referee's output.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitru.formats.game_record import record_to_match
from arbitru.formats.mat import read_mat
from arbitru.formats.xgid import board_from_xg
from arbitru.referee import resolve_rules, verify
from tests.referee.test_referee import DROPPED, OPEN, START, act, game, record, roll


def referee(data: dict[str, Any], mode: str = "legal-moves-only") -> dict[str, Any]:
    match = record_to_match(data)
    rules, problems = resolve_rules(match, data.get("rules"))
    assert problems == []
    return verify(match, rules, mode)


# -- a double followed only by the Wins line: an implicit drop --------------------------------------
def test_a_double_answered_only_by_the_doublers_win_is_a_drop_at_the_cube_before_it():
    # A doubles to 2, nothing written for B, then "A wins 1 point": B dropped, A wins the cube (1).
    verdict = referee(record(game([*OPEN, act(0, "double", cube=2)], result={"winner": 0, "points": 1})))
    assert verdict["valid"] is True, verdict["error"]
    first = verdict["games"][0]
    assert (first["winner"], first["points"], first["ended_by"], first["result"]) == (
        "A",
        1,
        "drop",
        "single",
    )


def test_an_implicit_drop_declared_at_the_doubled_value_is_wrong_points():
    # A dropped double is worth the cube before it (1), not the value offered (2).
    verdict = referee(record(game([*OPEN, act(0, "double", cube=2)], result={"winner": 0, "points": 2})))
    assert verdict["valid"] is False and verdict["error"]["code"] == "WRONG_POINTS"


def test_a_double_then_the_other_players_win_is_not_a_drop():
    # B wins after A's double with no answer written: not a drop (B would have refused its own
    # double). Nothing on the board ends the game, so the Wins line is a resignation by A at the
    # cube before the double (a single, 1 point).
    verdict = referee(record(game([*OPEN, act(0, "double", cube=2)], result={"winner": 1, "points": 1})))
    assert verdict["valid"] is True, verdict["error"]
    first = verdict["games"][0]
    assert (first["winner"], first["points"], first["ended_by"]) == ("B", 1, "resign")


# -- an illegal play that hits, condoned ------------------------------------------------------------
# Black has a blot on its 18 point (white's 7). White rolls 6-1.
BLOT_ON_7 = {"white": START["white"], "black": {"points": {"24": 2, "13": 4, "18": 1, "8": 3, "6": 5}}}
HIT_THREE_MOVES = roll(0, [6, 1], "13/7* 8/7 6/5")  # one move too many (TOO_MANY_MOVES), and it hits


def test_a_condoned_illegal_play_that_hits_puts_the_hit_checker_on_the_bar():
    # Black's 6-2 must then enter: bar/23 (white's 2 is empty; white's 6, black's 19, is closed),
    # and the 6 moves 13/7.
    verdict = referee(
        record(game([HIT_THREE_MOVES, roll(1, [6, 2], "bar/23 13/7")], BLOT_ON_7)), "illegal-moves-rule"
    )
    assert verdict["valid"] is True, verdict["error"]
    assert [(c["game"], c["move"], c["code"]) for c in verdict["condoned"]] == [(1, 1, "TOO_MANY_MOVES")]


def test_after_a_condoned_hit_the_hit_checker_is_on_the_bar_not_removed():
    # Black moves as if its hit checker were gone: an impossible play, never condoned.
    verdict = referee(
        record(game([HIT_THREE_MOVES, roll(1, [6, 2], "13/7 13/11")], BLOT_ON_7)), "illegal-moves-rule"
    )
    assert verdict["error"]["code"] == "HIT_CHECKER_NOT_ON_BAR"
    assert [c["code"] for c in verdict["condoned"]] == ["TOO_MANY_MOVES"]


def test_the_same_hitting_play_is_an_error_without_the_illegal_moves_rule():
    verdict = referee(record(game([HIT_THREE_MOVES], BLOT_ON_7)))
    assert verdict["error"]["code"] == "TOO_MANY_MOVES" and verdict["condoned"] == []


# -- the Variation header ---------------------------------------------------------------------------
def _mat(header: str, first_play: str) -> str:
    return (
        f"{header}\n\n 1 point match\n\n Game 1\n Ana : 0                        Bogdan : 0\n"
        f"  1) 31: {first_play:<27}\n"
    )


@pytest.mark.parametrize(
    ("header", "options"),
    [
        ('; [Variation "Nackgammon"]', {"variant": "nackgammon"}),
        ('; [Variation "Hypergammon 2"]', {"variant": "hypergammon", "hypergammon_checkers": 2}),
        ('; [Variation "Hypergammon"]', {"variant": "hypergammon"}),
        ('; [Variation "Backgammon"]', {}),
        ("", {}),
    ],
)
def test_the_variation_header_chooses_the_starting_position(header, options):
    match = read_mat(_mat(header, "8/5 6/5"))
    rules, problems = resolve_rules(match, None)
    assert problems == []
    assert {k: getattr(rules, k) for k in options} == options
    assert rules.variant == options.get("variant", "backgammon")


def test_a_nackgammon_play_verifies_only_under_its_variation_header():
    # 23/20 23/22 moves two checkers from 23: nackgammon starts with two there, standard with none.
    nack = read_mat(_mat('; [Variation "Nackgammon"]', "23/20 23/22"))
    assert verify(nack, resolve_rules(nack, None)[0])["valid"] is True
    plain = read_mat(_mat("", "23/20 23/22"))
    assert verify(plain, resolve_rules(plain, None)[0])["error"]["code"] == "NO_CHECKER_TO_MOVE"


# -- resignations -----------------------------------------------------------------------------------
def test_a_resignation_without_a_wins_line_scores_its_level():
    # B resigns a gammon at the centred cube: A wins 2 (Jacoby off).
    verdict = referee(record(game([*OPEN, act(1, "resign", level="gammon")])))
    assert verdict["valid"] is True, verdict["error"]
    first = verdict["games"][0]
    assert (first["winner"], first["points"], first["result"], first["ended_by"]) == (
        "A",
        2,
        "gammon",
        "resign",
    )


def test_a_resignation_without_a_level_or_a_wins_line_is_a_single():
    verdict = referee(record(game([*OPEN, act(1, "resign")])))
    first = verdict["games"][0]
    assert (first["winner"], first["points"], first["result"]) == ("A", 1, "single")


@pytest.mark.parametrize("play", ["", None], ids=["written-empty", "hidden"])
def test_a_roll_left_unplayed_then_the_rollers_resignation_is_that_resignation(play):
    # A rolls 6-6 and writes no play (or hides it); the game then ends by A's resignation written
    # after it, a gammon: B wins 2 at the centred cube. The same record without the explicit action
    # was already a resignation; with it, it used to be ACTION_AFTER_GAME_OVER.
    turns = [*OPEN, roll(0, [6, 6], play), act(0, "resign", level="gammon")]
    verdict = referee(record(game(turns)))
    assert verdict["valid"] is True, verdict["error"]
    first = verdict["games"][0]
    assert (first["winner"], first["points"], first["result"], first["ended_by"]) == (
        "B",
        2,
        "gammon",
        "resign",
    )


@pytest.mark.parametrize("play", ["", None], ids=["written-empty", "hidden"])
def test_the_side_not_on_roll_may_not_resign_mid_turn(play):
    # A rolled and has not played: only A may resign now (GNU Backgammon lets only the side on roll
    # resign). B's resignation there is refused, not taken as the game's end.
    turns = [*OPEN, roll(0, [6, 6], play), act(1, "resign", level="gammon")]
    error = referee(record(game(turns)))["error"]
    # B's resignation stands beside A's roll on the .mat's line 2 (OPEN is line 1)
    assert (error["code"], error["player"], error["move"]) == ("OUT_OF_TURN", "B", 2)
    assert (
        error["message"]
        == "B resigns while A has rolled and not yet played (only the side on roll may resign then)"
    )


def test_a_second_resignation_after_an_unplayed_roll_comes_after_the_game_is_over():
    turns = [*OPEN, roll(0, [6, 6], ""), act(0, "resign"), act(0, "resign")]
    error = referee(record(game(turns)))["error"]
    # the .mat's line 4: A's roll and its resignations each start a line (B has no action between)
    assert (error["code"], error["move"]) == ("ACTION_AFTER_GAME_OVER", 4)


def test_a_resignation_with_points_capped_at_what_the_winner_needed():
    # 3-point match at 0-0: A doubles, B takes, B resigns a gammon at cube 2 (worth 4), and the
    # transcript writes the 3 points A needed.
    turns = [*OPEN, act(0, "double", cube=2), act(1, "take"), act(1, "resign", level="gammon")]
    verdict = referee(record(game(turns, result={"winner": 0, "points": 3}), length=3))
    assert verdict["valid"] is True, verdict["error"]
    first = verdict["games"][0]
    assert (first["points"], first["declared_points"], first["capped"]) == (4, 3, True)
    assert verdict["winner"] == "A"


def test_a_resignation_declared_at_an_impossible_value_is_wrong_points():
    # At cube 2 a resignation is worth 2, 4 or 6 (single, gammon, backgammon) and 3 is not what A needed
    # in a 5-point match.
    turns = [*OPEN, act(0, "double", cube=2), act(1, "take"), act(1, "resign")]
    verdict = referee(record(game(turns, result={"winner": 0, "points": 3}), length=5))
    assert verdict["error"]["code"] == "WRONG_POINTS"
    assert verdict["error"]["message"] == (
        "a resignation at cube 2 is worth 2, 4 or 6 point(s), not 3 (nor capped at 5, what A needed)"
    )


def test_the_points_a_resignation_is_worth_are_listed_in_romanian_words():
    turns = [*OPEN, act(0, "double", cube=2), act(1, "take"), act(1, "resign")]
    match = record_to_match(record(game(turns, result={"winner": 0, "points": 3}), length=5))
    rules, _ = resolve_rules(match, {})
    assert verify(match, rules, lang="ro")["error"]["message"] == (
        "un abandon la cubul 2 valorează 2, 4 sau 6 punct(e), nu 3"
        " (nici limitat la 5, cât îi mai trebuia lui A)"
    )


def test_a_dropped_double_in_the_last_game_ends_the_match():
    verdict = referee(record(game(DROPPED, result={"winner": 0, "points": 1}), length=1))
    assert (verdict["valid"], verdict["winner"], verdict["final_score"]) == (True, "A", [1, 0])


# -- what an error says -----------------------------------------------------------------------------
def test_a_score_mismatch_names_both_scores_and_quotes_the_header():
    # A wins game 1 (a dropped double, 1 point); game 2's header says 0-2.
    verdict = referee(
        record(game(DROPPED, result={"winner": 0, "points": 1}), game(OPEN, score=[0, 2], number=2), length=5)
    )
    error = verdict["error"]
    assert (error["code"], error["game"]) == ("SCORE_MISMATCH", 2)
    assert error["message"] == "game 2 starts at 0-2, but the replay has 1-0"
    assert error["action"] == "A : 0    B : 2"


def test_a_bad_start_position_says_what_is_wrong_with_it():
    bad = {"white": {"points": {"6": 8, "8": 8}}, "black": START["black"]}
    error = referee(record(game(OPEN, bad)))["error"]
    assert error["code"] == "BAD_START_POSITION"
    assert error["message"] == (
        "the stated start position is not valid: has 16 checkers; each side has exactly 15"
    )


def test_an_xg_position_reads_the_same_with_a_colon_tail_and_refuses_other_letters():
    plain = board_from_xg("----cBD-D-B--A--Abcdc---A-/0")
    assert board_from_xg("----cBD-D-B--A--Abcdc---A-:0:0:1") == plain
    with pytest.raises(ValueError, match="found 'Z'; expected '-', 'A'-'P' .* or 'a'-'p'"):
        board_from_xg("----cBD-D-B--A--Abcdc---Z-")
    with pytest.raises(ValueError, match="26 characters"):
        board_from_xg("----cBD-D-B--A--Abcdc---A")


# -- the cube in a transcript ---------------------------------------------------------------------
BEAVERS = {"beavers": True}


@pytest.mark.parametrize(
    ("turns", "rules", "error"),
    [
        (
            [*OPEN, act(0, "double", cube=2), act(0, "take")],
            None,
            ("OUT_OF_TURN", "A answers its own double", "A", "Take"),
        ),
        (
            [act(0, "double", cube=2)],
            None,
            ("OUT_OF_TURN", "A doubles before the opening roll", "A", "Double => 2"),
        ),
        (
            [*OPEN, act(0, "double", cube=2), act(1, "double", cube=4)],
            None,
            ("DOUBLE_NOT_ANSWERED", "B doubles while the double of A is not answered", "B", "Double => 4"),
        ),
        (
            [*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=8)],
            BEAVERS,
            ("CUBE_VALUE_MISMATCH", "a beaver takes the cube to 4, not 8", "B", "Beaver => 8"),
        ),
    ],
)
def test_cube_errors_say_who_did_what(turns, rules, error):
    verdict = referee(record(game(turns), rules=rules))
    found = verdict["error"]
    assert (found["code"], found["message"], found["player"], found["action"]) == error


def test_a_beaver_taken_then_played_on_and_a_beaver_dropped():
    # A takes B's beaver (the cube is 4, A's), plays on and B resigns: a single at 4.
    taken = [
        *OPEN,
        act(0, "double", cube=2),
        act(1, "beaver", cube=4),
        act(0, "take"),
        roll(0, [3, 1], "13/10 6/5"),
    ]
    verdict = referee(record(game(taken, result={"winner": 0, "points": 4}), rules=BEAVERS))
    assert verdict["valid"], verdict["error"]
    assert {k: verdict["games"][0][k] for k in ("winner", "points", "ended_by", "cube")} == {
        "winner": "A",
        "points": 4,
        "ended_by": "resign",
        "cube": 4,
    }
    # A drops B's beaver: B wins the cube before the beaver, 2.
    dropped = [*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=4), act(0, "drop")]
    verdict = referee(record(game(dropped, result={"winner": 1, "points": 2}), rules=BEAVERS))
    assert verdict["valid"], verdict["error"]
    assert {k: verdict["games"][0][k] for k in ("winner", "points", "ended_by", "cube")} == {
        "winner": "B",
        "points": 2,
        "ended_by": "drop",
        "cube": 2,
    }


def test_a_play_written_with_commas_between_its_moves_is_read_as_with_spaces():
    verdict = referee(record(game([roll(0, [3, 1], "8/5, 6/5"), roll(1, [4, 2], "8/4,6/4")])))
    assert verdict["valid"] is True, verdict["error"]


def test_a_hidden_play_in_a_json_record_is_quoted_as_a_mat_file_writes_it():
    # play null: the exporter hid the play, and the game goes on (B rolls next); a .mat file
    # writes such a play `????`
    verdict = referee(record(game([roll(0, [3, 1], None), roll(1, [4, 2], "8/4 6/4")])))
    assert (verdict["error"]["code"], verdict["error"]["message"]) == (
        "HIDDEN_PLAY",
        "the play of A is hidden ('????') and the game goes on",
    )


# -- what the errors and the condoned list say, in full ---------------------------------------------
def test_a_roll_written_with_no_play_while_one_exists():
    # (not the match's last action: there, dice rolled and not yet played are a game in progress)
    error = referee(record(game([roll(0, [3, 1], ""), act(1, "double")])))["error"]
    assert error["legal_play_count"] == 16  # the opening 3-1's sixteen plays
    assert {k: error[k] for k in ("game", "move", "player", "line", "action", "code", "message")} == {
        "game": 1,
        "move": 1,
        "player": "A",
        "line": None,
        "action": "31:",
        "code": "MUST_USE_ALL_DICE",
        "message": "A writes nothing for 3-1, but a legal play exists (e.g. 24/23 24/21)",
    }


@pytest.mark.parametrize(
    ("result", "length", "code", "player", "message"),
    [
        (
            {"winner": 0, "points": 2},
            0,
            "WRONG_POINTS",
            "A",
            "the transcript gives 2 point(s) for game 1; the replay gives 1",
        ),
        (
            {"winner": 0, "points": 3},
            5,
            "WRONG_POINTS",
            "A",
            "the transcript gives 3 point(s) for game 1; the replay gives 1",
        ),
        (
            {"winner": 1, "points": 1},
            0,
            "WRONG_WINNER",
            "B",
            "the transcript says B won game 1, the replay says A",
        ),
    ],
)
def test_a_declared_result_that_differs_says_both(result, length, code, player, message):
    error = referee(record(game(DROPPED, result=result), length=length))["error"]
    assert error == {
        "game": 1,
        "move": None,
        "player": player,
        "line": None,
        "action": "",
        "code": code,
        "message": message,
    }


def test_a_condoned_play_is_listed_in_full_and_the_next_impossible_one_stops_the_replay():
    # White's 13/7 8/7 6/5 (one move too many) is condoned and makes white's 7 point; black's 24/18
    # then lands on it (black's 18), which is never condoned.
    turns = [roll(0, [6, 1], "13/7 8/7 6/5"), roll(1, [6, 2], "24/18 13/11")]
    verdict = referee(record(game(turns, START)), "illegal-moves-rule")
    assert verdict["condoned"] == [
        {
            "game": 1,
            "move": 1,
            "player": "A",
            "line": None,
            "action": "61: 13/7 8/7 6/5",
            "code": "TOO_MANY_MOVES",
            "message": "61: 13/7 8/7 6/5: 6/5 needs a die, but the play has already used all of 6-1",
        }
    ]
    keys = ("game", "move", "player", "line", "action", "code", "message")
    assert {k: verdict["error"][k] for k in keys} == {
        "game": 1,
        "move": 1,  # beside white's play on the .mat's line 1
        "player": "B",
        "line": None,
        "action": "62: 24/18 13/11",
        "code": "POINT_CLOSED",
        "message": "62: 24/18 13/11: 24/18 lands on a point the opponent holds (never condoned)",
    }
