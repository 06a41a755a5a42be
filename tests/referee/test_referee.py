"""The match referee: every real transcript gets the verdict its provenance implies, and every
reason code the referee can return is produced by a transcript or game record built for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbitru.formats.game_record import record_to_match
from arbitru.formats.mat import read_mat
from arbitru.formats.xgid import board_from_xg
from arbitru.referee import REASON_CODES, resolve_rules, verify
from tests.support.positions import MATCHES

DATA = Path(__file__).resolve().parent / "data"

# file -> (valid, final score, winner) or (False, code, game, move, line)
VALID = {
    "bg-db_extmatchdb_galaxy-hidden-play-ends-match_7pt.txt": ([7, 4], "Kenneth Moore"),
    "bg-db_extmatchdb_galaxy-resign-without-marker_7pt.txt": ([8, 6], "Kenneth Moore"),
    "bg-db_extmatchdb_xg-text-transcriber-tag_7pt.txt": ([7, 4], "Matthew Montgomery"),
    "bg-db_foxamon_tester_vs_Osprey12_2026-08-10_3pt.mat": ([4, 0], "tester"),
    "bg-db_foxamon_tester_vs_jackdaw1_2026-08-18_5pt.mat": ([11, 2], "tester"),
    "bg-db_opengammon_Starling9_vs_tester_2026-09-27_5pt.mat": ([3, 5], "tester"),
    "bg-db_opengammon_toucanBG_vs_tester_2026-08-04_5pt.mat": ([0, 6], "tester"),
    "bg-db_opengammon_vireo_vs_tester_2026-09-30_5pt.mat": ([0, 6], "tester"),
    "bg-db_xg-text_KR-TL_2026-10-08_jacoby-off_money.txt": ([3, 0], None),
    "bg-db_xg-text_KR-TL_2026-10-08_jacoby-on_money.txt": ([1, 0], None),
    "bg-db_xg-text_KR-TL_2026-10-08_resign-gammon_money.txt": ([2, 0], None),
    "bg-db_xg-text_me-XG_Roller__03-10-2026__3_money.txt": ([0, 4], None),
    "bg-db_xg-text_me-XG_Roller__03-10-2026_money.txt": ([1, 0], None),
    "bgdb-data-1_087ff8643ed34d0a_11pt.mat": ([11, 6], "sunny-jaguar-b8be"),
    "bgdb-data-1_0e16f258e242fbd2_hedgehog_1pt.mat": ([0, 1], "Sam"),
    "gammonview_eXBNG5wZHS5Alu3P_5pt_post-crawford.mat": ([2, 6], "Jade1"),
    "gnubgparser_gnubg_roll_then_resign_1p.mat": ([1, 0], "charlot1"),
    "gnubgparser_gnubg_selfplay_drops_7p.mat": ([3, 7], "charlot2"),
}
INVALID = {  # file -> (code, game, move, line)
    "bg-db_backgammon-studio_Bluejay_-_tester_5pt_2026_08_16.mat": ("WRONG_POINTS", 6, 33, 154),
    "bg-db_choue-net_chouehandle-vs-Bot_7pt.txt": ("WRONG_POINTS", 2, 24, 69),
    "bg-db_extmatchdb_excerpt-games-missing_21pt.mat": ("SCORE_MISMATCH", 1, None, 4),
    "bg-db_extmatchdb_game-ends-play-cut-after-one-die_11pt.mat": ("MUST_USE_ALL_DICE", 3, 40, 80),
    "bg-db_extmatchdb_illegal-play-declared-in-remarks_7pt.txt": ("MUST_USE_ALL_DICE", 6, 19, 149),
    "bg-db_extmatchdb_illegal-play-marker-lost-game_11pt.txt": ("ILLEGAL_PLAY_MARKED", 13, 1, 269),
    "bg-db_invalid_set-position-start_11pt.mat": ("SCORE_MISMATCH", 1, None, 17),
    "gammonview_5nqfGw9bWG3deTaU_7pt_illegal-play.mat": ("TOO_MANY_MOVES", 1, 11, 25),
    "gammonview_hQ8sVn2LbTdF4wRm_9pt_hedgehog_backwards-move.mat": ("MOVE_BACKWARDS", 2, 20, 71),
}


def referee(
    text: str | bytes, mode: str = "legal-moves-only", rules: dict[str, Any] | None = None
) -> dict[str, Any]:
    match = read_mat(text)
    resolved, problems = resolve_rules(match, rules)
    assert not problems
    return verify(match, resolved, mode)


def test_every_real_transcript_has_an_expected_verdict() -> None:
    names = {p.name for p in MATCHES.glob("*.*") if p.suffix in (".mat", ".txt")}
    assert names == set(VALID) | set(INVALID) and len(names) == 27


@pytest.mark.parametrize("name", sorted(VALID), ids=lambda n: n[:50])
def test_a_clean_real_transcript_verifies_with_its_final_score(name: str) -> None:
    verdict = referee((MATCHES / name).read_bytes())
    assert verdict["error"] is None and verdict["valid"] is True
    assert (verdict["final_score"], verdict["winner"]) == VALID[name]


@pytest.mark.parametrize("name", sorted(INVALID), ids=lambda n: n[:50])
def test_a_real_transcript_that_is_not_clean_reports_its_first_illegal_action(name: str) -> None:
    verdict = referee((MATCHES / name).read_bytes())
    error = verdict["error"]
    assert verdict["valid"] is False and error is not None
    assert (error["code"], error["game"], error["move"], error["line"]) == INVALID[name]
    assert len(verdict["games"]) == error["game"] - 1  # the games completed before it


def test_the_backwards_move_names_player_line_and_action_as_written() -> None:
    error = referee((MATCHES / "gammonview_hQ8sVn2LbTdF4wRm_9pt_hedgehog_backwards-move.mat").read_bytes())[
        "error"
    ]
    assert error["player"] == "Owen Talbot" and error["action"] == "65: 14/8 15/10 6/8"


def test_points_capped_at_what_the_winner_needed_are_recognised_not_an_error() -> None:
    games = referee((MATCHES / "bg-db_foxamon_tester_vs_Osprey12_2026-08-10_3pt.mat").read_bytes())["games"]
    assert games[0] | {} == {**games[0], "points": 4, "cube": 4, "declared_points": 3, "capped": True}
    games = referee((MATCHES / "gammonview_eXBNG5wZHS5Alu3P_5pt_post-crawford.mat").read_bytes())["games"]
    assert [g["crawford_game"] for g in games] == [False, True, False]
    assert games[2]["capped"] is True and games[2]["declared_points"] == 1


def test_jacoby_in_money_play_scores_an_unturned_backgammon_single() -> None:
    on = referee((MATCHES / "bg-db_xg-text_KR-TL_2026-10-08_jacoby-on_money.txt").read_bytes())["games"][0]
    off = referee((MATCHES / "bg-db_xg-text_KR-TL_2026-10-08_jacoby-off_money.txt").read_bytes())["games"][0]
    assert (on["result"], on["points"]) == ("backgammon", 1)
    assert (off["result"], off["points"]) == ("backgammon", 3)


def test_illegal_moves_rule_condones_an_ordinary_illegal_play_and_goes_on() -> None:
    verdict = referee(
        (MATCHES / "gammonview_5nqfGw9bWG3deTaU_7pt_illegal-play.mat").read_bytes(), "illegal-moves-rule"
    )
    assert verdict["valid"] is True and verdict["winner"] == "Rowan Pryce"
    assert [(c["game"], c["move"], c["code"]) for c in verdict["condoned"]] == [(1, 11, "TOO_MANY_MOVES")]


def test_illegal_moves_rule_never_condones_a_checker_moved_backwards() -> None:
    verdict = referee(
        (MATCHES / "gammonview_hQ8sVn2LbTdF4wRm_9pt_hedgehog_backwards-move.mat").read_bytes(),
        "illegal-moves-rule",
    )
    assert verdict["error"]["code"] == "MOVE_BACKWARDS" and verdict["condoned"] == []


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("synthetic_*")))
def test_the_synthetic_dialect_transcripts_all_verify(name: str) -> None:
    verdict = referee((DATA / name).read_bytes())
    assert verdict["valid"] and verdict["final_score"] == [3, 2] and verdict["winner"] == "Ana"


def test_an_xg_position_string_decodes_with_uppercase_as_the_left_player() -> None:
    board = board_from_xg("----cBD-D-B--A--Abcdc---A-/0")
    assert board.white[16] == 1 and board.white[6] == 4 and board.black[8] == 2 and board.black[21] == 3
    assert board.problems() == []


# -- every reason code --------------------------------------------------------------------------------
START = {
    "white": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
    "black": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
}
ON_BAR = {"white": {"points": {"24": 1, "13": 5, "8": 3, "6": 5}, "bar": 1}, "black": START["black"]}
BEAROFF = {"white": {"points": {"6": 1, "3": 14}}, "black": START["black"]}
ONE_DIE = {"white": {"points": {"24": 1}, "off": 14}, "black": {"points": {"12": 2, "2": 13}}}
BLOT_ON_THREE = {"white": {"points": {"8": 1, "13": 14}}, "black": {"points": {"22": 1, "1": 14}}}


def roll(player: int, dice: list[int], play: str | None) -> dict[str, Any]:
    return {"player": player, "action": "roll", "dice": dice, "play": play}


def act(player: int, action: str, **extra: Any) -> dict[str, Any]:
    return {"player": player, "action": action, **extra}


def record(*games: dict[str, Any], length: int = 0, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"players": ["A", "B"], "match_length": length, "games": list(games)}
    if rules is not None:
        out["rules"] = rules
    return out


def game(
    turns: list[dict[str, Any]],
    start: dict[str, Any] | None = None,
    score: list[int] | None = None,
    result: dict[str, Any] | None = None,
    number: int = 1,
) -> dict[str, Any]:
    out: dict[str, Any] = {"game": number, "start_score": score or [0, 0], "turns": turns}
    if start is not None:
        out["start_position"] = start
    if result is not None:
        out["result"] = result
    return out


OPEN = [roll(0, [3, 1], "8/5 6/5"), roll(1, [4, 2], "8/4 6/4")]
DROPPED = [*OPEN, act(0, "double", cube=2), act(1, "drop")]  # A wins 1 at cube 1

CASES: dict[str, tuple[dict[str, Any], str]] = {
    "NO_CHECKER_TO_MOVE": (record(game([roll(0, [6, 1], "11/5 8/7")], START)), "legal-moves-only"),
    "MOVE_BACKWARDS": (record(game([roll(0, [6, 1], "6/12 8/7")], START)), "legal-moves-only"),
    "MUST_ENTER_FROM_BAR": (record(game([roll(0, [6, 1], "13/7 8/7")], ON_BAR)), "legal-moves-only"),
    "POINT_CLOSED": (record(game([roll(0, [6, 1], "13/7 13/12")], START)), "legal-moves-only"),
    "DICE_MISMATCH": (record(game([roll(0, [6, 1], "6/3 8/7")], START)), "legal-moves-only"),
    "TOO_MANY_MOVES": (record(game([roll(0, [6, 1], "13/7 8/7 6/5")], START)), "legal-moves-only"),
    "BEAR_OFF_NOT_ALLOWED": (record(game([roll(0, [6, 1], "6/off 6/5")], START)), "legal-moves-only"),
    "BEAR_OFF_HIGHER_POINT_OCCUPIED": (
        record(game([roll(0, [5, 4], "3/off 3/off")], BEAROFF)),
        "legal-moves-only",
    ),
    "MUST_USE_ALL_DICE": (record(game([roll(0, [6, 1], "13/7")], START)), "legal-moves-only"),
    "MUST_PLAY_HIGHER_DIE": (record(game([roll(0, [6, 5], "24/19")], ONE_DIE)), "legal-moves-only"),
    "OPPONENT_CHECKER_MOVED": (record(game([roll(0, [6, 1], "12/6 8/7")], START)), "illegal-moves-rule"),
    "HIT_CHECKER_NOT_ON_BAR": (record(game([roll(0, [6, 1], "13/7 8/7")], ON_BAR)), "illegal-moves-rule"),
    "BAD_NOTATION": (record(game([roll(0, [3, 1], "8/5 6/5x")])), "legal-moves-only"),
    "HIDDEN_PLAY": (record(game([roll(0, [3, 1], None), roll(1, [4, 2], "8/4 6/4")])), "legal-moves-only"),
    "ILLEGAL_PLAY_MARKED": (record(game([roll(0, [3, 1], "Illegal play (1;2;3)")])), "legal-moves-only"),
    "OPENING_ROLL_DOUBLET": (record(game([roll(0, [3, 3], "8/5(2) 6/3(2)")])), "legal-moves-only"),
    "OUT_OF_TURN": (record(game([*OPEN, roll(1, [3, 1], "8/5 6/5")])), "legal-moves-only"),
    "DOUBLE_NOT_ANSWERED": (
        record(game([*OPEN, act(0, "double", cube=2), roll(0, [3, 1], "13/10 6/5")])),
        "legal-moves-only",
    ),
    "NO_DOUBLE_TO_ANSWER": (record(game([*OPEN, act(1, "take")])), "legal-moves-only"),
    "CUBE_VALUE_MISMATCH": (record(game([*OPEN, act(0, "double", cube=4)])), "legal-moves-only"),
    "CUBE_DISABLED": (
        record(game([*OPEN, act(0, "double", cube=2)]), rules={"cube": False}),
        "legal-moves-only",
    ),
    "CRAWFORD_GAME": (
        record(
            game(DROPPED, result={"winner": 0, "points": 1}),
            game([*OPEN, act(0, "double", cube=2)], score=[1, 0], number=2),
            length=2,
        ),
        "legal-moves-only",
    ),
    "NOT_CUBE_OWNER": (
        record(
            game(
                [
                    *OPEN,
                    act(0, "double", cube=2),
                    act(1, "take"),
                    roll(0, [5, 2], "13/8 6/4"),
                    roll(1, [5, 2], "13/8 6/4"),
                    act(0, "double", cube=4),
                ]
            )
        ),
        "legal-moves-only",
    ),
    "MAX_CUBE_REACHED": (
        record(game([*OPEN, act(0, "double", cube=2)]), rules={"max_cube": 1}),
        "legal-moves-only",
    ),
    "NO_BEAVERS_IN_MATCH": (
        record(game([*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=4)]), length=5),
        "legal-moves-only",
    ),
    "BEAVERS_NOT_ALLOWED": (
        record(game([*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=4)])),
        "legal-moves-only",
    ),
    "RACCOONS_NOT_ALLOWED": (
        record(
            game([*OPEN, act(0, "double", cube=2), act(1, "beaver", cube=4), act(0, "raccoon", cube=8)]),
            rules={"beavers": True},
        ),
        "legal-moves-only",
    ),
    "ACTION_AFTER_GAME_OVER": (record(game([*DROPPED, roll(0, [3, 1], "13/10 6/5")])), "legal-moves-only"),
    "GAME_NOT_FINISHED": (record(game(OPEN), game(OPEN, number=2), length=5), "legal-moves-only"),
    "WRONG_WINNER": (record(game(DROPPED, result={"winner": 1, "points": 1})), "legal-moves-only"),
    "WRONG_POINTS": (record(game(DROPPED, result={"winner": 0, "points": 2})), "legal-moves-only"),
    "SCORE_MISMATCH": (
        record(
            game(DROPPED, result={"winner": 0, "points": 1}), game(OPEN, score=[0, 1], number=2), length=5
        ),
        "legal-moves-only",
    ),
    "MATCH_ALREADY_OVER": (
        record(
            game(DROPPED, result={"winner": 0, "points": 1}), game(OPEN, score=[1, 0], number=2), length=1
        ),
        "legal-moves-only",
    ),
    "MATCH_NOT_OVER": (
        record(game(DROPPED, result={"winner": 0, "points": 1, "and_the_match": True}), length=5),
        "legal-moves-only",
    ),
    "BAD_START_POSITION": (
        record(game(OPEN, {"white": {"points": {"6": 8, "8": 8}}, "black": START["black"]})),
        "legal-moves-only",
    ),
    # a game written as Plakoto where the rules play backgammon (issue 43: a game names its variant)
    "WRONG_VARIANT": (
        {**record(game(OPEN)), "games": [{**game(OPEN), "variant": "plakoto"}]},
        "legal-moves-only",
    ),
    # Tavla: the checker that hits on 3, in white's home board, may not go on to 2 (issue 40)
    "HIT_AND_RUN_IN_HOME": (
        record(game([roll(0, [5, 1], "8/3*/2")], BLOT_ON_THREE), rules={"preset": "tavla"}),
        "legal-moves-only",
    ),
}


def test_every_reason_code_has_a_case() -> None:
    assert set(CASES) == set(REASON_CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_reason_code_is_reported_for_the_action_that_breaks_its_rule(code: str) -> None:
    data, mode = CASES[code]
    match = record_to_match(data)
    rules, problems = resolve_rules(match, data.get("rules"))
    assert not problems
    verdict = verify(match, rules, mode)
    assert verdict["valid"] is False and verdict["error"]["code"] == code, verdict["error"]
    assert verdict["error"]["message"]


def test_a_beaver_in_money_play_with_beavers_on_quadruples_the_cube_and_needs_no_take() -> None:
    data = record(
        game(
            [
                *OPEN,
                act(0, "double", cube=2),
                act(1, "beaver", cube=4),
                roll(0, [3, 1], "13/10 6/5"),
                act(1, "double", cube=8),
                act(0, "drop"),
            ],
            result={"winner": 1, "points": 4},
        ),
        rules={"beavers": True},
    )
    match = record_to_match(data)
    rules, _ = resolve_rules(match, data["rules"])
    verdict = verify(match, rules)
    assert verdict["valid"], verdict["error"]
    assert verdict["games"][0] | {} == {**verdict["games"][0], "winner": "B", "points": 4, "ended_by": "drop"}


def test_an_unfinished_last_game_leaves_a_valid_unfinished_match() -> None:
    match = record_to_match(record(game(OPEN), length=5))
    verdict = verify(match)
    assert verdict["valid"] and verdict["winner"] is None and verdict["games"][0]["ended_by"] is None


def test_tavla_hit_and_run_in_the_home_board_is_condoned_as_any_illegal_play() -> None:
    """Issue 40 item 9: the illegal-moves rule condones it as in backgammon (Tavla's condoning as
    before the rule was enforced)."""
    data, _ = CASES["HIT_AND_RUN_IN_HOME"]
    match = record_to_match(data)
    rules, problems = resolve_rules(match, data.get("rules"))
    assert not problems and rules.hit_and_run == "outside_home"
    verdict = verify(match, rules, "illegal-moves-rule")
    assert verdict["error"] is None, verdict["error"]
    assert [condoned["code"] for condoned in verdict["condoned"]] == ["HIT_AND_RUN_IN_HOME"]
