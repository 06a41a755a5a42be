"""Regenerate the synthetic transcripts in this folder (run from the repo root:
`python tests/referee/data/make_transcripts.py`). Not a test.

One 3-point match is played with seeded random legal plays (the engine's `legal_plays`) and a
scripted cube (game 1: double/drop; game 2: double/take, played out; game 3: played out) and written
in three exporters' dialects: GNU Backgammon (25/0, one hop per die, LF), eXtreme Gammon
(Bar/Off, counts, `Cannot Move`, CRLF, a UTF-8 name) and OpenGammon (`name: n`, shifting columns
after move 9, dice low-high, `Wins N points`). The three must read to the same game record.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from arbitru.engine import Board, legal_plays, outcome  # noqa: E402
from arbitru.engine.board import COLORS  # noqa: E402

HERE = Path(__file__).resolve().parent
PLAYERS = ("Ana", "Bogdan")


def play_games(seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    score = [0, 0]
    games = []
    for number, script in enumerate(("drop", "take", "plain"), start=1):
        board = Board.initial()
        while True:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            if d1 != d2:
                break
        first = 0 if d1 > d2 else 1
        turn, cube, actions = first, 1, []
        dice = (d1, d2)
        moves = 0
        while True:
            if script in ("drop", "take") and moves == 6 and cube == 1:
                actions.append((turn, "double", cube * 2))
                if script == "drop":
                    actions.append((1 - turn, "drop", None))
                    winner, points = turn, cube
                    break
                actions.append((1 - turn, "take", None))
                cube *= 2
            plays = legal_plays(board, COLORS[turn], dice)
            # prefer racing plays so games end: the play leaving the fewest own pips, random ties
            best = min(p.board.pips(COLORS[turn]) for p in plays)
            play = rng.choice([p for p in plays if p.board.pips(COLORS[turn]) == best])
            actions.append((turn, "roll", (dice, play)))
            board = play.board
            moves += 1
            verdict = outcome(board, cube_value=cube, jacoby=False)
            if verdict.game_over:
                winner, points = COLORS.index(verdict.winner), verdict.points
                break
            turn = 1 - turn
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        games.append(
            {
                "number": number,
                "score": tuple(score),
                "first": first,
                "actions": actions,
                "winner": winner,
                "points": points,
            }
        )
        score[winner] += points
        if score[winner] >= 3:
            break
    return games


def rows(actions: list) -> list[list]:
    """Turn lines: [left cell, right cell] in file order (the first mover may be on the right)."""
    out: list[list] = []
    for player, kind, data in actions:
        if not out or out[-1][player] is not None or (player == 0 and out[-1][1] is not None):
            out.append([None, None])
        out[-1][player] = (kind, data)
    return out


def hops_per_die(play) -> str:
    return " ".join(f"{m.from_point}/{m.to_point}{'*' if m.hit else ''}" for m in play.moves)


def cell(entry, style: str) -> str:
    if entry is None:
        return ""
    kind, data = entry
    if kind == "double":
        return f" Doubles => {data}"
    if kind in ("take", "drop"):
        return " " + kind.capitalize() + "s"
    dice, play = data
    d = f"{min(dice)}{max(dice)}" if style == "opengammon" else f"{dice[0]}{dice[1]}"
    if style == "gnubg":
        text = hops_per_die(play)
    else:
        text = play.notation
        if style == "xg":
            text = re.sub(r"\bbar\b", "Bar", text)
            text = re.sub(r"\boff\b", "Off", text)
        else:
            text = text.replace("bar", "25").replace("off", "0")
        if not play.moves and style == "xg":
            text = "Cannot Move"
    return f"{d}: {text}".rstrip() + (" " if style == "gnubg" and not play.moves else "")


def write(style: str, games: list[dict]) -> str:
    lines = []
    if style == "gnubg":
        lines += ['; [Site "GNU Backgammon"]', '; [EventDate "2026.11.29"]', "", " 3 point match", ""]
    elif style == "xg":
        lines += [
            '; [Site "eXtreme Gammon"]',
            f'; [Player 1 "{PLAYERS[0]}"]',
            '; [Player 2 "Bogdán Ţepeş"]',
            '; [Jacoby "Off"]',
            '; [CubeLimit "1024"]',
            "",
            "3 point match",
            "",
        ]
    else:
        lines += ['; [Site "OpenGammon"]', '; [Crawford "On"]', "", "3 point match", ""]
    names = PLAYERS if style != "xg" else (PLAYERS[0], "Bogdán Ţepeş")
    for game in games:
        lines.append(f" Game {game['number']}")
        s0, s1 = game["score"]
        if style == "gnubg":
            lines.append(" " + f"{names[0]} : {s0}".ljust(31) + f"{names[1]} : {s1}")
        elif style == "xg":
            lines.append(" " + f"{names[0]} : {s0}".ljust(38) + f"{names[1]} : {s1}")
        else:
            lines.append(" " + f"{names[0]}: {s0}".ljust(37) + f"{names[1]}: {s1}")  # noqa: UP031
        for i, (left, right) in enumerate(rows(game["actions"]), start=1):
            lc, rc = cell(left, style), cell(right, style)
            if style == "opengammon":
                lc, rc = lc.strip(), rc.strip()
                lines.append(f"  {i}) {lc:<40}{rc}".rstrip())
            elif style == "xg":
                lines.append(f"{i:3d}) {lc:<33}{rc}".rstrip())
            else:
                lines.append(f"{i:3d}) {lc:<28}{rc}".rstrip() + (" " if rc.endswith(": ") else ""))
        w = game["winner"]
        pts = game["points"]
        over = sum(game["score"]) + pts and game["score"][w] + pts >= 3
        if style == "gnubg":
            text = f"Wins {pts} point{'s' if pts != 1 else ''}"
        elif style == "xg":
            text = f"Wins {pts} point" + (" and the match" if over else "")
        else:
            text = f"Wins {pts} points" + (" and the match" if over else "")
        lines.append((" " * 6 if w == 0 else " " * (34 if style == "gnubg" else 40)) + text)
        lines.append("")
    text = "\n".join(lines) + "\n"
    return text.replace("\n", "\r\n") if style == "xg" else text


def main() -> None:
    games = play_games()
    for style, name in (
        ("gnubg", "synthetic_gnubg_3pt.mat"),
        ("xg", "synthetic_xg_3pt.txt"),
        ("opengammon", "synthetic_opengammon_3pt.mat"),
    ):
        (HERE / name).write_bytes(write(style, games).encode("utf-8"))
        print(name)


if __name__ == "__main__":
    main()
