"""HTTP routes of the game: /v1/cube, /v1/opening, /v1/rules, /v1/start, and /v1/outcome with a match."""

from __future__ import annotations

import pytest

from arbitru import create_app

RO = {"Accept-Language": "ro"}
FINISHED_GAMMON = {
    "white": {"points": {}, "bar": 0, "off": 15},
    "black": {"points": {"6": 15}, "bar": 0, "off": 0},
}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


# -- /v1/cube ---------------------------------------------------------------------------------
def test_cube_double_on_a_centred_cube_offers_two(client):
    r = client.post("/v1/cube", json={"turn": "white", "action": "double"})
    assert r.status_code == 200
    assert r.json["legal"] is True
    assert r.json["offer"] == {"kind": "double", "by": "white", "value": 2}
    assert r.json["next"] == {"player": "black", "actions": ["take", "drop"]}
    assert r.json["outcome"]["game_over"] is False


def test_cube_take_turns_the_cube_to_the_taker(client):
    r = client.post(
        "/v1/cube", json={"turn": "white", "action": "take", "cube": {"value": 2, "owner": "white"}}
    )
    assert r.json["legal"] and r.json["cube"] == {"value": 4, "owner": "black"}


@pytest.mark.parametrize(
    ("action", "offer", "actor"),
    [
        ("double", None, "white"),
        ("take", None, "black"),
        ("drop", None, "black"),
        ("beaver", None, "black"),
        ("take", "beaver", "white"),
        ("drop", "beaver", "white"),
        ("raccoon", "beaver", "white"),
        ("take", "raccoon", "black"),
    ],
)
def test_cube_action_by_the_wrong_side_is_refused_with_a_reason_code_never_rewritten(
    client, action, offer, actor
):
    """`by` names who acts; white on roll: white doubles, black answers the double, white the beaver."""
    body = {"turn": "white", "action": action, "rules": {"beavers": True, "raccoons": True}}
    if offer:
        body["offer"] = offer
    right = client.post("/v1/cube", json={**body, "by": actor})
    assert right.status_code == 200 and right.json["legal"], right.json
    assert right.json == client.post("/v1/cube", json=body).json  # without `by`: the side it belongs to
    wrong = client.post("/v1/cube", json={**body, "by": "black" if actor == "white" else "white"})
    assert wrong.status_code == 200
    assert wrong.json["legal"] is False and wrong.json["reason"]["code"] == "NOT_YOUR_ACTION"
    assert "cube" not in wrong.json


def test_cube_black_takes_on_whites_turn_is_not_answered_as_white_taking(client):
    """The issue's request: `turn: black, action: take` means black's double taken by white; with
    `by: black` it is refused, not answered with the cube given to white."""
    r = client.post("/v1/cube", json={"turn": "black", "by": "black", "action": "take"}, headers=RO)
    assert r.json["legal"] is False and r.json["reason"]["code"] == "NOT_YOUR_ACTION"
    assert r.json["reason"]["message"] == "Doar Albul poate face acum această acțiune cu cubul."
    taken = client.post("/v1/cube", json={"turn": "white", "by": "black", "action": "take"})
    assert taken.json["legal"] and taken.json["cube"] == {"value": 2, "owner": "black"}


def test_cube_drop_ends_the_game_and_scores_the_match(client):
    body = {
        "turn": "white",
        "action": "drop",
        "cube": {"value": 2, "owner": "white"},
        "match": {"length": 5, "score": {"white": 1, "black": 2}},
    }
    r = client.post("/v1/cube", json=body)
    assert r.status_code == 200 and r.json["legal"]
    assert r.json["outcome"] == {
        "game_over": True,
        "winner": "white",
        "result": "single",
        "multiplier": 1,
        "points": 2,
        "label": "single game",
        "match": {
            "points": 2,
            "score": {"white": 3, "black": 2},
            "over": False,
            "winner": None,
            "crawford_next": False,
            "post_crawford": False,
        },
    }
    assert "match" not in r.json  # the match block is in the outcome, as in every answer ending a game


def test_cube_double_in_the_crawford_game_is_illegal_with_a_reason_code(client):
    body = {
        "turn": "black",
        "action": "double",
        "match": {"length": 5, "score": {"white": 4, "black": 2}, "crawford": True},
    }
    r = client.post("/v1/cube", json=body)
    assert r.status_code == 200
    assert r.json == {
        "legal": False,
        "action": "double",
        "reason": {"code": "CRAWFORD_GAME", "message": "Nobody may double in the Crawford game."},
    }
    r = client.post("/v1/cube", json=body, headers=RO)
    assert r.json["reason"]["code"] == "CRAWFORD_GAME"
    assert r.json["reason"]["message"] == "În jocul Crawford nu se poate dubla."
    assert r.headers["Content-Language"] == "ro"


def test_cube_double_after_rolling_is_illegal(client):
    r = client.post("/v1/cube", json={"turn": "white", "action": "double", "dice": [3, 1]})
    assert r.json["reason"]["code"] == "ALREADY_ROLLED"


