"""The judge of one proposed play in the Table family's games (long nardy, plakoto): the plain one.

`arbitru.engine.judge.judge_play` hands such games here with the roll's legal plays listed, and the
proposal is replayed hop by
hop under the movement (`literal_board`: same direction or opposite, a landing on a lone opposing
checker pins it, a checker leaving a point frees the one it pinned, no bar). The proposal is legal
when that board is a legal play's board; it is *as written* when its hops can also be played die
by die, each die move one the generator makes (`plain.single_moves`, the one statement of a
single move) and allowed by the movement's rules (the head rule, the block rule checked after each
move). A proposal marking a pin (`*`) where no lone opposing checker stands is `WRONG_HIT`.

An illegal proposal is replayed die by die in the order written to name the first rule it breaks:
a pinned checker moved, a point closed by two opposing checkers, by one (where nothing is hit) or
by one pinning a checker of the mover's, a bear-off while a checker is outside or pinned, the head
rule, the block rule; then the play as a whole: the block rule at its end, the most dice, the
higher die. The generic codes and their messages are the backgammon judge's (`judge.REASON_CODES`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from arbitru.engine.board import OFF, PINNED, Board, Color, board_of_sides, other
from arbitru.engine.movement import Movement, Rule, Step, head_rule, reason_code
from arbitru.engine.plain import moved_sides, single_moves, with_pin_slots
from arbitru.engine.play import Move, Play, point_name
from arbitru.engine.verdict import Hop, Verdict, bear_off_problem, illegal, roll_text, too_few_dice

Sides = tuple[tuple[int, ...], tuple[int, ...]]  # (the mover's side, the opponent's), padded


def judge_variant(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    hops: Sequence[Hop],
    marked: Sequence[int],
    movement: Movement,
    plays: Sequence[Play],
) -> Verdict:
    """Rule on `hops` (points already checked on the board) with the hits (pins) `marked`, in a game
    of `movement` whose roll has the legal `plays`."""
    opponent = board.side(other(turn))
    for point in marked:
        if not 1 <= point <= 24 or opponent[movement.geometry.opposite(point)] != 1:
            start = next(s for s, d in hops if d == point)
            return illegal("WRONG_HIT", move=f"{point_name(start)}/{point_name(point)}", point=point)
    literal = literal_board(board, turn, hops, movement)
    if literal is not None:
        chosen = next((play for play in plays if play.board == literal), None)
        if chosen is not None:
            as_written = die_by_die(board, turn, dice, hops, movement, literal) is not None
            return Verdict(True, chosen, params={"roll": roll_text(dice)}, as_written=as_written)
    return _diagnose(board, turn, dice, hops, plays, movement)


def _sides(board: Board, turn: Color, movement: Movement) -> Sides:
    """The mover's side and the opponent's, with the pinned slots where the movement pins."""
    mover, opponent = board.side(turn), board.side(other(turn))
    return (with_pin_slots(mover), with_pin_slots(opponent)) if movement.pins else (mover, opponent)


def _board(turn: Color, sides: Sides) -> Board:
    return board_of_sides(turn, *sides)


def literal_board(board: Board, turn: Color, hops: Sequence[Hop], movement: Movement) -> Board | None:
    """The board after the hops as written, each landing on its destination (a point passed is not
    landed on): pinning a lone opposing checker there, freeing the opposing checker pinned on a point
    its last checker leaves. The hops are played each as soon as its checker is there (the end is the
    same in any such order: the opponent does not move, so what closes a point is fixed for the
    turn). None when a hop moves backwards, lands on a closed point or has no checker to move. The
    board itself for no hops (a pass)."""
    if not hops:
        return board
    sides = _sides(board, turn, movement)
    facing = movement.geometry.mirror
    left = list(hops)
    while left:
        first = next((i for i, (source, _) in enumerate(left) if sides[0][source] > 0), None)
        if first is None:
            return None
        source, dest = left.pop(first)
        if dest >= source or (dest != OFF and _closed(sides, dest, movement, facing[dest])):
            return None
        sides = moved_sides(*sides, source, dest, movement)
    return _board(turn, sides)


def _closed(sides: Sides, point: int, movement: Movement, theirs: int) -> str | None:
    """The code of what closes the mover's `point` (the opponent's `theirs`) to a landing: any
    opposing checker where nothing is hit (long nardy), two or more, one pinning a checker of the
    mover's (plakoto); None when the point is open."""
    mover, opponent = sides
    there = opponent[theirs]
    if there and movement.contact == "none":
        return "POINT_OCCUPIED"
    if there >= 2:
        return "POINT_CLOSED"
    if there and movement.pins and mover[PINNED + point]:
        return "POINT_CLOSED_BY_PIN"
    return None


