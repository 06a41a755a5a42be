"""Small helpers to write recognisable positions in tests."""

from __future__ import annotations

from arbitru.engine import Board, legal_plays


def position(white: dict[int, int], black: dict[int, int], white_bar: int = 0, black_bar: int = 0) -> Board:
    """A board from point -> count maps in each side's own numbering; the rest is borne off."""
    return Board.from_dict(
        {
            "white": {"points": {str(k): v for k, v in white.items()}, "bar": white_bar},
            "black": {"points": {str(k): v for k, v in black.items()}, "bar": black_bar},
        }
    )


def notations(board: Board, dice: tuple[int, int], turn: str = "white") -> set[str]:
    """The set of plays of a roll, in standard notation."""
    return {play.notation for play in legal_plays(board, turn, dice)}  # type: ignore[arg-type]


OPENING = Board.initial()
