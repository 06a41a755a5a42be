"""The opening roll's whole answer, field by field and in both languages, and every reason opening
rolls are refused with the field it names: tests that fail when any part of the answer changes
(mutation testing found the messages, the JSON form and most refusals unchecked)."""

from __future__ import annotations

import pytest

from arbitru.engine.cube import Cube
from arbitru.engine.opening import decide_opening, opening_problems
from arbitru.engine.rules import ROMANIAN, STANDARD, Rules
from arbitru.messages import say
from tests.support.said import Said, said

AUTO = Rules(automatic_doubles=1)


@pytest.mark.parametrize(
    ("rolls", "rules", "cube", "in_match", "answer", "english", "romanian"),
    [
        (
            {"white": [5], "black": [3]},
            STANDARD,
            Cube(),
            False,
            {"starter": "white", "dice": [5, 3], "reroll": False, "automatic_double": False},
            "White starts and plays 5-3.",
            "Începe Albul și joacă 5-3.",
        ),
        (
            {"white": [2], "black": [6]},
            STANDARD,
            Cube(),
            False,
            {"starter": "black", "dice": [6, 2], "reroll": False, "automatic_double": False},
            "Black starts and plays 6-2.",
            "Începe Negrul și joacă 6-2.",
        ),
        (
            {"white": [4], "black": [4]},
            STANDARD,
            Cube(),
            False,
            {"starter": None, "dice": None, "reroll": True, "automatic_double": False},
            "Equal rolls: both players roll again.",
            "Aruncări egale: ambii jucători aruncă din nou.",
        ),
        (
            {"white": [4], "black": [4]},
            AUTO,
            Cube(),
            False,
            {"starter": None, "dice": None, "reroll": True, "automatic_double": True},
            "Equal rolls: both players roll again and the cube is turned to 2 (automatic double).",
            "Aruncări egale: ambii jucători aruncă din nou, "
            "iar miza se dublează: cubul ajunge la 2 (dublare automată).",
        ),
        (  # no automatic double in a match
            {"white": [4], "black": [4]},
            AUTO,
            Cube(),
            True,
            {"starter": None, "dice": None, "reroll": True, "automatic_double": False},
            "Equal rolls: both players roll again.",
            None,
        ),
        (  # Romanian opening: a double beats any non-double, and the starter plays its own dice
            {"white": [6, 5], "black": [1, 1]},
            ROMANIAN,
            Cube(),
            True,
            {"starter": "black", "dice": [1, 1], "reroll": False, "automatic_double": False},
            "Black starts and plays 1-1.",
            "Începe Negrul și joacă 1-1.",
        ),
        (  # then the higher total, dice written high first
            {"white": [2, 6], "black": [4, 3]},
            ROMANIAN,
            Cube(),
            True,
            {"starter": "white", "dice": [6, 2], "reroll": False, "automatic_double": False},
            "White starts and plays 6-2.",
            None,
        ),
        (  # equal totals are rolled again by default
            {"white": [6, 2], "black": [5, 3]},
            ROMANIAN,
            Cube(),
            True,
            {"starter": None, "dice": None, "reroll": True, "automatic_double": False},
            "Equal rolls: both players roll again.",
            None,
        ),
        (  # with ties broken by the higher die, a double still beats any non-double first
            {"white": [6, 5], "black": [1, 1]},
            ROMANIAN.with_options(opening_ties="higher_die"),
            Cube(),
            True,
            {"starter": "black", "dice": [1, 1], "reroll": False, "automatic_double": False},
            "Black starts and plays 1-1.",
            None,
        ),
        (  # ... and then the higher total (5-3 beats 6-1 though 6 is the higher die)
            {"white": [6, 1], "black": [5, 3]},
            ROMANIAN.with_options(opening_ties="higher_die"),
            Cube(),
            True,
            {"starter": "black", "dice": [5, 3], "reroll": False, "automatic_double": False},
            "Black starts and plays 5-3.",
            None,
        ),
        (  # ... or won by the higher die, and the starter rolls anew
            {"white": [5, 3], "black": [6, 2]},
            ROMANIAN.with_options(opening_ties="higher_die", opening_dice="new_roll"),
            Cube(),
            True,
            {"starter": "black", "dice": None, "reroll": False, "automatic_double": False},
            "Black starts and rolls both dice again.",
            "Începe Negrul și aruncă din nou ambele zaruri.",
        ),
    ],
)
def test_the_opening_answer_in_full(rolls, rules, cube, in_match, answer, english, romanian):
    result = decide_opening(rolls, rules, cube, in_match)
    cube_after = {"value": 2 if answer["automatic_double"] else 1, "owner": "centered"}
    assert {**result.to_dict(), "message": say(result)} == {**answer, "cube": cube_after, "message": english}
    if romanian is not None:
        assert say(result, "ro") == romanian


@pytest.mark.parametrize(
    ("rolls", "rules", "cube", "problems"),
    [
        ({"white": [5], "black": [3]}, STANDARD, Cube(), []),
        ({"white": [5, 4], "black": [3, 3]}, ROMANIAN, Cube(), []),
        (
            {"white": [5, 4], "black": [3]},
            STANDARD,
            Cube(),
            [Said("rolls.white", "in the standard opening each player rolls one die")],
        ),
        (
            {"black": [3]},
            STANDARD,
            Cube(),
            [Said("rolls.white", "in the standard opening each player rolls one die")],
        ),
        (
            {"white": [5], "black": [3]},
            ROMANIAN,
            Cube(),
            [
                Said("rolls.white", "in the romanian opening each player rolls two dice"),
                Said("rolls.black", "in the romanian opening each player rolls two dice"),
            ],
        ),
        (
            {"white": [0], "black": [7]},
            STANDARD,
            Cube(),
            [
                Said("rolls.white.0", "a die shows 1 to 6"),
                Said("rolls.black.0", "a die shows 1 to 6"),
            ],
        ),
        (
            {"white": [True], "black": ["3"]},
            STANDARD,
            Cube(),
            [
                Said("rolls.white.0", "a die shows 1 to 6"),
                Said("rolls.black.0", "a die shows 1 to 6"),
            ],
        ),
        ({"white": [6, 1], "black": [2, 6]}, ROMANIAN, Cube(), []),
        ({"white": [1, 6], "black": [6, 1]}, ROMANIAN, Cube(), []),
        (
            {"white": [5], "black": [3]},
            STANDARD,
            Cube(2, "white"),
            [
                Said("cube.owner", "the cube is centred before the first roll of a game"),
            ],
        ),
    ],
)
def test_every_refusal_of_opening_rolls_names_its_field(rolls, rules, cube, problems):
    assert said(opening_problems(rolls, rules, cube)) == problems


def test_refusals_speak_romanian_when_asked():
    found = said(opening_problems({"white": [9], "black": [3]}, STANDARD, Cube(2, "black")), "ro")
    assert found == [
        Said("rolls.white.0", "un zar arată de la 1 la 6"),
        Said("cube.owner", "înainte de prima aruncare a jocului cubul stă la mijloc"),
    ]
