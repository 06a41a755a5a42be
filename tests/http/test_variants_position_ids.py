"""Position IDs cannot hold a Long Nardy or Plakoto position (both sides moving the same way; pins):
asked for one, every route and the library answer an error naming the variant, never a wrong ID
(issue 29). Portes and Tavla are backgammon: their IDs are written as always."""

from __future__ import annotations

import pytest

from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.formats.codec import FormatError
from arbitru.formats.sources import read_position, write_position
from tests.http.conftest import assert_problem

RO = {"Accept-Language": "ro"}
NARDY_START = {"white": {"points": {"24": 15}}, "black": {"points": {"24": 15}}}
STANDARD_GNUBG_ID = "4HPwATDgc/ABMA"


@pytest.mark.parametrize("fmt", ["gnubg_id", "xgid", "fibs"])
@pytest.mark.parametrize("headers", [{}, RO], ids=["en", "ro"])
def test_moves_include_an_id_of_a_long_nardy_play_is_a_422_naming_the_variant(client, fmt, headers):
    body = {
        "board": NARDY_START,
        "turn": "white",
        "dice": [6, 5],
        "rules": {"preset": "long_nardy"},
        "include": [fmt],
    }
    problem = assert_problem(client.post("/v1/moves", json=body, headers=headers), 422)
    (text,) = problem["errors"]["include"]
    assert "long_nardy" in text and fmt in text


@pytest.mark.parametrize("preset", ["long_nardy", "plakoto", "fevga"])
def test_convert_a_table_position_is_a_422_naming_the_variant(client, preset):
    body = {"board": NARDY_START, "turn": "white", "rules": {"preset": preset}}
    problem = assert_problem(client.post("/v1/convert", json=body), 422)
    assert preset in " ".join(problem["errors"]["rules.variant"])


@pytest.mark.parametrize(
    "source",
    [
        {"gnubg_id": f"{STANDARD_GNUBG_ID}:cAkAAAAAAAAA"},
        {"xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"},
    ],
)
@pytest.mark.parametrize("preset", ["long_nardy", "plakoto", "fevga"])
def test_a_position_id_read_under_table_rules_is_a_422_naming_the_variant(client, source, preset):
    body = {**source, "turn": "white", "dice": [3, 1], "rules": {"preset": preset}}
    problem = assert_problem(client.post("/v1/moves", json=body), 422)
    (name,) = source
    assert preset in " ".join(problem["errors"][name])


@pytest.mark.parametrize("preset", ["portes", "tavla"])
def test_portes_and_tavla_positions_have_their_ids(client, preset):
    body = {"gnubg_id": STANDARD_GNUBG_ID, "turn": "white", "rules": {"preset": preset}}
    r = client.post("/v1/convert", json=body)
    assert r.status_code == 200 and r.json["position_id"] == STANDARD_GNUBG_ID


@pytest.mark.parametrize("notation", ["gnubg_id", "xgid", "fibs"])
@pytest.mark.parametrize("preset", ["long_nardy", "plakoto", "fevga"])
def test_the_library_refuses_to_write_or_read_an_id_of_a_table_position(notation, preset):
    rules = PRESETS[preset]
    with pytest.raises(FormatError) as written:
        write_position(Position.initial(rules, "white", (3, 1)), notation)
    assert preset in written.value.message
    text = write_position(Position.initial(PRESETS["standard"], "white", (3, 1)), notation)
    with pytest.raises(FormatError) as read:
        read_position(text, notation, turn="white", rules=rules)
    assert preset in read.value.message
