"""The one-pass board check loads exactly what the nested BoardSchema loads, and defers every
invalid board to it (same messages, same field paths)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.http.schemas import BoardField, BoardSchema
from tests.support.cases import examples

counts = st.one_of(st.integers(0, 15), st.sampled_from([-1, 16, True, 3.0, "3", None]))
point_keys = st.one_of(
    st.sampled_from([str(p) for p in range(1, 25)]), st.sampled_from(["0", "25", "x", "07"])
)
sides = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "points": st.one_of(st.dictionaries(point_keys, counts, max_size=6), st.just([])),
            "bar": counts,
            "off": counts,
            "spare": counts,
        },
    ),
    st.just(None),
    st.just([]),
)
boards = st.one_of(
    st.fixed_dictionaries({}, optional={"white": sides, "black": sides, "grey": sides}),
    st.just("board"),
)


class Fast(ma.Schema):
    board = BoardField(required=True)


class Nested(ma.Schema):
    board = ma.fields.Nested(BoardSchema, required=True)


def load(schema: ma.Schema, data: dict[str, Any]) -> tuple[str, Any]:
    try:
        return "ok", schema.load(data)
    except ma.ValidationError as exc:
        return "error", exc.messages


@settings(max_examples=examples(400), deadline=None)
@given(boards)
def test_the_board_fast_path_loads_and_refuses_exactly_as_the_nested_schema(board: Any):
    assert load(Fast(), {"board": board}) == load(Nested(), {"board": board})


def test_a_valid_opening_board_takes_the_fast_path_unchanged():
    side = {"points": {"6": 5, "8": 3, "13": 5, "24": 2}, "bar": 0, "off": 0}
    board = {"white": side, "black": dict(side)}
    assert Fast().load({"board": board})["board"] is board
