"""The backgammon family's judge of one proposed play: legal or not, and if not, why.

`arbitru.engine.judge.judge_play` hands it the plays of the family's games (backgammon's movement,
opposite directions, hits to the bar), listed; the fast paths of the referee (`legal_on_its_face`,
`single_dice_board`, `whole_dice_double_board`, `cannot_move`) tell the board of a play legal on
its face without listing them, and `tests/engine/test_variant_equivalence.py` holds them to the
plain statement (`arbitru.engine.plain`).

A proposal is a list of hops (from, to) in the mover's numbering; a hop may span several dice.
The hops are replayed literally: each hop lands on its destination and hits an opposing blot it
lands there on (a point it only passes is not landed on). The proposal is legal when the board
this gives, both sides, is the board of a legal play of the roll. It is *as written* when the hops
can also be played with the dice in some order, each die landing where the hop says (GNU
Backgammon's grouped and reordered notation: `24/13`, `bar/21(2)`, `6/off 7/6`). A proposal that
reaches a legal play's board only by another grouping of the dice (`3/1 2/off` for `3/off 2/1`
with 3-1) is accepted as that play, with `as_written` false. A hit marked (`*`, `hit: true`)
on a hop that hits nothing is refused (`WRONG_HIT`); a hit made but not marked is fine.
When a proposal is illegal it is replayed die by die to name the first rule it breaks.
Under the rules option `hit_and_run: "outside_home"` (Tavla) the legal plays are the plain
generator's with that move rule, and a proposal that is a play of backgammon's movement (or moves
the same checkers as one, hitting on the way) the rule refuses is `HIT_AND_RUN_IN_HOME`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from arbitru.engine.board import BAR, OFF, Board, Color, board_of_sides, other, point_name
from arbitru.engine.geometry import OPPOSITE
from arbitru.engine.movement import hit_and_run_points
from arbitru.engine.play import Move, Play
from arbitru.engine.verdict import Hop, Verdict, bear_off_problem, illegal, roll_text, too_few_dice

# The opponent's number of each of the mover's points 1..24: the judge rules on the backgammon
# family's boards (opposite directions). A table lookup costs what the arithmetic `25 - p` did.
_FACING = OPPOSITE.mirror
# A Board made from its two sides by `tuple.__new__`, without the Python-level `__new__` the named
# tuple defines (a call frame a roll), as `arbitru.engine.moves` builds its boards.
_new_board = tuple.__new__


def judge_family(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    hops: Sequence[Hop],
    marked_hits: Sequence[int],
    plays: Sequence[Play],
    backgammon_plays: Callable[[], Sequence[Play]] | None = None,
) -> Verdict:
    """Rule on the proposal `hops` (its points on the board: 0..25) and the destination points it
    marks as hits, given the roll's legal `plays`. `backgammon_plays`, where a move rule narrows
    backgammon's movement (Tavla's `hit_and_run: "outside_home"`), lists the plays of the movement
    without it, to name a refusal by that rule (`HIT_AND_RUN_IN_HOME`).

    A mark is always some hop's destination: the notation takes a `*` after a hop's destination
    only (`8*/5` is unreadable) and a move object's `hit` marks its own `to`."""
    roll = roll_text(dice)
    opponent = board.side(other(turn))
    for point in marked_hits:
        if not 1 <= point <= 24 or opponent[_FACING[point]] != 1:
            start = next(s for s, d in hops if d == point)
            return illegal("WRONG_HIT", move=f"{_name(start)}/{_name(point)}", point=point)
    literal = literal_board(board, turn, hops)
    if literal is not None:
        chosen = next((p for p in plays if p.board == literal), None)
        if chosen is not None:
            as_written = playable_as_written(board, turn, dice, hops, literal)
            return Verdict(True, chosen, params={"roll": roll}, as_written=as_written)
        if backgammon_plays and (refused := _hit_and_run(board, turn, backgammon_plays(), literal, True)):
            return refused
        mover = literal.side(turn)
        passing = next((p for p in plays if p.board.side(turn) == mover), None)
        if passing is not None:
            written = " ".join(f"{_name(s)}/{_name(d)}" for s, d in hops)
            return Verdict(
                False,
                passing,
                "NOT_A_LEGAL_PLAY",
                {"move": written, "example": passing.notation},
                detail="HIT_ON_THE_WAY",
            )
        if backgammon_plays and (refused := _hit_and_run(board, turn, backgammon_plays(), literal, False)):
            return refused
    return _diagnose(board, turn, dice, hops, plays)


