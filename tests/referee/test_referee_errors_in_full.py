"""The referee's first error in full: where it stands (game, move, player, line, action as written),
its code and its sentence in English and in Romanian, and for a roll the position it was played
from. Each transcript is a short .mat a player can read line by line; the expected error is
worked out from the transcript and the rules in the comment above it (line numbers counted in the
text), not copied from the referee's output.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitru.engine.board import Board
from arbitru.formats.game_record import RecordError, record_to_match
from arbitru.formats.mat import read_mat
from arbitru.formats.xgid import board_from_xg
from arbitru.referee import Excerpt, Referee, RefereeError, resolve_rules, verify
from tests.referee.test_referee import OPEN, START, act, game, record, roll

SCORES = " A : {0}                          B : {1}"


def mat(length: int, *lines: str, header: str = "") -> str:
    """A transcript: line 1 ` N point match` (after `header`'s lines), line 2 blank, then `lines`."""
    head = f"{header}\n" if header else ""
    return head + f" {length} point match\n\n" + "\n".join(lines) + "\n"


def referee(text: str, mode: str = "legal-moves-only", lang: str = "en") -> dict[str, Any]:
    match = read_mat(text)
    rules, problems = resolve_rules(match, None)
    assert problems == []
    return verify(match, rules, mode, lang=lang)


def error_of(verdict: dict[str, Any]) -> dict[str, Any]:
    """The error without the position (checked on its own where it matters)."""
    assert verdict["valid"] is False
    return {
        k: v for k, v in verdict["error"].items() if k not in ("position", "legal_plays", "legal_play_count")
    }


def where(game: int, move: int | None, player: str | None, line: int | None, action: str | None) -> dict:
    return {"game": game, "move": move, "player": player, "line": line, "action": action}


OPENING_LINES = (" Game 1", SCORES.format(0, 0), "  1) 31: 8/5 6/5                 42: 8/4 6/4")

# name -> (transcript, the error's where, code, English, Romanian)
CASES: dict[str, tuple[str, dict[str, Any], str, str, str]] = {
    # A doubles, B drops: A wins 1 (line 7). "and the match" at 1-0 in a 5-point match is not so.
    "and the match, but the match goes on": (
        mat(
            5, *OPENING_LINES, "  2)  Doubles => 2                 Drops", "      Wins 1 point and the match"
        ),
        where(1, None, "A", 7, "Wins 1 point and the match"),
        "MATCH_NOT_OVER",
        "'Wins 1 point and the match', but the score is 1-0 in a 5-point match",
        "'Wins 1 point and the match', dar scorul este 1-0 într-o partidă la 5 puncte",
    ),
    # the same in a money session: the running total is 1-0 and a money session has no match to win
    "and the match, in a money session": (
        mat(
            0, *OPENING_LINES, "  2)  Doubles => 2                 Drops", "      Wins 1 point and the match"
        ),
        where(1, None, "A", 7, "Wins 1 point and the match"),
        "MATCH_NOT_OVER",
        "'Wins 1 point and the match', but the score is 1-0 in a money session",
        "'Wins 1 point and the match', dar scorul este 1-0 într-o sesiune pe bani",
    ),
    # B's Wins line (right column, line 7) after A's double was dropped: the replay says A won
    "the wrong winner": (
        mat(
            5,
            *OPENING_LINES,
            "  2)  Doubles => 2                 Drops",
            "                                 Wins 1 point",
        ),
        where(1, None, "B", 7, "Wins 1 point"),
        "WRONG_WINNER",
        "the transcript says B won game 1, the replay says A",
        "transcrierea spune că B a câștigat jocul 1, reluarea spune A",
    ),
    # a dropped first double is worth 1; A needed 5 in a 5-point match, so 2 (line 7) is neither (and
    # 1 is below the 5 A needed: no cap, so the need goes unsaid)
    "points that are neither the game's nor what was needed": (
        mat(5, *OPENING_LINES, "  2)  Doubles => 2                 Drops", "      Wins 2 points"),
        where(1, None, "A", 7, "Wins 2 points"),
        "WRONG_POINTS",
        "the transcript gives 2 point(s) for game 1; the replay gives 1",
        "transcrierea dă 2 punct(e) pentru jocul 1; reluarea dă 1",
    ),
    # game 2 says 0-0 after A won game 1 by a drop (1-0)
    "a game header with the wrong score": (
        mat(
            5,
            *OPENING_LINES,
            "  2)  Doubles => 2                 Drops",
            "      Wins 1 point",
            "",
            " Game 2",
            SCORES.format(0, 0),
            "  1) 31: 8/5 6/5",
        ),
        where(2, None, None, 10, "A : 0    B : 0"),
        "SCORE_MISMATCH",
        "game 2 starts at 0-0, but the replay has 1-0",
        "jocul 2 începe la 0-0, dar reluarea dă 1-0",
    ),
    # the same in a money session: the header must carry the running total
    "a money session's header without the running total": (
        mat(
            0,
            *OPENING_LINES,
            "  2)  Doubles => 2                 Drops",
            "      Wins 1 point",
            "",
            " Game 2",
            SCORES.format(0, 0),
            "  1) 31: 8/5 6/5",
        ),
        where(2, None, None, 10, "A : 0    B : 0"),
        "SCORE_MISMATCH",
        "game 2 starts at 0-0, but the replay has 1-0 (a money session's running total)",
        "jocul 2 începe la 0-0, dar reluarea dă 1-0 (totalul curent al unei sesiuni pe bani)",
    ),
    # a 1-point match is over after game 1; game 2 (line 8) may not be played
    "a game after the match was won": (
        mat(
            1,
            *OPENING_LINES,
            "  2)  Doubles => 2                 Drops",
            "      Wins 1 point and the match",
            "",
            " Game 2",
            SCORES.format(1, 0),
            "  1) 31: 8/5 6/5",
        ),
        where(2, None, None, 9, "Game 2"),
        "MATCH_ALREADY_OVER",
        "game 2 is played after A already won the match",
        "jocul 2 se joacă după ce A a câștigat deja partida",
    ),
    # game 1 has no result and game 2 follows: the error points at game 1's last action (B's 4-2)
    "an unfinished game followed by another": (
        mat(5, *OPENING_LINES, "", " Game 2", SCORES.format(0, 0), "  1) 31: 8/5 6/5"),
        where(1, 1, "B", None, None),
        "GAME_NOT_FINISHED",
        "game 1 ends without a result (no bear-off, drop or 'Wins' line)",
        "jocul 1 se încheie fără rezultat (nicio scoatere a tuturor pulurilor, niciun refuz,"
        " nicio linie 'Wins')",
    ),
    # game 1 has no action at all: the error points at its header (line 3)
    "an empty game followed by another": (
        mat(5, " Game 1", SCORES.format(0, 0), "", " Game 2", SCORES.format(0, 0), "  1) 31: 8/5 6/5"),
        where(1, None, None, 3, "Game 1"),
        "GAME_NOT_FINISHED",
        "game 1 ends without a result (no bear-off, drop or 'Wins' line)",
        "jocul 1 se încheie fără rezultat (nicio scoatere a tuturor pulurilor, niciun refuz,"
        " nicio linie 'Wins')",
    ),
    # B takes a double nobody offered (line 5, move 1)
    "a take with no double": (
        mat(5, " Game 1", SCORES.format(0, 0), "  1) 31: 8/5 6/5                  Takes"),
        where(1, 1, "B", 5, "Takes"),
        "NO_DOUBLE_TO_ANSWER",
        "B answers (take) but nobody doubled",
        "B răspunde (take), dar nimeni nu a dublat",
    ),
    # A doubles, then B rolls without answering
    "a roll before the double is answered": (
        mat(5, *OPENING_LINES, "  2)  Doubles => 2                 42: 8/4 6/4"),
        where(1, 2, "B", 6, "42: 8/4 6/4"),
        "DOUBLE_NOT_ANSWERED",
        "B rolls while the double of A is not answered",
        "B aruncă zarurile înainte ca oferta (double) lui A să primească răspuns",
    ),
    # a double before anyone rolled (line 5)
    "a double before the opening roll": (
        mat(5, " Game 1", SCORES.format(0, 0), "  1)  Doubles => 2"),
        where(1, 1, "A", 5, "Doubles => 2"),
        "OUT_OF_TURN",
        "A doubles before the opening roll",
        "A dublează înaintea aruncării de deschidere",
    ),
    # A doubles on B's turn (A just played; line 6)
    "a double on the other player's turn": (
        mat(5, " Game 1", SCORES.format(0, 0), "  1) 31: 8/5 6/5", "  2)  Doubles => 2"),
        where(1, 2, "A", 6, "Doubles => 2"),
        "OUT_OF_TURN",
        "A doubles on B's turn",
        "A dublează când este rândul lui B",
    ),
    # a double to 4 from a centred cube at 1
    "a double to the wrong value": (
        mat(5, *OPENING_LINES, "  2)  Doubles => 4"),
        where(1, 2, "A", 6, "Doubles => 4"),
        "CUBE_VALUE_MISMATCH",
        "the cube is at 1; a double takes it to 2, not 4",
        "cubul este la 1; o dublare îl duce la 2, nu la 4",
    ),
}


# More of the same, in English (the Romanian of each text is the same code path, checked above).
# name -> (transcript, the error's where, code, English)
MORE: dict[str, tuple[str, dict[str, Any], str, str]] = {
    # A rolls twice running (lines 5 and 6, both in A's column)
    "a roll out of turn": (
        mat(5, " Game 1", SCORES.format(0, 0), "  1) 31: 8/5 6/5", "  2) 42: 8/4 6/4"),
        where(1, 2, "A", 6, "42: 8/4 6/4"),
        "OUT_OF_TURN",
        "A rolls, but it is B's turn",
    ),
    # A doubles (line 6) and answers its own double (line 7)
    "an answer to one's own double": (
        mat(5, *OPENING_LINES, "  2)  Doubles => 2", "  3)  Takes"),
        where(1, 3, "A", 7, "Takes"),
        "OUT_OF_TURN",
        "A answers its own double",
    ),
    # B drops (line 6): the game is over, yet A rolls on (line 7)
    "a roll after a drop": (
        mat(5, *OPENING_LINES, "  2)  Doubles => 2                 Drops", "  3) 31: 13/10 6/5"),
        where(1, 3, "A", 7, "31: 13/10 6/5"),
        "ACTION_AFTER_GAME_OVER",
        "game 1 is already over (double dropped)",
    ),
    # the Wins line (line 6) comes before A's next roll (line 7)
    "a roll after the result": (
        mat(5, *OPENING_LINES, "      Wins 1 point", "  2) 31: 13/10 6/5"),
        where(1, 2, "A", 7, "31: 13/10 6/5"),
        "ACTION_AFTER_GAME_OVER",
        "A acts after the game's result was written",
    ),
    "a hidden play the game goes on after": (
        mat(5, " Game 1", SCORES.format(0, 0), "  1) 31: ????                    42: 8/4 6/4"),
        where(1, 1, "A", 5, "31: ????"),
        "HIDDEN_PLAY",
        "the play of A is hidden ('????') and the game goes on",
    ),
    "an opening doublet": (
        mat(5, " Game 1", SCORES.format(0, 0), "  1) 33: 8/5(2) 6/3(2)"),
        where(1, 1, "A", 5, "33: 8/5(2) 6/3(2)"),
        "OPENING_ROLL_DOUBLET",
        "the opening roll 3-3 is a doublet; in a standard game the first roll never is",
    ),
    # B redoubles (right column of line 6) while A's double waits for an answer
    "a double before the last one is answered": (
        mat(5, *OPENING_LINES, "  2)  Doubles => 2                 Doubles => 4"),
        where(1, 2, "B", 6, "Doubles => 4"),
        "DOUBLE_NOT_ANSWERED",
        "B doubles while the double of A is not answered",
    ),
    # B took at 2 (line 6), so B owns the cube; A doubles again (line 8)
    "a double by the player who does not own the cube": (
        mat(
            5,
            *OPENING_LINES,
            "  2)  Doubles => 2                 Takes",
            "  3) 31: 13/10 6/5                31: 13/10 6/5",
            "  4)  Doubles => 4",
        ),
        where(1, 4, "A", 8, "Doubles => 4"),
        "NOT_CUBE_OWNER",
        "A may not double: Only the owner of the cube (Black) may double.",  # colours said capitalised
    ),
    # a resignation at cube 1 in a 7-point match is worth 1, 2 or 3; A needed 7, not 5
    "a resignation worth neither the points written nor the need": (
        mat(7, *OPENING_LINES, "      Wins 5 points"),
        where(1, None, "A", 6, "Wins 5 points"),
        "WRONG_POINTS",
        "a resignation at cube 1 is worth 1, 2 or 3 point(s), not 5",
    ),
}


@pytest.mark.parametrize("name", sorted(MORE))
def test_more_first_errors_in_full(name: str) -> None:
    text, place, code, english = MORE[name]
    assert error_of(referee(text)) == {**place, "code": code, "message": english}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_first_error_in_full_in_english_and_in_romanian(name: str) -> None:
    text, place, code, english, romanian = CASES[name]
    assert error_of(referee(text)) == {**place, "code": code, "message": english}
    assert error_of(referee(text, lang="ro")) == {**place, "code": code, "message": romanian}


# -- stated start positions -------------------------------------------------------------------------
def verdict_of(data: dict[str, Any], mode: str = "legal-moves-only", lang: str = "en") -> dict[str, Any]:
    match = record_to_match(data)
    rules, problems = resolve_rules(match, data.get("rules"))
    assert problems == []
    return verify(match, rules, mode, lang=lang)


def test_a_start_position_that_is_not_a_board_is_refused_at_input_naming_the_field():
    # "6": "five" is no checker count: the record is not well formed (as the routes' `board` is not)
    bad = {"white": {"points": {"6": "five"}}, "black": START["black"]}
    with pytest.raises(RecordError) as refused:
        record_to_match(record(game(OPEN, bad)))
    assert [path for path, _ in refused.value.problems] == ["record.games[0].start_position.white.points.6"]


def test_a_start_position_with_sixteen_checkers_is_not_a_valid_board():
    sixteen = {"white": {"points": {"6": 8, "8": 8}}, "black": START["black"]}
    for lang, message in [
        ("en", "the stated start position is not valid: has 16 checkers; each side has exactly 15"),
    ]:
        error = error_of(verdict_of(record(game(OPEN, sixteen)), lang=lang))
        assert error == {
            **where(1, None, None, None, "start_position"),
            "code": "BAD_START_POSITION",
            "message": message,
        }


# White (uppercase) on its 6, 8, 13 and 24 points, black (lowercase) the same: the opening board.
XG_OPENING = "-b----E-C---eE---c-e----B-"


def test_a_set_pos_line_that_is_no_xg_position_names_its_line():
    # line 5: "; Set Pos=" with a position of the wrong length
    text = mat(5, " Game 1", SCORES.format(0, 0), "; Set Pos=-b----E", "  1) 31: 8/5 6/5")
    error = error_of(referee(text))
    assert {k: error[k] for k in ("game", "move", "player", "line", "action", "code")} == {
        **where(1, None, None, 5, "; Set Pos=-b----E"),
        "code": "BAD_START_POSITION",
    }
    assert error["message"].startswith("Set Pos: ")


def test_a_set_pos_board_with_too_many_checkers_names_its_line():
    # White's 6 point "E" (5) made "F" (6): 16 on the board, so the borne-off count an XG string
    # leaves to be worked out (15 minus those on the board) is -1
    sixteen = XG_OPENING.replace("E", "F", 1)
    text = mat(5, " Game 1", SCORES.format(0, 0), f"; Set Pos={sixteen}", "  1) 31: 8/5 6/5")
    assert error_of(referee(text)) == {
        **where(1, None, None, 5, f"; Set Pos={sixteen}"),
        "code": "BAD_START_POSITION",
        "message": "the stated start position is not valid: must not be negative",
    }


# -- the error's position ---------------------------------------------------------------------------
def test_an_illegal_roll_is_reported_with_the_position_it_was_played_from():
    # A 2-point match: A wins game 1 by a drop (1-0), so game 2 is the Crawford game. There B's
    # 6-1 is written 13/7 only: both dice can be played. The position: the opening board, B to
    # play 6-1, a centred cube at 1, 1-0 in the Crawford game of a 2-point match.
    verdict = referee(
        mat(
            2,
            *OPENING_LINES,
            "  2)  Doubles => 2                 Drops",
            "      Wins 1 point",
            "",
            " Game 2",
            SCORES.format(1, 0),
            "  1)                                61: 13/7",
        )
    )
    position = verdict["error"]["position"]
    assert position == {
        "board": Board.initial().to_dict(),
        "turn": "black",
        "dice": [6, 1],
        "cube": {"value": 1, "owner": "centered"},
        "match": {"length": 2, "score": {"white": 1, "black": 0}, "crawford": True},
    }
    assert "13/7 8/7" in verdict["error"]["legal_plays"]
    assert verdict["error"]["legal_play_count"] == len(verdict["error"]["legal_plays"])


def test_the_referee_error_says_its_english_message():
    error = RefereeError(
        "WRONG_WINNER", "referee.WRONG_WINNER", {"declared": "A", "game": 1, "winner": "B"}, {}
    )
    assert str(error) == "the transcript says A won game 1, the replay says B"
    assert error.message("ro") == "transcrierea spune că A a câștigat jocul 1, reluarea spune B"


def test_a_condoned_play_is_said_in_the_language_asked_for():
    # A's 6-1 written 13/7 8/7 6/5: three moves for two dice, condoned under the illegal-moves rule
    data = record(game([roll(0, [6, 1], "13/7 8/7 6/5")], START))
    for lang, message in [
        ("en", "61: 13/7 8/7 6/5: 6/5 needs a die, but the play has already used all of 6-1"),
        ("ro", "61: 13/7 8/7 6/5: 6/5 cere un zar, dar mutarea a folosit deja toate zarurile din 6-1"),
    ]:
        condoned = verdict_of(data, "illegal-moves-rule", lang)["condoned"]
        assert [(c["code"], c["message"]) for c in condoned] == [("TOO_MANY_MOVES", message)]


def test_a_money_win_declared_at_the_wrong_value_names_no_need():
    # Money play, game 2 at 1-0: a dropped first double is worth 1, not 3; a money session has no
    # points a player still needs, however many A already has.
    dropped = [*OPEN, act(0, "double", cube=2), act(1, "drop")]
    data = record(
        game(dropped, result={"winner": 0, "points": 1}),
        game(dropped, score=[1, 0], result={"winner": 0, "points": 3}, number=2),
    )
    error = error_of(verdict_of(data))
    assert (error["code"], error["message"]) == (
        "WRONG_POINTS",
        "the transcript gives 3 point(s) for game 2; the replay gives 1",
    )


def test_each_game_entry_says_how_the_game_ended_and_whether_its_points_were_capped():
    # game 1: A doubles, B drops: A wins a single game at the cube before the double (1), the Wins
    # line says exactly 1 (nothing capped). Game 2 ends unfinished (the last game may).
    dropped = [*OPEN, act(0, "double", cube=2), act(1, "drop")]
    verdict = verdict_of(
        record(game(dropped, result={"winner": 0, "points": 1}), game(OPEN, score=[1, 0], number=2), length=5)
    )
    assert verdict["valid"], verdict["error"]
    assert verdict["games"] == [
        {
            "game": 1,
            "start_score": [0, 0],
            "crawford_game": False,
            "winner": "A",
            "points": 1,
            "cube": 1,
            "result": "single",
            "ended_by": "drop",
            "declared_points": 1,
            "capped": False,
        },
        {
            "game": 2,
            "start_score": [1, 0],
            "crawford_game": False,
            "winner": None,
            "points": None,
            "cube": 1,
            "result": None,
            "ended_by": None,
            "declared_points": None,
            "capped": False,
        },
    ]
    assert (verdict["final_score"], verdict["winner"]) == ([1, 0], None)


# -- a roll written as nothing, or as "Cannot Move", where a play exists --------------------------------
# A's last checker on its 24 point, 14 off; B holds A's 13 and 23 points. With 6-5 the checker can
# go 24/18 or 24/19 but no further (13 is closed either way), so only one die plays, the higher: the
# one legal play is 24/18.
ONE_PLAY = {"white": {"points": {"24": 1}, "off": 14}, "black": {"points": {"12": 2, "2": 13}}}


@pytest.mark.parametrize(
    ("written", "english", "romanian_start"),
    [
        ("", "A writes nothing for 6-5, but a legal play exists (e.g. 24/18)", "A nu scrie nimic"),
        (
            "Cannot Move",
            "A writes 'Cannot Move' for 6-5, but a legal play exists (e.g. 24/18)",
            "A scrie 'Cannot Move'",
        ),
        ("24/19", "65: 24/19: only one die of 6-5 can be played: it must be the 6", "65: 24/19: "),
    ],
)
def test_a_roll_played_short_names_what_was_written_and_a_legal_play(written, english, romanian_start):
    data = record(game([roll(0, [6, 5], written), act(1, "double")], ONE_PLAY))
    error = verdict_of(data)["error"]
    assert (error["code"], error["message"]) == (
        "MUST_PLAY_HIGHER_DIE" if written == "24/19" else "MUST_USE_ALL_DICE",
        english,
    )
    assert error["legal_plays"] == ["24/18"] and error["legal_play_count"] == 1
    assert verdict_of(data, lang="ro")["error"]["message"].startswith(romanian_start)


def test_a_language_without_texts_gets_the_rulings_in_english():
    # both plays condoned under the illegal-moves rule, the judge's reason quoted inside, in English
    data = record(game([roll(0, [6, 1], "13/7 8/7 6/5"), roll(1, [6, 1], "13/7")], START))
    verdict = verdict_of(data, "illegal-moves-rule", lang="fr")
    assert [c["message"] for c in verdict["condoned"]] == [
        "61: 13/7 8/7 6/5: 6/5 needs a die, but the play has already used all of 6-1",
        "61: 13/7: 6-1 can be played with 2 dice; the play uses 1",
    ]


def test_an_impossible_play_is_never_condoned_and_says_why():
    # 12/6: white's 12 is black's 13 (five there), and white has none: an opponent's checker moved
    data = record(game([roll(0, [6, 1], "12/6 8/7")], START))
    error = error_of(verdict_of(data, "illegal-moves-rule"))
    assert error == {
        **where(1, 1, "A", None, "61: 12/6 8/7"),
        "code": "OPPONENT_CHECKER_MOVED",
        "message": "61: 12/6 8/7: 12/6 moves an opponent's checker (white has none there) (never condoned)",
    }


def test_a_beaver_where_the_rules_allow_none_is_refused_with_the_cube_rules_reason():
    # money play without beavers: B answers A's double with a beaver (beside it, on the .mat's line 2)
    data = record(game([*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=4)]))
    error = error_of(verdict_of(data))
    assert error == {
        **where(1, 2, "B", None, "Beaver => 4"),
        "code": "BEAVERS_NOT_ALLOWED",
        "message": "B may not beaver: Beavers are not allowed under these rules.",
    }
    # in Romanian, the cube rules' reason too
    assert error_of(verdict_of(data, lang="ro"))["message"] == (
        "B nu poate răspunde cu beaver: Redublarea imediată (beaver) nu este permisă în aceste reguli."
    )


