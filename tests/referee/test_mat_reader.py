"""The tolerant .mat reader: every real exporter's dialect, and a clear error for what is not a match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitru.formats.game_record import match_to_record, record_problems, record_to_match
from arbitru.formats.mat import (
    BEAVER,
    CANNOT_MOVE,
    DOUBLE,
    DROP,
    EMPTY,
    HIDDEN,
    ILLEGAL_MARKER,
    RESIGN,
    ROLL,
    TAKE,
    MatFormatError,
    normalize_play,
    read_mat,
)
from tests.support.positions import MATCHES

DATA = Path(__file__).resolve().parent / "data"
REAL = sorted(p for p in MATCHES.glob("*.*") if p.suffix in (".mat", ".txt"))

# file -> (players, length, games)
EXPECTED_SHAPE = {
    "bg-db_backgammon-studio_Bluejay_-_tester_5pt_2026_08_16.mat": (("Bluejay", "tester"), 5, 6),
    "bg-db_choue-net_chouehandle-vs-Bot_7pt.txt": (("chouehandle", "Bot1"), 7, 2),
    "bg-db_extmatchdb_excerpt-games-missing_21pt.mat": (("Gordon Phillips", "Chris Peterson"), 21, 4),
    "bg-db_extmatchdb_galaxy-hidden-play-ends-match_7pt.txt": (("Kenneth Moore", "Dale Henderson"), 7, 4),
    "bg-db_extmatchdb_galaxy-resign-without-marker_7pt.txt": (("Kenneth Moore", "Dale Henderson"), 7, 8),
    "bg-db_extmatchdb_game-ends-play-cut-after-one-die_11pt.mat": (("finch4", "wren_87"), 11, 4),
    "bg-db_extmatchdb_illegal-play-declared-in-remarks_7pt.txt": (
        ("Matthew Montgomery", "Simon Lockwood"),
        7,
        6,
    ),
    "bg-db_extmatchdb_illegal-play-marker-lost-game_11pt.txt": (("Michael Dixon", "Bob Zanders"), 11, 13),
    "bg-db_extmatchdb_xg-text-transcriber-tag_7pt.txt": (("Matthew Montgomery", "Dale Henderson"), 7, 6),
    "bg-db_foxamon_tester_vs_Osprey12_2026-08-10_3pt.mat": (("tester", "Osprey12"), 3, 1),
    "bg-db_foxamon_tester_vs_jackdaw1_2026-08-18_5pt.mat": (("tester", "jackdaw1"), 5, 4),
    "bg-db_invalid_set-position-start_11pt.mat": (("Nathaniel Whitford", "Karen Kingsby"), 11, 6),
    "bg-db_opengammon_Starling9_vs_tester_2026-09-27_5pt.mat": (("Starling9", "tester"), 5, 6),
    "bg-db_opengammon_toucanBG_vs_tester_2026-08-04_5pt.mat": (("toucanBG", "tester"), 5, 3),
    "bg-db_opengammon_vireo_vs_tester_2026-09-30_5pt.mat": (("vireo", "tester"), 5, 4),
    "bg-db_xg-text_KR-TL_2026-10-08_jacoby-off_money.txt": (("qq", "Player 2"), 0, 1),
    "bg-db_xg-text_KR-TL_2026-10-08_jacoby-on_money.txt": (("KR", "TL"), 0, 1),
    "bg-db_xg-text_KR-TL_2026-10-08_resign-gammon_money.txt": (("qq", "Player 2"), 0, 1),
    "bg-db_xg-text_me-XG_Roller__03-10-2026__3_money.txt": (("me", "XG Roller+"), 0, 1),
    "bg-db_xg-text_me-XG_Roller__03-10-2026_money.txt": (("me", "XG Roller+"), 0, 1),
    "bgdb-data-1_087ff8643ed34d0a_11pt.mat": (("sunny-jaguar-b8be", "olive-hyena-6cac"), 11, 11),
    "bgdb-data-1_0e16f258e242fbd2_hedgehog_1pt.mat": (("Hadar", "Sam"), 1, 1),
    "gammonview_5nqfGw9bWG3deTaU_7pt_illegal-play.mat": (("Marion Castlebury", "Rowan Pryce"), 7, 6),
    "gammonview_eXBNG5wZHS5Alu3P_5pt_post-crawford.mat": (("Emberoak05", "Jade1"), 5, 3),
    "gammonview_hQ8sVn2LbTdF4wRm_9pt_hedgehog_backwards-move.mat": (("Owen Talbot", "Dana Ellery"), 9, 4),
    "gnubgparser_gnubg_roll_then_resign_1p.mat": (("charlot1", "charlot2"), 1, 1),
    "gnubgparser_gnubg_selfplay_drops_7p.mat": (("charlot1", "charlot2"), 7, 6),
}


def test_the_shared_folder_holds_the_27_real_transcripts() -> None:
    assert sorted(p.name for p in REAL) == sorted(EXPECTED_SHAPE)


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[:50])
def test_every_real_transcript_reads_with_its_players_length_and_games(path: Path) -> None:
    match = read_mat(path.read_bytes())
    assert (match.players, match.length, len(match.games)) == EXPECTED_SHAPE[path.name]
    for game in match.games:
        assert game.actions, f"game {game.number} has no action"
        assert all(a.line and a.raw for a in game.actions)


@pytest.mark.parametrize("path", REAL + sorted(DATA.glob("synthetic_*")), ids=lambda p: p.name[:50])
def test_a_transcript_converts_to_a_game_record_and_back_unchanged(path: Path) -> None:
    record = match_to_record(read_mat(path.read_bytes()))
    assert record_problems(record) == []
    again = match_to_record(record_to_match(json.loads(json.dumps(record))))
    assert again == record


def test_three_exporters_dialects_of_one_match_read_to_the_same_games() -> None:
    records = [
        match_to_record(read_mat((DATA / name).read_bytes()))
        for name in ("synthetic_gnubg_3pt.mat", "synthetic_xg_3pt.txt", "synthetic_opengammon_3pt.mat")
    ]
    gnubg, xg, opengammon = records
    assert xg["players"] == ["Ana", "Bogdán Ţepeş"]  # UTF-8 name, CRLF file
    assert len(gnubg["games"]) == len(xg["games"]) == len(opengammon["games"]) == 3
    for g, x, o in zip(gnubg["games"], xg["games"], opengammon["games"], strict=True):
        assert (
            [t["player"] for t in g["turns"]]
            == [t["player"] for t in x["turns"]]
            == [t["player"] for t in o["turns"]]
        )
        assert [sorted(t.get("dice", [])) for t in g["turns"]] == [
            sorted(t.get("dice", [])) for t in o["turns"]
        ]
        assert g["result"]["winner"] == x["result"]["winner"] == o["result"]["winner"]


# -- header, length, games, score lines -------------------------------------------------------------
GNUBG = """; [Site "GNU Backgammon"]
; [Jacoby "On"]
; [CubeLimit "64"]

 5 point match

 Game 1
 Ana : 0                        Bogdan : 0
  1)                             62: 24/18 13/11\x20
  2) 62: 13/7* 24/22             51:\x20
      Wins 1 point
