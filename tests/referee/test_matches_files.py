"""/v1/matches/verify and /v1/matches/convert take the file itself (text/plain, multipart `file`)
under the same size limit; the first illegal action carries its position, picture and the legal
plays; /convert answers a .mat or SGF file."""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from arbitru import create_app
from arbitru.formats.mat import read_mat
from arbitru.http.routes.matches import MAX_MAT_CHARS

REPO = Path(__file__).resolve().parents[2]
ILLEGAL = (REPO / "examples" / "illegal.mat").read_bytes()
CLEAN = (REPO / "examples" / "match.mat").read_bytes()


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def upload(data: bytes, name: str = "match.mat") -> dict:
    return {"file": (io.BytesIO(data), name)}


def test_a_text_plain_body_is_verified_like_the_json_one(client):
    raw = client.post("/v1/matches/verify", data=ILLEGAL, content_type="text/plain")
    wrapped = client.post("/v1/matches/verify", json={"mat": ILLEGAL.decode()})
    assert raw.status_code == wrapped.status_code == 200
    assert raw.json == wrapped.json and raw.json["valid"] is False


def test_a_multipart_upload_in_the_field_file_is_verified_with_query_options(client):
    r = client.post(
        "/v1/matches/verify?mode=illegal-moves-rule", data=upload(ILLEGAL), content_type="multipart/form-data"
    )
    assert r.status_code == 200 and r.json["mode"] == "illegal-moves-rule" and r.json["condoned"]


def test_a_multipart_upload_may_hold_a_json_record(client):
    record = client.post("/v1/matches/convert", json={"mat": CLEAN.decode()}).json
    data = json.dumps(record).encode()
    r = client.post("/v1/matches/verify", data=upload(data, "match.json"), content_type="multipart/form-data")
    assert r.status_code == 200 and r.json["valid"] is True


def test_a_multipart_request_without_the_file_field_is_a_422_naming_it(client):
    r = client.post("/v1/matches/verify", data={"mat": "x"}, content_type="multipart/form-data")
    assert r.status_code == 422 and "file" in r.json["errors"]


@pytest.mark.parametrize("content_type", ["text/plain", "multipart/form-data"])
def test_files_over_the_limit_are_a_413_as_json_bodies_are(client, content_type):
    big = b"; comment line\n" * (MAX_MAT_CHARS // 15 + 10)
    data = upload(big) if content_type == "multipart/form-data" else big
    assert client.post("/v1/matches/verify", data=data, content_type=content_type).status_code == 413
    assert client.post("/v1/matches/verify", json={"mat": big.decode()}).status_code == 413


def test_binary_uploads_are_a_422(client):
    r = client.post("/v1/matches/verify", data=b"\x00\x01\x02", content_type="text/plain")
    assert r.status_code == 422 and "file" in r.json["errors"]


def test_other_content_types_are_still_a_415(client):
    assert (
        client.post("/v1/matches/verify", data=CLEAN, content_type="application/octet-stream").status_code
        == 415
    )


def test_the_first_illegal_action_carries_its_position_picture_and_the_legal_plays(client):
    error = client.post("/v1/matches/verify", data=ILLEGAL, content_type="text/plain").json["error"]
    position = error["position"]
    assert error["action"] == "13: 14/10 13/12" and position["turn"] == "white" and position["dice"] == [3, 1]
    assert position["board"]["white"]["points"]["14"] == 1
    assert position["match"] == {"length": 7, "score": {"white": 0, "black": 0}, "crawford": False}
    assert error["legal_play_count"] == len(error["legal_plays"]) == 72
    assert "14/11 13/12" in error["legal_plays"]
    picture = client.get(position["board_svg"])
    assert picture.status_code == 200 and picture.mimetype == "image/svg+xml"
    assert parse_qs(urlparse(position["board_svg"]).query)["gnubg_id"] == [position["gnubg_id"]]
    converted = client.post("/v1/convert", json={"gnubg_id": position["gnubg_id"]}).json
    assert converted["board"] == position["board"] and converted["dice"] == [3, 1]


def test_past_the_listing_limit_the_legal_plays_are_only_counted(client, monkeypatch):
    monkeypatch.setattr("arbitru.referee.machine.LISTED_PLAYS", 10)
    error = client.post("/v1/matches/verify", data=ILLEGAL, content_type="text/plain").json["error"]
    assert error["legal_play_count"] == 72 and "legal_plays" not in error


@pytest.mark.parametrize(
    ("to", "media", "extension"), [("mat", "text/plain", "mat"), ("sgf", "application/x-go-sgf", "sgf")]
)
def test_convert_answers_the_file_itself(client, to, media, extension):
    r = client.post(f"/v1/matches/convert?to={to}", data=CLEAN, content_type="text/plain")
    assert r.status_code == 200 and r.mimetype == media
    assert r.headers["Content-Disposition"] == f'attachment; filename="match.{extension}"'
    text = r.get_data(as_text=True)
    if to == "mat":
        assert [len(g.actions) for g in read_mat(text).games] == [
            len(g.actions) for g in read_mat(CLEAN).games
        ]
    else:
        assert text.startswith("(;FF[4]GM[6]") and text.count("(;FF[4]") == len(read_mat(CLEAN).games)


def test_convert_from_a_json_record_to_mat_gives_the_same_match(client):
    record = client.post("/v1/matches/convert", json={"mat": CLEAN.decode()}).json
    mat = client.post("/v1/matches/convert", json={"record": record, "to": "mat"}).get_data(as_text=True)
    verdicts = [
        client.post("/v1/matches/verify", json=body).json for body in ({"mat": mat}, {"record": record})
    ]
    assert verdicts[0] == verdicts[1] and verdicts[0]["valid"] is True


def test_convert_to_an_unknown_format_is_a_422(client):
    r = client.post("/v1/matches/convert", json={"mat": CLEAN.decode(), "to": "xg"})
    assert r.status_code == 422 and "to" in r.json["errors"]
