"""An archive as an organiser has one, and `arbitru verify` over it at --jobs 1 and --jobs 2.

    python bench/archive.py [--count 100000] [--seed 27] [--root build/archive] [--jobs 1,2]
                            [--only-make] [--per-length [--passes 5]] [--profile FILE]

Makes (or reuses, when the same count and seed are there already) a synthetic archive: matches
self-played through the engine with seeded dice, each play chosen at random among the legal ones,
match lengths as tournaments have them (1 to 15 points, mostly 5, 7 and 11), a cube turned now
and then (dropped or taken),
about 3 % of them with one illegal play written in (a play one die short), written half as .mat
(gnubg's layout) and half as JSON game records (the .mat writer replays the match: it is most of
the making time), in nested
folders (year/event/) with a README.txt per event (not a transcript: skipped). Then runs
`arbitru verify --jsonl -o ...` over it once per --jobs value and prints the files/s, the average
ms per match, the peak RSS of the run (its own and its workers', from getrusage) and the merged
summary's counts. Timing belongs here, never in a test; the machine's load is printed beside it.

`--per-length` also verifies every transcript in this process, one file after another as a
`--jobs 1` worker does (`judge_file`: read, parse, referee), `--passes` times (5), and prints the
mean CPU ms per match for each match length of the best pass and the median one, its reading part
(bytes to a parsed match), the games and rolls a match and the CPU us a roll (which compares
archives whose matches differ in length, e.g. this one and `--archive data/matches`): the
archive's target is the 7-point figure (CPU time, so the other processes on a shared machine count
less than in the wall time). `--profile FILE` writes the cProfile statistics of a pass over the
7-point matches to FILE (read them with `python -m pstats FILE`).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import random
import resource
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from arbitru.cli.verdicts import judge_file
from arbitru.cli.walk import Candidate
from arbitru.engine.board import Board
from arbitru.engine.moves import legal_plays
from arbitru.engine.outcome import outcome
from arbitru.engine.play import format_moves
from arbitru.formats.game_record import read_match_file, record_to_match
from arbitru.formats.mat import ROLL
from arbitru.referee import resolve_rules
from arbitru.referee.mat_writer import write_mat

ROOT = Path(__file__).resolve().parents[1]
LENGTHS = (1, 3, 3, 5, 5, 5, 5, 7, 7, 7, 7, 7, 9, 9, 11, 11, 11, 13, 15)
ILLEGAL_RATE = 0.03
PER_EVENT = 100
NAMES = ("Ana", "Bogdan", "Chiara", "Dorin", "Elif", "Farid", "Greta", "Horia", "Ilinca", "Jonas")
COLORS = ("white", "black")  # players[0] is white


def _roll(rng: random.Random) -> tuple[int, int]:
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    return (a, b) if a >= b else (b, a)


def _choose(rng: random.Random, plays: Any, color: str) -> Any:
    """A play as a weak but sane player makes it: mostly one leaving the fewest blots (so games
    last as long as real ones, not as long as random play makes them), sometimes any."""
    if rng.random() < 0.25 or len(plays) == 1:
        return rng.choice(plays)
    return min(plays, key=lambda play: (play.board.side(color)[1:25].count(1), rng.random()))


def _game(rng: random.Random, illegal: bool, may_double: bool) -> tuple[list[dict[str, Any]], int, int, bool]:
    """One game self-played: its turns, the winner (0 or 1), the points, and whether a play was
    written one die short. The player ahead in the race may double once (the other drops 6 times in
    10, else takes)."""
    board = Board.initial()
    dice = _roll(rng)
    while dice[0] == dice[1]:
        dice = _roll(rng)
    player = rng.randrange(2)
    turns: list[dict[str, Any]] = []
    cube = 1
    wrong_at = rng.randrange(6, 40) if illegal else -1
    while True:
        me, other = COLORS[player], COLORS[1 - player]
        if may_double and cube == 1 and len(turns) >= 8 and rng.random() < 0.12:
            if board.pips(me) < board.pips(other) * 0.95:
                turns.append({"player": player, "action": "double", "cube": 2})
                if rng.random() < 0.6:
                    turns.append({"player": 1 - player, "action": "drop"})
                    return turns, player, 1, wrong_at == -1 and illegal
                turns.append({"player": 1 - player, "action": "take"})
                cube = 2
        play = _choose(rng, legal_plays(board, me, dice), me)
        written = play.notation
        if len(turns) >= wrong_at >= 0 and len(play.moves) >= 2:
            written = format_moves(play.moves[:-1])  # one die short: MUST_USE_ALL_DICE
            wrong_at = -1
        turns.append({"player": player, "action": "roll", "dice": list(dice), "play": written})
        board = play.board
        ended = outcome(board)
        if ended.game_over:
            winner = COLORS.index(ended.winner or "white")
            return turns, winner, int(ended.multiplier or 1) * cube, wrong_at == -1 and illegal
        player, dice = 1 - player, _roll(rng)


def self_played(seed: int) -> tuple[dict[str, Any], bool]:
    """The JSON game record of one match, and whether an illegal play was written into it."""
    rng = random.Random(seed)
    length = rng.choice(LENGTHS)
    players = rng.sample(NAMES, 2)
    illegal = rng.random() < ILLEGAL_RATE
    written_wrong = False
    games: list[dict[str, Any]] = []
    score = [0, 0]
    illegal_game = rng.randrange(max(1, length // 2)) if illegal else -1
    crawford_played = False
    while max(score) < length:
        crawford = max(score) == length - 1 and not crawford_played
        crawford_played = crawford_played or crawford
        turns, winner, points, wrong = _game(rng, len(games) == illegal_game, length > 1 and not crawford)
        written_wrong = written_wrong or wrong
        games.append(
            {
                "game": len(games) + 1,
                "start_score": list(score),
                "turns": turns,
                "result": {"winner": winner, "points": points},
            }
        )
        score[winner] += points
    record = {"players": players, "match_length": length, "games": games}
    return record, written_wrong


def _write(job: tuple[Path, int, int]) -> bool:
    """Write match number `index` of the archive under `root`; True when it holds an illegal play."""
    root, index, seed = job
    record, illegal = self_played(seed * 1_000_003 + index)
    folder = root / str(2020 + index // 20_000) / f"event-{index // PER_EVENT:04d}"
    folder.mkdir(parents=True, exist_ok=True)
    if index % PER_EVENT == 0:
        (folder / "README.txt").write_text(f"Event {index // PER_EVENT}: the transcripts as uploaded.\n")
    if index % 2 == 1:
        (folder / f"match-{index:06d}.json").write_text(json.dumps(record), encoding="utf-8")
    else:
        match = record_to_match(record)
        rules, _ = resolve_rules(match, {})
        (folder / f"match-{index:06d}.mat").write_text(write_mat(match, rules), encoding="utf-8")
    return illegal


def make_archive(root: Path, count: int, seed: int = 27, processes: int = 1) -> int:
    """Write the archive of `count` matches (match i self-played from seed + i); the illegal count."""
    root.mkdir(parents=True, exist_ok=True)
    jobs = [(root, index, seed) for index in range(count)]
    if processes > 1:
        with Pool(processes) as pool:
            return sum(pool.imap_unordered(_write, jobs, chunksize=64))
    return sum(map(_write, jobs))


def _ensure(root: Path, count: int, seed: int) -> Path:
    stamp = root / f".made-{count}-{seed}"
    if not stamp.exists():
        start = time.perf_counter()
        illegal = make_archive(root, count, seed, processes=len(os.sched_getaffinity(0)))
        stamp.write_text(f"{illegal}\n")
        print(f"made {count} matches in {time.perf_counter() - start:.0f} s ({illegal} with an illegal play)")
    return root


def _files(root: Path) -> Iterator[Path]:
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith((".mat", ".json")):
                yield Path(folder, name)


def _hwm_kib(pid: int) -> int:
    """The peak resident size (VmHWM) of a live process, in KiB; 0 once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")), 0)


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(child) for child in task.read_text().split()]
        except OSError:
            continue
    return found