"""


def test_header_comments_become_headers_and_the_match_length_is_read() -> None:
    match = read_mat(GNUBG)
    assert match.headers["site"] == "GNU Backgammon"
    assert match.header_flag("jacoby") is True and match.header_int("cubelimit") == 64
    assert match.length == 5 and match.length_line == 5


def test_zero_point_match_is_a_money_session_and_length_needs_no_leading_space() -> None:
    assert read_mat(GNUBG.replace(" 5 point match", "0 point match")).length == 0


def test_game_header_without_leading_space_and_score_line_without_space_before_colon() -> None:
    text = GNUBG.replace(" Game 1", "Game 1").replace(
        " Ana : 0                        Bogdan : 0", " Ana: 0                              Bogdan: 0"
    )
    match = read_mat(text)
    assert match.players == ("Ana", "Bogdan") and match.games[0].start_score == (0, 0)


def test_the_first_mover_is_whoever_is_written_first_and_a_blank_left_cell_means_the_right_player() -> None:
    game = read_mat(GNUBG).games[0]
    assert [(a.player, a.dice, a.play_text) for a in game.actions] == [
        (1, (6, 2), "24/18 13/11"),
        (0, (6, 2), "13/7* 24/22"),
        (1, (5, 1), ""),
    ]
    assert game.actions[2].play_kind == EMPTY
    assert game.result is not None and (game.result.winner, game.result.points) == (0, 1)


def test_dice_are_kept_in_the_order_written() -> None:
    text = GNUBG.replace("62: 24/18 13/11", "26: 24/18 13/11")
    assert read_mat(text).games[0].actions[0].dice == (2, 6)


def test_columns_shifting_after_move_nine_still_split_left_and_right() -> None:
    text = """3 point match

 Game 1
 tester: 0                           Osprey12: 0
  9) 24: 7/3 3/1                         15: 6/1 6/5
  10) 12: 8/6 6/5                         12: 21/20* 13/11
  11) 23:                                 Doubles => 2
  12) Takes                               55: 25/20* 21/16 11/6 11/6
   Wins 3 points and the match