def _hit_and_run(
    board: Board, turn: Color, plays: Sequence[Play], literal: Board, exact: bool
) -> Verdict | None:
    """`HIT_AND_RUN_IN_HOME` when the proposal, no legal play under the rule (`hit_and_run:
    "outside_home"`), is a play of backgammon's movement (`exact`: its board; else one moving the
    same checkers, hitting on the way) where a checker that hit in the home board went on. Such a
    play is refused by that rule alone: one the rule allows would be a legal play here too (it uses
    as many dice as any play of backgammon's movement, so as any under the rule). The message names
    that play as the generator writes it (`8/3*/2`)."""
    mover = literal.side(turn)
    for play in plays:
        if play.board == literal if exact else play.board.side(turn) == mover:
            points = hit_and_run_points(board, play.board, turn)
            if points:
                return illegal("HIT_AND_RUN_IN_HOME", move=play.notation, point=points[0])
    return None


def literal_board(board: Board, turn: Color, hops: Sequence[Hop]) -> Board | None:
    """The board after the hops as written: each lands on its destination and hits an opposing
    blot there (whatever the order, since the opponent does not move). None when the hops take
    more checkers from a point than get there, move backwards, or land on a closed point.

    Only the hops' start points can go below none, so only they are looked at (not all 26 slots),
    the board is built without a dict, and the opponent's side is copied only when a hop hits (most
    plays hit nothing): the referee calls this for every roll of a transcript."""
    facing = board.black if turn == "white" else board.white
    mover = list(board.white if turn == "white" else board.black)
    opponent: list[int] | None = None
    for source, dest in hops:
        if dest >= source:
            return None
        mover[source] -= 1
        mover[dest] += 1
        if dest != OFF:
            there = (facing if opponent is None else opponent)[_FACING[dest]]
            if there >= 2:
                return None
            if there == 1:
                if opponent is None:
                    opponent = list(facing)
                opponent[_FACING[dest]] = 0
                opponent[BAR] += 1
    for source, _ in hops:
        if mover[source] < 0:
            return None
    after = facing if opponent is None else tuple(opponent)
    return _new_board(Board, (tuple(mover), after) if turn == "white" else (after, tuple(mover)))


def legal_on_its_face(board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop]) -> Play | None:
    """The play of `hops` when it is legal on its face, told without listing the legal plays: the
    hops, played die by die in some order, use every die of the roll (two, or four of a double) and
    land where written, hitting only where they land. A play that uses every die uses as many as the
    roll allows, so no rule about unplayable dice can refuse it, and each die move was checked
    against the rules of a single move (bar first, closed points, bearing off) on the board it was
    made on. The play's moves are its die moves in the order found. None when this cannot be told
    (the judge then decides, from the listed plays): the referee's reading through it is held to
    the plain one by `tests/engine/test_variant_equivalence.py`."""
    literal = literal_board(board, turn, hops)
    if literal is None:
        return None
    moves = None
    for direct in _DIRECT_CASES.get((dice[0] == dice[1], len(hops)), ()):
        moves = direct(board, turn, dice, hops)
        if moves is not None:
            break
    else:
        moves = die_by_die(board, turn, dice, hops, literal, True)
    return None if moves is None else Play(turn, moves, literal)


