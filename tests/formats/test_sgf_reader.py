"""The SGF reader: gnubg's `save match` files and Arbitru's own SGF read into a MatchFile; any other
text is an SgfFormatError naming a line (never another exception)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.formats.limits import MAX_MATCH_LENGTH, MAX_NAME_CHARS, MAX_PLAY_CHARS
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


# -- bounds: every value the reader reads has a limit, checked before its items are read ----------
ROOT = "(;FF[4]GM[6]MI[length:7][game:0][ws:0][bs:0]"


def _refusal(text: str) -> str:
    with pytest.raises(SgfFormatError) as refused:
        read_sgf(text)
    return refused.value.message


def test_a_play_as_written_longer_than_a_records_play_is_refused_before_its_hops_are_read(monkeypatch):
    """A half-megabyte `XP` once cost its length squared in the play parser: now the value is
    refused as it is read, naming XP and the limit a JSON record's `play` has (one source)."""
    import arbitru.formats.sgf_reader as reader

    monkeypatch.setattr(reader, "_play_kind", lambda play: pytest.fail("the play was read"))
    text = ROOT + "PW[a]PB[b]\n;W[31]XP[" + "8/5 " * 130_000 + "])"
    said = _refusal(text)
    assert "XP" in said and str(MAX_PLAY_CHARS) in said


def test_a_play_as_written_of_the_records_limit_is_read_as_written():
    play = ("8/5 " * MAX_PLAY_CHARS)[: MAX_PLAY_CHARS - 1] + "x"
    match = read_sgf(ROOT + f"PW[a]PB[b]\n;W[31]XP[{play}])")
    assert match.games[0].actions[0].play_text == play


@pytest.mark.parametrize("prop", ["PW", "PB"])
def test_a_player_name_longer_than_a_records_is_refused_naming_the_property(prop):
    names = {"PW": "a", "PB": "b", prop: "N" * 100_000}
    said = _refusal(ROOT + f"PW[{names['PW']}]PB[{names['PB']}])")
    assert f"{prop}[" in said and str(MAX_NAME_CHARS) in said and "N" * 50 not in said


def test_a_player_name_of_the_records_limit_is_read():
    name = "N" * MAX_NAME_CHARS
    assert read_sgf(ROOT + f"PW[{name}]PB[b];W[31hefe])").players == (name, "b")


def test_a_name_over_the_limit_is_a_422_naming_pw_not_echoed_back():
    from arbitru import create_app

    client = create_app({"TESTING": True}).test_client()
    sgf = ROOT + "PW[" + "N" * 100_000 + "]PB[b];W[31hefe])"
    response = client.post("/v1/matches/verify", json={"sgf": sgf})
    assert response.status_code == 422
    said = response.get_data(as_text=True)
    assert "PW[" in said and "N" * MAX_NAME_CHARS not in said


@pytest.mark.parametrize("length", ["10000", "65", "99999", "1e3", "-1", ""])
def test_a_match_length_outside_the_allowed_range_is_refused_not_read_as_money(length):
    said = _refusal(f"(;GM[6]MI[length:{length}]PW[a]PB[b];W[31hefe])")
    assert "MI" in said and "length" in said and str(MAX_MATCH_LENGTH) in said


def test_the_longest_match_length_allowed_is_read():
    assert read_sgf(f"(;GM[6]MI[length:{MAX_MATCH_LENGTH}]PW[a]PB[b];W[31hefe])").length == MAX_MATCH_LENGTH


def test_a_score_in_mi_that_is_not_a_number_is_refused_naming_it():
    said = _refusal("(;GM[6]MI[length:7][ws:12345]PW[a]PB[b];W[31hefe])")
    assert "ws" in said


def test_a_soft_line_break_is_left_out_and_lines_are_counted_through_values():
    text = "(;GM[6]MI[length:7]PW[Ni\\\ncu]PB[b\n]\n;W[31hefe]\n;B[7x])"
    assert _refusal(text).startswith("cannot read the move")
    with pytest.raises(SgfFormatError) as refused:
        read_sgf(text)
    assert refused.value.line == 5
    assert read_sgf(text.replace(";B[7x]", "")).players == ("Nicu", "b\n")


def test_an_unclosed_value_names_the_last_line():
    with pytest.raises(SgfFormatError) as refused:
        read_sgf("(;GM[6]PW[a]\nPB[b\n\n")
    assert refused.value.line == 4


@pytest.mark.parametrize("length", [MAX_NAME_CHARS, MAX_NAME_CHARS + 1])
def test_a_players_name_has_the_same_limit_in_a_mat_an_sgf_and_a_record(length):
    """One limit, MAX_NAME_CHARS, on every face: a name one face reads, the others read too."""
    from arbitru import create_app

    client = create_app({"TESTING": True}).test_client()
    name = "N" * length
    mat = f" 1 point match\n\n Game 1\n {name} : 0     Dorin : 0\n  1) 31: 8/5 6/5\n"
    sgf = ROOT.replace("length:7", "length:1") + f"PW[{name}]PB[Dorin];W[31hefe])"
    record = {
        "players": [name, "Dorin"],
        "match_length": 1,
        "games": [
            {"game": 1, "start_score": [0, 0], "turns": [{"player": 0, "dice": [3, 1], "play": "8/5 6/5"}]}
        ],
    }
    statuses = {
        source: client.post("/v1/matches/verify", json={source: body}).status_code
        for source, body in (("mat", mat), ("sgf", sgf), ("record", record))
    }
    assert set(statuses.values()) == ({200} if length == MAX_NAME_CHARS else {422}), statuses
