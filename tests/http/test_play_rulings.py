"""/v1/play rules on the hops proposed, replayed literally (properties over random positions)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arbitru.engine import Board, legal_plays
from arbitru.engine.board import OFF
from tests.engine.test_properties import boards, dice_strategy
from tests.http.conftest import opening_board, roll_body
from tests.support.cases import examples

SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _request(board: Board, dice: tuple[int, int], moves: list[dict]) -> dict:
    return {"board": board.to_dict(), "turn": "white", "dice": list(dice), "moves": moves}


@SETTINGS
@given(boards(), dice_strategy, st.data())
def test_a_legal_play_written_as_literal_hops_gets_exactly_that_plays_full_board(client, board, dice, data):
    plays = legal_plays(board, "white", dice)
    play = data.draw(st.sampled_from(plays))
    moves = [{"from": m.from_point, "to": m.to_point} for m in play.moves]
    body = client.post("/v1/play", json=_request(board, dice, moves)).get_json()
    assert body["legal"] and body["as_written"], body
    assert body["play"]["board"] == play.board.to_dict()  # hits included: both sides


@SETTINGS
@given(boards(), dice_strategy, st.data())
def test_a_star_added_on_a_hop_that_hits_nothing_is_refused(client, board, dice, data):
    play = data.draw(st.sampled_from(legal_plays(board, "white", dice)))
    quiet = [i for i, m in enumerate(play.moves) if m.to_point == OFF or board.black[25 - m.to_point] != 1]
    assume(quiet)
    starred = data.draw(st.sampled_from(quiet))
    moves = [
        {"from": m.from_point, "to": m.to_point, **({"hit": True} if i == starred else {})}
        for i, m in enumerate(play.moves)
    ]
    body = client.post("/v1/play", json=_request(board, dice, moves)).get_json()
    assert not body["legal"] and body["reason"]["code"] == "WRONG_HIT", body


def test_play_hits_the_blot_a_hop_lands_on(client):
    # The report: 13/8 8/2 with a black blot on white's 8 was taken as 13/2 via 7.
    board = {
        "white": {"points": {"24": 2, "13": 5, "10": 3, "6": 5}},
        "black": {"points": {"17": 1, "13": 4, "8": 3, "6": 5, "24": 2}},
    }
    moves = [{"from": 13, "to": 8}, {"from": 8, "to": 2}]
    body = client.post("/v1/play", json={"board": board, "turn": "white", "dice": [6, 5], "moves": moves})
    answer = body.get_json()
    assert answer["legal"] and answer["play"]["notation"] == "13/8*/2"
    assert (
        answer["play"]["board"]["black"]["bar"] == 1
        and "17" not in answer["play"]["board"]["black"]["points"]
    )


def test_play_refuses_a_star_where_nothing_is_hit_in_english_and_romanian(client):
    body = roll_body([6, 1], play="13/7* 8/7")
    english = client.post("/v1/play", json=body).get_json()
    romanian = client.post("/v1/play", json=body, headers={"Accept-Language": "ro"}).get_json()
    as_played = english.pop("as_played")  # the board the opponent may accept (illegal-moves rule)
    assert english == {
        "legal": False,
        "reason": {
            "code": "WRONG_HIT",
            "message": "13/7* marks a hit, but there is no blot of the opponent on 7",
        },
        "next_turn": "white",  # an illegal play is played again by the same side
    }
    assert as_played["board"]["white"]["points"]["7"] == 2
    assert romanian["reason"]["message"] == (
        "13/7* marchează o lovitură, dar pe punctul 7 nu este niciun pul singur al adversarului"
    )


def test_play_says_which_play_hops_grouped_otherwise_were_taken_as(client):
    board = {"white": {"points": {"3": 1, "2": 1}}, "black": {"points": {"13": 5, "8": 5, "6": 5}}}
    body = client.post(
        "/v1/play", json={"board": board, "turn": "white", "dice": [3, 1], "play": "3/1 2/off"}
    ).get_json()
    assert body["legal"] and body["as_written"] is False
    assert body["play"]["notation"] == "3/off 2/1"
    assert body["note"] == (
        "3/1 2/off cannot be played as written with 3-1; taken as 3/off 2/1, which leaves the same position"
    )


def test_play_answers_as_written_for_gnubg_notation(client):
    for text in ("13/7 8/7", "8/7 13/7", "13/7, 8/7"):
        body = client.post(
            "/v1/play", json={"board": opening_board(), "turn": "white", "dice": [6, 1], "play": text}
        ).get_json()
        assert body["legal"] and body["as_written"] and "note" not in body


GAMMON = {"white": {"points": {}, "off": 15}, "black": {"points": {"6": 15}}}
BACKGAMMON = {"white": {"points": {}, "off": 15}, "black": {"points": {"6": 14}, "bar": 1}}


def test_outcome_applies_jacoby_after_an_automatic_double_with_the_cube_centred_at_2(client):
    body = {"board": GAMMON, "cube": {"value": 2, "owner": "centered"}, "rules": {"jacoby": True}}
    verdict = client.post("/v1/outcome", json=body).get_json()
    assert (verdict["result"], verdict["multiplier"], verdict["points"]) == ("gammon", 1, 2)
    owned = client.post("/v1/outcome", json={**body, "cube": {"value": 2, "owner": "black"}}).get_json()
    assert (owned["multiplier"], owned["points"]) == (2, 4)


def test_outcome_under_the_romanian_preset_counts_a_backgammon_as_a_mart_and_labels_it_so(client):
    ro = {"Accept-Language": "ro"}
    plain = client.post(
        "/v1/outcome", json={"board": BACKGAMMON, "rules": {"preset": "romanian"}}, headers=ro
    )
    assert plain.get_json()["result"] == "backgammon"
    assert (plain.get_json()["multiplier"], plain.get_json()["label"]) == (2, "marț")
    asked = {"board": BACKGAMMON, "rules": {"preset": "romanian", "backgammons": True}}
    tehnic = client.post("/v1/outcome", json=asked, headers=ro).get_json()
    assert (tehnic["multiplier"], tehnic["label"]) == (3, "marț tehnic")


# -- Romanian wording -----------------------------------------------------------------------------
RO = {"Accept-Language": "ro"}


def test_romanian_opening_message_says_each_player_rolls_two_dice(client):
    body = {"rolls": {"white": [6], "black": [5]}, "rules": {"preset": "romanian"}}
    errors = client.post("/v1/opening", json=body, headers=RO).get_json()["errors"]
    assert errors["rolls.white"] == ["la deschiderea românească fiecare jucător aruncă două zaruri"]


def test_romanian_automatic_double_says_the_stake_doubles(client):
    body = {"rolls": {"white": [4], "black": [4]}, "rules": {"automatic_doubles": 1}}
    message = client.post("/v1/opening", json=body, headers=RO).get_json()["message"]
    assert "miza se dublează" in message and "cubul se întoarce" not in message


def test_romanian_404_title_is_resursa_inexistenta(client):
    assert client.get("/v1/nowhere", headers=RO).get_json()["title"] == "Resursă inexistentă"