def test_a_beaver_written_at_the_wrong_value():
    # with beavers on, B's beaver of A's double to 2 takes the cube to 4, not 8
    data = record(game([*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=8)]), rules={"beavers": True})
    error = error_of(verdict_of(data))
    assert error == {
        **where(1, 2, "B", None, "Beaver => 8"),
        "code": "CUBE_VALUE_MISMATCH",
        "message": "a beaver takes the cube to 4, not 8",
    }


def test_a_start_position_with_two_faults_names_both():
    # white 16 checkers, black 14 (one borne off written as none): two faults, said one after the other
    board = {"white": {"points": {"6": 8, "8": 8}}, "black": {"points": {"6": 14}, "off": 0}}
    error = error_of(verdict_of(record(game(OPEN, board))))
    assert error["message"] == (
        "the stated start position is not valid: has 16 checkers; each side has exactly 15;"
        " has 14 checkers; each side has exactly 15"
    )


def test_a_set_pos_line_that_is_no_xg_position_says_why():
    try:
        board_from_xg("-b----E", 15)
    except ValueError as exc:
        reason = str(exc)
    text = mat(5, " Game 1", SCORES.format(0, 0), "; Set Pos=-b----E", "  1) 31: 8/5 6/5")
    assert error_of(referee(text))["message"] == f"Set Pos: {reason}"


