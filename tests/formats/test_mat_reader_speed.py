"""The .mat reader's quicker patterns are proven to read what the plain ones read: a cell starts at
the same columns of any line, a roll cell's dice and play are what `_DICE_CELL` reads, and every
transcript (generated, with hostile text in every free field, and the real ones in data/) reads as
the same match; and a turn line read whole by `_QUICK_TURN` reads as `_Reader._line` reads it
(generated lines with and without flaws, and every .mat file of the repository)."""

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


def test_no_character_but_g_and_G_is_an_illegal_markers_g():
    marker = mat._ILLEGAL.match
    folded = [chr(code) for code in range(sys.maxunicode + 1) if marker(f"Ille{chr(code)}al play (")]
    assert folded == ["G", "g"]


@given(st.lists(PIECES, max_size=10).map("".join))
def test_a_line_is_masked_as_the_marker_pattern_masks_it(line: str):
    assert mat._unmasked(line) == mat._ILLEGAL.sub(mat._masked, line)


def read_plainly(text: str) -> mat.Match | str:
    """The reader's answer with the plain patterns in place of the quick ones, every line read by
    `_Reader._line` (no turn line by `_QUICK_TURN`)."""
    quick = mat._START, mat._cell_starts
    mat._START, mat._cell_starts = PLAIN_START, plain_cell_starts
    try:
        return read_without_quick_turns(text)
    finally:
        mat._START, mat._cell_starts = quick


def read_without_quick_turns(text: str) -> mat.Match | str:
    """The reader's answer with every line read by `_Reader._line`, none by `_Reader._quick_turn`."""
    mat.QUICK_TURN_LINES = False
    try:
        return read_or_error(text)
    finally:
        mat.QUICK_TURN_LINES = True


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


# Turn lines: moves in numbers at any column (the quick path's), and the same with one flaw that
# keeps a line off it or makes it no turn line at all: letters, cube and result words, markers,
# odd blanks, stray colons and digits.
MOVES = st.sampled_from(
    ["13/8", "8/4*", "24/20*", "25/22", "6/0", "4/0", "13/8(2)", "8/4*(2)", "24/18/13", "6/5*/4", "(2)", "/",
     "*", "(", ")", "0", "7", "1234"]
)  # fmt: skip
FLAWS = st.sampled_from(
    [":", "3:", "52:", " 52:", " 7:", "12345", "1)", "\t", "\u00a0", "\x1c", "\u2003", "\x0b", "bar/22",
     "6/off", "Bar", "x", "é", "ſ", "K", " Cannot Move", " ????", " Illegal play (13/8)", "Illegal play (",
     " Doubles => 2", " Takes", "Drops", " Wins 1 point", " Wins 2 points and the match", " Resigns",
     " beaver => 4", "Raccoons => 8", " accepts", " Passes", " redoubles => 4", ";", "Game 2"]
)  # fmt: skip
ROLLS = st.sampled_from([f"{high}{low}" for high in "123456" for low in "123456"])


BLANKS = st.integers(1, 3).map(" ".__mul__)
NUMBERS = st.sampled_from(["1)", "7)", "12)", "007)", "9999)"])
TRAILING = st.sampled_from(["", " ", "   ", "\t", "\u00a0", "\x1c", " \u2003 ", "\x0b"])


@st.composite
def quick_cells(draw: st.DrawFn) -> str:
    """A roll with a play of moves in numbers (or none) as any writer may space it."""
    moves = "".join(draw(BLANKS) + move for move in draw(st.lists(MOVES, max_size=4)))
    return f"{draw(ROLLS)}:{moves[draw(st.integers(0, 1)) :]}"


