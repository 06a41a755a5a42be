"""The details of a verdict a player or a tournament director reads: each error whole (where, code,
sentence), the parameters its sentence is made from (`Referee.stopped.params`, what every language
renders), and the example and legal plays of a variant whose plays differ from backgammon's. Each
expected value is worked out from the transcript and the rules in the comment above it."""

from __future__ import annotations

from typing import Any

from arbitru.formats.game_record import record_to_match
from arbitru.formats.mat import HIDDEN, ROLL, MatchFile, read_mat
from arbitru.referee import Excerpt, Referee, resolve_rules
from tests.referee.test_referee import OPEN, act, game, record, roll
from tests.referee.test_referee_errors_in_full import OPENING_LINES, mat, where


def refereed(match: MatchFile, lang: str = "en", excerpt: Excerpt | None = None) -> tuple[Referee, dict]:
    """The referee after its verdict (its `stopped` error keeps the sentence's parameters) and the verdict."""
    rules, problems = resolve_rules(match, match.rules)
    assert problems == []
    referee = Referee(match, rules, lang=lang, excerpt=excerpt)
    return referee, referee.verdict()


def from_record(data: dict[str, Any]) -> MatchFile:
    return record_to_match(data)


# -- a stated board that is no board ----------------------------------------------------------------
def test_an_excerpt_board_that_cannot_be_read_is_a_bad_start_position_naming_why():
    # an excerpt of a 5-point match at 0-0 whose board has "x" checkers on white's 6 point: no
    # count, so the board cannot be read; the error stands at the excerpt's start_position and says
    # why in the start_position's own words
    data = record(game(OPEN, score=[0, 0]), length=5)
    why = "invalid literal for int() with base 10: 'x'"
    for lang in ("en", "ro"):
        referee, verdict = refereed(
            from_record(data), lang, Excerpt((0, 0), {"white": {"points": {"6": "x"}}})
        )
        assert verdict["valid"] is False
        assert verdict["error"] == {
            **where(1, None, None, None, "start_position"),
            "code": "BAD_START_POSITION",
            "message": f"start_position: {why}",
        }
        assert referee.stopped is not None
        assert (referee.stopped.key, referee.stopped.params) == (
            "referee.BAD_START_POSITION.start_position",
            {"reason": why},
        )


# -- a play given without its kind -------------------------------------------------------------------
def without_play_kinds(match: MatchFile) -> MatchFile:
    """The match as a caller building its actions by hand may give it: every roll's play as text,
    its kind left at `Action`'s default (None), for the referee to read from the text."""
    for each in match.games:
        each.actions = [a._replace(play_kind=None) if a.kind == ROLL else a for a in each.actions]
    return match


# A on the bar against B's closed home board: A's 6-5 dances (nothing written), B plays 2-1.
CLOSED_OUT = {
    "white": {"points": {"13": 5, "8": 3, "6": 5}, "bar": 2},
    "black": {"points": {"6": 2, "5": 2, "4": 2, "3": 2, "2": 2, "1": 2, "13": 3}},
}
DANCE = [roll(0, [6, 5], ""), roll(1, [2, 1], "13/11 6/5")]


def test_plays_given_without_their_kind_are_read_from_their_text():
    # the opening and a dance, each roll's kind left out: the same verdict as with the kinds read
    for data in (record(game(OPEN)), record(game(DANCE, CLOSED_OUT))):
        _, as_read = refereed(from_record(data))
        _, without = refereed(without_play_kinds(from_record(data)))
        assert as_read["valid"] is True
        assert without == as_read


def test_a_play_given_without_its_kind_that_cannot_be_read_is_bad_notation():
    # A's 3-1 written "8/5 6/5x": a hit mark after a move that cannot hit is no notation
    data = record(game([roll(0, [3, 1], "8/5 6/5x"), roll(1, [4, 2], "8/4 6/4")]))
    referee, verdict = refereed(without_play_kinds(from_record(data)))
    assert verdict["valid"] is False
    error = {
        k: v for k, v in verdict["error"].items() if k not in ("position", "legal_plays", "legal_play_count")
    }
    assert referee.stopped is not None
    reason = referee.stopped.params["reason"]
    assert error == {
        **where(1, 1, "A", None, "31: 8/5 6/5x"),
        "code": "BAD_NOTATION",
        "message": f"cannot read the play of A: {reason}",
    }
    # the same sentence as the play read with its kind
    _, as_read = refereed(from_record(data))
    assert verdict == as_read


# -- the declared points ---------------------------------------------------------------------------
def test_points_written_above_a_games_worth_that_was_just_what_was_needed_are_no_cap():
    # a 1-point match: A doubles, B drops: A wins 1, just what A needed. "Wins 2 points" (line 7)
    # is neither the game's 1 nor a cap (a cap is a smaller count than the game's)
    text = mat(
        1, *OPENING_LINES, "  2)  Doubles => 2                 Drops", "      Wins 2 points and the match"
    )
    referee, verdict = refereed(read_mat(text))
    assert verdict["error"] == {
        **where(1, None, "A", 7, "Wins 2 points and the match"),
        "code": "WRONG_POINTS",
        "message": "the transcript gives 2 point(s) for game 1; the replay gives 1",
    }
    assert referee.stopped is not None
    assert referee.stopped.params == {"declared": 2, "game": 1, "points": 1}


