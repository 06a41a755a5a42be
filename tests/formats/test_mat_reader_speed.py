"""The .mat reader's quicker patterns are proven to read what the plain ones read: a cell starts at
the same columns of any line, a roll cell's dice and play are what `_DICE_CELL` reads, and every
transcript (generated, with hostile text in every free field, and the real ones in data/) reads as
the same match."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.formats import mat
from arbitru.formats.game_record import RecordError, record_to_match
from arbitru.formats.mat import MatFormatError, read_mat
from arbitru.referee import resolve_rules
from arbitru.referee.mat_writer import write_mat
from arbitru.referee.replay import ExportError
from tests.formats.strategies import match_records
from tests.support.cases import examples

# The cell start as first written: no lookahead of the first character.
PLAIN_START = re.compile(
    r"(?<!\S)(?:(?P<dice>[1-6][1-6]):"
    r"|(?P<word>doubles?|redoubles?|beavers?|raccoons?|takes?|accepts?|drops?|passes|pass|rejects?"
    r"|refuses?|wins?|resigns?|resigned|resignation))(?![A-Za-z])",
    re.IGNORECASE,
)
# Pieces of turn lines, with the letters that fold to ASCII ones case-insensitively (ſ, K, ı, İ).
PIECES = st.sampled_from(
    [" ", "  ", "\t", "\u00a0", "1)", "12)", "52:", "66:", "71:", "5:", ":", "13/8", "bar/22", "6/off",
     "Doubles", "DOUBLE", "redoubles", "=>", "2", "Takes", "accept", "Drops", "pass", "passes", "Wins",
     "win", "1 point", "and the match", "Resigns", "resigned", "Resignation", "beaver", "Raccoons",
     "refuse", "rejects", "ſ", "K", "ı", "İ", "x", "Illegal play (", ")", "????", "Cannot Move", "é"]
)  # fmt: skip
DATA = Path(__file__).resolve().parents[2] / "data" / "matches"


def starts(pattern: re.Pattern[str], line: str, at: int) -> list[tuple[int, str | None, str | None]]:
    return [(m.start(), m.group("dice"), m.group("word")) for m in pattern.finditer(line, at)]


@settings(max_examples=examples(500))
@given(st.lists(PIECES, max_size=14).map("".join), st.integers(0, 6))
def test_a_cell_starts_where_the_plain_pattern_says(line: str, at: int):
    assert starts(mat._START, line, at) == starts(PLAIN_START, line, at)


def plain_cell_starts(line: str, at: int) -> list[int]:
    """Where cells start by the plain patterns alone: every line masked, every position scanned."""
    return [m.start() for m in PLAIN_START.finditer(mat._ILLEGAL.sub(mat._masked, line), at)]


# Lines of moves in numbers (the reader's quick path) and lines a letter or an odd blank keeps off it.
NOTATION_LINES = st.text(alphabet=mat._NOTATION, max_size=40) | st.lists(
    st.sampled_from([*mat._NOTATION, "12)", " 52:", " 66: ", "13/8", "\t", "\u00a0", "x", "ſ", "l"]),
    max_size=16,
).map("".join)


@settings(max_examples=examples(500))
@given(NOTATION_LINES | st.lists(PIECES, max_size=14).map("".join), st.integers(0, 6))
def test_a_cell_starts_where_the_plain_patterns_say_with_or_without_letters(line: str, at: int):
    assert mat._cell_starts(line, at) == plain_cell_starts(line, at)


def test_no_character_but_l_and_L_is_an_illegal_markers_l():
    marker = mat._ILLEGAL.match
    folded = [chr(code) for code in range(sys.maxunicode + 1) if marker(f"I{chr(code)}legal play (")]
    assert folded == ["L", "l"]


@given(st.lists(PIECES, max_size=10).map("".join))
def test_a_line_is_masked_as_the_marker_pattern_masks_it(line: str):
    assert mat._unmasked(line) == mat._ILLEGAL.sub(mat._masked, line)


def read_plainly(text: str) -> mat.Match | str:
    """The reader's answer with the plain patterns in place of the quick ones."""
    quick = mat._START, mat._cell_starts
    mat._START, mat._cell_starts = PLAIN_START, plain_cell_starts
    try:
        return read_or_error(text)
    finally:
        mat._START, mat._cell_starts = quick


def read_or_error(text: str) -> mat.Match | str:
    try:
        return read_mat(text)
    except MatFormatError as exc:
        return str(exc)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(match_records())
def test_a_generated_transcript_reads_as_the_plain_reader_reads_it(record):
    try:
        match = record_to_match(record)
        text = write_mat(match, resolve_rules(match, {})[0])
    except (RecordError, ExportError):
        return
    assert read_or_error(text) == read_plainly(text)


@pytest.mark.parametrize("path", sorted(p for p in DATA.iterdir() if p.suffix in (".mat", ".txt")), ids=str)
def test_a_real_transcript_reads_as_the_plain_reader_reads_it(path: Path):
    text = path.read_text(encoding="utf-8", errors="replace")
    assert read_or_error(text) == read_plainly(text)


def plain_play_kind(play: str) -> str:
    """A play's kind by the patterns alone (before a leading digit told a play at once)."""
    if not play:
        return mat.EMPTY
    lowered = play.lower()
    if mat._CANNOT_MOVE.fullmatch(lowered):
        return mat.CANNOT_MOVE
    if mat._HIDDEN.fullmatch(play):
        return mat.HIDDEN
    if lowered.startswith("illegal play"):
        return mat.ILLEGAL_MARKER
    return mat.PLAY


@given(st.lists(PIECES, max_size=6).map("".join) | st.text(max_size=12))
def test_a_play_kind_is_the_one_the_patterns_give(play: str):
    assert mat._play_kind(play) == plain_play_kind(play)


@settings(max_examples=examples(500), deadline=None)
@given(
    st.text(alphabet="0123456789: \t\u00a0\u2003\x1cabc/*", max_size=12)
    | st.builds(
        lambda a, b, rest: f"{a}{b}:{rest}",
        st.sampled_from("0167x"),
        st.sampled_from("1269"),
        st.text(max_size=8),
    )
)
def test_a_roll_cell_is_told_by_its_first_characters_as_the_pattern_reads_it(cell: str) -> None:
    found = mat._DICE_CELL.fullmatch(cell)
    expected = ((int(found.group(1)), int(found.group(2))), found.group(3).strip()) if found else None
    assert mat.dice_cell(cell) == expected


@given(st.text(alphabet="ab\r\n\x0b\x0c\x1c\x85\u2028", max_size=12))
def test_a_text_is_split_into_lines_as_the_line_break_pattern_splits_it(text: str):
    assert mat.split_lines(text) == mat._LINE_BREAK.split(text)


@pytest.mark.parametrize("path", sorted(p for p in DATA.iterdir() if p.suffix == ".mat"), ids=str)
def test_an_action_read_is_the_named_tuple_its_fields_make(path: Path):
    match = read_or_error(path.read_text(encoding="utf-8", errors="replace"))
    actions = [action for game in getattr(match, "games", []) for action in game.actions]
    assert all(type(action) is mat.Action and action == mat.Action(*action) for action in actions)