@st.composite
def turn_lines(draw: st.DrawFn) -> str:
    """A turn line: `N)`, up to three rolls at varied columns, trailing blanks, and one time in
    three a flaw put anywhere in it."""
    line = " " * draw(st.integers(0, 3)) + draw(NUMBERS)
    for cell in draw(st.lists(quick_cells(), max_size=3)):
        line += " " * draw(st.integers(0, 40)) + cell  # no blank: dice glued to what is before them
    line += draw(TRAILING)
    if draw(st.integers(0, 2)) == 0:
        at = draw(st.integers(0, len(line)))
        line = line[:at] + draw(FLAWS) + line[at:]
    return line


OTHER_LINES = st.sampled_from(
    ["", "  ", " Game 2", "Game 3:", " Alice : 1                      Bob : 0", "A : 0   B : 2", "; comment",
     "; [CubeLimit \"x\"]", "      Wins 1 point", " 7 point match"]
)  # fmt: skip


@st.composite
def transcripts(draw: st.DrawFn) -> str:
    """A match of turn lines after a score line whose right-hand name starts at a varied column
    (the column the players are told apart by), among game, score, comment and blank lines."""
    pad = draw(st.integers(1, 40))
    score = f" Alice : 0{' ' * pad}Bob : 0"
    lines = [" 7 point match", "", " Game 1", score] if draw(st.booleans()) else [" 7 point match"]
    lines += draw(st.lists(turn_lines() | OTHER_LINES, min_size=1, max_size=8))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=examples(400), deadline=None)
@given(transcripts())
def test_a_turn_line_reads_alike_with_or_without_the_quick_pattern(text: str):
    assert read_or_error(text) == read_without_quick_turns(text)


PLACED_ROLLS = st.tuples(st.integers(0, 40), st.sampled_from(["31:", "52: 13/8 8/6", "66:24/18(2)"]))


@settings(max_examples=examples(300), deadline=None)
@given(
    st.integers(0, 3), NUMBERS, st.lists(PLACED_ROLLS, min_size=1, max_size=2), st.integers(1, 60), TRAILING
)
def test_a_line_of_moves_in_numbers_at_any_column_reads_alike_with_or_without_the_quick_pattern(
    lead: int, number: str, placed: list[tuple[int, str]], pad: int, trailing: str
):
    """Rolls at every column about the one the players are told apart by, after `N)` of any width."""
    line = " " * lead + number + "".join(" " * (1 + gap) + cell for gap, cell in placed) + trailing
    text = f" 3 point match\n\n Game 1\n Alice : 0{' ' * pad}Bob : 0\n{line}\n"
    assert mat._QUICK_TURN.fullmatch(line)
    assert read_or_error(text) == read_without_quick_turns(text)


LONG = 128 * 1024


@pytest.mark.parametrize(
    "line",
    [
        "  1) 52: " + " " * LONG + "x",
        "  1) 52: 13/8" + " 1" * LONG + ":",
        "  1) 52: 13/8" + " " * LONG + "31:" + " " * LONG + "x",
        "  1) 52: 13/8 31:" + " \t" * LONG + "x",
        " " * LONG + "1)" + " " * LONG + "x",
        "  1)" + " " * LONG + "52" * LONG,
    ],
    ids=["blanks", "digits", "two-cells", "trailing", "leading", "dice"],
)
def test_the_quick_pattern_reads_a_long_line_in_one_pass(line: str):
    """Possessive runs of single characters never go back: a quadratic scan would take minutes."""
    assert mat._QUICK_TURN.fullmatch(line) is None


MAT_FILES = sorted(
    p for root in ("tests", "data", "examples") for p in (DATA.parents[1] / root).rglob("*.mat")
)


@pytest.mark.parametrize("path", MAT_FILES, ids=str)
def test_every_mat_file_reads_as_the_same_match_with_or_without_the_quick_pattern(path: Path):
    text = path.read_text(encoding="utf-8", errors="replace")
    assert read_or_error(text) == read_without_quick_turns(text)


def test_the_dice_table_holds_each_roll_as_the_dice_cell_reads_it():
    cells = [f"{high}{low}:" for high in "123456" for low in "123456"]
    assert mat._DICE == {cell[:2]: mat.dice_cell(cell)[0] for cell in cells}
