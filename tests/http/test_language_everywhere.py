"""Every word of an answer follows the request's language, from the one catalogue: marshmallow's
own messages, /v1/rules' option descriptions, the SVG title (which writes the play in the engine's
notation), the checker-play reasons."""

from __future__ import annotations

import re

import pytest

from arbitru import create_app
from arbitru.engine.rules import OPTIONS
from arbitru.http.schemas.core import option_description
from tests.http.conftest import opening_board

RO = {"Accept-Language": "ro"}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_marshmallow_messages_are_in_the_request_language(client):
    board = {"white": {"points": {"6": 16}}, "black": {"points": {"6": 15}}}
    body = {"board": board, "turn": "red", "dice": [1, 2, 3]}
    errors = client.post("/v1/moves", json=body, headers=RO).json["errors"]
    assert errors == {
        "board.white.points.6": ["Trebuie să fie între 0 și 15."],
        "turn": ["Trebuie să fie una dintre: white, black."],
        "dice": ["Lungimea trebuie să fie 2."],
    }
    english = client.post("/v1/moves", json=body).json["errors"]
    assert english["board.white.points.6"] == [
        "Must be greater than or equal to 0 and less than or equal to 15."
    ]


def test_rules_descriptions_are_in_the_request_language(client):
    english = client.get("/v1/rules").json["options"]
    romanian = client.get("/v1/rules", headers=RO).json["options"]
    for name in OPTIONS:
        assert english[name]["description"] == option_description(name)
        assert romanian[name]["description"] == option_description(name, "ro") != option_description(name)
        assert "{" not in romanian[name]["description"]


def _title(svg: str) -> str:
    found = re.search(r"<title>(.*?)</title>", svg)
    assert found is not None
    return found.group(1)


def test_the_svg_title_is_in_the_request_language_and_writes_the_engine_notation(client):
    # White's 3-3: the first checker to reach its 5 point hits black's blot there (black's 20).
    board = opening_board()
    board["black"]["points"] = {"20": 1, "8": 3, "13": 5, "24": 2, "6": 4}
    body = {"board": board, "turn": "white", "dice": [3, 3], "play": "8/5 8/5 6/3 6/3"}
    english = _title(client.post("/v1/board.svg", json=body).get_data(as_text=True))
    assert english.endswith("white to play 3-3, play 8/5* 8/5 6/3(2)")
    romanian = client.post("/v1/board.svg", json=body, headers=RO)
    assert romanian.headers["Content-Language"] == "ro"
    title = _title(romanian.get_data(as_text=True))
    assert title.startswith("Poziție de table privită dinspre alb")
    assert "alb la mutare 3-3, mutarea 8/5* 8/5 6/3(2)" in title


def test_point_closed_reads_well_in_romanian(client):
    body = {"board": opening_board(), "turn": "white", "dice": [6, 5], "play": "13/7 13/8"}
    body["board"]["black"]["points"] = {"6": 5, "8": 3, "13": 5, "18": 2}  # black holds white's 7
    reason = client.post("/v1/play", json=body, headers=RO).json["reason"]
    assert reason["code"] == "POINT_CLOSED"
    assert reason["message"] == "punctul 7 este poartă a adversarului (două sau mai multe puluri)"


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_rules_cube_reasons_name_the_colours_in_the_answer_language(client, lang):
    """/v1/rules' cube reasons name their sample owner and player as POST /v1/cube names them
    (`Albul`, `Negrul` in Romanian), never by the JSON's colour values."""
    headers = {"Accept-Language": lang}
    reasons = client.get("/v1/rules", headers=headers).json["cube_reasons"]
    refused = client.post(
        "/v1/cube",
        json={"action": "double", "turn": "black", "cube": {"value": 2, "owner": "white"}},
        headers=headers,
    ).json["reason"]
    assert refused["code"] == "NOT_CUBE_OWNER"
    assert reasons["NOT_CUBE_OWNER"] == refused["message"]
    if lang == "ro":
        assert reasons["NOT_CUBE_OWNER"] == "Doar cel care deține cubul (Albul) poate dubla."
        assert reasons["NOT_YOUR_ACTION"] == "Doar Negrul poate face acum această acțiune cu cubul."
        for text in reasons.values():
            assert not re.search(r"\b(white|black)\b", text, re.IGNORECASE), text


def test_convert_notes_are_in_the_request_language(client):
    """What a lenient decoder normalised is said in the answer's language (it was always English)."""
    body = {"gnubg_id": "4HPwATDgc/ABMA:8IhuACAACAAE"}  # the widely copied Match ID: "no game started"
    english = client.post("/v1/convert", json=body).json["notes"]
    romanian = client.post("/v1/convert", json=body, headers=RO).json["notes"]
    assert english == ["match_id: game state 'no game started' read as a game in play"]
    assert romanian == ["match_id: starea de joc „niciun joc început” citită ca un joc în desfășurare"]


@pytest.mark.parametrize(
    ("body", "field"),
    [({"clock": "x", "match": "x", "events": "x", "now": "soon"}, "now"), ({"record": 7}, "record")],
)
def test_marshmallow_field_messages_are_in_romanian(client, body, field):
    """A number or an object of the wrong type is refused in Romanian (the messages of marshmallow's
    number and mapping fields were missing from the catalogue)."""
    route = "/v1/clock" if "now" in body else "/v1/matches/verify"
    errors = client.post(route, json=body, headers=RO).json["errors"]
    assert errors[field] in (["Nu este un număr valid."], ["Nu este un obiect valid."]), errors