def test_a_resignation_worth_at_most_what_was_needed_is_no_cap():
    # a 3-point match at 0-0: B resigns after the opening (no level marked): 1, 2 or 3 at cube 1;
    # A needed 3, the most it can be worth, so 4 (line 6) is no cap of it
    referee, verdict = refereed(read_mat(mat(3, *OPENING_LINES, "      Wins 4 points")))
    assert verdict["error"] == {
        **where(1, None, "A", 6, "Wins 4 points"),
        "code": "WRONG_POINTS",
        "message": "a resignation at cube 1 is worth 1, 2 or 3 point(s), not 4",
    }
    assert referee.stopped is not None
    assert referee.stopped.params == {"cube": 1, "possible": (1, 2, 3), "declared": 4}


def test_a_resignation_worth_more_than_was_needed_names_the_need():
    # a 2-point match: the same resignation, 1, 2 or 3; A needed 2: 4 is neither, nor the cap
    referee, verdict = refereed(read_mat(mat(2, *OPENING_LINES, "      Wins 4 points")))
    assert verdict["error"]["message"] == (
        "a resignation at cube 1 is worth 1, 2 or 3 point(s), not 4 (nor capped at 2, what A needed)"
    )
    assert referee.stopped is not None
    assert referee.stopped.params == {
        "cube": 1,
        "possible": (1, 2, 3),
        "declared": 4,
        "needed": 2,
        "winner": "A",
    }


# -- the resigner is never the winner ------------------------------------------------------------------
def test_the_right_hand_player_who_resigned_is_never_the_winner():
    # B (the right column) resigns after the opening; the result names B: the game is A's
    data = record(game([*OPEN, act(1, "resign")], result={"winner": 1, "points": 1}), length=3)
    referee, verdict = refereed(from_record(data))
    assert verdict["error"] == {
        **where(1, None, "B", None, ""),
        "code": "WRONG_WINNER",
        "message": (
            "the transcript says B won game 1, but B resigned it: an accepted resignation gives the game to A"
        ),
    }
    assert referee.stopped is not None
    assert referee.stopped.params == {"declared": "B", "game": 1, "winner": "A"}


# -- a variant's plays -------------------------------------------------------------------------------
# Long Nardy: both sides start with 15 checkers on their 24 point (the head), and only one checker
# may leave the head a turn (but on the first turn with 6-6, 4-4 or 3-3): A's opening 6-5 has one
# legal play, 24/13 (backgammon would also allow 24/19 24/18).
NARDY = {"preset": "long_nardy"}


def test_a_long_nardy_roll_written_with_nothing_names_a_long_nardy_play():
    data = record(game([roll(0, [6, 5], ""), roll(1, [2, 1], "24/22 24/23")]), rules=NARDY)
    _, verdict = refereed(from_record(data))
    assert verdict["error"] == {
        **where(1, 1, "A", None, "65:"),
        "code": "MUST_USE_ALL_DICE",
        "message": "A writes nothing for 6-5, but a legal play exists (e.g. 24/13)",
        "position": {  # as /v1/moves takes it back: no bar in Long Nardy, the first turns to come
            "board": {"white": {"points": {"24": 15}, "off": 0}, "black": {"points": {"24": 15}, "off": 0}},
            "turn": "white",
            "dice": [6, 5],
            "cube": {"value": 1, "owner": "centered"},
            "match": {"length": 0, "score": {"white": 0, "black": 0}, "crawford": False},
            "first_turn": {"white": True, "black": True},
        },
        "legal_play_count": 1,
        "legal_plays": ["24/13"],
    }


def test_a_long_nardy_head_rule_error_lists_the_long_nardy_plays():
    data = record(game([roll(0, [6, 5], "24/18 24/19")]), rules=NARDY)
    _, verdict = refereed(from_record(data))
    error = verdict["error"]
    assert (error["code"], error["legal_play_count"], error["legal_plays"]) == ("HEAD_RULE", 1, ["24/13"])


def test_a_hidden_play_given_without_its_text_is_quoted_as_nothing():
    # A's opening 3-1 given by hand as hidden (`HIDDEN`) with no text, then B plays on: the hidden
    # play is the error, quoting what was written: nothing
    match = from_record(record(game(OPEN)))
    first = match.games[0].actions[0]
    match.games[0].actions[0] = first._replace(play_text=None, play_kind=HIDDEN)
    referee, verdict = refereed(match)
    assert verdict["error"]["message"] == "the play of A is hidden ('') and the game goes on"
    assert referee.stopped is not None
    assert referee.stopped.params == {"player": "A", "play": ""}
