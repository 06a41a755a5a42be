"""Parsing standard backgammon notation into checker hops.

Accepts what people and programs write: `24/18 13/11`, `bar/22`, `Bar/22`, `25/22`, `6/off`,
`6/0`, `13/7*`, `8/5(2)`, joined hops `24/18/13` and `13/7*/1`, repeats on joined hops
`bar/21(2)`, separators of spaces or commas. A hop is (from, to) in the mover's numbering.
"""

from __future__ import annotations

import re
from functools import lru_cache

from arbitru.engine.board import BAR, OFF

Hop = tuple[int, int]

_POINT = r"(?:bar|off|[0-9]{1,2})"  # ASCII digits only: `８/５` is not a play
_TOKEN = re.compile(rf"({_POINT}(?:/{_POINT}\*?)+)(?:\(([0-9])\))?$", re.IGNORECASE)


class NotationError(ValueError):
    """A play that cannot be read: why (`code`, with `params`; its text is the catalogue's
    `notation.<code>`, rendered by the caller) and the 1-based `column` where reading failed."""

    def __init__(self, code: str, column: int, **params: object) -> None:
        super().__init__(code, column, params)
        self.code = code
        self.column = column
        self.params: dict[str, object] = params

    @property
    def message_key(self) -> str:
        """The catalogue key of the reason."""
        return f"notation.{self.code}"


def parse_play(text: str) -> tuple[Hop, ...]:
    """Hops of a play in standard notation, in the written order, repeats expanded."""
    return parse_play_marked(text)[0]


def parse_play_marked(text: str) -> tuple[tuple[Hop, ...], tuple[int, ...]]:
    """Hops of a play and the points it marks as hits (`*`), to tell apart plays that differ
    only in what they hit (24/18*/13 and 24/19/13). Plays repeat (a match referee reads the same
    `8/5 6/5` again and again), so the answers for the last PARSED_CACHE texts are kept (tuples:
    nothing a caller can change); a text that cannot be read raises every time."""
    if len(text) > MAX_CACHED_TEXT:
        return _parse_play_marked(text)
    return _parsed(text)


MAX_CACHED_TEXT = 64  # longer texts are parsed each time (a bound on what the cache holds)
PARSED_CACHE = 4096


@lru_cache(maxsize=PARSED_CACHE)
def _parsed(text: str) -> tuple[tuple[Hop, ...], tuple[int, ...]]:
    return _parse_play_marked(text)


def _parse_play_marked(text: str) -> tuple[tuple[Hop, ...], tuple[int, ...]]:
    hops: list[Hop] = []
    marked: list[int] = []
    for match in re.finditer(r"[^\s,]+", text):
        token, column = match.group(), match.start() + 1
        parsed = _TOKEN.match(token)
        if not parsed:
            raise NotationError("unreadable", column, token=token)
        chain, repeat = parsed.group(1), int(parsed.group(2) or 1)
        if repeat < 1:
            raise NotationError("repeat", column, token=token)
        names = chain.split("/")
        points = [_point(name.rstrip("*"), token, column) for name in names]
        marked.extend(point for name, point in zip(names, points, strict=True) if name.endswith("*"))
        for a, b in zip(points, points[1:], strict=False):
            if a == OFF:
                raise NotationError("from_off", column, token=token)
            if b == BAR:
                raise NotationError("onto_bar", column, token=token)
        for _ in range(repeat):
            hops.extend(zip(points, points[1:], strict=False))
    if len(hops) > 16:
        raise NotationError("too_many", 1)
    return tuple(hops), tuple(marked)


def _point(name: str, token: str, column: int) -> int:
    lowered = name.lower()
    if lowered == "bar":
        return BAR
    if lowered == "off":
        return OFF
    value = int(name)
    if value > 25:
        raise NotationError("point_range", column, token=token, value=value)
    return value
