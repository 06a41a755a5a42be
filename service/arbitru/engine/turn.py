"""A turn built one checker at a time: what a player who touches and drags checkers may do next.

A player on a board does not write a whole play: they move one checker by one die, see where it
may go, change their mind and confirm when the turn is complete. `build_turn` answers for the hops
made so far (each a single die's move, in the order made): the hops as understood (with their die
and whether they hit or pinned), the board after them, the dice left, every single hop that may
come next, every point a checker may reach this turn from each point, whether the hops are a whole
legal play, and whether only one resulting board is still possible.

The law that holds it to the whole plays (`legal_plays`): a hop is offered exactly when some legal
play begins with the hops made and that hop. So following the offered hops from none until the
turn is complete reaches exactly the boards of the legal plays, nothing more and nothing less
(tests/engine/test_turn.py). A sequence of hops is a legal play's when it uses as many dice as the
legal plays do (the higher die when one die of a mixed roll is played and the higher can be) and
ends on a legal play's board; each hop is a single move of one die as the plain statement of the
rules makes it (`plain.single_moves`) and allowed by the variant's move rules (the head
rule, the block rule after each move). Long Nardy's block rule judged on the whole play is judged
on the board the play ends on, so a hop that makes a momentary block is offered when the play can
still end without one.

Stateless like every answer: undo is asking again with fewer hops.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from arbitru.engine.board import Board, Color, board_of_sides, other
from arbitru.engine.judge import judge_play
from arbitru.engine.movement import Movement, Step
from arbitru.engine.moves import legal_plays
from arbitru.engine.plain import single_moves, with_pin_slots
from arbitru.engine.play import Move, Play
from arbitru.engine.rules import STANDARD, Rules
from arbitru.engine.variants import NO_HISTORY, History, variant_of
from arbitru.engine.verdict import Verdict, illegal, roll_text

# A hop as made: (from, to), optionally the die (None: the distance or the only die that leads on
# tells it) and whether it claims to hit (None or False: not checked, as /v1/play takes a hit not marked).
HopSpec = tuple[int, int] | tuple[int, int, int | None] | tuple[int, int, int | None, bool | None]
_State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # the sides and the dice left


@dataclass(frozen=True, slots=True)
class Hop:
    """One checker moved by one die, in the mover's numbering (25 = bar, 0 = off); `hit` says a
    lone opposing checker was hit (or pinned, in plakoto) where it landed."""

    from_point: int
    to_point: int
    die: int
    hit: bool = False

    @property
    def move(self) -> Move:
        return Move(self.from_point, self.to_point, self.hit)


@dataclass(frozen=True, slots=True)
class Reach:
    """A point a checker can reach this turn on a legal play: the points it stops on from where it
    starts (`path`, start and destination included), the dice it uses and whether each stop hits."""

    path: tuple[int, ...]
    dice: tuple[int, ...]
    hits: tuple[bool, ...]

    @property
    def to_point(self) -> int:
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class TurnState:
    """The answer for the hops made so far (module docstring). When `legal` is False, `verdict`
    says why the first hop that no legal play can begin with (`failed_hop`, 0-based) is refused,
    with the reason codes of a whole play's ruling; the rest describes the turn before that hop."""

    hops: tuple[Hop, ...]
    board: Board
    dice_left: tuple[int, ...]
    next: tuple[Hop, ...]
    reach: dict[int, tuple[Reach, ...]]
    complete: bool
    play: Play | None
    forced: bool
    completion: tuple[Hop, ...] | None
    legal: bool = True
    verdict: Verdict | None = None
    failed_hop: int | None = None


