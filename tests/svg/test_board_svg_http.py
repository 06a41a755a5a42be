"""GET/POST /v1/board.svg and the playground page, through the Flask test client."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from arbitru import create_app
from arbitru.engine.board import Board
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import VARIANTS, start_board, variant_of
from arbitru.formats.codec import ID_VARIANTS
from arbitru.formats.svg import render_board

OPENING_ID = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
OPENING_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
OPENING = {
    "white": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
    "black": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
}


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def assert_problem(response: Any, status: int, field: str) -> dict[str, Any]:
    assert response.status_code == status
    assert response.headers["Content-Type"].startswith("application/problem+json")
    body = response.get_json()
    assert {"type", "title", "status", "detail"} <= set(body)
    assert field in body["errors"], body
    return body


def test_get_draws_a_gnubg_id_as_svg_with_cache_headers(client: Any) -> None:
    response = client.get(f"/v1/board.svg?gnubg_id={OPENING_ID}")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "image/svg+xml; charset=utf-8"
    assert "max-age=" in response.headers["Cache-Control"]
    assert response.headers["ETag"]
    ET.fromstring(response.data)
    assert response.data.decode() == render_board(Board.initial(), turn="white", cube_value=1)


def test_get_answers_304_when_the_etag_still_matches(client: Any) -> None:
    first = client.get(f"/v1/board.svg?gnubg_id={OPENING_ID}")
    again = client.get(
        f"/v1/board.svg?gnubg_id={OPENING_ID}", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304


def test_get_draws_a_fibs_board_line(client: Any) -> None:
    line = (
        "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:"
        "1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0"
    )
    response = client.get("/v1/board.svg", query_string={"fibs": line})
    assert response.status_code == 200
    assert "white to play 6-2" in response.data.decode()


def test_post_takes_a_position_id_instead_of_a_board(client: Any) -> None:
    by_id = client.post("/v1/board.svg", json={"gnubg_id": OPENING_ID, "dice": [3, 1], "play": "8/5 6/5"})
    by_board = client.post(
        "/v1/board.svg",
        json={"board": OPENING, "turn": "white", "dice": [3, 1], "cube": {"value": 1}, "play": "8/5 6/5"},
    )
    assert by_id.status_code == 200
    assert by_id.data == by_board.data


def test_get_draws_an_xgid_with_its_dice(client: Any) -> None:
    response = client.get("/v1/board.svg", query_string={"xgid": OPENING_XGID})
    assert response.status_code == 200
    assert "white to play 3-1" in response.data.decode()


def test_get_same_url_gives_the_same_bytes(client: Any) -> None:
    url = f"/v1/board.svg?gnubg_id={OPENING_ID}&perspective=black"
    assert client.get(url).data == client.get(url).data


def test_get_perspective_changes_the_numbering(client: Any) -> None:
    white = client.get(f"/v1/board.svg?gnubg_id={OPENING_ID}&perspective=white").data
    black = client.get(f"/v1/board.svg?gnubg_id={OPENING_ID}&perspective=black").data
    assert white != black and b"seen from black" in black


def test_get_position_id_alone_needs_turn(client: Any) -> None:
    position_id = OPENING_ID.split(":")[0]
    assert_problem(client.get(f"/v1/board.svg?gnubg_id={position_id}"), 422, "turn")
    assert client.get(f"/v1/board.svg?gnubg_id={position_id}&turn=black").status_code == 200


@pytest.mark.parametrize(
    "query, field",
    [
        ({"gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAA!"}, "gnubg_id"),
        ({"gnubg_id": "4HPw", "turn": "white"}, "gnubg_id"),
        ({"gnubg_id": OPENING_ID, "turn": "black"}, "turn"),
        ({"fibs": "board:You:someplayer:3"}, "fibs"),
        ({"xgid": "XGID=-b----E-C---eE---c-e----B-:0:0"}, "xgid"),
        ({}, "gnubg_id"),
        ({"gnubg_id": OPENING_ID, "xgid": OPENING_XGID}, "xgid"),
        ({"gnubg_id": OPENING_ID, "perspective": "red"}, "perspective"),
        ({"gnubg_id": OPENING_ID, "size": "9"}, "size"),
    ],
)
def test_get_malformed_id_is_a_422_problem_not_an_svg(client: Any, query: dict[str, str], field: str) -> None:
    assert_problem(client.get("/v1/board.svg", query_string=query), 422, field)


def test_post_draws_a_json_board_with_a_play_as_arrows(client: Any) -> None:
    body = {"board": OPENING, "turn": "white", "dice": [3, 1], "play": "8/5 6/5"}
    response = client.post("/v1/board.svg", json=body)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "image/svg+xml; charset=utf-8"
    expected = render_board(Board.initial(), turn="white", dice=(3, 1), play=((8, 5), (6, 5)))
    assert response.data.decode() == expected


def test_post_moves_and_notation_draw_the_same_picture(client: Any) -> None:
    base = {"board": OPENING, "turn": "white", "dice": [3, 1], "cube": {"value": 2, "owner": "black"}}
    by_notation = client.post("/v1/board.svg", json={**base, "play": "8/5 6/5"}).data
    by_moves = client.post(
        "/v1/board.svg", json={**base, "moves": [{"from": 8, "to": 5}, {"from": 6, "to": 5}]}
    ).data
    assert by_notation == by_moves


@pytest.mark.parametrize(
    "body, field",
    [
        ({"board": OPENING, "play": "8/5 6/5"}, "turn"),
        ({"board": OPENING, "turn": "white", "play": "8/x"}, "play"),
        ({"board": OPENING, "turn": "white", "moves": [{"from": 0, "to": 3}]}, "moves"),
        ({"board": OPENING, "turn": "white", "dice": [7, 1]}, "dice.0"),
        ({"board": {**OPENING, "white": {"points": {"6": 16}}}, "turn": "white"}, "board.white.points.6"),
    ],
)
def test_post_invalid_content_is_a_422_problem(client: Any, body: dict[str, Any], field: str) -> None:
    assert_problem(client.post("/v1/board.svg", json=body), 422, field)


def test_bar_and_off_labels_follow_accept_language(client: Any) -> None:
    texts = {
        lang: [
            t.text
            for t in ET.fromstring(
                client.get(
                    "/v1/board.svg", query_string={"gnubg_id": OPENING_ID}, headers={"Accept-Language": lang}
                ).data
            ).iter("{http://www.w3.org/2000/svg}text")
        ]
        for lang in ("en", "ro")
    }
    assert "bar" in texts["en"] and texts["en"].count("off") == 2
    assert "bară" in texts["ro"] and texts["ro"].count("afară") == 2
    assert "bar" not in texts["ro"] and "off" not in texts["ro"]


SVG = "{http://www.w3.org/2000/svg}"


def _targets_under_checkers(svg: bytes, fill: str) -> list[int]:
    """The `data-point` of the click target under each checker of colour `fill`, sorted."""
    root = ET.fromstring(svg)
    areas = [
        (int(r.get("data-point", "")), *(float(r.get(k, "")) for k in ("x", "y", "width", "height")))
        for r in root.iter(f"{SVG}rect")
        if r.get("data-point") is not None
    ]
    found = []
    for circle in root.iter(f"{SVG}circle"):
        if circle.get("fill") != fill:
            continue
        cx, cy = float(circle.get("cx", "")), float(circle.get("cy", ""))
        under = [p for p, x, y, w, h in areas if x <= cx <= x + w and y <= cy <= y + h]
        assert len(under) == 1, (cx, cy, under)
        found += under
    return sorted(found)


@pytest.mark.parametrize("preset", ["standard", "long_nardy", "plakoto"])
def test_targets_mark_the_point_each_checker_of_the_side_on_roll_stands_on(client: Any, preset: str) -> None:
    """With `targets`, a click on a checker of the side on roll is on the area marked with its point
    in that side's numbering (25 the bar): what the playground sends /v1/turn; there is one area per
    point, the bar and the tray (0)."""
    board = start_board(PRESETS[preset])
    white = board.to_dict()["white"]
    if preset == "standard":  # one of the back checkers on the bar
        white["points"]["24"] -= 1
        white["bar"] = 1
    body = {"board": {**board.to_dict(), "white": white}, "turn": "white", "dice": [6, 5]}
    body["rules"] = {"preset": preset}
    svg = client.post("/v1/board.svg", json={**body, "targets": True}).data
    marked = sorted(int(p) for p in re.findall(rb'data-point="(\d+)"', svg))
    assert marked == list(range(26))
    stands = {**{int(p): n for p, n in white["points"].items()}, 25: white["bar"]}
    expected = sorted(p for p, n in stands.items() for _ in range(min(n, 5)))
    assert _targets_under_checkers(svg, "#f7f3ea") == expected
    assert b"data-point" not in client.post("/v1/board.svg", json=body).data


def test_post_malformed_json_is_a_400_problem(client: Any) -> None:
    response = client.post("/v1/board.svg", data=b"{", content_type="application/json")
    assert response.status_code == 400
    assert response.headers["Content-Type"].startswith("application/problem+json")


def test_playground_page_and_its_files_are_served_without_a_cdn(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    html = page.data.decode()
    assert "http://" not in html and "https://" not in html
    for name in ("app.js", "style.css"):
        asset = client.get(f"/playground/{name}")
        assert asset.status_code == 200
        assert b"https://" not in asset.data and b"http://" not in asset.data
    assert client.get("/playground/secret.py").status_code == 404


def test_playground_marks_the_presets_whose_variant_has_position_ids(client: Any) -> None:
    html = client.get("/").data.decode()
    marked = dict(re.findall(r'<option value="(\w+)" data-ids="(true|false)"', html))
    assert marked == {name: str(rules.variant in ID_VARIANTS).lower() for name, rules in PRESETS.items()}
    assert marked["long_nardy"] == marked["plakoto"] == "false" and marked["portes"] == "true"


def test_board_svg_is_documented_with_an_example(client: Any) -> None:
    spec = client.get("/openapi.json").get_json()
    operations = spec["paths"]["/v1/board.svg"]
    assert "image/svg+xml" in operations["get"]["responses"]["200"]["content"]
    assert operations["post"]["requestBody"]["content"]["application/json"]["example"]


def test_documented_examples_work(client: Any) -> None:
    spec = client.get("/openapi.json").get_json()
    operations = spec["paths"]["/v1/board.svg"]
    example = operations["post"]["requestBody"]["content"]["application/json"]["example"]
    assert client.post("/v1/board.svg", json=example).status_code == 200
    query = {
        p["name"]: p["schema"]["example"] for p in operations["get"]["parameters"] if "example" in p["schema"]
    }
    assert client.get("/v1/board.svg", query_string=query).status_code == 200


def test_post_draws_a_long_nardy_board_by_its_rules_geometry(client: Any) -> None:
    heads = {"white": {"points": {"24": 15}}, "black": {"points": {"24": 15}}}
    body = {"board": heads, "turn": "white", "rules": {"preset": "long_nardy"}}
    response = client.post("/v1/board.svg", json=body)
    assert response.status_code == 200
    assert response.get_data(as_text=True) == render_board(
        Board.from_dict(heads), turn="white", variant=VARIANTS["long_nardy"]
    )


FAMILY_NAME = {"en": "Backgammon", "ro": "table"}  # the backgammon family's: no preset is named after it
SEEN_FROM_WHITE = {"en": "{} position seen from white's side", "ro": "Poziție de {} privită dinspre alb"}


@pytest.mark.parametrize("lang", ["en", "ro"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_title_names_the_variant_drawn_as_get_rules_names_its_preset(
    client: Any, preset: str, lang: str
) -> None:
    headers = {"Accept-Language": lang}
    names = client.get("/v1/rules", headers=headers).json["preset_descriptions"]
    rules = PRESETS[preset]
    board = start_board(rules).to_dict(bar=variant_of(rules).hits)
    body = {"board": board, "turn": "white", "rules": {"preset": preset}}
    response = client.post("/v1/board.svg", json=body, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    title = re.search(r"<title>(.*?)</title>", response.get_data(as_text=True)).group(1)
    variant = rules.variant
    name = names[variant]["name"] if variant in names else FAMILY_NAME[lang]
    assert title.startswith(SEEN_FROM_WHITE[lang].format(name) + ", ")
