"""The game loop through the API: /v1/start for any preset, variant and option (GET and POST), and
the outcome a game-ending play carries in /v1/moves and /v1/play (the same as /v1/outcome's)."""

from __future__ import annotations

import pytest

from arbitru import create_app
from arbitru.engine.rules import PRESETS, Rules

RO = {"Accept-Language": "ro"}
# White to play 2-1 with two checkers left on its 2 and 1 points: 2/off 1/off ends the game (a single:
# black has borne off two).
LAST_ROLL = {
    "white": {"points": {"1": 1, "2": 1}, "bar": 0, "off": 13},
    "black": {"points": {"6": 5, "8": 3, "13": 5}, "bar": 0, "off": 2},
}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


# -- /v1/start ------------------------------------------------------------------------------------
def test_start_romanian_preset_by_query_gives_the_rules_match_and_the_opening_step(client):
    r = client.get("/v1/start?preset=romanian")
    assert r.status_code == 200
    body = r.json
    assert body["rules"]["preset"] == "romanian" and body["rules"]["cube"] is False
    assert body["match"] == {"length": 3, "score": {"white": 0, "black": 0}, "crawford": False}
    assert body["cube"] == {"value": 1, "owner": "centered"}
    assert body["next"]["step"] == "opening" and body["next"]["route"] == "/v1/opening"
    assert body["next"]["dice_per_player"] == 2
    assert body["board"]["white"]["points"] == {"6": 5, "8": 3, "13": 5, "24": 2}


def test_start_post_takes_a_rules_object_and_answers_like_get(client):
    posted = client.post("/v1/start", json={"rules": {"preset": "romanian"}})
    assert posted.status_code == 200
    got = client.get("/v1/start?preset=romanian").json
    # each start is a new game: its signed state (game id, dice commitment) is its own
    assert {**posted.json, "state": None} == {**got, "state": None}


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "nackgammon", "jacoby": True},
        {"variant": "hypergammon", "hypergammon_checkers": 2, "beavers": True},
        {"preset": "romanian", "opening_ties": "higher_die", "gammons": False},
        {"automatic_doubles": 2, "max_cube": 16, "match_length": 0},
    ],
)
def test_start_accepts_every_option_by_query_and_by_body(client, options):
    query = "&".join(f"{k}={str(v).lower()}" for k, v in options.items())
    got = client.get(f"/v1/start?{query}")
    posted = client.post("/v1/start", json={"rules": options})
    assert got.status_code == posted.status_code == 200, (got.json, posted.json)
    assert {**got.json, "state": None} == {**posted.json, "state": None}  # each start is a new game
    for name, value in options.items():
        assert got.json["rules"][name] == value
    rules = Rules(**{k: v for k, v in options.items() if k in ("preset", "variant")})
    applies = {name for name in Rules.option_names() if rules.applies(name)}  # what a request may send
    assert set(got.json["rules"]) == applies


def test_start_for_a_later_game_of_a_match_keeps_its_score_and_crawford_flag(client):
    match = {"length": 5, "score": {"white": 4, "black": 2}, "crawford": True}
    r = client.post("/v1/start", json={"match": match})
    assert r.status_code == 200 and r.json["match"] == match


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("?preset=chouette", "query.preset"),
        ("?jacoby=maybe", "query.jacoby"),
        ("?max_cube=3", "query.max_cube"),
        ("?cube=false&jacoby=true", "query.jacoby"),
        ("?colour=red", "query.colour"),
    ],
)
def test_start_bad_options_are_a_422_naming_the_query_field(client, query, field):
    r = client.get("/v1/start" + query)
    assert r.status_code == 422 and field in r.json["errors"], r.json


def test_start_impossible_match_is_a_422(client):
    r = client.post("/v1/start", json={"match": {"length": 3, "score": {"white": 3, "black": 0}}})
    assert r.status_code == 422 and "match.score.white" in r.json["errors"]


def test_start_message_follows_accept_language(client):
    en = client.get("/v1/start").json["next"]["message"]
    ro = client.get("/v1/start", headers=RO).json["next"]["message"]
    assert en != ro and "zar" in ro