def die_by_die(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[Hop], movement: Movement, target: Board
) -> tuple[Move, ...] | None:
    """The die moves of the first way found to play the hops die by die, in some order of hops and
    dice, each hop's checker stopping only where the dice take it and landing on its destination,
    each die move one the generator makes and the movement allows, ending on `target`; None when
    there is none. At most four dice and as many hops: a few hundred steps at worst."""
    remaining = (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)
    if len(hops) > len(remaining):
        return None
    goals = tuple(dest for _, dest in hops)

    def search(
        sides: Sides, at: tuple[int, ...], left: tuple[int, ...], path: tuple[Move, ...]
    ) -> tuple[Move, ...] | None:
        if at == goals:
            return path if _board(turn, sides) == target else None
        for i, point in enumerate(at):
            if point == goals[i]:
                continue
            for die in sorted(set(left), reverse=True):
                step = _die_move(sides, point, die, goals[i], movement)
                if step is None:
                    continue
                move, after = step
                played = path + (move,)
                if movement.pruned and not movement.move_allowed(
                    Step(board, turn, dice, played, _board(turn, after))
                ):
                    continue
                rest = list(left)
                rest.remove(die)
                found = search(after, at[:i] + (move.to_point,) + at[i + 1 :], tuple(rest), played)
                if found is not None:
                    return found
        return None

    return search(_sides(board, turn, movement), tuple(source for source, _ in hops), remaining, ())


def _die_move(sides: Sides, point: int, die: int, goal: int, movement: Movement) -> tuple[Move, Sides] | None:
    """The single move of `die` from `point` the generator makes on `sides`, and the sides after it,
    when it does not pass `goal` (off only when the goal is off, OFF being 0: a bear-off hop's
    earlier dice stop on points, `8/off` with 6-2 is 8/2/off); None otherwise."""
    for move, *after in single_moves(*sides, die, movement):
        if move.from_point == point and move.to_point >= goal:
            return move, (after[0], after[1])
    return None


def _diagnose(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    hops: Sequence[Hop],
    plays: Sequence[Play],
    movement: Movement,
) -> Verdict:
    """Replay the proposal die by die in the order written and name the first broken rule, then
    the play's: the play rules at its end, the most dice, the higher die."""
    sides = _sides(board, turn, movement)
    remaining = list(dice) * 2 if dice[0] == dice[1] else sorted(dice, reverse=True)
    played: tuple[Move, ...] = ()
    for source, dest in hops:
        move = f"{point_name(source)}/{point_name(dest)}"
        if dest >= source:
            return illegal("MOVE_BACKWARDS", move=move)
        if sides[0][source] <= 0:
            if movement.pins and source <= 24 and sides[0][PINNED + source]:
                return illegal("PINNED_CHECKER_MOVED", move=move, point=source)
            return illegal("NO_CHECKER_TO_MOVE", player=turn, point=source)
        if not remaining:
            return illegal("TOO_MANY_MOVES", move=move, roll=roll_text(dice))
        carried = _carry(board, turn, dice, sides, (source, dest), remaining, played, movement)
        if isinstance(carried, Verdict):
            return carried
        sides, played, remaining = carried
    written = " ".join(f"{point_name(s)}/{point_name(d)}" for s, d in hops)
    end = Step(board, turn, dice, played, _board(turn, sides))
    for rule in movement.play_rules:
        if not rule(end):
            return _rule_verdict(rule, written, dice)
    used = len(played)
    too_few = too_few_dice(dice, used, plays)
    if too_few is not None:
        return too_few
    if dice[0] != dice[1] and used == 1 and remaining == [max(dice)]:
        return illegal("MUST_PLAY_HIGHER_DIE", roll=roll_text(dice), high=max(dice))
    return illegal("NOT_A_LEGAL_PLAY", roll=roll_text(dice))


