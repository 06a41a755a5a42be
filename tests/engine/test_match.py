"""Match context validation and match scoring: points, score, Crawford and post-Crawford games."""

from __future__ import annotations

import pytest

from arbitru.engine.board import Board, side_from_points
from arbitru.engine.cube import Cube, cube_action
from arbitru.engine.match import Match, context_problems, score_game
from arbitru.engine.position import Position
from arbitru.engine.rules import Rules, build_rules

STANDARD = Rules()
ROMANIAN = build_rules({"preset": "romanian"})[0]


def finished(
    loser_points: dict[int, int], loser_off: int = 0, loser_bar: int = 0, winner: str = "white"
) -> Board:
    """A board where `winner` has borne off all 15 and the loser has the given checkers."""
    won = side_from_points({}, off=15)
    lost = side_from_points(loser_points, bar=loser_bar, off=loser_off)
    return Board(won, lost) if winner == "white" else Board(lost, won)


SINGLE = finished({6: 5}, loser_off=10)
GAMMON = finished({6: 15})
BACKGAMMON = finished({6: 14, 20: 1})  # a checker in the winner's home board


def fields_of(problems):
    return {p.field for p in problems}


# -- validation -------------------------------------------------------------------------------
def test_money_game_with_centred_one_cube_is_the_valid_default():
    assert context_problems(Cube(), Match(), STANDARD) == []


def test_a_turned_cube_given_without_its_owner_is_accepted_for_scoring():
    # The contract's /v1/outcome example sends {"cube": {"value": 2}}: the owner defaults to centred.
    assert context_problems(Cube(2, "centered"), Match(), STANDARD) == []
    assert context_problems(Cube(2, "centered"), Match(5, (1, 0)), STANDARD) == []


@pytest.mark.parametrize(
    ("cube", "match", "rules", "field"),
    [
        (Cube(3, "white"), Match(), STANDARD, "cube.value"),
        (Cube(128, "white"), Match(), STANDARD, "cube.value"),
        (Cube(1, "white"), Match(5, (0, 0)), STANDARD, "cube.owner"),
        (Cube(1, "black"), Match(), STANDARD, "cube.owner"),
        (Cube(2, "white"), Match(), Rules(cube=False, crawford=False), "cube.value"),
        (Cube(), Match(3, (5, 0)), STANDARD, "match.score.white"),
        (Cube(), Match(3, (0, 3)), STANDARD, "match.score.black"),
        (Cube(), Match(0, (1, 0)), STANDARD, "match.score.white"),
        (Cube(), Match(0, (0, 0), crawford=True), STANDARD, "match.crawford"),
        (Cube(), Match(5, (3, 2), crawford=True), STANDARD, "match.crawford"),
        (Cube(), Match(5, (4, 4), crawford=True), STANDARD, "match.crawford"),
        (Cube(), Match(1, (0, 0), crawford=True), STANDARD, "match.crawford"),
        (Cube(), Match(3, (2, 0), crawford=True), ROMANIAN, "match.crawford"),
        (Cube(2, "black"), Match(5, (4, 2), crawford=True), STANDARD, "cube.value"),
    ],
)
def test_impossible_contexts_are_problems_naming_the_field(cube, match, rules, field):
    assert field in fields_of(context_problems(cube, match, rules))


def test_centred_cube_above_one_is_fine_after_automatic_doubles_in_money():
    assert context_problems(Cube(2, "centered"), Match(), Rules(automatic_doubles=1)) == []


def test_crawford_flag_valid_with_exactly_one_player_one_away():
    assert context_problems(Cube(), Match(5, (4, 2), crawford=True), STANDARD) == []


def test_missing_match_uses_the_rules_match_length():
    assert Match.from_dict(None, STANDARD) == Match(0)
    assert Match.from_dict(None, ROMANIAN) == Match(3)
    assert Match.from_dict({"length": 7, "score": {"white": 2, "black": 5}}) == Match(7, (2, 5))


# -- scoring ----------------------------------------------------------------------------------
def game_result(board, rules, cube, match):
    """The game's outcome in its context and its effect on the match (None in money play)."""
    position = Position(board, cube=cube, match=match, rules=rules)
    verdict = position.outcome()
    return verdict, position.match_after(verdict)


def test_match_points_are_result_multiplier_times_cube():
    _, score = game_result(GAMMON, STANDARD, Cube(2, "black"), Match(7))
    assert score.points == 4 and score.score == (4, 0)
    _, score = game_result(BACKGAMMON, STANDARD, Cube(4, "white"), Match(25))
    assert score.points == 12


def test_jacoby_never_applies_in_a_match():
    jacoby = Rules(jacoby=True)
    money, none = game_result(GAMMON, jacoby, Cube(), Match())
    assert money.points == 1 and none is None  # Jacoby: an undoubled gammon counts single in money
    verdict, score = game_result(GAMMON, jacoby, Cube(), Match(5))
    assert verdict.result == "gammon" and verdict.points == 2 and score.points == 2


def test_gammons_and_backgammons_count_as_the_rules_say():
    no_bg = Rules(backgammons=False)
    assert game_result(BACKGAMMON, no_bg, Cube(), Match(5))[1].points == 2
    no_gammons = build_rules({"gammons": False})[0]
    assert game_result(BACKGAMMON, no_gammons, Cube(), Match(5))[1].points == 1


