"""The match referee: replay a whole transcript under the rules and rule on every action.

Input is a read transcript (`arbitru.formats.mat.MatchFile`, from a .mat file or a JSON game record).
Every game is replayed from its start (the variant's starting position, or a stated start
position): checker plays through `judge_play`, cube actions through `arbitru.engine.cube`
(ownership, Crawford game, beavers and raccoons, maximum cube), game ends through the outcome and
match scoring (Jacoby only in money sessions, while the cube is centred). The game-header scores
are checked against the replayed score (in money sessions too: the running total) and each `Wins N`
against the replayed result; points capped at what the winner still needed are recognised as such.
An excerpt (`Excerpt`) starts from a stated score, and optionally a stated board.

Modes:
- `legal-moves-only` (default): the first illegal action is the error and the replay stops.
- `illegal-moves-rule`: an illegal checker play is listed in `condoned` and the replay goes on
  from the position as played (U.S. Backgammon Tournament Rules 2008, rule 4.8: the opponent
  condones it by rolling or turning the cube), except for the impossible plays of the amendment
  proposed to that rule (a checker moved backwards, borne off when bearing off is not allowed, an
  opponent's checker moved, a hit checker treated as removed instead of on the bar) and a checker
  on a closed point.
- `illegal-moves-rule-as-written`: rule 4.8 as written, with no exception: a backwards move and an
  early bear-off are condoned too; plays that leave no board (an opponent's checker moved, a hit
  checker not on the bar, a closed point) still stop the replay.

In a transcript players[0] is the left column; here players[0] plays "white", players[1] "black",
and every play is read from the mover's side. The verdict is a plain JSON-ready dict in the
shape of the contract's POST /v1/matches/verify response.

Modules: `codes` (reason codes, their texts in English and Romanian, `RefereeError`), `rules`
(the rules a transcript is refereed by), `plays` (a written play read and applied through the
engine), `machine` (the replay state machine and `verify`), and the exports, which write a match as
refereed: `replay` (each roll's checker moves in GNU Backgammon's order), `mat_writer` (.mat) and
`sgf_writer` (SGF). Neither the engine nor the formats import this package; it reads
`arbitru.formats` and no web framework.
"""

from arbitru.referee.codes import IMPOSSIBLE, REASON_CODES, RefereeError
from arbitru.referee.machine import ENDINGS, LISTED_PLAYS, MODES, Excerpt, GameState, Referee, verify
from arbitru.referee.plays import CONDONABLE_AS_WRITTEN, apply_literally, judge_written
from arbitru.referee.rules import opening_roll_is_never_a_double, resolve_rules

__all__ = [
    "CONDONABLE_AS_WRITTEN",
    "ENDINGS",
    "IMPOSSIBLE",
    "LISTED_PLAYS",
    "MODES",
    "REASON_CODES",
    "Excerpt",
    "GameState",
    "Referee",
    "RefereeError",
    "apply_literally",
    "judge_written",
    "opening_roll_is_never_a_double",
    "resolve_rules",
    "verify",
]