# Hypergammon: three checkers each, on the 24, 23 and 22 points; the rest of a side is borne off.
HYPER = {"white": {"points": {"24": 1, "23": 1, "22": 1}}, "black": {"points": {"24": 1, "23": 1, "22": 1}}}
HYPER_XG = "-aaa" + "-" * 18 + "AAA-"  # white (uppercase) on 22, 23, 24; black on white's 1, 2, 3


@pytest.mark.parametrize("start", ["start_position", "set_position"])
def test_a_stated_hypergammon_board_counts_three_checkers_a_side(start):
    # with 3 checkers a side, none is borne off: a valid board (with 15, twelve would be off)
    stated = {"start_position": HYPER} if start == "start_position" else {"set_position": HYPER_XG}
    data = record(
        {"game": 1, "start_score": [0, 0], "turns": [roll(0, [3, 1], "24/21 22/21")], **stated},
        rules={"variant": "hypergammon"},
    )
    verdict = verdict_of(data)
    assert verdict["valid"], verdict["error"]


def test_an_illegal_hypergammon_play_lists_the_legal_plays_of_a_three_checker_side():
    # 3-1 written 24/21 alone leaves the 1 unplayed: the error counts and lists the legal plays, the
    # board checked as hypergammon's (three checkers a side), not as one missing twelve
    data = record(
        {"game": 1, "start_score": [0, 0], "turns": [roll(0, [3, 1], "24/21")], "start_position": HYPER},
        rules={"variant": "hypergammon"},
    )
    error = verdict_of(data)["error"]
    assert error["code"] == "MUST_USE_ALL_DICE"
    plays = ["24/21 23/22", "24/21 22/21", "23/20 22/21", "24/23 22/19", "24/20", "23/19", "22/18"]
    assert (error["legal_play_count"], error["legal_plays"]) == (7, plays)


