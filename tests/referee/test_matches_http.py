"""POST /v1/matches/verify and /v1/matches/convert: the contract's shape, 422 naming the line, 413."""

from __future__ import annotations

import pytest

from arbitru import create_app
from arbitru.http.routes.matches import MAX_MAT_CHARS, VERIFY_EXAMPLES
from tests.support.positions import MATCHES

CONTRACT_KEYS = {"valid", "match_length", "players", "games", "final_score", "winner", "error"}
GAME_KEYS = {"game", "start_score", "crawford_game", "winner", "points", "cube", "result", "ended_by"}
ERROR_KEYS = {"game", "move", "player", "line", "action", "code", "message"}


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True}).test_client()


def test_verify_answers_the_contract_shape_for_a_clean_match(client) -> None:  # type: ignore[no-untyped-def]
    text = (MATCHES / "gnubgparser_gnubg_selfplay_drops_7p.mat").read_text()
    response = client.post("/v1/matches/verify", json={"mat": text})
    body = response.get_json()
    assert response.status_code == 200 and CONTRACT_KEYS <= set(body)
    assert body["valid"] is True and body["error"] is None and body["players"] == ["charlot1", "charlot2"]
    assert all(GAME_KEYS <= set(game) for game in body["games"])
    assert body["final_score"] == [3, 7] and body["winner"] == "charlot2"
    assert body["games"][0]["ended_by"] == "drop"


def test_verify_reports_the_first_illegal_action_with_game_move_player_line(client) -> None:  # type: ignore[no-untyped-def]
    text = (MATCHES / "gammonview_5nqfGw9bWG3deTaU_7pt_illegal-play.mat").read_text()
    body = client.post("/v1/matches/verify", json={"mat": text}).get_json()
    assert body["valid"] is False and ERROR_KEYS <= set(body["error"])
    assert {k: body["error"][k] for k in ("game", "move", "player", "line", "action")} == {
        "game": 1,
        "move": 11,
        "player": "Marion Castlebury",
        "line": 25,
        "action": "13: 14/10 13/12",
    }
    assert body["games"] == []


def test_verify_in_illegal_moves_rule_mode_condones_and_goes_on(client) -> None:  # type: ignore[no-untyped-def]
    text = (MATCHES / "gammonview_5nqfGw9bWG3deTaU_7pt_illegal-play.mat").read_text()
    body = client.post("/v1/matches/verify", json={"mat": text, "mode": "illegal-moves-rule"}).get_json()
    assert body["valid"] is True and len(body["condoned"]) == 1


def test_request_rules_override_the_transcript_header(client) -> None:  # type: ignore[no-untyped-def]
    text = (MATCHES / "bg-db_xg-text_KR-TL_2026-10-08_jacoby-on_money.txt").read_text()
    body = client.post("/v1/matches/verify", json={"mat": text, "rules": {"jacoby": False}}).get_json()
    assert body["valid"] is False and body["error"]["code"] == "WRONG_POINTS"  # the backgammon is worth 3


@pytest.mark.parametrize("name", sorted(VERIFY_EXAMPLES))
def test_the_documented_examples_answer_as_described(client, name: str) -> None:  # type: ignore[no-untyped-def]
    body = client.post("/v1/matches/verify", json=VERIFY_EXAMPLES[name]["value"]).get_json()
    assert body["valid"] is (name != "illegal")
    if name == "illegal":
        assert body["error"]["code"] == "MUST_USE_ALL_DICE" and body["error"]["line"] == 8


def test_convert_returns_a_record_that_verify_accepts(client) -> None:  # type: ignore[no-untyped-def]
    text = (MATCHES / "bgdb-data-1_087ff8643ed34d0a_11pt.mat").read_text()
    record = client.post("/v1/matches/convert", json={"mat": text}).get_json()
    assert record["format"] == "arbitru.match/1" and len(record["games"]) == 11
    body = client.post("/v1/matches/verify", json={"record": record}).get_json()
    assert body["valid"] is True and body["final_score"] == [11, 6]


@pytest.mark.parametrize("text", ["", "\x00\x01binary", '{"not": "a match"}', "hello\nworld"])
@pytest.mark.parametrize("route", ["/v1/matches/verify", "/v1/matches/convert"])
def test_a_body_that_is_not_a_match_is_a_422_naming_the_line(client, route: str, text: str) -> None:  # type: ignore[no-untyped-def]
    response = client.post(route, json={"mat": text})
    body = response.get_json()
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert body["errors"]["mat"][0].startswith("line ") and "line" in body["detail"]


