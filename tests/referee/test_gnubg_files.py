"""GNU Backgammon's own files verify as gnubg means them: a match saved with dice rolled and not
yet played is a game in progress (valid, unfinished); gnubg's resignation count (cube x level) is
accepted beside the Jacoby count. The files are gnubg's exports (tests/referee/data/gnubg/, with
their provenance). And the resignation rulings gnubg's play.c makes: the resigner never wins."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitru.formats.game_record import record_to_match
from arbitru.formats.mat import read_mat
from arbitru.referee import resolve_rules, verify

GNUBG = Path(__file__).resolve().parent / "data" / "gnubg"
EXPECTED = {  # file -> (final score, each game's (winner, points))
    "gnubg_money": ([0, 2], [("root", 2), (None, None)]),
    "gnubg_unfinished": ([0, 0], [(None, None)]),
    "gnubg_resign": ([0, 1], [("root", 1), (None, None)]),
}


def verdict(match, **rules):
    return verify(match, resolve_rules(match, rules)[0])


def _read(name: str, kind: str):
    from arbitru.formats.sgf_reader import read_sgf

    text = (GNUBG / f"{name}.{kind}").read_text(encoding="utf-8")
    return read_mat(text) if kind == "mat" else read_sgf(text)


@pytest.mark.parametrize("kind", ["mat", "sgf"], ids=["export-mat", "save-sgf"])
@pytest.mark.parametrize("jacoby", [False, True], ids=["jacoby-off", "jacoby-on"])
@pytest.mark.parametrize("name", EXPECTED)
def test_gnubgs_own_files_verify_as_gnubg_means_them(name, jacoby, kind):
    found = verdict(_read(name, kind), jacoby=jacoby)
    score, games = EXPECTED[name]
    assert found["valid"], found["error"]
    assert found["final_score"] == score
    assert [(game["winner"], game["points"]) for game in found["games"]] == games


def record(turns, result=None, length=3, rules=None, start=None):
    game = {"game": 1, "start_score": [0, 0], "turns": turns, **({"result": result} if result else {})}
    game |= {"start_position": start} if start else {}
    out = {"players": ["A", "B"], "match_length": length, "games": [game]}
    return record_to_match({**out, **({"rules": rules} if rules else {})})


OPENING = [
    {"player": 0, "action": "roll", "dice": [3, 1], "play": "8/5 6/5"},
    {"player": 1, "action": "roll", "dice": [4, 2], "play": "8/4 6/4"},
]


def test_a_record_ending_on_dice_rolled_and_not_played_is_a_game_in_progress():
    found = verdict(record([*OPENING, {"player": 0, "action": "roll", "dice": [5, 1], "play": ""}]))
    assert found["valid"] and found["games"] == [{**found["games"][0], "winner": None, "points": None}]


def test_dice_rolled_and_not_played_before_more_actions_are_still_a_play_left_out():
    turns = [*OPENING, {"player": 0, "action": "roll", "dice": [5, 1], "play": ""}]
    turns.append({"player": 1, "action": "roll", "dice": [6, 5], "play": "24/13"})
    assert verdict(record(turns))["error"]["code"] == "MUST_USE_ALL_DICE"


def test_gnubgs_resignation_count_cube_times_level_is_accepted_beside_the_jacoby_count():
    # money play, Jacoby on, cube centred: B resigns a gammon. The rules' count is 1 (Jacoby), gnubg
    # writes 2 (cube x level); both are that resignation, a third count is not.
    turns = [*OPENING, {"player": 1, "action": "resign", "level": "gammon"}]
    for points in (1, 2):
        found = verdict(record(turns, {"winner": 0, "points": points}, 0, {"jacoby": True}))
        assert found["valid"] and found["games"][0]["points"] == points
    wrong = verdict(record(turns, {"winner": 0, "points": 3}, 0, {"jacoby": True}))["error"]
    assert wrong["code"] == "WRONG_POINTS"


def test_the_resigner_is_never_the_winner():
    turns = [*OPENING, {"player": 0, "action": "resign"}]
    found = verdict(record(turns, {"winner": 0, "points": 1}))
    assert (found["error"]["code"], found["error"]["player"]) == ("WRONG_WINNER", "A")
    assert found["error"]["message"] == (
        "the transcript says A won game 1, but A resigned it: an accepted resignation gives the game to B"
    )
    assert verdict(record(turns, {"winner": 1, "points": 1}))["valid"]


# A 2-point match at 0-0 from a bear-off: A's last checker on its ace point, all of B's fifteen
# still in A's home board. B plays, A doubles, B takes, A bears off: a backgammon at cube 2, worth 6;
# A needed 2.
BEAR_OFF = {
    "white": {"points": {"1": 1}, "off": 14},
    "black": {"points": {"19": 15}},
}
WORTH_SIX = [
    {"player": 1, "action": "roll", "dice": [2, 1], "play": "19/17 19/18"},
    {"player": 0, "action": "double"},
    {"player": 1, "action": "take"},
    {"player": 0, "action": "roll", "dice": [2, 1], "play": "1/off"},
]


@pytest.mark.parametrize(("declared", "valid"), [(6, True), (2, True), (1, False), (3, False)])
def test_a_declared_count_below_what_the_winner_needed_is_never_a_cap(declared, valid):
    found = verdict(record(WORTH_SIX, {"winner": 0, "points": declared}, length=2, start=BEAR_OFF))
    assert found["valid"] is valid, found["error"]
    if valid:
        assert found["games"][0]["points"] == 6 and found["games"][0]["capped"] is (declared == 2)
    else:
        assert found["error"]["code"] == "WRONG_POINTS"
        assert found["error"]["message"] == (
            f"the transcript gives {declared} point(s) for game 1; the replay gives 6 (or 2, what A needed)"
        )


def test_gnubgs_sgf_states_its_rules_and_the_reader_takes_them():
    from arbitru.formats.mat import stated_rules
    from arbitru.formats.sgf_reader import read_sgf

    money = read_sgf((GNUBG / "gnubg_money.sgf").read_text(encoding="utf-8"))
    assert stated_rules(money) == {"jacoby": True}  # RU[Jacoby]: gnubg's 2 for a gammon is its count
    match = read_sgf((GNUBG / "gnubg_unfinished.sgf").read_text(encoding="utf-8"))
    assert stated_rules(match) == {"crawford": True} and match.length == 5
    assert match.players == ("gnubg", "root")
