"""Request examples of the documented routes (shown in the spec and answered by the code: the
answers in the spec are computed from these requests, `answered_examples`)."""

from __future__ import annotations

from typing import Any

from arbitru.engine.board import Board

# The standard starting position, as a request writes it.
OPENING_BOARD: dict[str, Any] = Board.initial().to_dict()
MOVES_EXAMPLE: dict[str, Any] = {
    "board": OPENING_BOARD,
    "turn": "white",
    "dice": [3, 1],
    "cube": {"value": 1},
    "rules": {},
}
PLAY_EXAMPLES: dict[str, Any] = {
    "notation": {
        "summary": "A play in standard notation",
        "value": {"board": OPENING_BOARD, "turn": "white", "dice": [6, 1], "play": "13/7 8/7"},
    },
    "moves": {
        "summary": "The same play as a list of hops",
        "value": {
            "board": OPENING_BOARD,
            "turn": "white",
            "dice": [6, 1],
            "moves": [{"from": 13, "to": 7}, {"from": 8, "to": 7}],
        },
    },
    "illegal": {
        "summary": "An illegal play (answered 200 with legal: false and a reason code)",
        "value": {"board": OPENING_BOARD, "turn": "white", "dice": [6, 1], "play": "24/18 24/23 6/5"},
    },
}
OUTCOME_EXAMPLE: dict[str, Any] = {
    "board": {
        "white": {"points": {}, "bar": 0, "off": 15},
        "black": {"points": {"6": 5, "8": 5, "13": 5}, "bar": 0, "off": 0},
    },
    "cube": {"value": 2},
    "rules": {"jacoby": False},
}


CUBE_EXAMPLES: dict[str, Any] = {
    "double": {
        "summary": "White doubles a centred cube",
        "value": {"turn": "white", "by": "white", "action": "double"},
    },
    "drop_in_match": {
        "summary": "Black drops white's redouble to 4 in a 5-point match",
        "value": {
            "turn": "white",
            "by": "black",
            "action": "drop",
            "cube": {"value": 2, "owner": "white"},
            "match": {"length": 5, "score": {"white": 1, "black": 2}},
        },
    },
    "crawford": {
        "summary": "No doubling in the Crawford game (legal: false)",
        "value": {
            "turn": "black",
            "by": "black",
            "action": "double",
            "match": {"length": 5, "score": {"white": 4, "black": 2}, "crawford": True},
        },
    },
    "wrong_side": {
        "summary": "White cannot take its own double (legal: false, NOT_YOUR_ACTION)",
        "value": {"turn": "white", "by": "white", "action": "take"},
    },
}


OPENING_EXAMPLES: dict[str, Any] = {
    "standard": {"summary": "Standard: one die each", "value": {"rolls": {"white": [5], "black": [3]}}},
    "romanian": {
        "summary": "Romanian: two dice each, a double beats a non-double (marele și dubla mută)",
        "value": {"rolls": {"white": [6, 5], "black": [2, 2]}, "rules": {"preset": "romanian"}},
    },
    "automatic_double": {
        "summary": "Equal dice with automatic doubles on: re-roll and the cube goes to 2",
        "value": {"rolls": {"white": [4], "black": [4]}, "rules": {"automatic_doubles": 1}},
    },
}


# Black has borne off nothing and has checkers out of white's home board: a gammon at stake.
GAMMON_AT_STAKE: dict[str, Any] = {
    "white": {"points": {"1": 3, "2": 4}, "bar": 0, "off": 8},
    "black": {"points": {"6": 5, "8": 5, "13": 5}, "bar": 0, "off": 0},
}
RESIGN_EXAMPLES: dict[str, Any] = {
    "gammon_in_match": {
        "summary": "Black resigns a gammon at cube 2, white needing 3 in a 5-point match",
        "value": {
            "board": GAMMON_AT_STAKE,
            "cube": {"value": 2, "owner": "black"},
            "match": {"length": 5, "score": {"white": 2, "black": 1}},
            "by": "black",
            "level": "gammon",
        },
    },
    "jacoby": {
        "summary": "Money game, Jacoby rule, cube not turned: a gammon resignation counts single",
        "value": {
            "board": GAMMON_AT_STAKE,
            "rules": {"jacoby": True},
            "by": "black",
            "level": "gammon",
        },
    },
}


START_EXAMPLES: dict[str, Any] = {
    "romanian": {
        "summary": "A Romanian game (Table): match to 3, no cube",
        "value": {"rules": {"preset": "romanian"}},
    },
    "match_game": {
        "summary": "Game 3 of a 5-point match with the cube, the Crawford game",
        "value": {"match": {"length": 5, "score": {"white": 4, "black": 2}, "crawford": True}},
    },
    "nackgammon": {"summary": "Nackgammon, money game", "value": {"rules": {"variant": "nackgammon"}}},
}


# The request a starting board leads to: that board with an opening 3-1 to play, in its variant.
OPENING_ROLL_BODY = {
    "board": "$response.body#/board",
    "turn": "white",
    "dice": [3, 1],
    "rules": {"variant": "$response.body#/variant"},
}