def single_dice_board(board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop]) -> Board | None:
    """The board `legal_on_its_face` gives for the plays of one die a hop, told without building moves
    or a `Play` (which the referee does not read). First the commonest, by their shape and
    `literal_board` alone: every die of the roll played as a hop of its own (two hops of a mixed
    roll, four of a double), every checker of the mover on the bar entering (or every hop an
    entry), and a hop bearing off only with its exact die while every checker of the mover is home
    (the single-move rules of `_step` then let every hop be played, entries first, each checker
    once it is there, and every die is used): most rolls of real transcripts. Then the rest of
    them, bearing off with a higher die among them: played in `single_dice_in_order`'s order on the
    sides alone. None for any other play (and for one these refuse); hops as notation reads them
    (points 0 to 25). A double's hops are looked at in one loop, not two `any` over generators, and
    the mover's side read without `Board.side`'s frame.
    `tests/engine/test_variant_equivalence.py` holds the reading through it to the plain one."""
    high, low = dice
    if high == low:
        if len(hops) != 4:
            return None
        bears_off = False
        for source, dest in hops:  # a loop, not two `any` over generators (see below)
            if source - dest != high or dest < OFF:
                return _in_order_board(board, turn, dice, hops)
            bears_off = bears_off or dest == OFF
    elif len(hops) != 2:
        return None
    else:
        (s1, d1), (s2, d2) = hops
        if d1 < OFF or d2 < OFF:
            return None
        if not ((s1 - d1 == high and s2 - d2 == low) or (s1 - d1 == low and s2 - d2 == high)):
            return _in_order_board(board, turn, dice, hops)
        bears_off = OFF in (d1, d2)
    side = board.white if turn == "white" else board.black
    if side[BAR]:
        entering = sum(source == BAR for source, _ in hops)
        if entering != side[BAR] and entering != len(hops):  # a checker would move with one up
            return None
    if bears_off and any(side[7:]):  # 7..24 and the bar
        return None
    return literal_board(board, turn, hops)


def whole_dice_double_board(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop]
) -> Board | None:
    """The board of a double played in fewer hops than dice, each hop a whole number of dice (`13/5`
    for 4-4, `24/20(2) 13/9` as `24/16 13/9` is not: four dice in two or three hops), neither from the
    bar nor bearing off, every stop on the way free of opposing checkers: `literal_board`'s, told
    without `die_by_die`'s search. Each die move is then legal where it is made (no checker up, no
    stop nor landing closed, a stop hitting nothing), the hops can be played whole in some order (each
    time the one from the highest point left, whose checker is there by then), and all four dice
    are used: a legal play, whose board the plain judge gives, without `legal_on_its_face`'s search of
    every order. None for any other play (`legal_on_its_face` decides);
    `tests/engine/test_variant_equivalence.py` holds the reading through it to the plain one."""
    die = dice[0]
    if die != dice[1] or len(hops) >= 4:
        return None
    white = turn == "white"
    if (board.white if white else board.black)[BAR]:
        return None
    facing = board.black if white else board.white
    used = 0
    for source, dest in hops:
        distance = source - dest
        if dest <= OFF or source >= BAR or distance <= 0 or distance % die:
            return None
        for stop in range(dest + die, source, die):
            if facing[_FACING[stop]]:
                return None
        used += distance // die
    return literal_board(board, turn, hops) if used == 4 else None


def _in_order_board(board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop]) -> Board | None:
    """The board of `single_dice_in_order`'s play, built from the sides it leaves (no moves)."""
    if OFF not in (dest for _, dest in hops):  # only a bear-off is one die short of its distance
        return None
    sides = _in_order(board, turn, dice, hops, None)
    if sides is None:
        return None
    mover, opponent = sides
    return board_of_sides(turn, tuple(mover), tuple(opponent))


def cannot_move(board: Board, turn: Color, dice: tuple[int, int]) -> bool:
    """Whether no die of the roll moves a checker of the mover (`_step`'s single-move rules): the
    play of no move is then the roll's one legal play, told without listing plays (mostly a
    checker on the bar facing a closed board)."""
    mover, opponent = board.side(turn), board.side(other(turn))
    points = (BAR,) if mover[BAR] else [point for point in range(1, BAR) if mover[point]]
    return not any(_step(mover, opponent, point, die, OFF) for die in set(dice) for point in points)


