"""Hypothesis strategies for the format codecs: valid boards and the game contexts each format holds."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from arbitru.engine.board import BAR, Board
from arbitru.formats.position import DecodedPosition

colors = st.sampled_from(("white", "black"))
die = st.integers(1, 6)
dice_pairs = st.tuples(die, die)
names = st.text(
    alphabet=st.characters(min_codepoint=33, max_codepoint=126, exclude_characters=":"),
    min_size=1,
    max_size=12,
)


def _closed(side: tuple[int, ...]) -> bool:
    return all(side[p] >= 2 for p in range(1, 7))


@st.composite
def boards(draw: st.DrawFn, checkers: int = 15) -> Board:
    """Any board a game could show: each side's checkers spread over off, points and bar, no
    point held by both, not both sides on the bar against closed boards."""
    white = [0] * 26
    for slot in draw(st.lists(st.integers(0, 25), min_size=checkers, max_size=checkers)):
        white[slot] += 1
    allowed = [0, BAR] + [p for p in range(1, 25) if not white[25 - p]]
    black = [0] * 26
    for slot in draw(st.lists(st.sampled_from(allowed), min_size=checkers, max_size=checkers)):
        black[slot] += 1
    assume(not (white[BAR] and black[BAR] and _closed(tuple(white)) and _closed(tuple(black))))
    return Board(tuple(white), tuple(black))


@st.composite
def match_contexts(draw: st.DrawFn) -> DecodedPosition:
    """Every context a Match ID holds (dice higher first, as gnubg stores them)."""
    length = draw(st.sampled_from((0, 0, 1, 3, 5, 7, 11, 25, 64, 999, 0x7FFF)))
    score = (draw(st.integers(0, length)), draw(st.integers(0, length))) if length else (0, 0)
    dice = draw(st.none() | dice_pairs.map(lambda d: tuple(sorted(d, reverse=True))))
    return DecodedPosition(
        board=draw(boards()),
        turn=draw(colors),
        dice=dice,
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from(("centered", "white", "black"))),
        match_length=length,
        score=score,
        crawford=bool(length) and draw(st.booleans()),
        jacoby=draw(st.booleans()),
        cube_offer=draw(st.sampled_from((None, "double"))),
        resigned=draw(st.integers(0, 3)),
        game_state=draw(st.sampled_from(("playing", "over", "resigned", "dropped"))),
    )


@st.composite
def xgid_contexts(draw: st.DrawFn) -> DecodedPosition:
    """Every context an XGID holds."""
    length = draw(st.sampled_from((0, 0, 1, 3, 5, 7, 11, 25)))
    score = (
        (draw(st.integers(0, length)), draw(st.integers(0, length)))
        if length
        else (draw(st.integers(0, 50)), draw(st.integers(0, 50)))
    )
    offer = draw(st.sampled_from((None, None, "double", "beaver", "raccoon")))
    return DecodedPosition(
        board=draw(boards()),
        turn=draw(colors),
        dice=None if offer else draw(st.none() | dice_pairs),
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from(("centered", "white", "black"))),
        match_length=length,
        score=score,
        crawford=bool(length) and draw(st.booleans()),
        jacoby=not length and draw(st.booleans()),
        beavers=not length and draw(st.booleans()),
        cube_offer=offer,
        max_cube=1 << draw(st.integers(0, 15)),
    )


@st.composite
def fibs_contexts(draw: st.DrawFn) -> DecodedPosition:
    """Every context a FIBS board line holds (the player is white)."""
    length = draw(st.sampled_from((0, 1, 3, 5, 7, 11, 25, 99)))
    score = (
        (draw(st.integers(0, length - 1)), draw(st.integers(0, length - 1)))
        if length
        else (draw(st.integers(0, 50)), draw(st.integers(0, 50)))
    )
    over = draw(st.integers(0, 9)) == 0
    crawford = bool(length) and draw(st.booleans())
    offer = None if over or crawford else draw(st.sampled_from((None, None, "double")))
    return DecodedPosition(
        board=draw(boards()),
        turn=None if over else draw(colors),
        dice=None if over or offer else draw(st.none() | dice_pairs),
        cube_value=1 if crawford else 1 << draw(st.integers(0, 12)),
        cube_owner="centered" if crawford else draw(st.sampled_from(("centered", "white", "black"))),
        match_length=length,
        score=score,
        crawford=crawford,
        cube_offer=offer,
        game_state="over" if over else "playing",
        names=(draw(names), draw(names)),
    )
