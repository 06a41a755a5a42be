"""An independent, deliberately naive legal-play generator: the second opinion for the engine.

It plays the dice one at a time in every order, checker by checker, straight from the written rules,
and keeps one result per distinct final board. Slow but obvious; it shares no code with
`arbitru.engine.moves`. Sides are 26-tuples in their owner's numbering (0 off, 1..24, 25 bar); the
mover's point q is the opponent's point 25 - q.
"""

from __future__ import annotations

from collections.abc import Iterator

Side = tuple[int, ...]
State = tuple[Side, Side]  # (mover, opponent)

BAR = 25
OFF = 0


def single_moves(mover: Side, opponent: Side, die: int) -> Iterator[tuple[int, int, State]]:
    """Every (from, to, state after) of one checker moved by `die`; 25 = bar, 0 = off."""
    if mover[BAR]:
        sources = [BAR]
    else:
        sources = [p for p in range(24, 0, -1) if mover[p]]
    all_home = not any(mover[7:26])
    for source in sources:
        dest = source - die
        if dest >= 1:
            if opponent[25 - dest] >= 2:
                continue  # a point held by two or more opposing checkers is closed
            new_mover = list(mover)
            new_mover[source] -= 1
            new_mover[dest] += 1
            new_opp = list(opponent)
            if opponent[25 - dest] == 1:  # a blot is hit and goes to the bar
                new_opp[25 - dest] -= 1
                new_opp[BAR] += 1
            yield source, dest, (tuple(new_mover), tuple(new_opp))
        else:
            if not all_home:
                continue  # bearing off needs every checker home
            if dest < 0 and any(mover[source + 1 : 7]):
                continue  # a higher die bears off only from the highest occupied point
            new_mover = list(mover)
            new_mover[source] -= 1
            new_mover[OFF] += 1
            yield source, OFF, (tuple(new_mover), opponent)


def reachable(state: State, dice: tuple[int, ...]) -> dict[State, int]:
    """Every state reachable by playing some of `dice` in any order -> most dice used to reach it."""
    found: dict[State, int] = {}
    seen: set[tuple[State, tuple[int, ...]]] = set()

    def walk(current: State, left: tuple[int, ...], used: int) -> None:
        if (current, left) in seen:
            return
        seen.add((current, left))
        if used > found.get(current, -1):
            found[current] = used
        for i, die in enumerate(left):
            if die in left[:i]:
                continue
            rest = left[:i] + left[i + 1 :]
            for _, _, after in single_moves(current[0], current[1], die):
                walk(after, rest, used + 1)

    walk(state, dice, 0)
    return found


def reference_results(mover: Side, opponent: Side, dice: tuple[int, int]) -> set[State]:
    """The set of (mover, opponent) results of every legal play: as many dice as possible are used,
    and with one die of a mixed roll playable, the higher one if it can be. No move: the unchanged state."""
    d1, d2 = dice
    all_dice = (d1,) * 4 if d1 == d2 else (d1, d2)
    start = (tuple(mover), tuple(opponent))
    finals: dict[State, set[tuple[int, ...]]] = {}
    seen: set[tuple[State, tuple[int, ...]]] = set()

    def walk(current: State, left: tuple[int, ...]) -> None:
        if (current, left) in seen:
            return
        seen.add((current, left))
        moved = False
        for i, die in enumerate(left):
            if die in left[:i]:
                continue
            rest = left[:i] + left[i + 1 :]
            for _, _, after in single_moves(current[0], current[1], die):
                moved = True
                walk(after, rest)
        if not moved:
            finals.setdefault(current, set()).add(left)

    walk(start, all_dice)
    most = max(len(all_dice) - len(left) for lefts in finals.values() for left in lefts)
    best = {s for s, lefts in finals.items() if any(len(all_dice) - len(left) == most for left in lefts)}
    if most == 1 and d1 != d2:
        low = min(d1, d2)
        with_high = {s for s in best if (low,) in finals[s]}  # the die left over is the low one
        if with_high:
            best = with_high
    return best


def path_to(mover: Side, opponent: Side, dice: tuple[int, int], target: State) -> str:
    """One way to play `dice` from (mover, opponent) to `target`, as `from/to` hops (for messages)."""
    d1, d2 = dice
    all_dice = (d1,) * 4 if d1 == d2 else (d1, d2)
    seen: set[tuple[State, tuple[int, ...]]] = set()

    def walk(current: State, left: tuple[int, ...], hops: list[str]) -> list[str] | None:
        if current == target:
            return hops
        if (current, left) in seen:
            return None
        seen.add((current, left))
        for i, die in enumerate(left):
            rest = left[:i] + left[i + 1 :]
            for f, t, after in single_moves(current[0], current[1], die):
                name = f"{'bar' if f == BAR else f}/{'off' if t == OFF else t}"
                found = walk(after, rest, [*hops, name])
                if found is not None:
                    return found
        return None

    found = walk((tuple(mover), tuple(opponent)), all_dice, [])
    return " ".join(found) if found is not None else "?"
