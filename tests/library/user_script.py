"""A user's script, as `mypy --strict` must accept it against the installed package
(tests/library/test_user_script_types.py): every name from `arbitru`, typed, no Any leaking."""

from __future__ import annotations

from pathlib import Path

import arbitru
from arbitru import (
    Board,
    MatchVerdict,
    Outcome,
    Play,
    Position,
    Rules,
    Transcript,
    Verdict,
    read_match,
    read_position,
    write_position,
)


def best_first(position: Position) -> list[str]:
    plays: list[Play] = position.plays()
    return sorted(play.notation for play in plays)


def ruling(position: Position, written: str) -> str | None:
    verdict: Verdict = position.judge(written)
    return verdict.code


def main() -> None:
    version: str = arbitru.__version__
    rules = Rules(preset="romanian", match_length=5)
    position = Position.initial(rules, turn="white", dice=(3, 1))
    board: Board = position.board
    pips: int = board.pips("white")
    notations = best_first(position)
    after = position.after(position.plays()[0])
    outcome: Outcome = after.outcome()
    gnubg_id: str = write_position(position)
    again: Position = read_position(gnubg_id, "gnubg_id", rules=rules)
    transcript: Transcript = read_match(Path("examples/match.mat"))
    verdict: MatchVerdict = transcript.verify("illegal-moves-rule", lang="ro")
    score: tuple[int, int] = verdict.final_score
    sgf: str = transcript.to_sgf()
    print(version, pips, notations, outcome.game_over, again == position, score, len(sgf))
    print(ruling(position, "8/5 6/5"), str(board), arbitru.legal_plays(board, "black", (6, 6))[0])


if __name__ == "__main__":
    main()