def test_an_unfinished_game_is_pointed_at_by_its_last_action():
    # game 1 has three actions (A, B, A) and no result; game 2 follows: the last is A's 5-2, on the
    # .mat's line 2
    data = record(game([*OPEN, roll(0, [5, 2], "13/8 13/11")]), game(OPEN, number=2), length=5)
    error = error_of(verdict_of(data))
    assert (error["move"], error["player"], error["code"]) == (2, "A", "GAME_NOT_FINISHED")


@pytest.mark.parametrize(("listed", "shown"), [(16, True), (15, False)])
def test_the_legal_plays_are_listed_up_to_the_limit_and_always_counted(monkeypatch, listed, shown):
    # the opening 3-1 has 16 legal plays; A writes 8/5 only
    monkeypatch.setattr("arbitru.referee.machine.LISTED_PLAYS", listed)
    error = verdict_of(record(game([roll(0, [3, 1], "8/5")])))["error"]
    assert error["legal_play_count"] == 16
    assert ("legal_plays" in error) is shown
    if shown:
        assert len(error["legal_plays"]) == 16 and "8/5 6/5" in error["legal_plays"]


# -- resignations ----------------------------------------------------------------------------------
def entry(verdict: dict[str, Any]) -> tuple[Any, ...]:
    assert verdict["valid"], verdict["error"]
    first = verdict["games"][0]
    return first["winner"], first["points"], first["result"], first["ended_by"], first["capped"]