def _two_single_dice(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop]
) -> tuple[Move, Move] | None:
    """The commonest play, told at once: two hops of a roll that is not a double, each one die, none
    from the bar nor bearing off, on hops `literal_board` has accepted (no landing closed, no checker
    moved that is not there or brought there). Played in the order that brings a checker before it
    moves on, each die move is legal where it is made; both dice are used. None for any other play."""
    if dice[0] == dice[1] or len(hops) != 2 or board.side(turn)[BAR]:
        return None
    (s1, d1), (s2, d2) = hops
    if OFF in (d1, d2) or sorted((s1 - d1, s2 - d2)) != sorted(dice):
        return None
    if s1 == d2:  # the second hop brings the checker the first moves on: play it first
        (s1, d1), (s2, d2) = (s2, d2), (s1, d1)
    opponent = board.side(other(turn))
    first_hit = opponent[_FACING[d1]] == 1
    return Move(s1, d1, first_hit), Move(s2, d2, opponent[_FACING[d2]] == 1 and not (first_hit and d2 == d1))


def one_hop_two_dice(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop]
) -> tuple[Move, Move] | None:
    """One checker moving both dice of a roll that is not a double (`13/8` for 3-2), not from the bar
    nor bearing off, on a hop `literal_board` has accepted: the smaller die first when it stops on an
    empty point, else the larger (a stop on a blot would hit it, which the hop as written does not
    show), as `die_by_die` finds it. None for any other play or when neither stop is empty."""
    if dice[0] == dice[1] or len(hops) != 1 or board.side(turn)[BAR]:
        return None
    ((source, dest),) = hops
    if dest == OFF or source - dest != dice[0] + dice[1]:
        return None
    opponent = board.side(other(turn))
    for die in sorted(dice):
        stop = source - die
        if opponent[_FACING[stop]] == 0:
            return Move(source, stop, False), Move(stop, dest, opponent[_FACING[dest]] == 1)
    return None


def four_single_dice(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop]
) -> tuple[Move, ...] | None:
    """A double played as four hops of one die each, none from the bar nor bearing off, on hops
    `literal_board` has accepted (no landing closed, no point left with fewer than none): played in
    the order `die_by_die` finds, each time the first hop as written whose point has a checker by
    then (one always has: the highest point left gets nothing more), each landing hitting a blot
    still there. None for any other play."""
    if dice[0] != dice[1] or len(hops) != 4 or board.side(turn)[BAR]:
        return None
    if any(dest == OFF or source - dest != dice[0] for source, dest in hops):
        return None
    mover = list(board.side(turn))
    opponent = list(board.side(other(turn)))
    left = list(hops)
    moves: list[Move] = []
    while left:
        first = next((i for i, (source, _) in enumerate(left) if mover[source] > 0), None)
        if first is None:  # not on hops `literal_board` accepts
            return None
        source, dest = left.pop(first)
        mover[source] -= 1
        mover[dest] += 1
        hit = opponent[_FACING[dest]] == 1
        opponent[_FACING[dest]] -= hit
        moves.append(Move(source, dest, hit))
    return tuple(moves)


def single_dice_in_order(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop]
) -> tuple[Move, ...] | None:
    """Every die of the roll played as a hop of one die each (two hops of a non-double, four of a
    double), bar entries and bear-offs among them, on hops `literal_board` has accepted: played in
    the order that works when any does, each die move checked by the single-move rules (`_step`)
    on the board it is made on. Entries first (nothing else moves while a checker is on the bar);
    then the hops that stay on the board, each time the first as written whose checker is there by
    then; then the bear-offs from the highest point down (moving checkers down and bearing off the
    highest first are what let a higher die bear off), each taking the smallest die left that
    carries it off. None when a move of that order is refused, or for another shape: `die_by_die`
    then tries every order (the bar entries and bear-offs it would otherwise search are about a
    third of real transcripts' plays)."""
    moves: list[Move] = []
    return None if _in_order(board, turn, dice, hops, moves) is None else tuple(moves)


def _in_order(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop], moves: list[Move] | None
) -> tuple[list[int], list[int]] | None:
    """`single_dice_in_order`'s order played on the sides: the mover's and the opponent's after the
    hops, the die moves appended to `moves` when given; None when a move is refused."""
    double = dice[0] == dice[1]
    if len(hops) != (4 if double else 2):
        return None
    left = [dice[0]] * 4 if double else list(dice)
    for source, dest in hops:
        if dest != OFF and source - dest not in left:
            return None
    mover = list(board.side(turn))
    opponent = list(board.side(other(turn)))
    inside = [hop for hop in hops if hop[0] != BAR and hop[1] != OFF]
    for source, dest in [hop for hop in hops if hop[0] == BAR]:
        if not _one_die(mover, opponent, source, dest, left, moves):
            return None
    while inside:
        first = next((hop for hop in inside if mover[hop[0]] > 0), None)
        if first is None or not _one_die(mover, opponent, *first, left, moves):
            return None
        inside.remove(first)
    for source, dest in sorted((hop for hop in hops if hop[1] == OFF), reverse=True):
        if not _one_die(mover, opponent, source, dest, left, moves):
            return None
    return mover, opponent


