"""The referee's reason codes, its texts in English and Romanian, and the error that stops a replay.

A ruling is a code (stable, returned as `error.code`) with a text key and named parameters (plain
values); the sentence is made from its text in the catalogue (`arbitru.messages`), so every language
names the same parameters. A code can have several texts (`OUT_OF_TURN` for a roll, a double or an
answer); each text key starts with `referee.`.
"""

from __future__ import annotations

from collections.abc import Mapping

from arbitru.engine.judge import REASON_CODES as JUDGE_CODES
from arbitru.engine.judge import VARIANT_REASON_CODES
from arbitru.messages import LANGUAGES, Coded, render, say

Params = dict[str, str | int | tuple[int, ...]]  # a tuple: alternatives, said as "2, 4 or 6"

# Reason codes of the referee. Checker-play codes come from the judge (arbitru.engine.judge) and
# cube codes from arbitru.engine.cube; both keep their names here.
REASON_CODES: dict[str, str] = {
    # checker play: the judge's codes (arbitru.engine.judge), except the three a transcript never
    # reaches (notation that names no point is BAD_NOTATION here, hit marks are forgiven, the rest
    # is named by rule) and the variants' (the referee replays backgammon)
    **{
        code: description
        for code, description in JUDGE_CODES.items()
        if code not in ("NOT_ON_BOARD", "NOT_A_LEGAL_PLAY", "WRONG_HIT") and code not in VARIANT_REASON_CODES
    },
    # impossible plays (never condoned)
    "OPPONENT_CHECKER_MOVED": "the play moves a checker of the opponent",
    "HIT_CHECKER_NOT_ON_BAR": "the mover plays as if its hit checker had been removed, not put on the bar",
    # how a play is written
    "BAD_NOTATION": "the play cannot be read as standard notation",
    "HIDDEN_PLAY": "the transcript hides a play (`????`) that the game goes on after",
    "ILLEGAL_PLAY_MARKED": "the transcript itself marks the play as illegal (`Illegal play (...)`)",
    "OPENING_ROLL_DOUBLET": "the first roll of a game with the standard opening, the starter playing the"
    " opening dice (opening_dice: rolled), cannot be a doublet",
    # turn order
    "OUT_OF_TURN": "the action is not by the player whose turn it is",
    "DOUBLE_NOT_ANSWERED": "the game goes on before a double was taken or dropped",
    "NO_DOUBLE_TO_ANSWER": "a take, drop, beaver or raccoon with no double to answer",
    "CUBE_VALUE_MISMATCH": "the cube value written does not follow from the cube in play",
    # cube (arbitru.engine.cube)
    "CUBE_DISABLED": "the rules in force have no doubling cube",
    "CRAWFORD_GAME": "nobody may double in the Crawford game",
    "NOT_CUBE_OWNER": "only the cube's owner (or either player when it is centred) may double",
    "MAX_CUBE_REACHED": "the cube may not go past the maximum value",
    "NO_BEAVERS_IN_MATCH": "beavers and raccoons are for money play only",
    "BEAVERS_NOT_ALLOWED": "the rules in force do not allow beavers",
    "RACCOONS_NOT_ALLOWED": "the rules in force do not allow raccoons",
    # game and match results
    "ACTION_AFTER_GAME_OVER": "an action after the game was already over",
    "GAME_NOT_FINISHED": "a game ends without a result and another game follows",
    "WRONG_WINNER": "the transcript names a winner the replay does not",
    "WRONG_POINTS": "the points written are neither what the game was worth nor capped at the need",
    "SCORE_MISMATCH": "a game-header score differs from the replayed score",
    "MATCH_ALREADY_OVER": "a game is played after the match was already won",
    "MATCH_NOT_OVER": "the transcript says 'and the match' but the match is not won",
    "BAD_START_POSITION": "a stated start position is not a valid board",
    "WRONG_VARIANT": "a game's stated variant is not the one the rules (a rotation's turn) play it by",
}

# Impossible plays: tournament rules never condone them, in either mode.
IMPOSSIBLE: frozenset[str] = frozenset(
    {
        "MOVE_BACKWARDS",
        "BEAR_OFF_NOT_ALLOWED",
        "OPPONENT_CHECKER_MOVED",
        "HIT_CHECKER_NOT_ON_BAR",
        "NO_CHECKER_TO_MOVE",
        "POINT_CLOSED",
    }
)


def reasons(ruling: Coded) -> dict[str, str]:
    """A refusal of the judge (`arbitru.engine.verdict.Verdict`) or the cube rules (`CubeVerdict`)
    that a referee text quotes as its `{reason}`, in each language (a refusal always has a code)."""
    return {lang: say(ruling, lang) for lang in LANGUAGES}


class RefereeError(Exception):
    """The first illegal action: stops the replay. `code` is the reason code, `key` the text and
    `params` its named parameters (plain values; `reason`, when the text quotes a ruling of the
    judge or the cube rules, is that ruling in English and `reasons` has it in each language);
    `payload` is the verdict's `error` (where, code, English message)."""

    def __init__(
        self,
        code: str,
        key: str,
        params: Params,
        payload: dict[str, object],
        reasons: Mapping[str, str] | None = None,
    ) -> None:
        self.code = code
        self.key = key
        self.params = params
        self.payload = payload
        self.reasons = dict(reasons or {})
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        """The ruling in words, in `lang` (English when the language has no text)."""
        params = self.params
        if lang in self.reasons:
            params = {**params, "reason": self.reasons[lang]}
        return render(self.key, params, lang)