class _Search:
    """The legal plays of one roll and the search over single hops that tells which states can
    still become one (memoized on the sides and the dice left: the movement's rules answer alike
    for every order of moves reaching the same board)."""

    def __init__(
        self, board: Board, turn: Color, dice: tuple[int, int], rules: Rules, history: History = NO_HISTORY
    ) -> None:
        self.board, self.turn, self.dice, self.rules, self.history = board, turn, dice, rules, history
        self.movement: Movement = variant_of(rules).movement_in(rules, board, turn, history)
        self.plays = {play.board: play for play in legal_plays(board, turn, dice, rules, history)}
        self.ends_at = {self._sides(play.board) for play in self.plays.values()}  # the plays' sides
        high, low = max(dice), min(dice)
        self.high, self.low = high, low
        self.all_dice = (high,) * 4 if high == low else (high, low)
        self.used = max(len(play.moves) for play in self.plays.values())
        self.start: _State = (*self._sides(board), self.all_dice)
        self._viable: dict[_State, bool] = {}
        self._ends: dict[_State, frozenset[Board]] = {}
        # One die of a mixed roll played: the higher, when some legal play plays it.
        self.higher_only = self.used == 1 and high != low and self._higher_playable()

    def _sides(self, board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The mover's side and the opponent's, as the search holds them (pinned slots where it pins)."""
        mover, opponent = board.side(self.turn), board.side(other(self.turn))
        if self.movement.pins:
            return with_pin_slots(mover), with_pin_slots(opponent)
        return mover, opponent

    def board_of(self, state: _State) -> Board:
        return board_of_sides(self.turn, state[0], state[1])

    def _higher_playable(self) -> bool:
        return any(
            hop.die == self.high and (after[0], after[1]) in self.ends_at
            for hop, after in self.hops_from(self.start, ())
        )

    def hops_from(self, state: _State, played: tuple[Move, ...]) -> Iterator[tuple[Hop, _State]]:
        """Every single hop the movement allows from `state` (each die once, the higher first)."""
        side, opp, left = state
        for i, die in enumerate(left):
            if die in left[:i]:
                continue
            rest = left[:i] + left[i + 1 :]
            for move, side_after, opp_after in single_moves(side, opp, die, self.movement):
                after: _State = (side_after, opp_after, rest)
                if self.movement.pruned and not self.movement.move_allowed(
                    Step(self.board, self.turn, self.dice, played + (move,), self.board_of(after))
                ):
                    continue
                yield Hop(move.from_point, move.to_point, die, move.hit), after

    def is_end(self, state: _State) -> bool:
        """Whether the hops reaching `state` are a whole legal play."""
        left = state[2]
        if len(self.all_dice) - len(left) != self.used or (state[0], state[1]) not in self.ends_at:
            return False
        return not self.higher_only or left == (self.low,)

    def viable(self, state: _State, played: tuple[Move, ...]) -> bool:
        """Whether some legal play goes through `state`."""
        known = self._viable.get(state)
        if known is None:
            if len(self.all_dice) - len(state[2]) >= self.used:
                known = self.is_end(state)
            else:
                known = any(
                    self.viable(after, played + (hop.move,)) for hop, after in self.hops_from(state, played)
                )
            self._viable[state] = known
        return known

    def ends(self, state: _State, played: tuple[Move, ...]) -> frozenset[Board]:
        """The boards of the legal plays through `state`, at most two (enough to tell one from many)."""
        known = self._ends.get(state)
        if known is None:
            if len(self.all_dice) - len(state[2]) >= self.used:
                known = frozenset((self.board_of(state),)) if self.is_end(state) else frozenset()
            else:
                found: set[Board] = set()
                for hop, after in self.hops_from(state, played):
                    found |= self.ends(after, played + (hop.move,))
                    if len(found) > 1:
                        break
                known = frozenset(found)
            self._ends[state] = known
        return known

    def next_hops(self, state: _State, played: tuple[Move, ...]) -> list[tuple[Hop, _State]]:
        return [
            (hop, after)
            for hop, after in self.hops_from(state, played)
            if self.viable(after, played + (hop.move,))
        ]

    def completion(self, state: _State, played: tuple[Move, ...]) -> tuple[Hop, ...]:
        """The hops of one legal play from `state` on (the first found)."""
        hops: list[Hop] = []
        while not self.is_end(state):
            hop, state = self.next_hops(state, played)[0]
            played += (hop.move,)
            hops.append(hop)
        return tuple(hops)

    def reach(self, state: _State, played: tuple[Move, ...]) -> dict[int, tuple[Reach, ...]]:
        """For each point a checker may move from, every stop it can reach moving on alone, each
        once per distinct route (its stops, dice and hits)."""
        found: dict[int, dict[tuple[tuple[int, ...], tuple[bool, ...]], Reach]] = {}

        def follow(at: _State, moves: tuple[Move, ...], route: Reach) -> None:
            for hop, after in self.next_hops(at, moves):
                if hop.from_point != route.to_point:
                    continue
                longer = Reach(route.path + (hop.to_point,), route.dice + (hop.die,), route.hits + (hop.hit,))
                found[route.path[0]].setdefault((longer.path, longer.hits), longer)
                follow(after, moves + (hop.move,), longer)

        for hop, after in self.next_hops(state, played):
            first = Reach((hop.from_point, hop.to_point), (hop.die,), (hop.hit,))
            found.setdefault(hop.from_point, {}).setdefault((first.path, first.hits), first)
            follow(after, played + (hop.move,), first)
        return {point: tuple(routes.values()) for point, routes in sorted(found.items(), reverse=True)}


def build_turn(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    hops: Sequence[HopSpec] = (),
    rules: Rules = STANDARD,
    history: History = NO_HISTORY,
) -> TurnState:
    """The turn after `hops` (`HopSpec`s) made by `turn` rolling `dice` on `board` (module
    docstring), in a game whose `history` is given where the board may not show it.

    A hop that either die could make (bearing off from the 3 point with 5-6) takes the die given,
    else the higher die that still leads to a legal play."""
    search = _Search(board, turn, dice, rules, history)
    state = search.start
    played: tuple[Move, ...] = ()
    made: list[Hop] = []
    for number, spec in enumerate(hops):
        source, dest, die, hit = (*spec, None, None)[:4]
        candidates = [
            (hop, after)
            for hop, after in search.hops_from(state, played)
            if (hop.from_point, hop.to_point) == (source, dest)
            and die in (None, hop.die)
            and (hop.hit or not hit)
        ]
        chosen = next(((h, a) for h, a in candidates if search.viable(a, played + (h.move,))), None)
        if chosen is None:
            written = [(h.from_point, h.to_point) for h in made] + [(source, dest)]
            verdict = _refusal(search, written, [dest] if hit else [])
            return _answer(search, state, played, tuple(made), verdict, number)
        hop, state = chosen
        played += (hop.move,)
        made.append(hop)
    return _answer(search, state, played, tuple(made))


def _answer(
    search: _Search,
    state: _State,
    played: tuple[Move, ...],
    made: tuple[Hop, ...],
    verdict: Verdict | None = None,
    failed: int | None = None,
) -> TurnState:
    complete = search.is_end(state)
    ends = search.ends(state, played)
    forced = len(ends) == 1
    board = search.board_of(state)
    return TurnState(
        hops=made,
        board=board,
        dice_left=state[2],
        next=tuple(hop for hop, _ in search.next_hops(state, played)),
        reach=search.reach(state, played),
        complete=complete,
        play=search.plays[board] if complete else None,
        forced=forced,
        completion=search.completion(state, played) if forced else None,
        legal=verdict is None,
        verdict=verdict,
        failed_hop=failed,
    )


def _refusal(search: _Search, hops: list[tuple[int, int]], marked: list[int]) -> Verdict:
    """Why no legal play begins with `hops` (the last one the first that fails), in the words of a
    whole play's ruling (/v1/play's codes and messages): the judge's reason for them as a play (a
    hop that leaves a die unplayable is `MUST_USE_ALL_DICE`, one that leaves the higher die
    unplayed `MUST_PLAY_HIGHER_DIE`), `NOT_A_LEGAL_PLAY` when they would be one by another die."""
    verdict = judge_play(search.board, search.turn, search.dice, hops, marked, search.rules, search.history)
    return verdict if not verdict.legal else illegal("NOT_A_LEGAL_PLAY", roll=roll_text(search.dice))