def test_a_resignation_with_no_wins_line_is_won_by_the_other_player():
    # A (white) resigns a gammon in a 5-point match, the last game: B wins 2 at cube 1
    verdict = verdict_of(record(game([*OPEN, act(0, "resign", level="gammon")]), length=5))
    assert entry(verdict) == ("B", 2, "gammon", "resign", False)


def test_jacoby_never_lowers_a_resigned_gammon_in_a_match():
    # a 5-point match under rules with Jacoby on: a gammon resigned at a centred cube still counts 2
    data = record(game(OPEN, result={"winner": 0, "points": 2}), length=5, rules={"jacoby": True})
    assert entry(verdict_of(data)) == ("A", 2, "gammon", "resign", False)


def test_a_resigned_gammon_in_a_1_point_match_is_capped_at_the_point_needed():
    # 1-point match, Jacoby on in the rules (not in a match): B resigns a gammon, worth 2, written as
    # the 1 point A needed
    data = record(
        game(
            [*OPEN, act(1, "resign", level="gammon")],
            result={"winner": 0, "points": 1, "and_the_match": True},
        ),
        length=1,
        rules={"jacoby": True},
    )
    assert entry(verdict_of(data)) == ("A", 2, "gammon", "resign", True)


def test_a_money_resignation_worth_neither_says_what_it_may_be_worth():
    # money play at cube 1, no Jacoby: a resignation is worth 1, 2 or 3, not 5 (nothing is needed)
    error = error_of(verdict_of(record(game(OPEN, result={"winner": 0, "points": 5}))))
    assert (error["code"], error["message"]) == (
        "WRONG_POINTS",
        "a resignation at cube 1 is worth 1, 2 or 3 point(s), not 5",
    )


