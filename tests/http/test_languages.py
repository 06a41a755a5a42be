"""Accept-Language: every localised answer, problem details included, is in the requested language
and says so (`Content-Language`, `Vary: Accept-Language`), whichever route modules are registered."""

from __future__ import annotations

import pytest

from arbitru.http import app as app_module
from tests.http.conftest import opening_board, roll_body

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
