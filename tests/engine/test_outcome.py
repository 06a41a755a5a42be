"""Game over: single (linie), gammon (marț), backgammon (marț tehnic), cube and Jacoby."""

from arbitru.engine import Rules, outcome
from tests.engine.positions import position


def test_game_not_over_while_both_sides_have_checkers_on_the_board():
    assert outcome(position({6: 5}, {6: 5})).to_dict() == {
        "game_over": False,
        "winner": None,
        "result": None,
        "multiplier": None,
        "points": None,
    }


def test_single_game_when_the_loser_has_borne_off_a_checker():
    verdict = outcome(position({}, {6: 5}))
    assert (verdict.winner, verdict.result, verdict.multiplier, verdict.points) == ("white", "single", 1, 1)


def test_gammon_marț_when_the_loser_has_borne_off_no_checker():
    verdict = outcome(position({}, {6: 5, 5: 5, 4: 5}))
    assert (verdict.result, verdict.multiplier, verdict.points) == ("gammon", 2, 2)


def test_backgammon_marț_tehnic_with_a_checker_in_the_winners_home_board():
    verdict = outcome(position({}, {6: 14, 19: 1}))
    assert (verdict.result, verdict.multiplier) == ("backgammon", 3)


def test_backgammon_marț_tehnic_with_a_checker_on_the_bar():
    verdict = outcome(position({}, {6: 14}, black_bar=1))
    assert verdict.result == "backgammon"


def test_points_are_the_multiplier_times_the_cube_value():
    verdict = outcome(position({}, {6: 15}), cube_value=4)
    assert (verdict.multiplier, verdict.points) == (2, 8)


def test_jacoby_rule_counts_a_gammon_as_single_when_the_cube_was_never_turned():
    verdict = outcome(position({}, {6: 15}), Rules(jacoby=True), cube_value=1)
    assert (verdict.result, verdict.multiplier, verdict.points) == ("gammon", 1, 1)


def test_jacoby_rule_does_not_apply_once_the_cube_is_turned():
    verdict = outcome(position({}, {6: 15}), Rules(jacoby=True), cube_value=2)
    assert (verdict.result, verdict.multiplier, verdict.points) == ("gammon", 2, 4)


def test_backgammons_off_counts_a_backgammon_as_a_gammon():
    verdict = outcome(position({}, {6: 14}, black_bar=1), Rules(backgammons=False))
    assert (verdict.result, verdict.multiplier) == ("backgammon", 2)


def test_black_wins_in_its_own_numbering():
    verdict = outcome(position({6: 1}, {}))
    assert (verdict.winner, verdict.result) == ("black", "single")


def test_jacoby_applies_after_an_automatic_double_while_the_cube_stays_centred():
    # Equal opening rolls turned the cube to 2, nobody doubled: GNU Backgammon counts a gammon single.
    verdict = outcome(position({}, {6: 15}), Rules(jacoby=True), cube_value=2, cube_centred=True)
    assert (verdict.result, verdict.multiplier, verdict.points) == ("gammon", 1, 2)


def test_jacoby_does_not_apply_once_somebody_owns_the_cube():
    verdict = outcome(position({}, {6: 15}), Rules(jacoby=True), cube_value=2, cube_centred=False)
    assert (verdict.multiplier, verdict.points) == (2, 4)


def test_a_backgammon_counted_as_a_gammon_is_labelled_by_what_it_counts_for():
    bg = position({}, {6: 14}, black_bar=1)
    assert outcome(bg, Rules(backgammons=False)).counted_as == "gammon"
    assert outcome(bg).counted_as == "backgammon"
    assert outcome(position({}, {6: 15}), Rules(jacoby=True)).counted_as == "single"


def test_a_resigner_with_one_checker_off_can_lose_no_more_than_a_single_game():
    from arbitru.engine.outcome import most_at_stake

    # white has borne off exactly one checker (14 on its 6): no gammon is possible any more
    one_off = position({6: 14}, {6: 15})
    assert most_at_stake(one_off, "white") == "single"
    # white has none off while black has borne off five: white still risks a backgammon
    none_off = position({19: 2, 13: 13}, {6: 10})
    assert most_at_stake(none_off, "white") == "backgammon"


def test_jacoby_asked_for_applies_whatever_the_rules_say():
    from arbitru.engine.board import Board

    # white bears off its last checker; black has none off and none in white's home: a gammon.
    # Jacoby asked for, cube centred at 1, money: it counts single.
    gammon = Board.from_dict({"white": {"points": {}, "off": 15}, "black": {"points": {"6": 15}, "off": 0}})
    verdict = outcome(gammon, Rules(), 1, jacoby=True, cube_centred=True)
    assert (verdict.result, verdict.multiplier, verdict.points) == ("gammon", 1, 1)
    assert outcome(gammon, Rules(jacoby=True), 1, jacoby=False).points == 2


def test_a_resignation_by_default_is_money_play_at_a_centred_cube_of_1():
    from arbitru.engine.outcome import resignation

    # Jacoby in money play with the cube at 1 (centred): a gammon resigned counts single
    verdict = resignation("gammon", "white", Rules(jacoby=True))
    assert (verdict.winner, verdict.multiplier, verdict.points) == ("black", 1, 1)
    # at 2 with nobody said to own it, the cube counts as turned: the gammon counts double, 2 x 2
    assert resignation("gammon", "white", Rules(jacoby=True), 2).points == 4
    assert resignation("gammon", "white").points == 2  # no Jacoby: 2 x 1


def test_the_most_at_stake_depends_on_who_rolls_next():
    from arbitru.engine.outcome import most_at_stake

    # white, none off, all on its 1 point; black one checker from home and the game: white on roll
    # bears off at once (a single at most), black on roll (or not known) wins a gammon
    race = position({1: 15}, {1: 1})
    assert most_at_stake(race, "white", "white") == "single"
    assert most_at_stake(race, "white", "black") == "gammon"
    assert most_at_stake(race, "white") == "gammon"


def test_a_resigner_who_cannot_lose_still_concedes_a_single_game():
    from arbitru.engine.outcome import most_at_stake

    # white on roll bears off its last checker: it cannot lose, and a resignation is still a single
    assert most_at_stake(position({1: 1}, {6: 15}), "white", "white") == "single"


def test_a_pinned_mother_ends_nothing_while_the_pinner_still_has_a_checker_on_its_own_24():
    from arbitru.engine.board import Board
    from arbitru.engine.rules import PRESETS
    from tests.support.variant_boards import plakoto_side

    # white pins black's mother (black's 24 is white's 1) but a white checker still stands on white's
    # 24 (black's 1), where black could pin it back: play goes on
    board = Board(plakoto_side({1: 1, 24: 1, 10: 13}), plakoto_side({5: 14}, pinned=[24]))
    assert not outcome(board, PRESETS["plakoto"]).game_over