def test_a_condoned_empty_play_is_said_in_romanian():
    # A writes nothing for 6-5 where 24/18 can be played: condoned under the illegal-moves rule
    verdict = verdict_of(
        record(game([roll(0, [6, 5], ""), act(1, "double")], ONE_PLAY)), "illegal-moves-rule", "ro"
    )
    assert [(c["code"], c["message"]) for c in verdict["condoned"]] == [
        ("MUST_USE_ALL_DICE", "A nu scrie nimic pentru 6-5, dar există o mutare legală (de ex. 24/18)")
    ]


# -- the cube, further --------------------------------------------------------------------------------
def test_a_raccoon_answers_a_beaver_and_the_take_leaves_the_cube_at_eight():
    # money play with beavers and raccoons: A doubles to 2, B beavers to 4, A raccoons to 8, B takes;
    # A then wins a single game by resignation: 8 points
    data = record(
        game(
            [
                *OPEN,
                act(0, "double", cube=2),
                act(1, "beaver", cube=4),
                act(0, "raccoon", cube=8),
                act(1, "take"),
            ],
            result={"winner": 0, "points": 8},
        ),
        rules={"beavers": True, "raccoons": True},
    )
    verdict = verdict_of(data)
    assert entry(verdict) == ("A", 8, "single", "resign", False)
    assert verdict["games"][0]["cube"] == 8