def test_cube_action_on_a_finished_game_is_illegal(client):
    r = client.post("/v1/cube", json={"turn": "black", "action": "double", "board": FINISHED_GAMMON})
    assert r.json["reason"]["code"] == "GAME_OVER"


def test_cube_beaver_only_when_allowed_and_never_in_a_match(client):
    r = client.post("/v1/cube", json={"turn": "white", "action": "beaver"})
    assert r.json["reason"]["code"] == "BEAVERS_NOT_ALLOWED"
    r = client.post("/v1/cube", json={"turn": "white", "action": "beaver", "rules": {"beavers": True}})
    assert r.json["legal"] and r.json["offer"] == {"kind": "beaver", "by": "black", "value": 4}
    r = client.post(
        "/v1/cube",
        json={"turn": "white", "action": "beaver", "rules": {"beavers": True}, "match": {"length": 7}},
    )
    assert r.json["reason"]["code"] == "NO_BEAVERS_IN_MATCH"


def test_cube_drop_of_a_beaver_goes_to_the_beaverer(client):
    r = client.post(
        "/v1/cube", json={"turn": "white", "action": "drop", "offer": "beaver", "rules": {"beavers": True}}
    )
    assert r.json["outcome"]["winner"] == "black" and r.json["outcome"]["points"] == 2


def test_cube_with_the_romanian_preset_is_disabled(client):
    r = client.post("/v1/cube", json={"turn": "white", "action": "double", "rules": {"preset": "romanian"}})
    assert r.json["reason"]["code"] == "CUBE_DISABLED"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"turn": "white", "action": "double", "cube": {"value": 3}}, "cube.value"),
        (
            {
                "turn": "white",
                "action": "double",
                "cube": {"value": 1, "owner": "white"},
                "match": {"length": 3},
            },
            "cube.owner",
        ),
        (
            {"turn": "white", "action": "double", "match": {"length": 3, "score": {"white": 5, "black": 0}}},
            "match.score.white",
        ),
        ({"turn": "white", "action": "double", "match": {"length": 0, "crawford": True}}, "match.crawford"),
        ({"turn": "white", "action": "double", "rules": {"preset": "turkish"}}, "rules.preset"),
        ({"turn": "white", "action": "double", "rules": {"variant": "gul_bara"}}, "rules.variant"),
        (
            {"turn": "white", "action": "double", "rules": {"hypergammon_checkers": 2}},
            "rules.hypergammon_checkers",
        ),
        ({"turn": "white", "action": "double", "rules": {"cube": False, "beavers": True}}, "rules.beavers"),
        ({"turn": "white", "action": "redouble"}, "action"),
        ({"turn": "white", "action": "double", "offer": "double"}, "offer"),
        ({"turn": "white", "action": "double", "extra": 1}, "extra"),
    ],
)
def test_cube_bad_input_is_a_422_naming_the_field(client, body, field):
    r = client.post("/v1/cube", json=body)
    assert r.status_code == 422
    assert r.mimetype == "application/problem+json"
    assert field in r.json["errors"]


def test_cube_422_is_in_romanian_when_asked(client):
    r = client.post("/v1/cube", json={"turn": "white", "action": "double", "bogus": 1}, headers=RO)
    assert r.status_code == 422
    assert r.json["title"] == "Conținut invalid"
    assert r.json["errors"] == {"bogus": ["Câmp necunoscut."]}
    r = client.post(
        "/v1/cube",
        json={"turn": "white", "action": "double", "match": {"length": 3, "score": {"white": 5, "black": 0}}},
        headers=RO,
    )
    assert r.json["errors"]["match.score.white"] == ["trebuie să fie mai mic decât lungimea partidei (3)"]


# -- /v1/opening ------------------------------------------------------------------------------
def test_opening_standard_higher_die_starts(client):
    r = client.post("/v1/opening", json={"rolls": {"white": [5], "black": [3]}})
    assert r.status_code == 200
    assert {k: r.json[k] for k in ("starter", "dice", "reroll", "cube")} == {
        "starter": "white",
        "dice": [5, 3],
        "reroll": False,
        "cube": {"value": 1, "owner": "centered"},
    }


def test_opening_standard_tie_rerolls_with_automatic_double_in_money(client):
    r = client.post(
        "/v1/opening", json={"rolls": {"white": [4], "black": [4]}, "rules": {"automatic_doubles": 1}}
    )
    assert (
        r.json["reroll"] and r.json["starter"] is None and r.json["cube"] == {"value": 2, "owner": "centered"}
    )
    r = client.post(
        "/v1/opening",
        json={
            "rolls": {"white": [4], "black": [4]},
            "rules": {"automatic_doubles": 1},
            "match": {"length": 5},
        },
    )
    assert r.json["cube"] == {"value": 1, "owner": "centered"}