# The opening's last sentence for each way the starter plays, as the catalogue words it.
ROLLS_AGAIN = {"en": "rolls both dice again", "ro": "aruncă din nou ambele zaruri"}
PLAYS_THE_ROLL = {"en": "plays", "ro": "joacă"}


@pytest.mark.parametrize("lang", ["en", "ro"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_start_tells_each_preset_whether_the_opening_winner_plays_the_roll_or_rolls_again(
    client, preset, lang
):
    """Issue 40 item 5: long_nardy, plakoto, portes and tavla roll again (`opening_dice: new_roll`);
    the message comes from the rules' opening options, in both languages."""
    message = client.get(f"/v1/start?preset={preset}", headers={"Accept-Language": lang}).json["next"][
        "message"
    ]
    if PRESETS[preset].opening_dice == "new_roll":
        assert ROLLS_AGAIN[lang] in message and "plays both dice" not in message
    else:
        assert ROLLS_AGAIN[lang] not in message and PLAYS_THE_ROLL[lang] in message


@pytest.mark.parametrize("dice", ["rolled", "new_roll"])
def test_start_message_follows_the_opening_dice_option_over_the_preset(client, dice):
    message = client.get(f"/v1/start?preset=tavla&opening_dice={dice}").json["next"]["message"]
    assert (ROLLS_AGAIN["en"] in message) == (dice == "new_roll")


# -- game-ending plays carry the outcome ------------------------------------------------------------
def _ending_play(plays):
    ended = [p for p in plays if p["outcome"]["game_over"]]
    assert len(ended) == 1
    return ended[0]


def test_a_game_ending_play_in_moves_carries_what_outcome_gives_for_its_board(client):
    match = {"length": 5, "score": {"white": 3, "black": 1}}
    body = {
        "board": LAST_ROLL,
        "turn": "white",
        "dice": [2, 1],
        "match": match,
        "cube": {"value": 2, "owner": "black"},
    }
    moves = client.post("/v1/moves", json=body).json
    play = _ending_play(moves["plays"])
    outcome = client.post(
        "/v1/outcome", json={"board": play["board"], "match": match, "cube": body["cube"]}
    ).json
    assert play["outcome"] == {k: v for k, v in outcome.items() if k != "pips"}
    assert play["outcome"]["match"]["score"] == {"white": 5, "black": 1}
    assert play["outcome"]["match"]["over"] is True and play["outcome"]["label"] == "single game"
    assert moves["next_turn"] == "black"


def test_a_game_ending_play_in_play_carries_the_outcome_and_nobody_is_next(client):
    match = {"length": 3, "score": {"white": 0, "black": 0}}
    body = {"board": LAST_ROLL, "turn": "white", "dice": [2, 1], "play": "2/off 1/off", "match": match}
    r = client.post("/v1/play", json=body, headers=RO).json
    assert r["legal"] is True and r["next_turn"] is None
    assert r["play"]["outcome"]["label"] == "linie"
    assert r["play"]["outcome"]["match"] == {
        "points": 1,
        "score": {"white": 1, "black": 0},
        "over": False,
        "winner": None,
        "crawford_next": False,
        "post_crawford": False,
    }


def test_money_game_ending_play_has_a_label_and_no_match_block(client):
    body = {"board": LAST_ROLL, "turn": "white", "dice": [2, 1], "play": "2/off 1/off"}
    outcome = client.post("/v1/play", json=body).json["play"]["outcome"]
    assert outcome["label"] == "single game" and "match" not in outcome


def test_a_play_that_does_not_end_the_game_passes_the_turn(client):
    board = client.get("/v1/start").json["board"]
    body = {"board": board, "turn": "white", "dice": [3, 1], "play": "8/5 6/5"}
    r = client.post("/v1/play", json=body).json
    assert r["legal"] is True and r["next_turn"] == "black"
    assert r["play"]["outcome"] == {
        "game_over": False,
        "winner": None,
        "result": None,
        "multiplier": None,
        "points": None,
    }
