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
    """The plain reading (`_read_plainly`), token by token from a cache of tokens: the same
    tokens (`24/18`, `13/11`, `8/5(2)`) make up thousands of different plays, and a match
    referee parses a fifth of its plays (the texts the whole-text cache no longer holds). A text
    with a comma, or a token that cannot be read alone (the error names its column in the whole
    text), is read plainly.
    `tests/engine/test_notation_cache.py` holds it to the plain reading."""
    if "," in text:
        return _read_plainly(text)
    # Tuples joined (a play has a few tokens), not lists then copied.
    hops: tuple[Hop, ...] = ()
    marked: tuple[int, ...] = ()
    for token in text.split():  # what `_WORDS` finds in a text without a comma (the same blanks)
        read = _token(token) if len(token) <= MAX_CACHED_TOKEN else None
        if read is None:
            return _read_plainly(text)
        hops += read[0]
        marked += read[1]
    if len(hops) > 16:
        raise NotationError("too_many", 1)
    return hops, marked


MAX_CACHED_TOKEN = 24  # longer tokens (no play writes one) are read with their text
TOKEN_CACHE = 1024


@lru_cache(maxsize=TOKEN_CACHE)
def _token(token: str) -> tuple[tuple[Hop, ...], tuple[int, ...]] | None:
    """One token's hops and marks as the plain reading gives them, None when it cannot be read."""
    single = _single_hop(token)
    if single is not None:
        return single
    try:
        return _read_plainly(token)
    except NotationError:
        return None


def _single_hop(token: str) -> tuple[tuple[Hop, ...], tuple[int, ...]] | None:
    """A token of one hop between two of `_POINTS`' names, its destination marked as a hit or not
    (`13/8`, `25/22`, `bar/22`, `6/0`, `24/20*`: nine tokens in ten a match referee meets), read
    without the regular expressions as `_read_plainly` reads it; None for any other token (and for
    one the reading refuses), which `_read_plainly` then reads.
    `tests/engine/test_notation_cache.py` holds it to the plain reading."""
    names = token.split("/")
    if len(names) != 2:
        return None
    source_name, dest_name = names
    marked = dest_name.endswith("*")
    source = _POINTS.get(source_name)
    dest = _POINTS.get(dest_name[:-1] if marked else dest_name)
    if source is None or dest is None or source == OFF or dest == BAR:
        return None
    return ((source, dest),), ((dest,) if marked else ())


def _read_plainly(text: str) -> tuple[tuple[Hop, ...], tuple[int, ...]]:
    """The reading: each token matched and read once, a point's name looked up in `_POINTS` (the
    usual names) before `_point` reads it (no call per name)."""
    hops: list[Hop] = []
    marked: list[int] = []
    for match in _WORDS.finditer(text):
        token = match.group()
        parsed = _TOKEN.match(token)
        if not parsed:
            raise NotationError("unreadable", match.start() + 1, token=token)
        chain, count = parsed.groups()
        if count == "0":
            raise NotationError("repeat", match.start() + 1, token=token)
        names = chain.split("/")
        points: list[int] = []
        for name in names:
            point = _POINTS.get(name)
            if point is None:  # a hit mark, `Bar`, or a number out of range
                point = _point(name.rstrip("*"), token, match.start() + 1)
                if name.endswith("*"):
                    marked.append(point)
            points.append(point)
        first = len(hops)
        for source, dest in zip(points, points[1:], strict=False):
            if source == OFF:
                raise NotationError("from_off", match.start() + 1, token=token)
            if dest == BAR:
                raise NotationError("onto_bar", match.start() + 1, token=token)
            hops.append((source, dest))
        if count and count != "1":
            hops.extend(hops[first:] * (int(count) - 1))
    if len(hops) > 16:
        raise NotationError("too_many", 1)
    return tuple(hops), tuple(marked)


_WORDS = re.compile(r"[^\s,]+")
# Every name `_point` reads without a question, as written: the numbers 0..25 (with a leading zero
# too) and `bar` and `off` in lower case.
_POINTS: dict[str, int] = {
    "bar": BAR,
    "off": OFF,
    **{str(value): value for value in range(26)},
    **{f"{value:02d}": value for value in range(10)},
}


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
