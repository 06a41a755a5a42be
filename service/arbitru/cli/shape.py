"""The shape of a summary entry read back from a shard: the types the table and the report read.

A shard is a file anyone may have edited (or cut, or written by hand); an entry whose fields are
not what `verify` writes is refused as a shard that cannot be merged (exit 2), never drawn into a
crash of the table or the report (exit 3, "a bug"). Checked: each field's type, the first error's
fields, and its position down to the board's points and pins and its rules (what `build_rules`
reads back without a problem), so that the board picture can be drawn by the variant's geometry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from arbitru.engine.board import COLORS
from arbitru.engine.rules import Rules, build_rules

Check = Callable[[Any], bool]
MAX_POINT = 25  # a board's points in JSON: 1..24 (and the bar, 25, in some writers)


def _is(kind: type) -> Check:
    return lambda value: isinstance(value, kind) and not isinstance(value, bool)


def _optional(check: Check) -> Check:
    return lambda value: value is None or check(value)


def _count(value: Any) -> bool:
    return _is(int)(value) and 0 <= value


def _list_of(check: Check, length: int | None = None) -> Check:
    return lambda value: (
        isinstance(value, list) and (length is None or len(value) == length) and all(map(check, value))
    )


def _fields(checks: Mapping[str, Check], required: tuple[str, ...] = ()) -> Check:
    """A JSON object whose fields named in `checks` pass them (absent is None), `required` present."""
    return lambda value: (
        isinstance(value, dict)
        and all(name in value for name in required)
        and all(check(value.get(name)) for name, check in checks.items())
    )


def _points(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(key, str) and key.isdigit() and 1 <= int(key) <= MAX_POINT and _count(count)
        for key, count in value.items()
    )


def _point(value: Any) -> bool:
    return _is(int)(value) and 1 <= value <= MAX_POINT - 1


_SIDE = _fields(
    {
        "points": _optional(_points),
        "bar": _optional(_count),
        "off": _optional(_count),
        "pinned": _optional(_list_of(_point)),  # plakoto: the own points where a checker lies pinned
    }
)
_BOARD = _fields(dict.fromkeys(COLORS, _SIDE), required=COLORS)
_TEXT = _optional(_is(str))


def _die(value: Any) -> bool:
    return _is(int)(value) and 1 <= value <= 6


def _cube_value(value: Any) -> bool:
    return _count(value) and value >= 1


def _owner(value: Any) -> bool:
    return value in ("centered", *COLORS)


def _rules(value: Any) -> bool:
    """Rules in their JSON form (`Rules.to_dict`): options `build_rules` reads without a problem."""
    return isinstance(value, dict) and isinstance(value.get("preset", ""), str) and not build_rules(value)[1]


def rules_of(position: Mapping[str, Any]) -> Rules:
    """The rules of a well-formed position: its `rules`, or the standard ones (backgammon) for a
    position written before positions carried them."""
    return build_rules(position.get("rules"))[0]


_SCORE = _fields(dict.fromkeys(COLORS, _optional(_count)))
_POSITION = _fields(
    {
        "board": _BOARD,
        "turn": lambda value: value in COLORS,
        "dice": _optional(lambda dice: dice == [] or _list_of(_die, 2)(dice)),
        "cube": _optional(_fields({"value": _optional(_cube_value), "owner": _optional(_owner)})),
        "match": _optional(_fields({"length": _optional(_count), "score": _optional(_SCORE)})),
        "gnubg_id": _TEXT,
        "rules": _optional(_rules),
    }
)
_ERROR = _fields(
    {
        "code": _is(str),
        "message": _is(str),
        "game": _count,
        "move": _optional(_count),
        "action": _TEXT,
        "player": _TEXT,
        "position": _optional(_POSITION),
        "legal_plays": _optional(_list_of(_is(str))),
    }
)
ENTRY = _fields(
    {
        "players": _optional(_list_of(_is(str), 2)),
        "match_length": _optional(_count),
        "final_score": _optional(_list_of(_count, 2)),
        "winner": _TEXT,
        "games": _optional(_count),
        "error": _optional(_ERROR),
        "problem": _TEXT,
    }
)


def well_formed(entry: Mapping[str, Any]) -> bool:
    """Whether an entry has the types the table and the report read."""
    return ENTRY(entry)
