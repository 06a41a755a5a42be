"""No hit-and-run in the home board (issue 40 item 9): Tavla's defining rule, the rules option
`hit_and_run: "outside_home"` (the tavla preset's default): a checker that hits a blot on one of the
mover's home points (1-6) stays there for the rest of the turn. Elsewhere, and in every other preset
(`anywhere`), a hitter may go on. The generator lists the plays the rule allows, the judge refuses
the others with `HIT_AND_RUN_IN_HOME`, and the referee reads a transcript by the same judge; an
illegal play stays condonable as in backgammon."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine.board import BAR, OFF, Board
from arbitru.engine.judge import board_after
from arbitru.engine.movement import BACKGAMMON, BACKGAMMON_HOME_HIT_STAYS
from arbitru.engine.moves import legal_plays
from arbitru.engine.notation import parse_play
from arbitru.engine.plain import plain_plays
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS, Rules, build_rules
from arbitru.engine.variants import variant_of
from arbitru.messages import say
from tests.engine.positions import position
from tests.engine.variant_boards import variant_boards
from tests.support.cases import examples

TAVLA = PRESETS["tavla"]
STANDARD = PRESETS["standard"]
# A blot of black's on white's 3 point (black's 22); white on its 8 and 13; black's others at home.
BLOT_ON_THREE = position({8: 1, 13: 14}, {22: 1, 1: 14})


def plays(board: Board, dice: tuple[int, int], rules: Rules) -> set[str]:
    return {play.notation for play in legal_plays(board, "white", dice, rules)}


def ruling(board: Board, dice: tuple[int, int], written: str, rules: Rules):
    return Position(board, "white", dice, rules=rules).judge(written)


# -- the option ---------------------------------------------------------------------------------------
def test_hit_and_run_is_forbidden_in_the_home_board_by_the_tavla_preset_only():
    forbidding = {name for name, preset in PRESETS.items() if preset.hit_and_run != "anywhere"}
    assert forbidding == {"tavla"}
    assert variant_of(TAVLA).movement_for(TAVLA) is BACKGAMMON_HOME_HIT_STAYS
    assert variant_of(PRESETS["portes"]).movement_for(PRESETS["portes"]) is BACKGAMMON


def test_hit_and_run_is_an_option_of_the_backgammon_family_only():
    rules, problems = build_rules({"preset": "portes", "hit_and_run": "outside_home"})
    assert problems == [] and variant_of(rules).movement_for(rules) is BACKGAMMON_HOME_HIT_STAYS
    assert build_rules({"variant": "nackgammon", "hit_and_run": "outside_home"})[1] == []
    for variant in ("long_nardy", "plakoto"):
        problems = build_rules({"variant": variant, "hit_and_run": "anywhere"})[1]
        assert [(p.field, p.code) for p in problems] == [("rules.hit_and_run", "only_backgammon_family")]
    assert [p.code for p in build_rules({"hit_and_run": "nowhere"})[1]] == ["unknown_choice"]
    assert "hit_and_run" not in PRESETS["plakoto"].to_dict()
    assert build_rules(TAVLA.to_dict()) == (TAVLA, [])


def test_tavla_hit_and_run_keeps_the_illegal_moves_rule_of_backgammon():
    # the illegal-moves rule condones the backgammon family's plays, Tavla's as before: the variant
    # says so, whatever its movement (Tavla's is served by no fast path)
    assert variant_of(TAVLA).condones_illegal_plays
    assert variant_of(TAVLA).movement_for(TAVLA) is BACKGAMMON_HOME_HIT_STAYS
    assert not variant_of(PRESETS["plakoto"]).condones_illegal_plays


# -- the rule -----------------------------------------------------------------------------------------
def test_tavla_refuses_8_3_hit_2_and_backgammon_allows_it():
    assert "8/3*/2" in plays(BLOT_ON_THREE, (5, 1), STANDARD)
    assert "8/3*/2" not in plays(BLOT_ON_THREE, (5, 1), TAVLA)
    assert ruling(BLOT_ON_THREE, (5, 1), "8/3*/2", STANDARD).legal
    refused = ruling(BLOT_ON_THREE, (5, 1), "8/3*/2", TAVLA)
    assert (refused.legal, refused.code, refused.play) == (False, "HIT_AND_RUN_IN_HOME", None)
    assert refused.params == {"move": "8/3*/2", "point": 3}
    assert say(refused, "en").startswith("8/3*/2: the checker that hits on 3, in the home board")
    assert "în casă" in say(refused, "ro")


def test_tavla_lets_a_checker_pass_a_home_blot_without_hitting_it():
    assert "8/2" in plays(BLOT_ON_THREE, (5, 1), TAVLA)  # 8/7/2: the blot on 3 is passed over
    assert ruling(BLOT_ON_THREE, (5, 1), "8/2", TAVLA).play.board.black[BAR] == 0


def test_tavla_refuses_a_hop_written_past_a_home_blot_only_hit_and_run_reaches():
    # 7 closed: 8/2 can only go 8/3*/2, which hits on 3 and runs on
    board = position({8: 1, 13: 14}, {22: 1, 18: 2, 1: 12})
    refused = ruling(board, (5, 1), "8/2", TAVLA)
    assert (refused.legal, refused.code) == (False, "HIT_AND_RUN_IN_HOME")
    assert ruling(board, (5, 1), "8/2", STANDARD).legal is False  # HIT_ON_THE_WAY, taken as 8/3*/2
    assert ruling(board, (5, 1), "8/2", STANDARD).play.notation == "8/3*/2"


def test_tavla_allows_hitting_outside_the_home_board_and_going_on():
    board = position({13: 15}, {16: 1, 1: 14})  # black's blot on white's 9
    assert "13/9*/7" in plays(board, (4, 2), TAVLA)
    assert ruling(board, (4, 2), "13/9*/7", TAVLA).legal


def test_tavla_allows_a_home_hit_while_another_checker_plays_the_other_die():
    assert "13/12 8/3*" in plays(BLOT_ON_THREE, (5, 1), TAVLA)
    assert ruling(BLOT_ON_THREE, (5, 1), "8/3* 13/12", TAVLA).legal


def test_tavla_allows_entering_with_a_hit_and_going_on():
    # entering hits on white's 20 (the opponent's home board, not the mover's): the hitter may go on
    board = position({13: 14}, {5: 1, 1: 14}, white_bar=1)
    assert "bar/20*/15" in plays(board, (5, 5), TAVLA) or any(
        p.startswith("bar/20*/15") for p in plays(board, (5, 5), TAVLA)
    )


def test_tavla_with_one_die_left_when_every_two_dice_play_hits_and_runs():
    # white's last checker on 8 (the rest borne off), 7 closed: 8/3*/2 is its only two-dice play,
    # so under Tavla the 5 alone is the play: 8/3*, and the hitter stays
    board = position({8: 1}, {22: 1, 18: 2, 1: 12})
    assert plays(board, (5, 1), STANDARD) == {"8/3*/2"}
    assert plays(board, (5, 1), TAVLA) == {"8/3*"}
    assert ruling(board, (5, 1), "8/3*", TAVLA).legal
    assert ruling(board, (5, 1), "8/3*", STANDARD).code == "MUST_USE_ALL_DICE"


# -- doubles ------------------------------------------------------------------------------------------
# White's checkers on 5 and 4 (the rest on 6), black's blot on white's 3.
DOUBLE_ONES = position({6: 13, 5: 1, 4: 1}, {22: 1, 1: 14})


def test_tavla_doubles_refuse_the_hitter_going_on():
    refused = ruling(DOUBLE_ONES, (1, 1), "4/3*/2/1 6/5", TAVLA)
    assert (refused.legal, refused.code) == (False, "HIT_AND_RUN_IN_HOME")
    assert ruling(DOUBLE_ONES, (1, 1), "4/3*/2/1 6/5", STANDARD).legal


def test_tavla_doubles_let_another_checker_go_on_over_the_point_the_hitter_holds():
    # 4/3* hits and stays; the checker from 5 comes to 3 and goes on to 2: the hitter is the one
    # that stays, and the board is the same whichever checker is said to have moved
    allowed = ruling(DOUBLE_ONES, (1, 1), "4/3* 5/2", TAVLA)
    assert allowed.legal and allowed.play.board.white[3] == 1 and allowed.play.board.white[2] == 1
    boards = {play.board for play in legal_plays(DOUBLE_ONES, "white", (1, 1), TAVLA)}
    assert allowed.play.board in boards


def test_tavla_doubles_let_two_checkers_make_the_hit_point():
    assert ruling(DOUBLE_ONES, (1, 1), "5/3 4/3* 6/5", TAVLA).legal


# -- the generator against a reference that follows the hitters -------------------------------------
def _single_moves(mover: list[int], frozen: list[int], opponent: list[int], die: int) -> Iterator[tuple]:
    """Every single move of `die` by a checker that may move (not one frozen where it hit in the
    home board): the sides after it, the hitter frozen on its home point."""
    sources = [BAR] if mover[BAR] else [p for p in range(24, 0, -1) if mover[p] - frozen[p] > 0]
    home = not any(mover[7:26])
    for source in sources:
        dest = source - die
        if dest >= 1:
            if opponent[25 - dest] >= 2:
                continue
            after, opp, ice = list(mover), list(opponent), list(frozen)
            after[source] -= 1
            after[dest] += 1
            if opponent[25 - dest] == 1:
                opp[25 - dest] -= 1
                opp[BAR] += 1
                if dest <= 6:
                    ice[dest] += 1  # the hitter stays for the rest of the turn
            yield after, ice, opp
        elif home and (dest == 0 or not any(mover[source + 1 : 7])):
            after = list(mover)
            after[source] -= 1
            after[OFF] += 1
            yield after, list(frozen), list(opponent)


def reference(board: Board, dice: tuple[int, int]) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """White's legal results under Tavla, by following each hitter: the ends of the sequences
    playing as many dice as any does, the higher die when only one die of a mixed roll is played."""
    all_dice = (dice[0],) * 4 if dice[0] == dice[1] else (max(dice), min(dice))
    ends: dict[tuple[tuple[int, ...], tuple[int, ...]], set[tuple[int, ...]]] = {}
    seen: set[tuple] = set()

    def walk(mover: list[int], frozen: list[int], opponent: list[int], left: tuple[int, ...]) -> None:
        key = (tuple(mover), tuple(frozen), tuple(opponent), left)
        if key in seen:
            return
        seen.add(key)
        ends.setdefault((tuple(mover), tuple(opponent)), set()).add(left)
        for i, die in enumerate(left):
            for after, ice, opp in _single_moves(mover, frozen, opponent, die):
                walk(after, ice, opp, left[:i] + left[i + 1 :])

    walk(list(board.white), [0] * 26, list(board.black), all_dice)
    fewest_left = min(len(left) for lefts in ends.values() for left in lefts)
    best = {end for end, lefts in ends.items() if any(len(left) == fewest_left for left in lefts)}
    if len(all_dice) - fewest_left == 1 and dice[0] != dice[1]:
        with_high = {end for end in best if (min(dice),) in ends[end]}  # the low die is left
        best = with_high or best
    return best


ROLLS = st.tuples(st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=examples(150), deadline=None)
@given(board=variant_boards(BACKGAMMON), dice=ROLLS)
def test_tavla_plays_are_the_plays_that_keep_each_home_hitter_where_it_hit(board, dice):
    """The differential property: Tavla's plays are backgammon's plain plays with the rule applied
    as a reference states it, following each checker that hits in the home board."""
    found = {
        (play.board.white, play.board.black)
        for play in plain_plays(board, "white", dice, BACKGAMMON_HOME_HIT_STAYS)
    }
    assert found == reference(board, dice)


@settings(max_examples=examples(150), deadline=None)
@given(board=variant_boards(BACKGAMMON), dice=ROLLS)
def test_tavla_plays_that_use_the_most_dice_are_backgammons_plays_the_rule_keeps(board, dice):
    ours = legal_plays(board, "white", dice, TAVLA)
    theirs = {play.board for play in legal_plays(board, "white", dice)}
    if max(len(p.moves) for p in ours) == max(len(p.moves) for p in legal_plays(board, "white", dice)):
        assert {play.board for play in ours} <= theirs


# -- the judge and the referee agree with the generator ------------------------------------------
@pytest.mark.plays_cached  # the judge of each play lists the board's plays once, not once per play
@settings(max_examples=examples(100), deadline=None)
@given(board=variant_boards(BACKGAMMON), dice=ROLLS)
def test_tavla_judges_every_backgammon_play_as_the_rule_says(board, dice):
    allowed = {play.board for play in legal_plays(board, "white", dice, TAVLA)}
    for play in legal_plays(board, "white", dice):
        verdict = ruling(board, dice, play.notation, TAVLA)
        assert verdict.legal == (play.board in allowed), play.notation
        if not verdict.legal:
            assert verdict.code in ("HIT_AND_RUN_IN_HOME", "MUST_USE_ALL_DICE", "MUST_PLAY_HIGHER_DIE")


def test_the_referee_reads_a_tavla_transcript_by_the_rule():
    hops = parse_play("8/3*/2")
    assert isinstance(board_after(BLOT_ON_THREE, "white", (5, 1), hops, STANDARD), Board)
    refused = board_after(BLOT_ON_THREE, "white", (5, 1), hops, TAVLA)
    assert not isinstance(refused, Board) and refused.code == "HIT_AND_RUN_IN_HOME"


@pytest.mark.parametrize("written", ["8/3* 13/12", "13/7", "8/2"])
def test_the_referee_reads_tavlas_other_plays_as_backgammons(written):
    hops = parse_play(written)
    assert board_after(BLOT_ON_THREE, "white", (5, 1), hops, TAVLA) == board_after(
        BLOT_ON_THREE, "white", (5, 1), hops, STANDARD
    )