"""
    actions = read_mat(text).games[0].actions
    assert [(a.move_number, a.player, a.kind) for a in actions] == [
        (9, 0, ROLL),
        (9, 1, ROLL),
        (10, 0, ROLL),
        (10, 1, ROLL),
        (11, 0, ROLL),
        (11, 1, DOUBLE),
        (12, 0, TAKE),
        (12, 1, ROLL),
    ]
    assert read_mat(text).games[0].result.and_the_match is True  # type: ignore[union-attr]


def test_bar_off_25_and_0_in_any_case_normalise_to_standard_notation() -> None:
    assert normalize_play("Bar/22 6/Off") == "bar/22 6/off"
    assert normalize_play("25/22 6/0") == "bar/22 6/off"
    assert normalize_play("BAR/20* 20/16") == "bar/20* 20/16"


def test_chained_hops_and_counts_are_kept_as_written() -> None:
    assert normalize_play("24/15* 9/4*(2)") == "24/15* 9/4*(2)"
    assert normalize_play("13/10(3) 9/6") == "13/10(3) 9/6"


@pytest.mark.parametrize(
    ("cell", "kind"),
    [
        ("55:", EMPTY),
        ("46: ", EMPTY),
        ("33: Cannot Move", CANNOT_MOVE),
        ("43: ????", HIDDEN),
        ("63: ???", HIDDEN),
        ("25: Illegal play (11;0;1;0;0;B;A;0;9;10;1;0;0;1;1;2;2;0;0;6;6;)", ILLEGAL_MARKER),
    ],
)
def test_a_dance_a_hidden_play_and_a_snowie_marker_are_recognised(cell: str, kind: str) -> None:
    text = GNUBG.replace("  2) 62: 13/7* 24/22             51: ", f"  2) {cell:<29}51: 8/7 6/1")
    action = read_mat(text).games[0].actions[1]
    assert action.kind == ROLL and action.play_kind == kind and action.player == 0


def test_cube_actions_with_either_arrow_takes_drops_and_beavers() -> None:
    text = """0 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                 Doubles ==> 2
  2) Beavers => 4                Takes
  3)  Drops