def test_opening_romanian_double_beats_non_double_and_is_played(client):
    r = client.post(
        "/v1/opening",
        json={"rolls": {"white": [6, 5], "black": [2, 2]}, "rules": {"preset": "romanian"}},
        headers=RO,
    )
    assert r.json["starter"] == "black" and r.json["dice"] == [2, 2]
    assert r.json["message"] == "Începe Negrul și joacă 2-2."


def test_opening_romanian_options_tie_break_and_new_roll(client):
    rules = {"preset": "romanian", "opening_ties": "higher_die", "opening_dice": "new_roll"}
    r = client.post("/v1/opening", json={"rolls": {"white": [6, 2], "black": [5, 3]}, "rules": rules})
    assert r.json["starter"] == "white" and r.json["dice"] is None
    r = client.post(
        "/v1/opening", json={"rolls": {"white": [6, 2], "black": [5, 3]}, "rules": {"preset": "romanian"}}
    )
    assert r.json["reroll"] is True


def test_opening_dice_count_must_match_the_opening(client):
    r = client.post(
        "/v1/opening", json={"rolls": {"white": [6], "black": [5]}, "rules": {"preset": "romanian"}}
    )
    assert r.status_code == 422 and set(r.json["errors"]) == {"rolls.white", "rolls.black"}
    r = client.post("/v1/opening", json={"rolls": {"white": [7], "black": [5]}})
    assert r.status_code == 422 and "rolls.white.0" in r.json["errors"]


# -- /v1/rules and /v1/start --------------------------------------------------------------------
def test_rules_lists_both_presets_with_their_options(client):
    r = client.get("/v1/rules")
    assert r.status_code == 200
    assert (
        r.json["presets"]["romanian"]["cube"] is False and r.json["presets"]["romanian"]["match_length"] == 3
    )
    assert r.json["presets"]["standard"]["cube"] is True
    assert r.json["options"]["opening"]["choices"] == ["standard", "romanian"]
    assert "CRAWFORD_GAME" in r.json["cube_reasons"]


@pytest.mark.parametrize(
    ("query", "points", "checkers"),
    [
        ("", {"6": 5, "8": 3, "13": 5, "24": 2}, 15),
        ("?variant=nackgammon", {"6": 4, "8": 3, "13": 4, "23": 2, "24": 2}, 15),
        ("?variant=hypergammon", {"22": 1, "23": 1, "24": 1}, 3),
        ("?variant=hypergammon&hypergammon_checkers=1", {"24": 1}, 1),
    ],
)
def test_start_gives_the_variant_starting_board(client, query, points, checkers):
    r = client.get("/v1/start" + query)
    assert r.status_code == 200
    assert r.json["checkers"] == checkers
    assert r.json["board"]["white"]["points"] == r.json["board"]["black"]["points"] == points


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("?variant=gul_bara", "query.variant"),
        ("?hypergammon_checkers=2", "query.hypergammon_checkers"),
        ("?variant=hypergammon&hypergammon_checkers=4", "query.hypergammon_checkers"),
        ("?colour=red", "query.colour"),
    ],
)
def test_start_bad_query_is_a_422_naming_the_field(client, query, field):
    response = client.get("/v1/start" + query)
    assert response.status_code == 422 and set(response.json["errors"]) == {field}


# -- /v1/outcome with a match --------------------------------------------------------------------
def test_outcome_with_a_match_adds_the_match_block(client):
    body = {
        "board": FINISHED_GAMMON,
        "cube": {"value": 2, "owner": "black"},
        "match": {"length": 7, "score": {"white": 2, "black": 3}},
        "rules": {"jacoby": True},
    }
    r = client.post("/v1/outcome", json=body)
    assert r.status_code == 200
    assert r.json["points"] == 4  # Jacoby never applies in a match
    assert r.json["match"] == {
        "points": 4,
        "score": {"white": 6, "black": 3},
        "over": False,
        "winner": None,
        "crawford_next": True,
        "post_crawford": False,
    }


def test_outcome_romanian_preset_scores_mart_to_three_with_localised_label(client):
    r = client.post(
        "/v1/outcome",
        json={
            "board": FINISHED_GAMMON,
            "rules": {"preset": "romanian"},
            "match": {"length": 3, "score": {"white": 1, "black": 2}},
        },
        headers=RO,
    )
    assert r.json["result"] == "gammon" and r.json["label"] == "marț"
    assert r.json["match"]["over"] and r.json["match"]["winner"] == "white"


def test_outcome_money_game_has_no_match_block(client):
    r = client.post("/v1/outcome", json={"board": FINISHED_GAMMON})
    assert "match" not in r.json and r.json["label"] == "gammon"


def test_outcome_with_an_impossible_match_is_a_422(client):
    r = client.post(
        "/v1/outcome",
        json={"board": FINISHED_GAMMON, "match": {"length": 3, "score": {"white": 3, "black": 0}}},
    )
    assert r.status_code == 422 and "match.score.white" in r.json["errors"]
