"""The Table family on the routes (issue 29): GET /v1/rules lists and describes the presets, /v1/start
answers each variant's starting board, /v1/opening plays one die each with a new roll for the winner,
/v1/cube is refused where the variant has no cube, /v1/outcome scores a mars and Plakoto's mother
rule, and the board schema takes Plakoto's `pinned`."""

from __future__ import annotations

from typing import Any

import pytest

from arbitru.engine.rules import PRESETS
from tests.http.conftest import assert_problem

RO = {"Accept-Language": "ro"}
TABLE_PRESETS = ("long_nardy", "plakoto", "fevga", "portes", "tavla")


def side(points: dict[str, int], off: int = 0, pinned: list[int] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"points": points, "off": off}
    if pinned is not None:
        found["pinned"] = pinned
    return found


# -- GET /v1/rules --------------------------------------------------------------------------------
@pytest.mark.parametrize("headers", [{}, RO], ids=["en", "ro"])
def test_rules_list_every_table_preset_with_its_name_and_description(client, headers):
    r = client.get("/v1/rules", headers=headers)
    assert r.status_code == 200
    for name in TABLE_PRESETS:
        assert r.json["presets"][name] == PRESETS[name].to_dict()
        described = r.json["preset_descriptions"][name]
        assert described["name"] and described["description"]
    assert set(r.json["preset_descriptions"]) == set(PRESETS)
    assert "nardy_block" in r.json["options"]
    assert r.json["options"]["nardy_block"]["choices"] == ["after_play", "after_each_move"]


def test_rules_describe_the_presets_in_romanian(client):
    en = client.get("/v1/rules").json["preset_descriptions"]["long_nardy"]
    ro = client.get("/v1/rules", headers=RO).json["preset_descriptions"]["long_nardy"]
    assert ro["name"].startswith("table pe duse") and ro["description"] != en["description"]


# -- /v1/start ------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["long_nardy", "plakoto", "fevga"])
def test_start_of_the_table_games_puts_fifteen_on_the_own_24(client, preset):
    got = client.get(f"/v1/start?preset={preset}")
    posted = client.post("/v1/start", json={"rules": {"preset": preset}})
    assert got.status_code == posted.status_code == 200
    assert {**got.json, "state": None} == {**posted.json, "state": None}  # each start is a new game
    assert got.json["variant"] == preset and got.json["checkers"] == 15
    for color in ("white", "black"):
        assert got.json["board"][color]["points"] == {"24": 15}
    assert got.json["next"]["dice_per_player"] == 1
    assert got.json["cube"] == {"value": 1, "owner": "centered"}


def test_start_board_json_has_pinned_only_in_plakoto_and_no_bar_where_nobody_is_hit(client):
    plakoto = client.get("/v1/start?preset=plakoto").json["board"]
    nardy = client.get("/v1/start?preset=long_nardy").json["board"]
    for color in ("white", "black"):
        assert plakoto[color]["pinned"] == []
        assert "pinned" not in nardy[color]
        assert "bar" not in plakoto[color] and "bar" not in nardy[color]


@pytest.mark.parametrize("preset", ["portes", "tavla"])
def test_start_portes_and_tavla_from_backgammons_position(client, preset):
    r = client.get(f"/v1/start?preset={preset}")
    assert r.status_code == 200 and r.json["variant"] == "backgammon"
    assert r.json["board"] == client.get("/v1/start").json["board"]
    assert r.json["rules"]["cube"] is False and r.json["rules"]["backgammons"] is False


def test_start_echoes_nardy_block_in_long_nardy_only(client):
    assert client.get("/v1/start?preset=long_nardy").json["rules"]["nardy_block"] == "after_play"
    r = client.get("/v1/start?preset=long_nardy&nardy_block=after_each_move")
    assert r.status_code == 200 and r.json["rules"]["nardy_block"] == "after_each_move"
    assert "nardy_block" not in client.get("/v1/start?preset=plakoto").json["rules"]


@pytest.mark.parametrize("query", ["?preset=plakoto&nardy_block=after_play", "?nardy_block=after_each_move"])
def test_start_refuses_nardy_block_outside_long_nardy(client, query):
    body = assert_problem(client.get("/v1/start" + query), 422)
    assert set(body["errors"]) == {"query.nardy_block"}


# -- /v1/opening ----------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", TABLE_PRESETS)
def test_opening_one_die_each_and_the_winner_rolls_both_dice_afresh(client, preset):
    r = client.post("/v1/opening", json={"rolls": {"white": [2], "black": [5]}, "rules": {"preset": preset}})
    assert r.status_code == 200
    assert r.json["starter"] == "black" and r.json["dice"] is None and not r.json["reroll"]


# -- /v1/cube -------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["plakoto", "fevga", "portes", "tavla"])
def test_cube_is_refused_where_the_variant_has_no_cube(client, preset):
    r = client.post("/v1/cube", json={"turn": "white", "action": "double", "rules": {"preset": preset}})
    assert r.status_code == 200
    assert r.json["legal"] is False and r.json["reason"]["code"] == "CUBE_DISABLED"


def test_cube_long_nardy_plays_with_the_cube(client):
    r = client.post("/v1/cube", json={"turn": "white", "action": "double", "rules": {"preset": "long_nardy"}})
    assert r.status_code == 200 and r.json["legal"] is True