def _dice_paths(remaining: list[int], distance: int, off: bool) -> list[tuple[int, ...]]:
    """The orders of dice (fewest first, higher die first) that carry a checker `distance` points:
    exactly, or off the board on the last die only."""
    paths: dict[tuple[int, ...], None] = {}
    for count in range(1, len(remaining) + 1):
        for path in permutations(remaining, count):
            if sum(path) == distance or (off and sum(path) > distance and sum(path[:-1]) < distance):
                paths[path] = None
    return list(paths)


def _carry(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    sides: Sides,
    hop: Hop,
    remaining: list[int],
    played: tuple[Move, ...],
    movement: Movement,
) -> tuple[Sides, tuple[Move, ...], list[int]] | Verdict:
    """One hop carried die by die: the sides after it, the moves so far and the dice left, by the
    first order of dice whose every move is legal; else the verdict on the first order's problem."""
    source, dest = hop
    first_problem: Verdict | None = None
    for path in _dice_paths(remaining, source - dest, dest == OFF):
        now, moves, point = sides, played, source
        problem: Verdict | None = None
        for die in path:
            step = _die_move(now, point, die, dest, movement)
            if step is None:
                problem = _refusal(now, point, die, hop, movement, roll_text(dice))
                break
            move, now = step
            moves, point = moves + (move,), move.to_point
            problem = _rule_broken(Step(board, turn, dice, moves, _board(turn, now)), hop, movement)
            if problem is not None:
                break
        if problem is None:
            left = remaining.copy()
            for die in path:
                left.remove(die)
            return now, moves, left
        first_problem = first_problem or problem
    return first_problem or illegal(
        "DICE_MISMATCH", move=f"{point_name(source)}/{point_name(dest)}", dice="-".join(map(str, remaining))
    )


def _refusal(sides: Sides, point: int, die: int, hop: Hop, movement: Movement, roll: str) -> Verdict:
    """Why the generator makes no move of `die` from `point` (a checker of the mover's is there)."""
    move = f"{point_name(hop[0])}/{point_name(hop[1])}"
    landing = point - die
    if landing >= 1:
        code = _closed(sides, landing, movement, movement.geometry.opposite(landing))
        return illegal(code, point=landing) if code else illegal("NOT_A_LEGAL_PLAY", roll=roll)
    mover = list(sides[0])
    pinned = [p for p in range(1, 25) if movement.pins and mover[PINNED + p]]
    if pinned:
        return illegal("BEAR_OFF_WHILE_PINNED", move=move, point=pinned[0])
    return bear_off_problem(mover, point, point, landing, move, die) or illegal("NOT_A_LEGAL_PLAY", roll=roll)


def _rule_broken(step: Step, hop: Hop, movement: Movement) -> Verdict | None:
    """The verdict on a single move the movement's rules forbid (the head rule, the move rules)."""
    move = f"{point_name(hop[0])}/{point_name(hop[1])}"
    if movement.head is not None and not head_rule(step, movement.head, movement.first_turn_doubles):
        return illegal("HEAD_RULE", move=move, point=movement.head)
    for rule in movement.move_rules:
        if not rule(step):
            return _rule_verdict(rule, move, step.dice)
    return None


def _rule_verdict(rule: Rule, move: str, dice: tuple[int, int]) -> Verdict:
    """The verdict on a play or move that `rule` forbids: the code the rule declares
    (`movement.reason`; `NOT_A_LEGAL_PLAY` for a rule without one, a movement defined elsewhere)."""
    code = reason_code(rule)
    return illegal(code, move=move) if code else illegal("NOT_A_LEGAL_PLAY", roll=roll_text(dice))