def test_romanian_preset_counts_a_linie_1_and_a_mart_2_and_a_backgammon_as_a_mart():
    for board, points in ((SINGLE, 1), (GAMMON, 2), (BACKGAMMON, 2)):
        _, score = game_result(board, ROMANIAN, Cube(), Match.from_dict(None, ROMANIAN))
        assert score.points == points
    _, score = game_result(BACKGAMMON, ROMANIAN, Cube(), Match(3, (1, 0)))
    assert score.over and score.winner == "white" and score.score == (3, 0)
    assert score.crawford_next is False


def test_romanian_preset_with_backgammons_true_counts_a_mart_tehnic_3():
    rules, problems = build_rules({"preset": "romanian", "backgammons": True})
    assert problems == []
    _, score = game_result(BACKGAMMON, rules, Cube(), Match.from_dict(None, rules))
    assert score.points == 3


def test_unfinished_game_leaves_the_score_and_the_next_game_unknown():
    verdict, score = game_result(Board.initial(), STANDARD, Cube(), Match(5, (1, 2)))
    assert not verdict.game_over
    assert score.score == (1, 2) and not score.over and score.crawford_next is None


def test_match_over_when_the_winner_reaches_the_length_and_scores_are_not_capped():
    score = score_game(Match(5, (4, 3)), "white", 4, STANDARD)
    assert score.over and score.winner == "white" and score.score == (8, 3)
    assert not score.crawford_next and not score.post_crawford


def test_reaching_one_away_makes_the_next_game_the_crawford_game():
    score = score_game(Match(5, (2, 1)), "white", 2, STANDARD)
    assert score.score == (4, 1) and score.crawford_next and not score.post_crawford


def test_no_crawford_game_without_the_crawford_rule():
    score = score_game(Match(5, (2, 1)), "white", 2, Rules(crawford=False))
    assert not score.crawford_next and not score.post_crawford


def test_five_point_match_played_out_through_crawford_and_post_crawford_games():
    """White leads to 4-away then 1-away; the Crawford game; then post-Crawford games with the cube."""
    match = Match(5)
    # Game 1: white wins a gammon: 2-0. Nobody 1-away yet.
    assert context_problems(Cube(), match, STANDARD) == []
    _, s = game_result(GAMMON, STANDARD, Cube(), match)
    assert s.score == (2, 0) and not s.crawford_next and not s.post_crawford and not s.over
    match = Match(5, s.score, crawford=s.crawford_next)
    # Game 2: black doubles, white drops: black wins 1. 2-1.
    drop = cube_action("drop", "black", Cube(), STANDARD, in_match=True)
    s = score_game(match, drop.winner, drop.points, STANDARD)
    assert s.score == (2, 1) and not s.crawford_next
    match = Match(5, s.score, crawford=s.crawford_next)
    # Game 3: white doubles, black takes, white wins single on a 2-cube: 4-1, white 1-away.
    take = cube_action("take", "white", Cube(), STANDARD, in_match=True)
    _, s = game_result(SINGLE, STANDARD, take.cube, match)
    assert s.points == 2 and s.score == (4, 1) and s.crawford_next and not s.post_crawford
    match = Match(5, s.score, crawford=s.crawford_next)
    assert match.crawford and context_problems(Cube(), match, STANDARD) == []
    # Game 4, the Crawford game: nobody may double; black wins single: 4-2.
    assert cube_action(
        "double", "black", Cube(), STANDARD, in_match=True, crawford_game=match.crawford
    ).code == ("CRAWFORD_GAME")
    _, s = game_result(finished({6: 5}, loser_off=10, winner="black"), STANDARD, Cube(), match)
    assert s.score == (4, 2) and not s.crawford_next and s.post_crawford and not s.over
    match = Match(5, s.score, crawford=s.crawford_next)
    assert match.post_crawford(STANDARD)
    # Game 5, post-Crawford: black doubles at once, white takes; black wins single on 2: 4-4.
    double = cube_action("double", "black", Cube(), STANDARD, in_match=True, crawford_game=match.crawford)
    assert double.legal
    take = cube_action("take", "black", Cube(), STANDARD, in_match=True, crawford_game=match.crawford)
    _, s = game_result(finished({6: 5}, loser_off=10, winner="black"), STANDARD, take.cube, match)
    assert s.score == (4, 4) and not s.crawford_next and s.post_crawford and not s.over
    match = Match(5, s.score, crawford=s.crawford_next)
    # Game 6, double match point, still post-Crawford: white wins single and the match 5-4.
    assert context_problems(Cube(), match, STANDARD) == []
    _, s = game_result(SINGLE, STANDARD, Cube(), match)
    assert s.score == (5, 4) and s.over and s.winner == "white"
    assert not s.crawford_next and not s.post_crawford


def test_crawford_game_comes_once_even_if_the_trailer_then_reaches_one_away():
    # after the Crawford game at 4-2, black reaching 4 does not bring a second Crawford game
    score = score_game(Match(5, (4, 2)), "black", 2, STANDARD)
    assert score.score == (4, 4) and not score.crawford_next and score.post_crawford