def test_a_beaver_dropped_by_the_doubler_is_worth_the_double():
    # A doubles to 2, B beavers to 4, then B's Wins line: A dropped the beaver, B wins 2
    data = record(
        game([*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=4)], result={"winner": 1, "points": 2}),
        rules={"beavers": True},
    )
    assert entry(verdict_of(data)) == ("B", 2, "single", "drop", False)


def test_no_beaver_in_a_1_point_match_either():
    data = record(
        game([*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=4)]), length=1, rules={"beavers": True}
    )
    assert error_of(verdict_of(data))["code"] == "NO_BEAVERS_IN_MATCH"


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("ro", "A nu poate dubla: Doar cel care deține cubul (Negrul) poate dubla."),
        ("fr", "A may not double: Only the owner of the cube (Black) may double."),
    ],
)
def test_a_refused_double_quotes_the_cube_rules_in_the_language_asked_for(lang, message):
    # B took at 2 and owns the cube; A doubles again
    turns = [*OPEN, act(0, "double", cube=2), act(1, "take"), *OPEN, act(0, "double", cube=4)]
    assert error_of(verdict_of(record(game(turns)), lang=lang))["message"] == message


# -- a game ended on the board ----------------------------------------------------------------------
def test_a_bear_off_in_a_match_scores_the_gammon_without_jacoby():
    # A's last checker on its 6 point, B none off and none in A's home: 6/off ends the game with a
    # gammon, 2 points in a 5-point match though the rules say Jacoby
    start = {"white": {"points": {"6": 1}}, "black": {"points": {"13": 15}, "off": 0}}
    data = record(game([roll(0, [6, 1], "6/off")], start), length=5, rules={"jacoby": True})
    assert entry(verdict_of(data)) == ("A", 2, "gammon", "bearoff", False)


def test_a_hit_mark_on_a_hop_that_hits_nothing_is_not_held_against_a_transcript():
    # A's 6-1 written 13/7* 8/7 at the start: nothing to hit on 7, but exporters mark hits their own
    # way; the play is 13/7 8/7 (A's 7 point made), and B's 6-1 then plays on from that board
    data = record(game([roll(0, [6, 1], "13/7* 8/7"), roll(1, [6, 1], "13/7 8/7")]))
    verdict = verdict_of(data)
    assert verdict["valid"] and verdict["error"] is None and verdict["condoned"] == []


def test_a_play_the_transcript_marks_illegal_names_the_dice_as_rolled():
    error = error_of(verdict_of(record(game([roll(0, [3, 1], "Illegal play (1;2;3)")]))))
    assert error == {
        **where(1, 1, "A", None, "31: Illegal play (1;2;3)"),
        "code": "ILLEGAL_PLAY_MARKED",
        "message": "the transcript marks the 3-1 of A as an illegal play, not the play",
    }


def test_a_play_that_cannot_be_read_is_pointed_at_with_its_position():
    verdict = verdict_of(record(game([roll(0, [3, 1], "8/5 6/5x")])))
    error = verdict["error"]
    assert {k: error[k] for k in ("game", "move", "player", "line", "action", "code")} == {
        **where(1, 1, "A", None, "31: 8/5 6/5x"),
        "code": "BAD_NOTATION",
    }
    assert error["message"] == (
        "cannot read the play of A: cannot read '6/5x': "
        "expected moves like 24/18, bar/22, 6/off, 13/7*, 8/5(2)"
    )
    assert error["position"]["dice"] == [3, 1] and error["legal_play_count"] == 16
    # in Romanian, the notation's reason too
    assert error_of(verdict_of(record(game([roll(0, [3, 1], "8/5 6/5x")])), lang="ro"))["message"] == (
        "mutarea lui A nu se poate citi: '6/5x' nu se poate citi: "
        "se așteptau mutări ca 24/18, bar/22, 6/off, 13/7*, 8/5(2)"
    )


