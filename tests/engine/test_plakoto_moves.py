"""Plakoto's movement, rule by rule: the sides travel in opposite directions from their own 24; a
checker landing on a lone opposing checker pins it (no bar); a pinned checker cannot move and is
freed when the last opposing checker leaves its point; a point is closed by two or more opposing
checkers, or by one that pins one of the mover's there; no bear-off while any own checker is pinned."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.engine.board import OFF, PINNED, Board, pinned_points
from arbitru.engine.movement import PLAKOTO
from arbitru.engine.moves import legal_plays
from arbitru.engine.plain import plain_plays
from tests.engine.variant_boards import assert_colours_play_alike, board_of, replay, variant_boards
from tests.support.cases import examples

CASES = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))

# Black's lone checker on its 7 stands on white's 18, six pips from white's 24.
BLOT = board_of({24: 14, 13: 1}, {24: 14, 7: 1}, PLAKOTO)


def plays_of(board: Board, dice: tuple[int, int], turn: str = "white") -> dict[str, Board]:
    return {play.notation: play.board for play in plain_plays(board, turn, dice, PLAKOTO)}  # type: ignore[arg-type]


def test_landing_on_a_lone_checker_pins_it_and_is_written_as_a_hit():
    after = plays_of(BLOT, (6, 1))["24/23 24/18*"]
    assert after.white[18] == 1
    assert after.black[7] == 0 and pinned_points(after.black) == (7,)
    assert after.black[25] == 0  # no bar in plakoto
    assert sum(after.black) == 15 and after.to_dict(bar=False)["black"]["pinned"] == [7]


def test_a_checker_that_would_pin_and_move_on_is_written_without_the_pin():
    # 24/18*/17 pins black's checker and frees it again: the board of 24/23/17, written 24/17
    plays = plays_of(BLOT, (6, 1))
    assert "24/17" in plays and "24/18*/17" not in plays


def test_a_checker_that_would_pin_with_the_low_die_and_move_on_is_written_without_the_pin():
    # black's lone checker on its 2 stands on white's 23: 24/23*/17, found after 24/18/17 (the high
    # die is tried first), pins it and frees it again; the board is that of 24/18/17, written 24/17
    plays = plays_of(board_of({24: 15}, {24: 14, 2: 1}, PLAKOTO), (6, 1))
    assert "24/17" in plays and "24/23*/17" not in plays


def test_a_checker_travelling_both_dice_moves_the_high_die_first_as_in_backgammon():
    # 24/18/17 and 24/23/17 reach one board, with no pin either way: the play is written as the
    # first found, the high die first, which is how backgammon's plays write it
    plakoto = plain_plays(board_of({24: 15}, {24: 15}, PLAKOTO), "white", (6, 1), PLAKOTO)
    backgammon = legal_plays(Board.initial({24: 15}), "white", (6, 1))
    for plays in (plakoto, backgammon):
        (travel,) = [play for play in plays if play.notation == "24/17"]
        assert [(move.from_point, move.to_point) for move in travel.moves] == [(24, 18), (18, 17)]


def test_a_double_of_which_only_one_move_can_be_played_plays_that_one_move():
    # white's last checker out, on its 24, rolls 6-6: 24/18, then black's two checkers on its 13
    # (white's 12) close 18/12; nothing else can move, so the play is the one move, not a pass
    board = board_of({24: 1}, {24: 13, 13: 2}, PLAKOTO)
    assert list(plays_of(board, (6, 6))) == ["24/18"]


def test_a_pinned_checker_cannot_move():
    pinned = plays_of(BLOT, (6, 1))["24/23 24/18*"]
    for play in plain_plays(pinned, "black", (6, 1), PLAKOTO):
        assert all(move.from_point != 7 for move in play.moves)
        assert pinned_points(play.board.black) == (7,)


def test_a_point_that_pins_one_of_the_movers_checkers_is_closed():
    # white's lone checker on its 18 pins black's on black's 7: black's 13 cannot move a 6 there
    pinned = board_of({24: 12, 23: 1, 18: 1, 13: 1}, {24: 13, 13: 1}, PLAKOTO, {"black": [7]})
    plays = plain_plays(pinned, "black", (6, 1), PLAKOTO)
    assert plays and all(move.to_point != 7 for play in plays for move in play.moves)
    assert "13/12" in {play.notation for play in plays} or any("13/12" in p.notation for p in plays)


def test_two_opposing_checkers_close_a_point_and_one_alone_does_not():
    two = board_of({24: 13, 13: 2}, {24: 13, 7: 2}, PLAKOTO)
    assert not any("/18" in text for text in plays_of(two, (6, 1)))
    assert "24/23 24/18*" in plays_of(BLOT, (6, 1))


def test_the_pin_is_freed_when_the_last_pinning_checker_leaves():
    pinned = plays_of(BLOT, (6, 1))["24/23 24/18*"]
    after = plays_of(pinned, (5, 4))["18/9"]
    assert after.black[7] == 1 and pinned_points(after.black) == ()


def test_a_pin_stays_while_another_pinning_checker_remains():
    stacked = board_of({24: 12, 18: 2, 13: 1}, {24: 14}, PLAKOTO, {"black": [7]})
    after = plays_of(stacked, (5, 4))["18/9"]
    assert pinned_points(after.black) == (7,) and after.black[7] == 0


def test_no_bear_off_while_any_own_checker_is_pinned():
    # every white checker home, one pinned on its 3 under black's lone checker there (black's 22)
    home = board_of({6: 5, 5: 5, 4: 4}, {22: 1, 24: 14}, PLAKOTO, {"white": [3]})
    assert all(
        move.to_point != OFF for play in plain_plays(home, "white", (6, 5), PLAKOTO) for move in play.moves
    )
    free = board_of({6: 5, 5: 5, 4: 4}, {24: 15}, PLAKOTO)
    assert "6/off 5/off" in plays_of(free, (6, 5))


def test_bearing_off_takes_the_exact_die_or_a_higher_one_from_the_highest_point():
    home = board_of({4: 2, 2: 1}, {24: 15}, PLAKOTO)
    assert set(plays_of(home, (6, 2))) == {"4/off 2/off", "4/2 4/off"}


def test_a_pinned_checker_of_the_mover_counts_with_its_checkers_in_json_and_pips():
    board = board_of({24: 14}, {7: 1, 24: 13}, PLAKOTO, {"white": [18]})
    assert board.to_dict(bar=False)["white"] == {"points": {"24": 14}, "off": 0, "pinned": [18]}
    assert board.pips("white") == 14 * 24 + 18
    assert Board.from_dict(board.to_dict(bar=False), pins=True) == board


def test_a_26_slot_board_is_read_as_one_with_nothing_pinned():
    plays = plain_plays(Board.initial({24: 15}), "white", (6, 1), PLAKOTO)
    assert all(len(play.board.white) == PINNED + 25 for play in plays)


def test_pins_on_the_json_board_are_checked():
    lonely = Board.from_dict(
        {"white": {"points": {"24": 14}, "pinned": [18]}, "black": {"points": {"24": 15}}}, pins=True
    )
    assert [p.code for p in PLAKOTO.problems(lonely)] == ["board.pin_uncovered"]
    assert [(p.field, p.code) for p in lonely.problems()] == [("board.white.pinned", "board.no_pins")]
    twice = Board.from_dict(
        {"white": {"points": {"24": 13}, "pinned": [18, 18]}, "black": {"points": {"24": 14, "7": 1}}},
        pins=True,
    )
    assert [p.code for p in PLAKOTO.problems(twice)] == ["board.pinned_twice"]
    barred = Board.from_dict(
        {"white": {"points": {"24": 14}, "bar": 1}, "black": {"points": {"24": 15}}}, pins=True
    )
    assert [(p.field, p.code) for p in PLAKOTO.problems(barred)] == [("board.white.bar", "board.no_bar")]


# -- properties -----------------------------------------------------------------------------------------
@CASES
@given(variant_boards(PLAKOTO), DICE)
def test_every_play_conserves_checkers_pinned_included_and_lands_on_open_points(board: Board, dice):
    plays = plain_plays(board, "white", dice, PLAKOTO)
    assert len({play.board for play in plays}) == len(plays)  # deduplicated by board
    assert len({len(play.moves) for play in plays}) == 1  # every play uses the most dice
    for play in plays:
        assert sum(play.board.white) == sum(board.white) and sum(play.board.black) == sum(board.black)
        assert replay(board, play, PLAKOTO) == []
        assert PLAKOTO.problems(play.board) == []


@CASES
@given(variant_boards(PLAKOTO), DICE)
def test_the_movers_pinned_checkers_stay_pinned_and_never_bear_off_beside_them(board: Board, dice):
    mine = pinned_points(board.white)
    for play in plain_plays(board, "white", dice, PLAKOTO):
        assert pinned_points(play.board.white) == mine
        assert not (mine and any(move.to_point == OFF for move in play.moves))


@CASES
@given(variant_boards(PLAKOTO), DICE)
def test_black_plays_what_white_plays_on_the_board_seen_from_the_other_side(board: Board, dice):
    assert_colours_play_alike(board, dice, PLAKOTO)
