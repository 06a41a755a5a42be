"""The referee's reason codes, its texts in English and Romanian, and the error that stops a replay.

A ruling is a code (stable, returned as `error.code`) with a text key and named parameters (plain
values); the sentence is made from the registered text (`arbitru.engine.i18n`), so every language
names the same parameters. A code can have several texts (`OUT_OF_TURN` for a roll, a double or an
answer); each text key starts with `referee.`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from arbitru.engine.i18n import LANGUAGES, register, text
from arbitru.engine.judge import REASON_CODES as JUDGE_CODES

Params = dict[str, str | int]

# Reason codes of the referee. Checker-play codes come from the judge (arbitru.engine.judge) and
# cube codes from arbitru.engine.cube; both keep their names here.
REASON_CODES: dict[str, str] = {
    # checker play: the judge's codes (arbitru.engine.judge), except the three a transcript never
    # reaches (notation that names no point is BAD_NOTATION here, hit marks are forgiven, the rest
    # is named by rule)
    **{
        code: description
        for code, description in JUDGE_CODES.items()
        if code not in ("NOT_ON_BOARD", "NOT_A_LEGAL_PLAY", "WRONG_HIT")
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

# The referee's texts (key -> language -> template). `{reason}` is a ruling of the judge or the
# cube rules, already in words.
TEXTS: dict[str, dict[str, str]] = {
    "referee.MATCH_ALREADY_OVER": {
        "en": "game {game} is played after {winner} already won the match",
        "ro": "jocul {game} se joacă după ce {winner} a câștigat deja partida",
    },
    "referee.SCORE_MISMATCH": {
        "en": "game {game} starts at {written_0}-{written_1}, but the replay has {score_0}-{score_1}",
        "ro": "jocul {game} începe la {written_0}-{written_1}, dar reluarea dă {score_0}-{score_1}",
    },
    "referee.SCORE_MISMATCH.money": {
        "en": "game {game} starts at {written_0}-{written_1}, but the replay has {score_0}-{score_1}"
        " (a money session's running total)",
        "ro": "jocul {game} începe la {written_0}-{written_1}, dar reluarea dă {score_0}-{score_1}"
        " (totalul curent al unei sesiuni pe bani)",
    },
    "referee.ACTION_AFTER_GAME_OVER.result": {
        "en": "{player} acts after the game's result was written",
        "ro": "{player} joacă după ce rezultatul jocului a fost scris",
    },
    "referee.ACTION_AFTER_GAME_OVER": {
        "en": "game {game} is already over ({ended_by})",
        "ro": "jocul {game} s-a terminat deja ({ended_by})",
    },
    "referee.BAD_START_POSITION.set_pos": {
        "en": "Set Pos: {reason}",
        "ro": "Set Pos: {reason}",
    },
    "referee.BAD_START_POSITION.start_position": {
        "en": "start_position: {reason}",
        "ro": "start_position: {reason}",
    },
    "referee.BAD_START_POSITION": {
        "en": "the stated start position is not valid: {reason}",
        "ro": "poziția de început dată nu este validă: {reason}",
    },
    "referee.DOUBLE_NOT_ANSWERED.roll": {
        "en": "{player} rolls while the {offer} of {doubler} is not answered",
        "ro": "{player} aruncă zarurile înainte ca oferta ({offer}) lui {doubler} să primească răspuns",
    },
    "referee.DOUBLE_NOT_ANSWERED.double": {
        "en": "{player} doubles while the {offer} of {doubler} is not answered",
        "ro": "{player} dublează înainte ca oferta ({offer}) lui {doubler} să primească răspuns",
    },
    "referee.OPENING_ROLL_DOUBLET": {
        "en": "the opening roll {high}-{low} is a doublet; in a standard game the first roll never is",
        "ro": "aruncarea de deschidere {high}-{low} este o dublă; într-un joc standard prima aruncare"
        " nu este niciodată dublă",
    },
    "referee.OUT_OF_TURN.roll": {
        "en": "{player} rolls, but it is {turn}'s turn",
        "ro": "{player} aruncă zarurile, dar este rândul lui {turn}",
    },
    "referee.OUT_OF_TURN.before_opening": {
        "en": "{player} doubles before the opening roll",
        "ro": "{player} dublează înaintea aruncării de deschidere",
    },
    "referee.OUT_OF_TURN.double": {
        "en": "{player} doubles on {turn}'s turn",
        "ro": "{player} dublează când este rândul lui {turn}",
    },
    "referee.OUT_OF_TURN.own_offer": {
        "en": "{player} answers its own {offer}",
        "ro": "{player} răspunde propriei oferte ({offer})",
    },
    "referee.HIDDEN_PLAY": {
        "en": "the play of {player} is hidden ('{play}') and the game goes on",
        "ro": "mutarea lui {player} este ascunsă ('{play}') și jocul continuă",
    },
    "referee.ILLEGAL_PLAY_MARKED": {
        "en": "the transcript marks the {high}-{low} of {player} as an illegal play, not the play",
        "ro": "transcrierea marchează {high}-{low} al lui {player} drept mutare ilegală, nu mutarea",
    },
    "referee.BAD_NOTATION": {
        "en": "cannot read the play of {player}: {reason}",
        "ro": "mutarea lui {player} nu se poate citi: {reason}",
    },
    "referee.play": {
        "en": "{action}: {reason}",
        "ro": "{action}: {reason}",
    },
    "referee.MUST_USE_ALL_DICE.nothing": {
        "en": "{player} writes nothing for {high}-{low}, but a legal play exists (e.g. {example})",
        "ro": "{player} nu scrie nimic pentru {high}-{low}, dar există o mutare legală (de ex. {example})",
    },
    "referee.MUST_USE_ALL_DICE.cannot_move": {
        "en": "{player} writes 'Cannot Move' for {high}-{low}, but a legal play exists (e.g. {example})",
        "ro": "{player} scrie 'Cannot Move' pentru {high}-{low}, dar există o mutare legală"
        " (de ex. {example})",
    },
    "referee.impossible.HIT_CHECKER_NOT_ON_BAR": {
        "en": "{action}: {turn} has {count} checker(s) on the bar but moves others as though they had"
        " been removed (never condoned)",
        "ro": "{action}: {turn} are {count} pul(uri) pe bară, dar mută altele ca și cum ar fi fost"
        " scoase din joc (nu se iartă niciodată)",
    },
    "referee.impossible.MOVE_BACKWARDS": {
        "en": "{action}: {move} moves a checker backwards (never condoned)",
        "ro": "{action}: {move} mută un pul înapoi (nu se iartă niciodată)",
    },
    "referee.impossible.OPPONENT_CHECKER_MOVED": {
        "en": "{action}: {move} moves an opponent's checker ({turn} has none there) (never condoned)",
        "ro": "{action}: {move} mută un pul al adversarului ({turn} nu are niciunul acolo)"
        " (nu se iartă niciodată)",
    },
    "referee.impossible.NO_CHECKER_TO_MOVE": {
        "en": "{action}: {turn} has no checker on {point} (never condoned)",
        "ro": "{action}: {turn} nu are niciun pul pe {point} (nu se iartă niciodată)",
    },
    "referee.impossible.BEAR_OFF_NOT_ALLOWED": {
        "en": "{action}: {move} bears off while a checker of {turn} is outside the home board"
        " (never condoned)",
        "ro": "{action}: {move} scoate un pul cât timp un pul al lui {turn} este în afara casei"
        " (nu se iartă niciodată)",
    },
    "referee.impossible.POINT_CLOSED": {
        "en": "{action}: {move} lands on a point the opponent holds (never condoned)",
        "ro": "{action}: {move} ajunge pe o poartă a adversarului (nu se iartă niciodată)",
    },
    "referee.cube.double": {
        "en": "{player} may not double: {reason}",
        "ro": "{player} nu poate dubla: {reason}",
    },
    "referee.cube.answer": {
        "en": "{player} may not {answer}: {reason}",
        "ro": "{player} nu poate răspunde cu {answer}: {reason}",
    },
    "referee.CUBE_VALUE_MISMATCH.double": {
        "en": "the cube is at {cube}; a double takes it to {expected}, not {written}",
        "ro": "cubul este la {cube}; o dublare îl duce la {expected}, nu la {written}",
    },
    "referee.CUBE_VALUE_MISMATCH.answer": {
        "en": "a {answer} takes the cube to {expected}, not {written}",
        "ro": "un {answer} duce cubul la {expected}, nu la {written}",
    },
    "referee.NO_DOUBLE_TO_ANSWER": {
        "en": "{player} answers ({answer}) but nobody doubled",
        "ro": "{player} răspunde ({answer}), dar nimeni nu a dublat",
    },
    "referee.GAME_NOT_FINISHED": {
        "en": "game {game} ends without a result (no bear-off, drop or 'Wins' line)",
        "ro": "jocul {game} se încheie fără rezultat (nicio scoatere a tuturor pulurilor, niciun"
        " refuz, nicio linie 'Wins')",
    },
    "referee.MATCH_NOT_OVER": {
        "en": "'{written}', but the score is {score_0}-{score_1} in a {length}-point match",
        "ro": "'{written}', dar scorul este {score_0}-{score_1} într-o partidă la {length} puncte",
    },
    "referee.MATCH_NOT_OVER.money": {
        "en": "'{written}', but the score is {score_0}-{score_1} in a money session",
        "ro": "'{written}', dar scorul este {score_0}-{score_1} într-o sesiune pe bani",
    },
    "referee.WRONG_WINNER": {
        "en": "the transcript says {declared} won game {game}, the replay says {winner}",
        "ro": "transcrierea spune că {declared} a câștigat jocul {game}, reluarea spune {winner}",
    },
    "referee.WRONG_POINTS": {
        "en": "the transcript gives {declared} point(s) for game {game}; the replay gives {points}",
        "ro": "transcrierea dă {declared} punct(e) pentru jocul {game}; reluarea dă {points}",
    },
    "referee.WRONG_POINTS.needed": {
        "en": "the transcript gives {declared} point(s) for game {game}; the replay gives {points}"
        " (or {needed}, what {winner} needed)",
        "ro": "transcrierea dă {declared} punct(e) pentru jocul {game}; reluarea dă {points}"
        " (sau {needed}, cât îi mai trebuia lui {winner})",
    },
    "referee.WRONG_POINTS.resignation": {
        "en": "a resignation at cube {cube} is worth {possible} point(s), not {declared}",
        "ro": "un abandon la cubul {cube} valorează {possible} punct(e), nu {declared}",
    },
    "referee.WRONG_POINTS.resignation_needed": {
        "en": "a resignation at cube {cube} is worth {possible} point(s), not {declared}"
        " (nor capped at {needed}, what {winner} needed)",
        "ro": "un abandon la cubul {cube} valorează {possible} punct(e), nu {declared}"
        " (nici limitat la {needed}, cât îi mai trebuia lui {winner})",
    },
}
register(TEXTS)


class Ruling(Protocol):
    """A ruling of the judge (`arbitru.engine.judge.Verdict`) or the cube rules (`CubeVerdict`)
    that a referee text quotes as its `{reason}`."""

    def message(self, lang: str = "en") -> str | None: ...


def reasons(ruling: Ruling, fallback: str) -> dict[str, str]:
    """A quoted ruling in each language (`fallback` when it has no words)."""
    return {lang: ruling.message(lang) or fallback for lang in LANGUAGES}


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
        super().__init__(self.message())

    def message(self, lang: str = "en") -> str:
        """The ruling in words, in `lang` (English when the language has no text)."""
        params = self.params
        if lang in self.reasons:
            params = {**params, "reason": self.reasons[lang]}
        return text(self.key, lang, **params)
