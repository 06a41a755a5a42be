"""The SGF reader: gnubg's `save match` files and Arbitru's own SGF read into a MatchFile; any other
text is an SgfFormatError naming a line (never another exception)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.formats.mat import MatFormatError
from arbitru.formats.sgf_reader import SgfFormatError, read_sgf
from tests.support.cases import examples

PIECES = ["(", ")", ";", "[", "]", "\\", "W", "B", "PL", "DI", "AE", "AW", "AB", "RE", "MI", "XS", "XP",
          "GM", "62", "xr", "mk", "a:y", "W+2R", "length:3", "game:0", "double", "\n", " ", "y", "z",
          "6"]  # fmt: skip


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
def test_any_text_is_a_match_or_an_sgf_format_error_naming_a_line(text):
    try:
        read_sgf(text)
    except (SgfFormatError, MatFormatError) as refused:
        assert refused.line >= 1


def test_escaped_brackets_and_backslashes_in_names_read_back():
    match = read_sgf("(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[a\\]b]PB[c\\\\d]\n;W[31hefe])")
    assert match.players == ("a]b", "c\\d")
    assert match.games[0].actions[0].play_text == "8/5 6/5"


@pytest.mark.parametrize(
    "text",
    [
        "(;GM[1]PW[a]PB[b])",
        "(;GM[6]PW[a]PB[b];W[7x])",
        "(;GM[6]PW[a]PB[b];W[62ab]",
        "(;GM[6]PW[a]PB[b];W[31a]YY)",
    ],
)
def test_what_is_not_a_backgammon_sgf_is_refused(text):
    with pytest.raises(SgfFormatError):
        read_sgf(text)
