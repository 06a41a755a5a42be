"""Accept-Language: every localised answer, problem details included, is in the requested language
and says so (`Content-Language`, `Vary: Accept-Language`), whichever route modules are registered."""

from __future__ import annotations

import pytest

from arbitru.http import app as app_module
from tests.http.conftest import opening_board, roll_body
from tests.http.test_hostile_requests import heaviest

RO = {"Accept-Language": "ro"}


def assert_localised(response, lang: str) -> None:
    assert response.headers["Content-Language"] == lang
    assert "Accept-Language" in response.vary


def test_a_marshmallow_range_message_is_rendered_in_romanian_from_its_template(client):
    r = client.post("/v1/moves", json=roll_body([7, 1]), headers=RO)
    assert r.status_code == 422
    assert r.json["errors"]["dice.0"] == ["Trebuie să fie între 1 și 6."]
    assert r.json["detail"] == "cererea are 1 câmp invalid"
    assert r.json["title"] == "Conținut invalid"
    assert_localised(r, "ro")


def test_the_same_problem_in_english_is_unchanged(client):
    r = client.post("/v1/moves", json=roll_body([7, 1]))
    assert r.json["errors"]["dice.0"] == ["Must be greater than or equal to 1 and less than or equal to 6."]
    assert r.json["detail"] == "the request has 1 invalid field"
    assert_localised(r, "en")


@pytest.mark.parametrize(
    ("send", "status", "detail"),
    [
        (lambda c: c.get("/nowhere", headers=RO), 404, "nicio resursă la această adresă"),
        (lambda c: c.post("/v1/moves", data="x", content_type="text/plain", headers=RO), 415, "se aștepta"),
        (lambda c: c.post("/v1/moves", data="{", content_type="application/json", headers=RO), 400, "corpul"),
    ],
)
def test_problems_outside_any_route_are_localised(client, send, status, detail):
    r = send(client)
    assert r.status_code == status and r.json["detail"].startswith(detail)
    assert_localised(r, "ro")


def test_an_engine_problem_is_rendered_in_romanian(client):
    board = opening_board()
    board["white"]["points"]["6"] = 6
    r = client.post("/v1/moves", json={"board": board, "turn": "white", "dice": [3, 1]}, headers=RO)
    assert r.json["errors"]["board.white"] == ["are 16 puluri; fiecare parte are exact 15"]
    assert r.json["detail"] == "poziția nu poate apărea într-un joc"
    assert_localised(r, "ro")


def test_a_ruling_says_its_language(client):
    r = client.post("/v1/play", json={**roll_body([6, 5]), "play": "24/13"}, headers=RO)
    assert r.status_code == 200
    assert_localised(r, "ro")


def test_romanian_problems_do_not_depend_on_the_game_routes(monkeypatch):
    modules = [m for m in app_module.BLUEPRINT_MODULES if not m.endswith(".game")]
    monkeypatch.setattr(app_module, "BLUEPRINT_MODULES", modules)
    client = app_module.create_app({"TESTING": True}).test_client()
    r = client.post("/v1/moves", json=roll_body([7, 1]), headers=RO)
    assert r.json["errors"]["dice.0"] == ["Trebuie să fie între 1 și 6."]
    assert_localised(r, "ro")


XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
# Bad requests whose problems were free English text before they went through the catalogue: a
# position string of each format, two sources, a source contradicting a field, a game record, the
# schema checks of a route, a transcript, too many IDs asked for.
FREE_TEXT_PROBLEMS = {
    "xgid field": ("/v1/convert", {"xgid": XGID.replace(":1:52:", ":7:52:")}),
    "xgid length": ("/v1/convert", {"xgid": "XGID=-b--:0"}),
    "fibs fields": ("/v1/convert", {"fibs": "board:a:b:5"}),
    "fibs start": ("/v1/convert", {"fibs": "bord:a:b"}),
    "gnubg bits": ("/v1/convert", {"gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAZ"}),
    "gnubg base64": ("/v1/convert", {"gnubg_id": "4HPwATDgc/AB!A:cAkAAAAAAAAA"}),
    "two sources": ("/v1/convert", {"xgid": XGID, "gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAA"}),
    "board and source": ("/v1/moves", {"board": opening_board(), "xgid": XGID}),
    "contradiction": ("/v1/moves", {"xgid": XGID, "turn": "black"}),
    "game record": ("/v1/matches/verify", {"record": {"players": ["a"], "games": [{"turns": [{"x": 3}]}]}}),
    "play and moves": ("/v1/play", {**roll_body([3, 1]), "play": "8/5 6/5", "moves": []}),
    "offer of a double": ("/v1/cube", {**roll_body([3, 1]), "action": "double", "offer": "double"}),
    "transcript": ("/v1/matches/verify", {"mat": " 3 point match\n\n Game 1\n nonsense"}),
    "play notation": ("/v1/play", {**roll_body([3, 1]), "play": "8/5 6/5x"}),
    "too many ids": ("/v1/moves", heaviest(include=["gnubg_id", "xgid", "fibs"])),
}


@pytest.mark.parametrize("name", FREE_TEXT_PROBLEMS)
def test_every_problem_detail_and_field_message_is_in_romanian(client, name):
    path, body = FREE_TEXT_PROBLEMS[name]
    en, ro = (client.post(path, json=body, headers={"Accept-Language": lang}) for lang in ("en", "ro"))
    assert en.status_code == ro.status_code and 400 <= ro.status_code < 500, (en.json, ro.json)
    assert_localised(ro, "ro")
    assert ro.json["detail"] != en.json["detail"]
    assert set(ro.json.get("errors", {})) == set(en.json.get("errors", {}))
    for field, messages in en.json.get("errors", {}).items():
        for english, romanian in zip(messages, ro.json["errors"][field], strict=True):
            assert romanian != english and "{" not in romanian, (field, romanian)
