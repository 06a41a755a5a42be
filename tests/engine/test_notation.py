"""Standard notation in and out: what people and GNU Backgammon write."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine import Move, NotationError, format_moves, parse_play, parse_play_marked
from arbitru.engine.board import OFF
from arbitru.engine.play import point_name
from tests.support.cases import examples


@pytest.mark.parametrize(
    ("text", "hops"),
    [
        ("24/18 13/11", ((24, 18), (13, 11))),
        ("bar/22", ((25, 22),)),
        ("Bar/22", ((25, 22),)),
        ("BAR/22", ((25, 22),)),
        ("25/22", ((25, 22),)),
        ("6/off", ((6, 0),)),
        ("6/Off", ((6, 0),)),
        ("6/0", ((6, 0),)),
        ("13/7*", ((13, 7),)),
        ("8/5(2)", ((8, 5), (8, 5))),
        ("24/18/13", ((24, 18), (18, 13))),
        ("13/7*/1", ((13, 7), (7, 1))),
        ("bar/21(2)", ((25, 21), (25, 21))),
        ("bar/23/21(2)", ((25, 23), (23, 21), (25, 23), (23, 21))),
        ("9/4*(2)", ((9, 4), (9, 4))),
        ("  8/5,  6/5 ", ((8, 5), (6, 5))),
        ("", ()),
    ],
)
def test_parse_accepts_standard_and_gnubg_notation(text, hops):
    assert parse_play(text) == hops


def test_parse_reports_the_points_marked_as_hits():
    assert parse_play_marked("24/18*/13 6/5*") == (((24, 18), (18, 13), (6, 5)), (18, 5))


@pytest.mark.parametrize(
    ("text", "column"),
    [("24-18", 1), ("8/5 x", 5), ("26/20", 1), ("off/5", 1), ("6/bar", 1), ("8/5(0)", 1), ("8/", 1)],
)
def test_parse_rejects_what_is_not_a_play_and_names_the_column(text, column):
    with pytest.raises(NotationError) as caught:
        parse_play(text)
    assert caught.value.column == column


@pytest.mark.parametrize("text", ["6/bar", "6/25", "20/25*"])
def test_a_hop_onto_the_bar_is_refused_as_such_however_the_bar_is_written(text):
    # 25 is the bar, as `bar` is; a hit marked there is still a hop onto the bar, not a point
    with pytest.raises(NotationError) as caught:
        parse_play(text)
    assert (caught.value.code, caught.value.column) == ("onto_bar", 1)


@pytest.mark.parametrize("separator", [" ", ", "])
@pytest.mark.parametrize(
    ("token", "reason", "params"),
    [
        ("24-18", "unreadable", {}),
        ("8/5(0)", "repeat", {}),
        ("off/5", "from_off", {}),
        ("6/bar", "onto_bar", {}),
        ("26/20", "point_range", {"value": 26}),
    ],
)
def test_each_refusal_names_its_reason_the_column_and_the_token_as_written(token, reason, params, separator):
    # after a play that reads (8/5), with or without a comma: the column counts what comes before
    with pytest.raises(NotationError) as caught:
        parse_play(f"8/5{separator}{token}")
    expected = (reason, len(f"8/5{separator}") + 1, {"token": token, **params})
    assert (caught.value.code, caught.value.column, caught.value.params) == expected
    assert caught.value.args == expected


@pytest.mark.parametrize("separator", [" ", ", "])
def test_a_play_may_write_sixteen_hops_and_no_more(separator):
    sixteen = separator.join(["6/5(4)", "5/4(4)", "4/3(4)", "3/2(4)"])
    assert len(parse_play(sixteen)) == 16
    with pytest.raises(NotationError) as caught:
        parse_play(f"{sixteen}{separator}2/1")
    assert caught.value.args == ("too_many", 1, {})


def test_a_notation_error_shows_its_reason_column_and_parameters_when_printed():
    # a library user who prints or logs the error sees why, where and what, as ValueError shows args
    with pytest.raises(NotationError) as caught:
        parse_play("26/20")
    assert caught.value.args == ("point_range", 1, {"token": "26/20", "value": 26})
    assert repr(caught.value) == "NotationError('point_range', 1, {'token': '26/20', 'value': 26})"


@pytest.mark.parametrize(
    ("moves", "text"),
    [
        ([Move(24, 18), Move(13, 11)], "24/18 13/11"),
        ([Move(25, 22)], "bar/22"),
        ([Move(6, 0)], "6/off"),
        ([Move(13, 7, True)], "13/7*"),
        ([Move(8, 5), Move(8, 5), Move(6, 3), Move(6, 3)], "8/5(2) 6/3(2)"),
        ([Move(24, 18), Move(18, 13)], "24/13"),
        ([Move(24, 18, True), Move(18, 13)], "24/18*/13"),
        ([Move(6, 5), Move(8, 5)], "8/5 6/5"),
        ([Move(24, 18), Move(24, 18), Move(18, 12), Move(18, 12)], "24/12(2)"),
    ],
)
def test_format_writes_standard_notation(moves, text):
    assert format_moves(tuple(moves)) == text


def reference_notation(moves: tuple[Move, ...]) -> str:
    """The notation written the plain way (what `format_moves` must give byte for byte)."""
    if not moves:
        return ""
    pending = sorted(moves, key=lambda m: (-m.from_point, -m.to_point))
    chains: list[list[Move]] = []
    while pending:
        chain = [pending.pop(0)]
        while True:
            end = chain[-1].to_point
            nxt = next((i for i, m in enumerate(pending) if m.from_point == end and end != OFF), None)
            if nxt is None:
                break
            chain.append(pending.pop(nxt))
        chains.append(chain)
    segments = []
    for chain in chains:
        text = point_name(chain[0].from_point)
        for i, move in enumerate(chain):
            if move.hit or i == len(chain) - 1:
                text += f"/{point_name(move.to_point)}{'*' if move.hit else ''}"
        segments.append(text)
    counted: list[tuple[str, int]] = []
    for seg in segments:
        if counted and counted[-1][0] == seg:
            counted[-1] = (seg, counted[-1][1] + 1)
        else:
            counted.append((seg, 1))
    return " ".join(s if n == 1 else f"{s}({n})" for s, n in counted)


points = st.sampled_from([0, 25, *range(1, 25), 3, 5, 8])
moves_strategy = st.lists(st.builds(Move, points, points, st.booleans()), max_size=5).map(tuple)


@settings(max_examples=examples(500), deadline=None)
@given(moves_strategy)
def test_notation_is_byte_identical_to_the_plain_chain_algorithm(moves: tuple[Move, ...]):
    assert format_moves(moves) == reference_notation(moves)
