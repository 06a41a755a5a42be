"""The seam for games that move differently: a variant defined only here, in the test suite (no
hitting, both sides the same direction), plugs into the plain generator as a `Movement`, with no
change to the engine and without reaching the backgammon family's fast paths."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from arbitru.engine import fast_backgammon, fast_family
from arbitru.engine.board import Board
from arbitru.engine.geometry import SAME
from arbitru.engine.movement import Movement, Step
from arbitru.engine.plain import plain_plays
from arbitru.engine.play import Move
from arbitru.engine.variants import VARIANTS, variant_of

# A race: both sides travel the same way round (long nardy's geometry), nothing is hit, no head.
RACE = Movement("race", SAME, "none")


def race_board() -> Board:
    """White on 10 and 5; black's lone checker on its 19 (white's 7) and two on its 16 (white's 4);
    the rest off."""
    return Board.from_dict({"white": {"points": {"10": 1, "5": 1}}, "black": {"points": {"19": 1, "16": 2}}})


@pytest.fixture
def no_fast_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fast path of the backgammon family refuses to run."""

    def refuse(*args: object) -> None:
        raise AssertionError("a fast path ran")

    for name in ("plays", "_doubles", "_mixed_bar", "_mixed_free", "_mixed_home", "_mixed"):
        monkeypatch.setattr(fast_backgammon, name, refuse)
    monkeypatch.setattr(fast_family, "doubles_plays", refuse)


def test_a_variant_defined_in_the_tests_lists_the_plays_its_rules_give(no_fast_paths: None):
    # 3-1: 10/7 is closed by black's lone checker (nothing is hit), 5/4 by black's two; so white
    # plays 10/9 and 5/2, or one checker both dice: 10/9/6 or 5/2/1
    plays = plain_plays(race_board(), "white", (3, 1), RACE)
    assert {play.notation: play.moves for play in plays} == {
        "10/9 5/2": (Move(5, 2), Move(10, 9)),
        "5/1": (Move(5, 2), Move(2, 1)),
        "10/6": (Move(10, 9), Move(9, 6)),
    }
    assert {play.notation: play.board.white[1:11] for play in plays} == {
        "10/9 5/2": (0, 1, 0, 0, 0, 0, 0, 0, 1, 0),
        "5/1": (1, 0, 0, 0, 0, 0, 0, 0, 0, 1),
        "10/6": (0, 0, 0, 0, 1, 1, 0, 0, 0, 0),
    }


def test_the_variants_rules_are_its_own_functions_of_a_step(no_fast_paths: None):
    # the same race, where no play may leave a checker on white's 6 (a rule of this test only)
    def not_on_six(step: Step) -> bool:
        return not step.board.side(step.turn)[6]

    fussy = Movement("fussy race", SAME, "none", play_rules=(not_on_six,))
    assert {play.notation for play in plain_plays(race_board(), "white", (3, 1), fussy)} == {
        "10/9 5/2",
        "5/1",
    }


def test_a_game_the_registry_does_not_hold_is_named_in_the_refusal():
    with pytest.raises(KeyError, match="chess"):
        variant_of(SimpleNamespace(variant="chess"))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["backgammon", "long_nardy"])
@pytest.mark.parametrize("dice", [(3, 1), (2, 2)])
def test_a_variant_handed_a_movement_its_accelerations_do_not_serve_lists_the_plain_plays(
    no_fast_paths: None, name: str, dice: tuple[int, int]
):
    plays, _ = VARIANTS[name].plays(race_board(), "white", dice, RACE)
    assert list(plays) == plain_plays(race_board(), "white", dice, RACE)
