"""The shape of a summary entry read back from a shard: the types and ranges the table and the
report read.

A shard is a file anyone may have edited (or cut, or written by hand); an entry whose fields are
not what `verify` writes is refused as a shard that cannot be merged (exit 2, naming the shard, the
line and the field), never drawn into a crash of the table or the report. Checked: each field's
type and range, the first error's fields, and its position down to the board's points and pins and
its rules (what `build_rules` reads back without a problem), so that the board picture can be drawn
by the variant's geometry. A point is named as `Board.to_dict` names it, in ASCII digits ("²" and
"٣" are digits to `str.isdigit` but not point numbers); a number is bounded by what a run can
write (a board's count by the checkers of a side, a match length by the longest match), so that no
hand-written integer of thousands of digits reaches the table or the picture.

Each check answers None when the value passes, else the path of the first field that does not, in
the dotted form of the row (`error.position.board.white.points.²`; "" for the value itself).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from arbitru.engine.board import COLORS
from arbitru.engine.rules import Rules, build_rules
from arbitru.formats.limits import MAX_CHECKERS, MAX_CUBE_LIMIT, MAX_GAMES, MAX_MATCH_LENGTH

Check = Callable[[Any], str | None]
MAX_POINT = 25  # a board's points in JSON: 1..24 (and the bar, 25, in some writers)
POINT_KEYS = frozenset(str(point) for point in range(1, MAX_POINT + 1))
# Numbers with no bound of their own in the rules (a game's or a move's number, a score): far above
# anything a run writes (a move number is at most 4 digits in a .mat, a score at most 1,000 games at
# the highest cube), far below what would take a moment to print.
MAX_NUMBER = 10**9
OK = None


def _at(name: str, inner: str) -> str:
    """The path of `inner` (a path inside the field `name`)."""
    return f"{name}.{inner}" if inner else name


def _is(kind: type) -> Check:
    return lambda value: OK if isinstance(value, kind) and not isinstance(value, bool) else ""


def _optional(check: Check) -> Check:
    return lambda value: OK if value is None else check(value)


def _count(limit: int = MAX_NUMBER, least: int = 0) -> Check:
    """An integer from `least` to `limit` (never a boolean)."""
    return lambda value: (
        OK if isinstance(value, int) and not isinstance(value, bool) and least <= value <= limit else ""
    )


def _list_of(check: Check, length: int | None = None, most: int | None = None) -> Check:
    def checked(value: Any) -> str | None:
        if not isinstance(value, list):
            return ""
        if (length is not None and len(value) != length) or (most is not None and len(value) > most):
            return ""
        return next(
            (_at(str(n), bad) for n, item in enumerate(value) if (bad := check(item)) is not None), OK
        )

    return checked


def _fields(checks: Mapping[str, Check], required: tuple[str, ...] = ()) -> Check:
    """A JSON object whose fields named in `checks` pass them (absent is None), `required` present."""

    def checked(value: Any) -> str | None:
        if not isinstance(value, dict):
            return ""
        missing = next((name for name in required if name not in value), None)
        if missing is not None:
            return missing
        found = ((name, check(value.get(name))) for name, check in checks.items())
        return next((_at(name, bad) for name, bad in found if bad is not None), OK)

    return checked


_CHECKERS = _count(MAX_CHECKERS)


def _points(value: Any) -> str | None:
    if not isinstance(value, dict):
        return ""
    return next(
        (key for key, count in value.items() if key not in POINT_KEYS or _CHECKERS(count) is not None), OK
    )


_SIDE = _fields(
    {
        "points": _optional(_points),
        "bar": _optional(_CHECKERS),
        "off": _optional(_CHECKERS),
        # plakoto: the own points where a checker lies pinned
        "pinned": _optional(_list_of(_count(MAX_POINT - 1, 1), most=MAX_CHECKERS)),
    }
)
_BOARD = _fields(dict.fromkeys(COLORS, _SIDE), required=COLORS)
_TEXT = _optional(_is(str))


def _rules(value: Any) -> str | None:
    """Rules in their JSON form (`Rules.to_dict`): options `build_rules` reads without a problem
    (the path of the first option it refuses)."""
    if not isinstance(value, dict) or not isinstance(value.get("preset", ""), str):
        return ""
    problems = build_rules(value)[1]
    return problems[0].field.removeprefix("rules").removeprefix(".") if problems else OK


def rules_of(position: Mapping[str, Any]) -> Rules:
    """The rules of a well-formed position: its `rules`, or the standard ones (backgammon) for a
    position written before positions carried them."""
    return build_rules(position.get("rules"))[0]


def _choice(*allowed: str) -> Check:
    return lambda value: OK if value in allowed else ""


_SCORE = _fields(dict.fromkeys(COLORS, _optional(_count())))
_DICE = _list_of(_count(6, 1), 2)
_POSITION = _fields(
    {
        "board": _BOARD,
        "turn": _choice(*COLORS),
        "dice": _optional(lambda dice: OK if dice == [] else _DICE(dice)),
        "cube": _optional(
            _fields(
                {
                    "value": _optional(_count(MAX_CUBE_LIMIT, 1)),
                    "owner": _optional(_choice("centered", *COLORS)),
                }
            )
        ),
        "match": _optional(
            _fields({"length": _optional(_count(MAX_MATCH_LENGTH)), "score": _optional(_SCORE)})
        ),
        "gnubg_id": _TEXT,
        "rules": _optional(_rules),
    }
)
_ERROR_FIELDS = _fields(
    {
        "code": _is(str),
        "message": _is(str),
        "game": _count(),
        "move": _optional(_count()),
        "action": _TEXT,
        "player": _TEXT,
        "position": _optional(_POSITION),
        "legal_plays": _optional(_list_of(_is(str))),
        "legal_play_count": _optional(_count()),
    }
)


def _error(value: Any) -> str | None:
    """The first error's fields; its legal plays (`verify` writes them with their count) counted."""
    bad = _ERROR_FIELDS(value)
    if bad is None and value.get("legal_plays") is not None and value.get("legal_play_count") is None:
        return "legal_play_count"
    return bad


ENTRY = _fields(
    {
        "players": _optional(_list_of(_is(str), 2)),
        "match_length": _optional(_count(MAX_MATCH_LENGTH)),
        "final_score": _optional(_list_of(_count(), 2)),
        "winner": _TEXT,
        "games": _optional(_count(MAX_GAMES)),
        "error": _optional(_error),
        "problem": _TEXT,
    }
)


def malformed(entry: Mapping[str, Any]) -> str | None:
    """The path of the first field of an entry that is not of the type and range the table and the
    report read, or None when it is well formed."""
    return ENTRY(entry)