# -- /v1/outcome ----------------------------------------------------------------------------------
def test_outcome_long_nardy_mars_counts_2_never_3(client):
    board = {"white": side({}, off=15), "black": side({"24": 15})}
    r = client.post("/v1/outcome", json={"board": board, "rules": {"preset": "long_nardy"}})
    assert r.status_code == 200
    assert {k: r.json[k] for k in ("game_over", "winner", "result", "multiplier", "points")} == {
        "game_over": True,
        "winner": "white",
        "result": "gammon",
        "multiplier": 2,
        "points": 2,
    }


def test_outcome_plakoto_both_mothers_pinned_is_a_tie_with_no_winner_and_no_points(client):
    pinned_mother = side({"1": 1, "6": 13}, pinned=[24])
    body = {"board": {"white": pinned_mother, "black": pinned_mother}, "rules": {"preset": "plakoto"}}
    r = client.post("/v1/outcome", json=body)
    assert r.status_code == 200, r.json
    assert r.json["game_over"] is True and r.json["winner"] is None and r.json["points"] == 0


def test_outcome_plakoto_mother_pinned_by_a_pinner_with_no_free_checker_on_its_24_wins_2(client):
    board = {"white": side({"10": 14}, pinned=[24]), "black": side({"1": 1, "5": 14})}
    r = client.post("/v1/outcome", json={"board": board, "rules": {"preset": "plakoto"}})
    assert r.status_code == 200, r.json
    assert (r.json["winner"], r.json["multiplier"], r.json["points"]) == ("black", 2, 2)


# -- the board schema: `pinned` -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pinned", "field"),
    [
        ([18, 18], "board.white.pinned"),
        ([0], "board.white.pinned.0"),
        ([25], "board.white.pinned.0"),
        ("7", "board.white.pinned"),
    ],
)
def test_board_schema_refuses_a_bad_pinned_list_naming_the_field(client, pinned, field):
    board = {"white": side({"24": 14}, pinned=pinned), "black": side({"24": 15})}
    body = assert_problem(
        client.post("/v1/outcome", json={"board": board, "rules": {"preset": "plakoto"}}), 422
    )
    assert field in body["errors"]


@pytest.mark.parametrize("preset", ["standard", "tavla", "long_nardy"])
def test_pinned_checkers_outside_plakoto_are_refused_naming_the_pinned_list(client, preset):
    """Issue 40 item 2: never dropped (nor counted off): a variant that pins nothing says so."""
    board = {"white": side({"13": 14}, pinned=[7]), "black": side({"18": 1, "1": 14})}
    body = assert_problem(
        client.post(
            "/v1/moves", json={"board": board, "turn": "white", "dice": [6, 5], "rules": {"preset": preset}}
        ),
        422,
    )
    assert list(body["errors"]) == ["board.white.pinned"]


def test_an_empty_pinned_list_outside_plakoto_is_no_pin(client):
    board = {"white": side({"13": 15}, pinned=[]), "black": side({"18": 1, "1": 14}, pinned=[])}
    r = client.post("/v1/moves", json={"board": board, "turn": "white", "dice": [6, 5]})
    assert r.status_code == 200, r.json


# -- Tavla: no hit-and-run in the home board (issue 40 item 9) -------------------------------------------
BLOT_ON_THREE = {"white": side({"8": 1, "13": 14}), "black": side({"22": 1, "1": 14})}


@pytest.mark.parametrize(("headers", "said"), [({}, "in the home board"), (RO, "în casă")], ids=["en", "ro"])
def test_play_tavla_refuses_hit_and_run_in_the_home_board_and_may_still_condone_it(client, headers, said):
    body = {"board": BLOT_ON_THREE, "turn": "white", "dice": [5, 1], "play": "8/3*/2"}
    tavla = client.post("/v1/play", json={**body, "rules": {"preset": "tavla"}}, headers=headers).json
    assert tavla["legal"] is False and tavla["reason"]["code"] == "HIT_AND_RUN_IN_HOME"
    assert said in tavla["reason"]["message"]
    assert tavla["as_played"]["board"]["black"]["bar"] == 1  # the illegal-moves rule, as in backgammon
    assert client.post("/v1/play", json=body).json["legal"] is True


def test_moves_tavla_lists_no_hit_and_run_in_the_home_board(client):
    body = {"board": BLOT_ON_THREE, "turn": "white", "dice": [5, 1]}
    tavla = client.post("/v1/moves", json={**body, "rules": {"preset": "tavla"}}).json
    standard = client.post("/v1/moves", json=body).json
    notations = {play["notation"] for play in tavla["plays"]}
    assert "8/3*/2" not in notations and notations == {p["notation"] for p in standard["plays"]} - {"8/3*/2"}


def test_rules_list_the_hit_and_run_option_with_each_presets_value(client):
    listed = client.get("/v1/rules").json
    assert listed["options"]["hit_and_run"]["choices"] == ["anywhere", "outside_home"]
    assert listed["presets"]["tavla"]["hit_and_run"] == "outside_home"
    assert listed["presets"]["portes"]["hit_and_run"] == "anywhere"
    assert "hit_and_run" not in listed["presets"]["plakoto"]


def test_start_refuses_hit_and_run_outside_the_backgammon_family(client):
    body = assert_problem(client.get("/v1/start?preset=plakoto&hit_and_run=anywhere"), 422)
    assert "query.hit_and_run" in body["errors"]