def _one_die(
    mover: list[int], opponent: list[int], source: int, dest: int, left: list[int], moves: list[Move] | None
) -> bool:
    """Play the hop `source`/`dest` with one die of `left` (the smallest that carries it there) if
    the single-move rules let it: the sides, `left` and `moves` then show it. False when they do not."""
    fits = [die for die in left if die == source - dest or (dest == OFF and die > source)]
    if not fits or mover[source] <= 0:
        return False
    die = min(fits)
    step = _step(mover, opponent, source, die, dest)
    if step is None or step[0] != dest:
        return False
    hit = step[1]
    left.remove(die)
    mover[source] -= 1
    mover[dest] += 1
    if hit:
        opponent[_FACING[dest]] -= 1
        opponent[BAR] += 1
    if moves is not None:
        moves.append(Move(source, dest, hit))
    return True


DirectCase = Callable[[Board, Color, tuple[int, int], Sequence[Hop]], tuple[Move, ...] | None]
# The direct cases `legal_on_its_face` tries, by (a double?, how many hops): each answers None for any
# other shape, so only those that can answer are called (two to four calls saved a roll).
_DIRECT_CASES: dict[tuple[bool, int], tuple[DirectCase, ...]] = {
    (False, 2): (_two_single_dice, single_dice_in_order),
    (False, 1): (one_hop_two_dice,),
    (True, 4): (four_single_dice, single_dice_in_order),
}


def playable_as_written(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop], target: Board
) -> bool:
    """Whether the hops can be played die by die, in some order of hops and dice, each hop's checker
    stopping only where the dice take it and landing on the hop's destination, ending on `target`
    (a stop on a blot on the way hits it, which `target` then shows)."""
    return die_by_die(board, turn, dice, hops, target) is not None


def die_by_die(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    hops: Sequence[Hop],
    target: Board,
    every_die: bool = False,
) -> tuple[Move, ...] | None:
    """The die moves, in the order played, of the first way found to play the hops as
    `playable_as_written` says (with `every_die`: a way using every die of the roll, each die moving
    a checker that is on its point by then, so that the moves can be played in that order); None
    when there is none. At most four dice and as many hops, so the search is a few hundred steps at worst."""
    remaining = list(dice) * 2 if dice[0] == dice[1] else list(dice)
    if len(hops) > len(remaining):
        return None
    mover = list(board.side(turn))
    opponent = list(board.side(other(turn)))
    at = [source for source, _ in hops]
    goals = [dest for _, dest in hops]
    want = target.side(turn), target.side(other(turn))
    path: list[Move] = []

    def search(remaining: list[int]) -> bool:
        if at == goals:
            return (tuple(mover), tuple(opponent)) == want and not (every_die and remaining)
        for i, point in enumerate(at):
            if point == goals[i] or (every_die and mover[point] <= 0):
                continue  # with every_die, a checker moves only once it is there (a play in order)
            for die in set(remaining):
                step = _step(mover, opponent, point, die, goals[i])
                if step is None:
                    continue
                landing, hit = step
                mover[point] -= 1
                mover[landing] += 1
                if hit:
                    opponent[_FACING[landing]] -= 1
                    opponent[BAR] += 1
                at[i] = landing
                path.append(Move(point, landing, hit))
                rest = remaining.copy()
                rest.remove(die)
                found = search(rest)
                at[i] = point
                if hit:
                    opponent[BAR] -= 1
                    opponent[_FACING[landing]] += 1
                mover[landing] -= 1
                mover[point] += 1
                if found:
                    return True
                path.pop()
        return False

    return tuple(path) if search(remaining) else None


