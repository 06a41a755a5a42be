"""wildbg's move-generation benchmark: summed over its 1,000 contact and 1,000 race positions and over
every roll, the number of distinct resulting positions (a position with no legal move counts as one)."""

from __future__ import annotations

import pytest

from arbitru.engine import legal_plays
from arbitru.formats.gnubg_id import decode_position_id
from tests.support.positions import DOUBLES, MIXED, wildbg_ids

TOTALS = {
    ("contact", "doubles"): 218_356,
    ("contact", "mixed"): 185_957,
    ("race", "doubles"): 140_720,
    ("race", "mixed"): 122_570,
}


def _gnubg_counts(board, rolls):  # type: ignore[no-untyped-def]
    """gnubg's per-roll counts for a failure message (None when gnubg is not installed)."""
    try:
        from tests.support.gnubg_oracle import GNUBG_AVAILABLE, gnubg_plays
    except ImportError:  # pragma: no cover
        return None
    if not GNUBG_AVAILABLE:
        return None
    return [max(len(gnubg_plays(board, "white", r)), 1) for r in rolls]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "kind"), sorted(TOTALS), ids=lambda v: str(v))
def test_wildbg_total_of_distinct_plays_is_reproduced_exactly(name: str, kind: str) -> None:
    rolls = DOUBLES if kind == "doubles" else MIXED
    total = 0
    duplicated: list[str] = []
    for position_id in wildbg_ids(name):
        board = decode_position_id(position_id, "white")  # the player on roll plays white
        counts = []
        for dice in rolls:
            plays = legal_plays(board, "white", dice)
            distinct = len({p.board for p in plays})
            if distinct != len(plays) and len(duplicated) < 5:
                duplicated.append(f"{position_id} {dice}")
            counts.append(len(plays))
        total += sum(counts)
    if total != TOTALS[(name, kind)]:
        detail = _first_differences(name, rolls)
        pytest.fail(f"{name} {kind}: {total} plays, expected {TOTALS[(name, kind)]}\n{detail}")
    assert not duplicated, f"two plays with the same resulting board: {duplicated}"


def _first_differences(name: str, rolls: tuple[tuple[int, int], ...]) -> str:
    """The first positions whose per-roll counts differ from gnubg's, to start debugging from."""
    lines = []
    for position_id in wildbg_ids(name):
        board = decode_position_id(position_id, "white")
        expected = _gnubg_counts(board, rolls)
        if expected is None:
            return "(gnubg not installed: no per-position detail)"
        got = [len(legal_plays(board, "white", d)) for d in rolls]
        for dice, g, e in zip(rolls, got, expected, strict=True):
            if g != e:
                lines.append(
                    f"  {position_id} white to play {dice}: engine {g}, gnubg {e}; board {board.to_dict()}"
                )
        if len(lines) >= 10:
            break
    return "\n".join(lines)
