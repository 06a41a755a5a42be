"""The verdict on a proposed play, and the refusals every movement's judge words alike.

`arbitru.engine.judge` (the backgammon family) and `arbitru.engine.variant_judge` (long nardy,
plakoto) both build on this module, so that the judge's dispatch to the variant judge imports one
way only (tests/engine/test_engine_imports.py holds the engine free of import circles).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitru.engine.play import Play

Hop = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The ruling on a proposed play.

    When legal, `play` is the legal play it was taken as and `as_written` says whether the hops
    are that play's moves as the dice allow them (False: another grouping reaching its board).
    When illegal, `code` is the reason and `params` what the message names; `play` is then None,
    except for a hop written past a blot every legal route hits (`13/2` for `13/8*/2`): the legal
    play moving the same checkers, which the match referee takes (exporters may leave the stop out)."""

    legal: bool
    play: Play | None = None
    code: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    as_written: bool = True
    detail: str | None = None

    @property
    def message_key(self) -> str:
        """The catalogue key of the reason: `play.<code>`, or `play.<detail>` when the reason is
        finer than its code (`HIT_ON_THE_WAY` is a `NOT_A_LEGAL_PLAY`); empty for a legal play."""
        reason = self.detail or self.code
        return f"play.{reason}" if reason else ""

    def note_params(self, written: str) -> dict[str, Any] | None:
        """For a play taken by another grouping of the dice (`play.REGROUPED`): what the note names."""
        if not self.legal or self.as_written or self.play is None:
            return None
        return {"written": written, "roll": self.params["roll"], "play": self.play.notation}


def illegal(code: str, **params: Any) -> Verdict:
    return Verdict(False, None, code, params)


def too_few_dice(dice: tuple[int, int], used: int, plays: Sequence[Play]) -> Verdict | None:
    """MUST_USE_ALL_DICE when a play that could be replayed used fewer dice than the legal plays do
    (`plays`: the roll's, all of one length); None otherwise. Every movement's judge says it alike."""
    longest = len(plays[0].moves)
    if used >= longest:
        return None
    return illegal("MUST_USE_ALL_DICE", roll=roll_text(dice), longest=longest, dice_word=longest, used=used)


def roll_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def bear_off_problem(
    side: list[int], source: int, point: int, landing: int, move: str, die: int
) -> Verdict | None:
    """Why the checker that left `source` may not bear off from `point` (None when it may)."""
    others = side.copy()
    others[source] -= 1
    if any(others[7:]):  # the bar (25) included
        return illegal("BEAR_OFF_NOT_ALLOWED", move=move)
    if landing < 0 and any(others[point + 1 :]):  # nothing is above 6 by now
        return illegal("BEAR_OFF_HIGHER_POINT_OCCUPIED", point=point, die=die)
    return None


def off_board(hops: Sequence[Hop]) -> Verdict | None:
    """`NOT_ON_BOARD` for the first hop naming a point that does not exist (0 is off, 25 the bar),
    else None: every judge rules on hops whose points are on the board."""
    for source, dest in hops:
        if not (0 <= dest <= 25 and 0 <= source <= 25):
            return illegal("NOT_ON_BOARD", point=source if not 0 <= source <= 25 else dest)
    return None