def _step(
    mover: Sequence[int], opponent: Sequence[int], point: int, die: int, goal: int
) -> tuple[int, bool] | None:
    """Where one die takes the checker on `point` heading for `goal`, and whether it hits there;
    None when the rules forbid that die move or it would pass the goal."""
    if mover[BAR] and point != BAR:
        return None
    landing = point - die
    if landing <= 0:
        if goal != OFF or any(mover[7:]):  # 7..24 and the bar
            return None
        if landing < 0 and any(mover[point + 1 :]):  # nothing is above 6 by now
            return None
        return OFF, False
    if landing < goal or opponent[_FACING[landing]] >= 2:
        return None
    return landing, opponent[_FACING[landing]] == 1


def _diagnose(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop], plays: Sequence[Play]
) -> Verdict:
    """Replay the proposal die by die, bar hops first, and name the first broken rule."""
    side = list(board.side(turn))
    opponent = board.side(other(turn))
    remaining = list(dice) * 2 if dice[0] == dice[1] else sorted(dice, reverse=True)
    ordered = sorted(hops, key=lambda h: h[0] != BAR)
    for source, dest in ordered:
        move = f"{_name(source)}/{_name(dest)}"
        if dest >= source:  # bar/bar too (points are 0..25 by now)
            return illegal("MOVE_BACKWARDS", move=move)
        if side[source] <= 0:
            return illegal("NO_CHECKER_TO_MOVE", player=turn, point=source)
        if side[BAR] and source != BAR:
            return illegal("MUST_ENTER_FROM_BAR", move=move)
        path = _path(side, opponent, source, dest, remaining, roll_text(dice))
        if isinstance(path, Verdict):
            return path
        for die in path:
            remaining.remove(die)
        side[source] -= 1
        side[dest] += 1
    used = 4 - len(remaining) if dice[0] == dice[1] else 2 - len(remaining)
    too_few = too_few_dice(dice, used, plays)
    if too_few is not None:
        return too_few
    # Replayed by the rules with as many dice as the roll allows, yet no legal play's position: one
    # lower die of a mixed roll where the higher could be played (the properties in
    # tests/engine/test_reason_codes.py show nothing else gets here).
    return illegal("MUST_PLAY_HIGHER_DIE", roll=roll_text(dice), high=max(dice))


def _path(
    side: list[int], opponent: Sequence[int], source: int, dest: int, remaining: list[int], roll: str
) -> list[int] | Verdict:
    """The dice that carry one checker from `source` to `dest`, or the verdict why none do."""
    move = f"{_name(source)}/{_name(dest)}"
    if not remaining:
        return illegal("TOO_MANY_MOVES", move=move, roll=roll)
    distance = source - dest
    options: list[list[int]] = []
    unique = sorted(set(remaining), reverse=True)
    for die in unique:
        options.append([die])
    if len(remaining) >= 2:
        if len(unique) == 2:
            options += [[unique[0], unique[1]], [unique[1], unique[0]]]
        else:
            options += [[unique[0]] * n for n in range(2, len(remaining) + 1)]
    if dest == OFF:
        options = [o for o in options if sum(o) >= distance and sum(o[:-1]) < distance]
    else:
        options = [o for o in options if sum(o) == distance]
    # Each option ends on `dest`: exactly, or off the board on its last die only.
    first_problem: Verdict | None = None
    for dice_path in sorted(options, key=len):
        point = source
        problem: Verdict | None = None
        for i, die in enumerate(dice_path):
            if i and source == BAR and side[BAR] > 1:  # entered, moving on while another is still up
                problem = illegal("MUST_ENTER_FROM_BAR", move=f"{_name(point)}/{_name(dest)}")
                break
            nxt = point - die
            if nxt <= 0:  # the last die of a bear-off
                problem = bear_off_problem(side, source, point, nxt, move, die)
                break
            if opponent[_FACING[nxt]] >= 2:  # a point the opponent holds
                problem = illegal("POINT_CLOSED", point=nxt)
                break
            point = nxt
        if problem is None:
            return dice_path
        first_problem = first_problem or problem
    return first_problem or illegal("DICE_MISMATCH", move=move, dice="-".join(map(str, remaining)))


_name = point_name