def _watch(pid: int, peaks: dict[str, int], done: threading.Event) -> None:
    """Sample the peak RSS of the CLI and of each of its workers (getrusage's RUSAGE_CHILDREN is the
    largest child this bench ever waited for, the archive makers' too, not this run's)."""
    while not done.wait(0.5):
        peaks["cli"] = max(peaks["cli"], _hwm_kib(pid))
        for child in _children(pid):
            peaks["worker"] = max(peaks["worker"], _hwm_kib(child))


def measure(root: Path, jobs: int, out: Path) -> dict[str, Any]:
    """Run `arbitru verify --jsonl` over the archive in a child process: wall time, peak RSS."""
    command = [sys.executable, "-m", "arbitru.cli", "verify", "--jsonl", "-o", str(out), "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    peaks = {"cli": 0, "worker": 0}
    done = threading.Event()
    start = time.perf_counter()
    child = subprocess.Popen(
        [*command, str(root)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    watcher = threading.Thread(target=_watch, args=(child.pid, peaks, done), daemon=True)
    watcher.start()
    _, stderr = child.communicate()
    seconds = time.perf_counter() - start
    done.set()
    watcher.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if child.returncode not in (0, 1):
        raise SystemExit(f"verify failed ({child.returncode}): {stderr[-2000:].decode(errors='replace')}")
    end = json.loads(out.read_text(encoding="utf-8").splitlines()[-1])["end"]
    return {
        "jobs": jobs,
        "seconds": seconds,
        "files": sum(end.values()),
        "end": end,
        "peak_rss_mb": max(peaks.values()) / 1024,
        "peak_cli_mb": peaks["cli"] / 1024,
        "peak_worker_mb": peaks["worker"] / 1024,
        "cpu_seconds": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),
    }


def _length(path: Path) -> int:
    """The match length a transcript of this archive states (its first line or its JSON)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return int(json.loads(text)["match_length"])
    return int(text.split(" point match", 1)[0].split()[-1])


def _one_pass(paths: list[Path]) -> tuple[float, float]:
    """One pass over `paths` as a `--jobs 1` worker makes it: the CPU seconds of reading (bytes to a
    parsed match) and of the whole `judge_file` (read, parse, referee)."""
    reading = total = 0.0
    for path in paths:
        data = path.read_bytes()
        start = time.process_time()
        read_match_file(data)
        reading += time.process_time() - start
        start = time.process_time()
        judge_file(Candidate(str(path), path.name), "legal-moves-only", None, "en")
        total += time.process_time() - start
    return total, reading


def per_length(root: Path, profile: Path | None, only: set[int] | None = None, passes: int = 5) -> None:
    """Every transcript verified in this process as a `--jobs 1` worker does, `passes` times over;
    the mean CPU ms per match by match length, and its reading part (bytes to match): the best pass
    and the median one. The best is what `timeit` reports (its documentation: higher times are
    "typically not caused by variability in Python's speed, but by other processes interfering");
    on this shared 2-core machine one pass over the same code varied from 3.3 to 4.8 ms a 7-point
    match, a pure-Python loop by 15 %. With `profile`, then a pass over the 7-point matches under
    cProfile, its statistics written there."""
    by_length: dict[int, list[Path]] = {}
    for path in sorted(_files(root)):
        by_length.setdefault(_length(path), []).append(path)
    print(
        f"best and median of {passes} passes (CPU time)\n"
        "length  matches  ms/match best  median  of which reading  games/match  rolls/match  us/roll"
    )
    for length in sorted(by_length):
        if only and length not in only:
            continue
        paths = by_length[length]
        games = rolls = 0
        for path in paths:
            match = read_match_file(path.read_bytes())
            games += len(match.games)
            rolls += sum(action.kind == ROLL for game in match.games for action in game.actions)
        timed = sorted(_one_pass(paths) for _ in range(passes))
        (best, best_reading), (median, _) = timed[0], timed[len(timed) // 2]
        count = len(paths)
        print(
            f"{length:6d}  {count:7d}  {best * 1000 / count:13.2f}  {median * 1000 / count:6.2f}  "
            f"{best_reading * 1000 / count:16.2f}  {games / count:11.1f}  {rolls / count:11.0f}  "
            f"{best * 1e6 / max(1, rolls):7.1f}"
        )
    if profile is not None:
        profiler = cProfile.Profile()
        profiler.enable()
        for path in by_length.get(7, []):
            judge_file(Candidate(str(path), path.name), "legal-moves-only", None, "en")
        profiler.disable()
        profiler.dump_stats(str(profile))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--root", type=Path, default=ROOT / "build" / "archive")
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--only-make", action="store_true")
    parser.add_argument("--per-length", action="store_true", help="mean CPU ms per match by length")
    parser.add_argument("--profile", type=Path, help="cProfile the 7-point matches (with --per-length)")
    parser.add_argument("--lengths", default="", help="with --per-length, only these lengths (7,11)")
    parser.add_argument("--passes", type=int, default=5, help="with --per-length, passes over each length")
    parser.add_argument(
        "--archive",
        type=Path,
        help="verify this archive as it is (only read), not root/COUNT-SEED",
    )
    args = parser.parse_args()
    if args.archive is not None:
        root = args.archive
        args.root.mkdir(parents=True, exist_ok=True)  # the runs' JSON Lines go there, never into the archive
    else:
        root = _ensure(args.root / f"{args.count}-{args.seed}", args.count, args.seed)
    if args.only_make:
        return
    print(f"archive: {root} ({args.count} matches); load average before: {os.getloadavg()}")
    if args.per_length or args.profile is not None:
        lengths = {int(n) for n in args.lengths.split(",") if n.strip()}
        per_length(root, args.profile, lengths, max(1, args.passes))
    results = []
    for jobs in (int(j) for j in args.jobs.split(",") if j.strip()):
        result = measure(root, jobs, args.root / f"run-{args.count}-jobs{jobs}.jsonl")
        results.append(result)
        transcripts = result["files"] - result["end"]["skipped"]
        print(
            f"--jobs {jobs}: {result['files']} files ({transcripts} transcripts) "
            f"in {result['seconds']:.1f} s: "
            f"{result['files'] / result['seconds']:.0f} files/s, "
            f"{result['seconds'] * 1000 / max(1, transcripts):.2f} ms a match (wall), "
            f"cpu {result['cpu_seconds']:.0f} s, peak RSS {result['peak_rss_mb']:.0f} MB "
            f"(cli {result['peak_cli_mb']:.0f}, a worker {result['peak_worker_mb']:.0f}); {result['end']}; "
            f"load average after: {os.getloadavg()}"
        )
    by_jobs = {result["jobs"]: result for result in results}
    if 1 in by_jobs and 2 in by_jobs:
        print(f"speed-up --jobs 2 / --jobs 1: {by_jobs[1]['seconds'] / by_jobs[2]['seconds']:.2f}x")


if __name__ == "__main__":
    main()
