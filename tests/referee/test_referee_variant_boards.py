"""A variant's board is checked as that variant's board (`Variant.problems`): Long
Nardy's sides share points as Long Nardy lays them out (white's point p is black's p - 12 or
p + 12), and a Plakoto board has the slots of pinned checkers. The referee once asked
`Board.problems` with backgammon's layout and slots (a Long Nardy start refused, a Plakoto illegal
play without its legal plays): each case is the verdict a player would expect."""

from __future__ import annotations

from tests.referee.test_referee import game, record, roll
from tests.referee.test_referee_verdict_details import NARDY, from_record, refereed

# Long Nardy: each side's head (its 24) holds 14 checkers; white's fifteenth on its 10 point, black's
# on its 15 point. In Long Nardy white's 10 is black's 22 and black's 15 is white's 3: no point is
# held by both (in backgammon's layout white's 10 would be black's 15). A plays 2-1 10/8 24/23, B
# plays 2-1 15/13 24/23: both legal, the game goes on.
NARDY_START = {"white": {"points": {"24": 14, "10": 1}}, "black": {"points": {"24": 14, "15": 1}}}


def test_a_long_nardy_start_position_is_checked_in_long_nardys_layout():
    turns = [roll(0, [2, 1], "10/8 24/23"), roll(1, [2, 1], "15/13 24/23")]
    _, verdict = refereed(from_record(record(game(turns, NARDY_START), rules=NARDY)))
    assert verdict["error"] is None
    assert verdict["valid"] is True


def test_a_plakoto_illegal_play_lists_the_legal_plays():
    # Plakoto from its start: each side's 15 on its 24. A's 6-5 written 24/18 leaves the 5 unplayed;
    # the legal plays are 24/19 24/18 and 24/13
    _, verdict = refereed(from_record(record(game([roll(0, [6, 5], "24/18")]), rules={"preset": "plakoto"})))
    error = verdict["error"]
    assert error["code"] == "MUST_USE_ALL_DICE"
    assert (error.get("legal_play_count"), error.get("legal_plays")) == (2, ["24/19 24/18", "24/13"])


def test_a_plakoto_start_stated_as_a_board_lists_the_legal_plays():
    # the same board stated as the game's start position (read without pins) lists them: what the
    # test above expects of the variant's own start
    start = {"white": {"points": {"24": 15}}, "black": {"points": {"24": 15}}}
    turns = [roll(0, [6, 5], "24/18")]
    _, verdict = refereed(from_record(record(game(turns, start), rules={"preset": "plakoto"})))
    error = verdict["error"]
    assert (error["code"], error["legal_play_count"], error["legal_plays"]) == (
        "MUST_USE_ALL_DICE",
        2,
        ["24/19 24/18", "24/13"],
    )