def test_the_player_who_beavered_may_not_roll_before_the_beaver_is_answered():
    # B beavers A's double, then B rolls: A has not taken (only A's roll takes a beaver)
    turns = [*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=4), roll(1, [3, 1], "8/5 6/5")]
    error = error_of(verdict_of(record(game(turns), rules={"beavers": True})))
    assert (error["code"], error["message"]) == (
        "DOUBLE_NOT_ANSWERED",
        "B rolls while the beaver of B is not answered",
    )


# -- a hop written past the blot it must hit; excerpts; the referee's defaults -----------------------
PAST_THE_BLOT = {
    "white": {"points": {"24": 2, "13": 5, "10": 3, "6": 5}},
    "black": {"points": {"17": 1, "18": 2, "13": 2, "8": 3, "6": 5, "24": 2}},
}


def test_a_hop_written_past_the_blot_it_must_hit_is_taken_as_the_hit():
    # A's 6-5 written 13/2: with 7 closed the only way is 13/8*/2, so B's blot on A's 8 is hit.
    # B must then enter first: B's 13/7 8/7 is the first error, at move 1 (beside A's play).
    data = record(game([roll(0, [6, 5], "13/2"), roll(1, [6, 1], "13/7 8/7")], PAST_THE_BLOT))
    error = error_of(verdict_of(data))
    assert (error["move"], error["code"]) == (1, "MUST_ENTER_FROM_BAR")


def excerpt_verdict(data: dict[str, Any], excerpt: Excerpt) -> dict[str, Any]:
    match = record_to_match(data)
    rules, _ = resolve_rules(match, None)
    return verify(match, rules, excerpt=excerpt)


def test_an_excerpt_starts_from_its_board_score_and_crawford_game():
    # a 5-point match excerpt at 4-0, the Crawford game, from A's last checker on its 6 point:
    # A bears it off with 6-1; B has none off and none in A's home: a gammon, 2 points, 6-0
    start = {"white": {"points": {"6": 1}}, "black": {"points": {"13": 15}, "off": 0}}
    data = record(game([roll(0, [6, 1], "6/off")], score=[4, 0]), length=5)
    verdict = excerpt_verdict(data, Excerpt((4, 0), start, crawford=True))
    assert verdict["valid"], verdict["error"]
    assert (verdict["final_score"], verdict["winner"], verdict["games"][0]["crawford_game"]) == (
        [6, 0],
        "A",
        True,
    )
    # nobody may double in it: A plays 2-1 from two checkers on its 6 point, then B doubles
    two_left = {"white": {"points": {"6": 2}}, "black": {"points": {"13": 15}, "off": 0}}
    doubled = record(game([roll(0, [2, 1], "6/4 6/5"), act(1, "double", cube=2)], score=[4, 0]), length=5)
    error = excerpt_verdict(doubled, Excerpt((4, 0), two_left, crawford=True))["error"]
    assert error["code"] == "CRAWFORD_GAME"


def test_an_excerpt_with_a_board_that_is_none_says_so():
    data = record(game(OPEN, score=[0, 0]), length=5)
    error = excerpt_verdict(data, Excerpt((0, 0), {"white": {"points": {"6": "x"}}}))["error"]
    assert (error["code"], error["game"], error["action"]) == ("BAD_START_POSITION", 1, "start_position")


def test_a_game_from_a_set_position_may_open_with_a_doublet():
    # the Set Pos board is a position in play, not an opening: 3-3 first is fine
    data = record(
        {
            "game": 1,
            "start_score": [0, 0],
            "set_position": XG_OPENING,
            "turns": [roll(0, [3, 3], "8/5(2) 6/3(2)")],
        }
    )
    assert verdict_of(data)["valid"]


def test_the_referee_defaults_to_legal_moves_only_and_refuses_other_modes():
    match = record_to_match(record(game(OPEN)))
    assert Referee(match).verdict()["mode"] == "legal-moves-only"
    with pytest.raises(
        ValueError,
        match="^mode must be one of legal-moves-only, illegal-moves-rule, illegal-moves-rule-as-written$",
    ):
        Referee(match, mode="anything")


def test_an_action_after_a_resignation_says_the_game_ended_by_it():
    # B resigns (the .mat's line 2, right), then A rolls (line 3): the game is over, though no
    # result line ended it
    data = record(game([*OPEN, act(1, "resign"), roll(0, [3, 1], "13/10 6/5")]))
    place = {**where(1, 3, "A", None, "31: 13/10 6/5"), "code": "ACTION_AFTER_GAME_OVER"}
    assert error_of(verdict_of(data)) == {**place, "message": "game 1 is already over (resigned)"}
    # how it ended is a word of the message's language, not a name from the code
    romanian = "jocul 1 s-a terminat deja (abandon)"
    assert error_of(verdict_of(data, lang="ro")) == {**place, "message": romanian}
