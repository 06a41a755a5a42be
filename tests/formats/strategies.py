"""Hypothesis strategies for the format codecs: valid boards and the game contexts each format holds."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from arbitru.engine.board import BAR, Board
from arbitru.formats.codec import DecodedPosition

colors = st.sampled_from(("white", "black"))
die = st.integers(1, 6)
dice_pairs = st.tuples(die, die)
names = st.text(
    alphabet=st.characters(min_codepoint=33, max_codepoint=126, exclude_characters=":"),
    min_size=1,
    max_size=12,
)


def _closed(side: tuple[int, ...]) -> bool:
    return all(side[p] >= 2 for p in range(1, 7))


@st.composite
def boards(draw: st.DrawFn, checkers: int = 15) -> Board:
    """Any board a game could show: each side's checkers spread over off, points and bar, no
    point held by both, not both sides on the bar against closed boards."""
    white = [0] * 26
    for slot in draw(st.lists(st.integers(0, 25), min_size=checkers, max_size=checkers)):
        white[slot] += 1
    allowed = [0, BAR] + [p for p in range(1, 25) if not white[25 - p]]
    black = [0] * 26
    for slot in draw(st.lists(st.sampled_from(allowed), min_size=checkers, max_size=checkers)):
        black[slot] += 1
    assume(not (white[BAR] and black[BAR] and _closed(tuple(white)) and _closed(tuple(black))))
    return Board(tuple(white), tuple(black))


@st.composite
def match_contexts(draw: st.DrawFn) -> DecodedPosition:
    """Every context a Match ID holds (dice higher first, as gnubg stores them)."""
    length = draw(st.sampled_from((0, 0, 1, 3, 5, 7, 11, 25, 64, 999, 0x7FFF)))
    score = (draw(st.integers(0, length)), draw(st.integers(0, length))) if length else (0, 0)
    dice = draw(st.none() | dice_pairs.map(lambda d: tuple(sorted(d, reverse=True))))
    return DecodedPosition(
        board=draw(boards()),
        turn=draw(colors),
        dice=dice,
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from(("centered", "white", "black"))),
        match_length=length,
        score=score,
        crawford=bool(length) and draw(st.booleans()),
        jacoby=draw(st.booleans()),
        cube_offer=draw(st.sampled_from((None, "double"))),
        resigned=draw(st.integers(0, 3)),
        game_state=draw(st.sampled_from(("playing", "over", "resigned", "dropped"))),
    )


@st.composite
def xgid_contexts(draw: st.DrawFn) -> DecodedPosition:
    """Every context an XGID holds."""
    length = draw(st.sampled_from((0, 0, 1, 3, 5, 7, 11, 25)))
    score = (
        (draw(st.integers(0, length)), draw(st.integers(0, length)))
        if length
        else (draw(st.integers(0, 50)), draw(st.integers(0, 50)))
    )
    offer = draw(st.sampled_from((None, None, "double", "beaver", "raccoon")))
    return DecodedPosition(
        board=draw(boards()),
        turn=draw(colors),
        dice=None if offer else draw(st.none() | dice_pairs),
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from(("centered", "white", "black"))),
        match_length=length,
        score=score,
        crawford=bool(length) and draw(st.booleans()),
        jacoby=not length and draw(st.booleans()),
        beavers=not length and draw(st.booleans()),
        cube_offer=offer,
        max_cube=1 << draw(st.integers(0, 15)),
    )


@st.composite
def fibs_contexts(draw: st.DrawFn) -> DecodedPosition:
    """Every context a FIBS board line holds (the player is white)."""
    length = draw(st.sampled_from((0, 1, 3, 5, 7, 11, 25, 99)))
    score = (
        (draw(st.integers(0, length - 1)), draw(st.integers(0, length - 1)))
        if length
        else (draw(st.integers(0, 50)), draw(st.integers(0, 50)))
    )
    over = draw(st.integers(0, 9)) == 0
    crawford = bool(length) and draw(st.booleans())
    offer = None if over or crawford else draw(st.sampled_from((None, None, "double")))
    return DecodedPosition(
        board=draw(boards()),
        turn=None if over else draw(colors),
        dice=None if over or offer else draw(st.none() | dice_pairs),
        cube_value=1 if crawford else 1 << draw(st.integers(0, 12)),
        cube_owner="centered" if crawford else draw(st.sampled_from(("centered", "white", "black"))),
        match_length=length,
        score=score,
        crawford=crawford,
        cube_offer=offer,
        game_state="over" if over else "playing",
        names=(draw(names), draw(names)),
    )


# -- match records (the round-trip law of the file formats) --------------------------------------------
# Text a hostile client puts in every free-text field: line breaks, NUL, the SGF specials, a
# `.mat`'s own tokens (scores, dice, cube and result words), right-to-left marks.
HOSTILE = [
    "\n", "\r", "\x00", "]", "\\", ";", "[", "(", ")", ":", " : 1", "  ", " ", "Wins 1 point", "62:",
    "Doubles => 2", "Takes", "Game 2", "\u200f", "\u202e", "\u2028", "ț", "Illegal play (", "?", "*",
    "/", "bar", "off", "13/7", "PW[x]", "\t", '"', "; [Site ", "1) ",
]  # fmt: skip
hostile_text = st.lists(st.sampled_from(HOSTILE) | names, min_size=1, max_size=4).map("".join)
RULES = [
    None, None, {"preset": "romanian"}, {"preset": "romanian", "backgammons": True}, {"jacoby": True},
    {"cube": False}, {"backgammons": False}, {"crawford": False}, {"beavers": True, "raccoons": True},
    {"max_cube": 4}, {"opening": "romanian", "opening_ties": "higher_die"}, {"gammons": False},
]  # fmt: skip


@st.composite
def _game_turns(draw: st.DrawFn, board: Board, cube: bool) -> tuple[list[dict], dict | None]:
    """The turns of one game played with legal plays from `board` (some turns written with hostile
    text, some cube actions, maybe a resignation), and the result written for it (or None)."""
    from arbitru.engine.board import COLORS
    from arbitru.engine.moves import legal_plays

    turns: list[dict] = []
    player = draw(st.integers(0, 1))
    first = draw(dice_pairs.filter(lambda d: d[0] != d[1]))
    for index in range(draw(st.integers(0, 8))):
        dice = first if index == 0 else draw(dice_pairs)
        if index and cube and draw(st.integers(0, 9)) == 0:
            answer = draw(st.sampled_from(("take", "drop", "beaver")))
            double = {
                "player": player,
                "action": "double",
                **draw(st.sampled_from(({}, {"cube": 2}, {"cube": 4}))),
            }
            turns += [double, {"player": 1 - player, "action": answer}]
            if answer == "drop":
                return turns, draw(st.none() | st.just({"winner": player}))
        plays = legal_plays(board, COLORS[player], (max(dice), min(dice)))
        chosen = plays[draw(st.integers(0, len(plays) - 1))]
        written = chosen.notation
        if draw(st.integers(0, 14)) == 0:
            other_play = plays[draw(st.integers(0, len(plays) - 1))].notation  # for other dice, maybe
            hostile = hostile_text | st.just("Illegal play (" + chosen.notation + ")") | st.none()
            written = draw(hostile | st.sampled_from((other_play, "", "Cannot Move", "24/18 24/18 24/18")))
        turns.append({"player": player, "action": "roll", "dice": list(dice), "play": written})
        board = chosen.board
        player = 1 - player
    if turns and draw(st.booleans()):
        resigner = draw(st.integers(0, 1))
        level = draw(st.none() | st.sampled_from(("single", "gammon", "backgammon")))
        turns.append({"player": resigner, "action": "resign", **({"level": level} if level else {})})
        winner = 1 - resigner if draw(st.integers(0, 5)) else resigner
        points = draw(st.none() | st.integers(1, 4))
        end = {"and_the_match": True} if draw(st.integers(0, 5)) == 0 else {}
        return turns, {"winner": winner, **({"points": points} if points else {}), **end}
    return turns, None


@st.composite
def match_records(
    draw: st.DrawFn,
    start_positions: bool = False,
    rules_from: list[dict | None] = RULES,
) -> dict:
    """A JSON game record: hostile names, legal games with the odd hostile play, cube actions and
    resignations; each game's start score is what the referee gives the games before it. Its rules
    are drawn from `rules_from` (None: none stated), its games start from their variant's start."""
    from arbitru.engine.rules import build_rules
    from arbitru.engine.variants import start_board
    from arbitru.referee import resolve_rules, verify

    name = st.one_of([names] * 7 + [hostile_text])
    first = draw(name)
    players = [first, draw(name.filter(lambda second: second != first))]
    length = draw(st.sampled_from((0, 1, 3, 5)))
    record: dict = {"players": players, "match_length": length, "games": []}
    rules = draw(st.sampled_from(rules_from))
    if rules is not None:
        record["rules"] = rules
    start = start_board(build_rules(rules)[0])
    score = [0, 0]
    for number in range(1, draw(st.integers(1, 3)) + 1):
        game: dict = {"game": number + draw(st.sampled_from((0, 0, 0, 4))), "start_score": list(score)}
        board = start
        if start_positions and draw(st.booleans()):
            board = draw(boards())
            game["start_position"] = board.to_dict()
        turns, result = draw(_game_turns(board, cube=True))
        game["turns"] = turns
        if result is not None:
            game["result"] = result
        record["games"].append(game)
        try:
            from arbitru.formats.game_record import record_to_match

            match = record_to_match(record)
        except ValueError:
            return record
        verdict = verify(match, resolve_rules(match, {})[0])
        if not verdict["valid"] or verdict["winner"] is not None or result is None:
            return record
        score = verdict["final_score"]
    return record
