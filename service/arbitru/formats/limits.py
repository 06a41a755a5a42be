"""Every size limit of a request, in one place: the JSON schemas, the JSON game record and the `.mat`
reader all take their bounds from here (and the rule limits from `arbitru.engine.rules`), so a match
length, a cube value or a score means the same wherever a client writes it.

No web framework is imported here.
"""

from __future__ import annotations

from arbitru.engine.rules import CUBE_VALUES, MAX_AUTOMATIC_DOUBLES, MAX_CUBE_LIMIT, MAX_MATCH_LENGTH

__all__ = [
    "CUBE_VALUES",
    "MAX_ACTIONS",
    "MAX_AUTOMATIC_DOUBLES",
    "MAX_CHECKERS",
    "MAX_CUBE_LIMIT",
    "MAX_GAMES",
    "MAX_GAME_NUMBER",
    "MAX_INCLUDED_IDS",
    "MAX_LINES",
    "MAX_LINE_CHARS",
    "MAX_MATCH_LENGTH",
    "MAX_MAT_CHARS",
    "MAX_NAME_CHARS",
    "MAX_PLAY_CHARS",
    "MAX_POINTS",
    "MAX_REPORTED_ERRORS",
    "MAX_SCORE",
    "MAX_TURNS",
    "MAX_WORK",
]

# -- the game ------------------------------------------------------------------------------------
MAX_SCORE = 9999  # a score before a game (money sessions run long: not bounded by the match length)
MAX_GAME_NUMBER = 9999
MAX_CHECKERS = 15  # checkers of one side on one point, the bar or off (a JSON record's board)
MAX_POINTS = 3 * MAX_CUBE_LIMIT  # what one game can be worth: a backgammon at the highest cube

# -- a transcript or a record --------------------------------------------------------------------
# The longest real transcript we hold is ~15 KB, 11 games, 444 actions, lines of at most 145
# characters; these allow matches many times longer while bounding what one request can make us read.
MAX_MAT_CHARS = 128 * 1024
MAX_LINES = 20_000
MAX_LINE_CHARS = 1024
MAX_GAMES = 1000
MAX_TURNS = 2000
MAX_ACTIONS = 8000
MAX_NAME_CHARS = 200
MAX_PLAY_CHARS = 200  # as the `play` field of a request
# The work one transcript or record may cost, in units of search (`arbitru.engine.budget`: priced so
# that a unit costs about the same CPU on every path of the generator, cached or not), never timed:
# the same input always stops at the same place, on the service, the command line and the library.
# Sized so that the heaviest transcript of any variant up to the body limit answers within about a
# second of CPU (bench/hostile.py --records, bench/README.md); the longest real match lists a few
# thousand plays.
MAX_WORK = 500_000

# -- answers -------------------------------------------------------------------------------------
MAX_REPORTED_ERRORS = 20  # error collection stops here: a 422 never lists more
# Position IDs one /v1/moves answer may compute (plays x ID formats in `include`): the IDs of the
# heaviest roll in every format would be most of the request's CPU (bench/hostile.py; the figures
# in bench/README.md, "Measured reasons").
MAX_INCLUDED_IDS = 4000
