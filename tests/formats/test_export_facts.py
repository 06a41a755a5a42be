"""Facts a plain .mat cannot carry survive Arbitru's export in a form its own reader reads back: a
game's starting board (XG's `; Set Pos=` line), the rules (the classic tags and Arbitru's `Rules`
tag). A starting board that is no board at all cannot be written: the export names it."""

from __future__ import annotations

import pytest

from arbitru.formats.game_record import record_to_match
from arbitru.formats.mat import read_mat, rules_tag, rules_tag_options
from arbitru.referee import resolve_rules, verify
from arbitru.referee.mat_writer import write_mat
from arbitru.referee.replay import ExportError
from tests.formats.test_round_trip import verified

START = {
    "white": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
    "black": {"points": {"6": 5, "8": 3, "13": 5, "23": 1, "24": 1}},
}


def _game(number, score, turns, winner=None, points=None, **extra):
    result = {"result": {"winner": winner, "points": points}} if winner is not None else {}
    return {"game": number, "start_score": score, "turns": turns, **result, **extra}


FROM_A_POSITION = {
    "players": ["Nicu", "Dorin"],
    "match_length": 3,
    "games": [
        _game(
            1,
            [0, 0],
            [
                {"player": 0, "action": "roll", "dice": [6, 6], "play": "24/18(2) 13/7(2)"},
                {"player": 1, "action": "roll", "dice": [2, 1], "play": "23/21 24/23"},
            ],
            start_position=START,
        )
    ],
}


ROMANIAN = {
    "players": ["Nicu", "Dorin"],
    "match_length": 3,
    "rules": {"preset": "romanian"},
    "games": [
        _game(
            1,
            [0, 0],
            [
                {"player": 0, "action": "roll", "dice": [3, 3], "play": "8/5(2) 6/3(2)"},
                {"player": 1, "action": "resign", "level": "gammon"},
            ],
            0,
            2,
        ),
        _game(
            2,
            [2, 0],
            [
                {"player": 1, "action": "roll", "dice": [3, 1], "play": "8/5 6/5"},
                {"player": 0, "action": "resign", "level": "single"},
            ],
            1,
            1,
        ),
        _game(
            3,
            [2, 1],
            [
                {"player": 0, "action": "roll", "dice": [5, 5], "play": "13/3(2)"},
                {"player": 1, "action": "resign", "level": "backgammon"},
            ],
            0,
            2,
        ),
    ],
}


def exported(record):
    match = record_to_match(record)
    return write_mat(match, resolve_rules(match, {})[0])


def test_a_record_starting_from_a_board_exports_a_set_pos_line_and_verifies_the_same():
    text = exported(FROM_A_POSITION)
    assert "\n; Set Pos=" in text
    again = read_mat(text)
    assert verified(again) == verified(record_to_match(FROM_A_POSITION))
    assert verify(again, resolve_rules(again, {})[0])["valid"]


def test_a_romanian_match_exports_its_rules_in_tags_its_reader_reads_back():
    text = exported(ROMANIAN)
    assert '; [Rules "preset=romanian"]' in text
    again = read_mat(text)
    verdict = verify(again, resolve_rules(again, {})[0])
    assert verdict["valid"] and verdict["final_score"] == [4, 1] and verdict["winner"] == "Nicu"
    assert verified(again) == verified(record_to_match(ROMANIAN))


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "romanian", "backgammons": True},
        {"cube": False, "gammons": False},
        {"opening_dice": "new_roll"},
    ],
)
def test_the_rules_tag_reads_back_as_the_rules_it_was_written_for(options):
    from arbitru.engine.rules import build_rules

    rules = build_rules(options)[0]
    assert build_rules(rules_tag_options(rules_tag(rules) or ""))[0] == rules


def test_a_starting_board_that_is_no_board_cannot_be_exported_and_the_export_names_it():
    record = {**FROM_A_POSITION, "games": [{**FROM_A_POSITION["games"][0]}]}
    record["games"][0]["start_position"] = {"white": {"points": {"6": 8, "8": 8}}, "black": START["black"]}
    with pytest.raises(ExportError) as refused:
        exported(record)
    assert refused.value.field == "games[0].start_position"
