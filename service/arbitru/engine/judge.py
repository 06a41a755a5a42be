"""The referee for one proposed play: legal or not, and if not, why (`judge_play`), in a game of any
rules, and the board after a play as a transcript writes it (`board_after`).

A proposal is a list of hops (from, to) in the mover's numbering; a hop may span several dice.
The game's variant rules on it (`Variant.judge`: the backgammon family's judge,
`arbitru.engine.family_judge`, or the plain one of the Table family, `arbitru.engine.variant_judge`),
given the roll's legal plays (`legal_plays`: cached and charged to the work budget). The reason codes
are the ones every game's judge gives and each variant's own (`Variant.reason_codes`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from arbitru.engine.board import Board, Color
from arbitru.engine.movement import Movement
from arbitru.engine.moves import movement_plays
from arbitru.engine.play import Play
from arbitru.engine.rules import STANDARD, Rules
from arbitru.engine.variants import NO_HISTORY, VARIANTS, History, Lister, Variant, variant_of
from arbitru.engine.verdict import Hop, Verdict, off_board

# Stable reason codes: clients and the match referee rely on these names.
REASON_CODES: dict[str, str] = {
    "NO_CHECKER_TO_MOVE": "there is no checker of the mover on the point a move starts from",
    "MOVE_BACKWARDS": "a checker may only move forward, toward its home board",
    "NOT_ON_BOARD": "a move names a point that does not exist",
    "MUST_ENTER_FROM_BAR": "checkers on the bar must enter before any other checker moves",
    "POINT_CLOSED": "a checker may not land on a point held by two or more opposing checkers",
    "DICE_MISMATCH": "a move's distance does not match the dice rolled",
    "TOO_MANY_MOVES": "the play uses more dice than were rolled",
    "BEAR_OFF_NOT_ALLOWED": "bearing off needs every checker in the home board",
    "BEAR_OFF_HIGHER_POINT_OCCUPIED": "a higher die bears off only from the highest occupied point",
    "MUST_USE_ALL_DICE": "a play must use as many dice as the roll allows",
    "MUST_PLAY_HIGHER_DIE": "when only one die can be played, it must be the higher one if it can",
    "WRONG_HIT": "a hit is marked (`*` or hit: true) on a move that hits nothing",
    "NOT_A_LEGAL_PLAY": "the play does not lead to the position of any legal play of this roll",
}

# The reasons of each family's own games, named by their variants (`Variant.reason_codes`): the
# backgammon family's rules options (the match referee gives them too), and the Table family's (the
# match referee's catalogue leaves them out).
FAMILY_OPTION_REASON_CODES: dict[str, str] = {
    code: text
    for variant in VARIANTS.values()
    if variant.family == "backgammon_family"
    for code, text in variant.reason_codes.items()
}
VARIANT_REASON_CODES: dict[str, str] = {
    code: text
    for variant in VARIANTS.values()
    if variant.family != "backgammon_family"
    for code, text in variant.reason_codes.items()
}
REASON_CODES.update(FAMILY_OPTION_REASON_CODES)
REASON_CODES.update(VARIANT_REASON_CODES)


def judge_play(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    hops: Sequence[Hop],
    marked_hits: Sequence[int] | None = None,
    rules: Rules = STANDARD,
    history: History = NO_HISTORY,
) -> Verdict:
    """Rule on the proposal `hops` (and, when given, the destination points it marks as hits) in a
    game of `rules` (default backgammon's) whose `history` is given where the board may not show it:
    `NOT_ON_BOARD` for a point that does not exist, else the variant's ruling (`Variant.judge`)."""
    refused = off_board(hops)
    if refused is not None:
        return refused
    variant = variant_of(rules)
    movement = variant.movement_in(rules, board, turn, history)
    return variant.judge(
        board, turn, dice, hops, marked_hits or (), movement, _lister(board, turn, dice, variant)
    )


def board_after(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    hops: Sequence[Hop],
    rules: Rules = STANDARD,
    history: History = NO_HISTORY,
) -> Board | Verdict:
    """The board after a written play as the match referee reads it (`Variant.board_after`: hit
    marks not read, a hop written past the blot it hit on the way taken as the legal play moving
    those checkers), or the ruling on it when no legal play moves those checkers."""
    return written_play_reader(rules)(board, turn, dice, hops, history)


def written_play_reader(
    rules: Rules = STANDARD,
) -> Callable[[Board, Color, tuple[int, int], Sequence[Hop], History], Board | Verdict]:
    """`board_after` for the plays of one game of `rules`, its variant and movement found once (a
    history that may change it asked of the variant): the match referee reads every roll of a
    transcript with it."""
    variant = variant_of(rules)
    movement = variant.movement_for(rules)

    def read(
        board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop], history: History = NO_HISTORY
    ) -> Board | Verdict:
        moving = variant.movement_in(rules, board, turn, history) if history.played else movement
        lister = _lister(board, turn, dice, variant)
        return variant.board_after(board, turn, dice, hops, moving, lister)

    return read


def _lister(board: Board, turn: Color, dice: tuple[int, int], variant: Variant) -> Lister:
    """The roll's legal plays under a movement of a game of `variant` (cached and charged)."""

    def listed(movement: Movement) -> list[Play]:
        return movement_plays(board, turn, dice, variant, movement)

    return listed
