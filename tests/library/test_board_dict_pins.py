"""Issue 40 item 2: a board's JSON form read back by the library is the same board. A side's `pinned`
list (plakoto) is read as pinned checkers whatever the caller says of the variant, never dropped nor
counted as borne off; a variant that pins nothing refuses such a board clearly (`board.no_pins`, a
ValueError from the position's plays), and plakoto's plays on it keep off the mover's own pinned
checker."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru import Board, Position, Rules
from arbitru.engine.board import OFF, PINNED
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import variant_of
from tests.engine.variant_boards import variant_boards
from tests.support.cases import examples

PLAKOTO = Rules(preset="plakoto")
# White's checker pinned on its 7 under black's lone checker (black's 18); the rest of white on its 13.
PINNED_SEVEN = {
    "white": {"points": {"13": 14}, "pinned": [7]},
    "black": {"points": {"18": 1, "1": 14}},
}


def test_a_dict_with_pinned_is_read_as_a_pinned_board_without_being_told():
    board = Board.from_dict(PINNED_SEVEN)
    assert board.white[PINNED + 7] == 1 and board.white[13] == 14
    assert board.white[OFF] == 0 and board.checkers("white") == 15  # not made a borne-off checker
    assert board == Board.from_dict(PINNED_SEVEN, pins=True)


def test_plakoto_plays_never_land_on_the_movers_own_pinned_checker():
    # black's lone checker on white's 7 pins white's checker there: the point is closed to white,
    # so 13/7 (and the old `13/7*`) is no play; 13/8/2 is the only way to play 6-5
    plays = Position(Board.from_dict(PINNED_SEVEN), "white", (6, 5), rules=PLAKOTO).plays()
    assert [play.notation for play in plays] == ["13/2"]
    assert all(play.board.white[PINNED + 7] == 1 for play in plays)


def test_a_plakoto_dict_without_pinned_is_a_board_with_nothing_pinned():
    board = Board.from_dict({"white": {"points": {"24": 15}}, "black": {"points": {"24": 15}}})
    assert len(board.white) == 26
    assert Position(board, "white", (6, 1), rules=PLAKOTO).plays()  # the generator reads it as unpinned


def test_pinned_checkers_in_a_variant_that_pins_none_are_refused_not_dropped():
    board = Board.from_dict(PINNED_SEVEN, pins=False)
    assert board.white[PINNED + 7] == 1 and board.checkers("white") == 15
    problems = Position(board, "white", (6, 5)).problems()
    assert [(p.field, p.code) for p in problems] == [("board.white.pinned", "board.no_pins")]
    with pytest.raises(ValueError, match="pinned"):
        Position(board, "white", (6, 5)).plays()
    with pytest.raises(ValueError, match="pinned"):
        Position(board, "white", (6, 5)).judge("13/7* 13/8")


def test_an_empty_pinned_list_outside_plakoto_loses_nothing():
    board = Board.from_dict({**PINNED_SEVEN, "white": {"points": {"13": 15}, "pinned": []}}, pins=False)
    assert len(board.white) == 26 and Position(board, "white", (6, 5)).problems() == []


def hitting_sides(slots: int) -> st.SearchStrategy[tuple[int, ...]]:
    """Any side of a variant where checkers are hit: counts on off, the points and the bar."""
    return st.lists(st.integers(0, 15), min_size=slots, max_size=slots).map(tuple)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_from_dict_gives_back_every_board_of_every_variant(preset, data):
    """from_dict(to_dict(b)) == b for valid boards of every preset's variant (pins included), and,
    where checkers are hit, for any counts on the points, off and the bar."""
    rules = PRESETS[preset]
    movement = variant_of(rules).movement_for(rules)
    board = data.draw(variant_boards(movement))
    assert Board.from_dict(board.to_dict(bar=movement.hits), rules.checkers) == board
    if movement.hits:
        anything = Board(data.draw(hitting_sides(26)), data.draw(hitting_sides(26)))
        assert Board.from_dict(anything.to_dict()) == anything


@pytest.mark.parametrize("variant", ["backgammon", "nackgammon", "hypergammon"])
def test_from_dict_gives_back_the_start_of_every_backgammon_variant(variant):
    rules = Rules(variant=variant)
    start = Position.initial(rules).board
    assert Board.from_dict(start.to_dict(), rules.checkers) == start