def test_a_transcript_over_the_size_limit_is_a_413(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/v1/matches/verify", json={"mat": " 1 point match\n" + " " * MAX_MAT_CHARS})
    assert response.status_code == 413 and response.mimetype == "application/problem+json"


def test_mat_and_record_together_or_neither_is_a_422(client) -> None:  # type: ignore[no-untyped-def]
    assert client.post("/v1/matches/verify", json={}).status_code == 422
    assert client.post("/v1/matches/verify", json={"mat": "x", "record": {}}).status_code == 422


def test_a_malformed_record_is_a_422_with_field_paths(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(
        "/v1/matches/verify",
        json={"record": {"players": ["a", "b"], "match_length": 3, "games": [{"turns": [{"player": 5}]}]}},
    )
    assert response.status_code == 422 and "record.games[0].turns[0].player" in response.get_json()["errors"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "13: 14/10 13/12: 13/12 needs a die, but the play has already used all of 3-1"),
        ("ro", "13: 14/10 13/12: 13/12 cere un zar, dar mutarea a folosit deja toate zarurile din 3-1"),
    ],
)
def test_verify_rules_in_the_language_asked_for_with_the_same_code(client, lang, said):  # type: ignore[no-untyped-def]
    text = (MATCHES / "gammonview_5nqfGw9bWG3deTaU_7pt_illegal-play.mat").read_text()
    headers = {"Accept-Language": lang}
    stopped = client.post("/v1/matches/verify", json={"mat": text}, headers=headers)
    assert stopped.headers["Content-Language"] == lang
    assert stopped.get_json()["error"]["code"] == "TOO_MANY_MOVES"
    assert stopped.get_json()["error"]["message"] == said
    body = {"mat": text, "mode": "illegal-moves-rule"}
    condoned = client.post("/v1/matches/verify", json=body, headers=headers)
    assert condoned.get_json()["condoned"][0] == condoned.get_json()["condoned"][0] | {
        "code": "TOO_MANY_MOVES",
        "message": said,
    }


def test_an_export_asked_for_as_json_answers_its_text_and_what_other_readers_miss(client) -> None:  # type: ignore[no-untyped-def]
    from tests.formats.test_export_facts import FROM_A_POSITION, ROMANIAN

    answer = client.post(
        "/v1/matches/convert", json={"record": ROMANIAN, "to": "mat"}, headers={"Accept": "application/json"}
    ).get_json()
    assert answer["to"] == "mat" and '; [Rules "preset=romanian"]' in answer["text"]
    assert len(answer["warnings"]) == 1 and "Rules" in answer["warnings"][0]
    again = client.post("/v1/matches/verify", json={"mat": answer["text"]}).get_json()
    assert again["valid"] and again["final_score"] == [4, 1]
    positioned = client.post(
        "/v1/matches/convert",
        json={"record": FROM_A_POSITION, "to": "mat"},
        headers={"Accept": "application/json"},
    ).get_json()
    assert "Set Pos" in positioned["warnings"][0]
    plain = client.post("/v1/matches/convert", json={"record": ROMANIAN, "to": "mat"})
    assert plain.mimetype == "text/plain" and plain.get_data(as_text=True) == answer["text"]


def test_a_starting_board_an_export_cannot_carry_is_a_422_naming_it(client) -> None:  # type: ignore[no-untyped-def]
    from tests.formats.test_export_facts import FROM_A_POSITION, START

    record = {**FROM_A_POSITION, "games": [{**FROM_A_POSITION["games"][0]}]}
    record["games"][0]["start_position"] = {"white": {"points": {"6": 8, "8": 8}}, "black": START["black"]}
    response = client.post("/v1/matches/convert", json={"record": record, "to": "mat"})
    assert response.status_code == 422
    assert list(response.get_json()["errors"]) == ["record.games[0].start_position"]


def test_verify_and_convert_read_gnubgs_sgf_as_json_or_as_the_file(client) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    text = (Path(__file__).resolve().parent / "data" / "gnubg" / "gnubg_resign.sgf").read_text()
    for response in (
        client.post("/v1/matches/verify", json={"sgf": text}),
        client.post("/v1/matches/verify", data=text.encode(), content_type="text/plain"),
    ):
        body = response.get_json()
        assert response.status_code == 200 and body["valid"] and body["final_score"] == [0, 1]
    record = client.post("/v1/matches/convert", json={"sgf": text, "to": "record"}).get_json()
    assert client.post("/v1/matches/verify", json={"record": record}).get_json()["final_score"] == [0, 1]
    mat = client.post("/v1/matches/convert", json={"sgf": text, "to": "mat"}).get_data(as_text=True)
    assert client.post("/v1/matches/verify", json={"mat": mat}).get_json()["final_score"] == [0, 1]


def test_an_sgf_that_cannot_be_read_is_a_422_naming_the_line(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/v1/matches/verify", json={"sgf": "(;FF[4]GM[6]PW[a]PB[b]\n;W[62zz"})
    assert response.status_code == 422 and list(response.get_json()["errors"]) == ["sgf"]
    assert "line 2" in response.get_json()["errors"]["sgf"][0]
    both = client.post("/v1/matches/verify", json={"sgf": "(;GM[6])", "mat": " 1 point match"})
    assert both.status_code == 422