"""
    actions = read_mat(text).games[0].actions
    assert [(a.kind, a.player, a.cube_value) for a in actions] == [
        (ROLL, 0, None),
        (DOUBLE, 1, 2),
        (BEAVER, 0, 4),
        (TAKE, 1, None),
        (DROP, 0, None),
    ]


@pytest.mark.parametrize(
    ("line", "points", "match"),
    [
        ("Wins 1 point", 1, False),
        ("Wins 2 points", 2, False),
        ("Wins 3 points and the match", 3, True),
        ("Wins 2 point and the match", 2, True),
        ("Wins 1 points", 1, False),
    ],
)
def test_wins_lines_singular_or_plural_with_or_without_the_match(line: str, points: int, match: bool) -> None:
    result = read_mat(GNUBG.replace("Wins 1 point", line)).games[0].result
    assert result is not None and (result.points, result.and_the_match) == (points, match)


def test_a_result_on_a_numbered_line_after_a_play_belongs_to_the_right_column() -> None:
    text = GNUBG.replace(
        "  2) 62: 13/7* 24/22             51: \n      Wins 1 point",
        "  2) 62: 13/7* 24/22             Wins 1 point",
    )
    result = read_mat(text).games[0].result
    assert result is not None and result.winner == 1 and result.move_number == 2


@pytest.mark.parametrize("marker", ["Resigns", "Resigned Game", "Resigned Match"])
def test_resignation_markers_in_several_forms(marker: str) -> None:
    text = GNUBG.replace("  2) 62: 13/7* 24/22             51: ", f"  2) {marker:<29}")
    game = read_mat(text).games[0]
    assert game.actions[-1].kind == RESIGN and game.actions[-1].player == 0


def test_crlf_utf8_and_a_byte_order_mark_read_like_lf() -> None:
    plain = read_mat(GNUBG)
    crlf = read_mat(("\ufeff" + GNUBG).replace("\n", "\r\n").encode("utf-8"))
    assert crlf.players == plain.players and crlf.games[0].actions == plain.games[0].actions
    named = read_mat(GNUBG.replace("Ana : 0      ", "Tarık Yazıcıoğlu : 0").encode("utf-8"))
    assert named.players[0] == "Tarık Yazıcıoğlu"


def test_xg_set_pos_comment_is_the_games_start_position() -> None:
    text = GNUBG.replace("  1)   ", "; Set Pos=----cBD-D-B--A--Abcdc---A-/0\n  1)   ")
    game = read_mat(text).games[0]
    assert game.set_position == "----cBD-D-B--A--Abcdc---A-/0" and game.set_position_line == 9


# -- not a match -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "line"),
    [
        ("", 1),
        ("   \n\n", 1),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 3),
        ('{"players": ["a", "b"]}', 1),
        ('; [Site "x"]\nhello world\n', 2),
        ("7 point match\n\nGame 1\nno score line here\n", 4),
        ("7 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5   the end\n  2) hello\n", 6),
        ("7 point match\n\n", 2),
        ("7 point match\n Game 1\n A : 0   B : 0\n Game 2\n C : 0   D : 0\n", 5),
    ],
    ids=[
        "empty",
        "blank",
        "binary",
        "json",
        "prose",
        "no-score-line",
        "garbage-turn",
        "no-games",
        "players-change",
    ],
)
def test_text_that_is_not_a_match_raises_naming_the_line(data: str | bytes, line: int) -> None:
    with pytest.raises(MatFormatError) as caught:
        read_mat(data)
    assert caught.value.line == line


def test_game_record_shape_errors_name_every_field() -> None:
    problems = dict(
        record_problems(
            {
                "players": ["a"],
                "match_length": -1,
                "games": [
                    {
                        "turns": [
                            {"player": 2, "action": "roll", "dice": [7, 1]},
                            {"player": 0, "action": "fly"},
                        ]
                    }
                ],
            }
        )
    )
    assert set(problems) == {
        "record.players",
        "record.match_length",
        "record.games[0].turns[0].player",
        "record.games[0].turns[0].dice",
        "record.games[0].turns[1].action",
    }
