"""Hostile requests against a local gunicorn: what each one costs the worker that serves it.

Starts `gunicorn -c gunicorn.conf.py` from the repository on 127.0.0.1 (a free port, ONE worker so
every figure belongs to the worker that served the request), sends a catalogue of hostile requests
one at a time (one per class of hostile input the service bounds, plus a few found on the way), and
prints per request: status, wall time, the worker's CPU time, its RSS before and after (a worker
killed by gunicorn's timeout shows as "killed"). Then two floods:

- `--heavy N` (default 2,000) distinct heavy positions to /v1/moves (variants of
  data/worst_positions.jsonl: same white side, black's spare checkers on other points), then the
  worker's RSS;
- `--methods N` (default 10,000) requests with invented HTTP methods, then the size of /metrics
  (read on `METRICS_PORT` when the server opens one there, else on the service port).

Every case names what it claims to test and what its answer must show to have reached it (a
refusal by the check it targets, or the whole answer it asks for): a case answered for another
reason is printed as TARGET MISSED and the script exits 1 at the end, so a figure never stands for
a request that stopped short (record-heavy-positions once stopped at game 2 on a wrong running
score, and its 1,000 heavy games were never replayed).

Loopback only, every loop bounded. Budgets: 100 ms of CPU for a request about one
position, the work budget (2 s) for a transcript or a record, never a 5xx, RSS < 250 MB.

`--records` runs no server: each variant's heaviest record (its heaviest 1-1 replayed game after
game, up to the game limit and the body limit) is verified by the library (`Transcript.verify`),
by the in-process app (POST /v1/matches/verify) and by the command line (`arbitru verify FILE`, a
process of its own, its start included), and the CPU seconds and answers of each are printed;
`--before DIR` measures another checkout's `service/` directory the same way, beside.

    .venv/bin/python bench/hostile.py [--heavy 2000] [--methods 10000] [--only NAME ...]
    .venv/bin/python bench/hostile.py --records [--variants V ...] [--before ../before/service]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from arbitru.formats.limits import MAX_GAMES, MAX_LINE_CHARS, MAX_REPORTED_ERRORS  # noqa: E402
from scripts.local_gunicorn import (  # noqa: E402
    HOST,
    free_port,
    gunicorn_env,
    stop,
    venv_bin,
    wait_until_up,
    worker_pids,
)

DATA = Path(os.environ.get("ARBITRU_DATA_DIR", REPO / "data"))
TICKS = os.sysconf("SC_CLK_TCK")
CLIENT_TIMEOUT = 60.0
ONE_POSITION_CPU_MS = 100.0
WORK_BUDGET_CPU_MS = 2000.0
RSS_LIMIT_MB = 250.0
LONG_LINE = MAX_LINE_CHARS - 24  # a line just under the line limit: it reaches its parser


# ----------------------------------------------------------------------------- the server ----
@dataclass
class Server:
    """A one-worker gunicorn master started by this script."""

    proc: subprocess.Popen[bytes]
    port: int
    metrics_port: int
    workdir: Path

    def worker(self) -> int | None:
        """The pid of the worker (None while gunicorn replaces a dead one)."""
        pids = worker_pids(self.proc.pid)
        return pids[0] if pids else None

    def wait_worker(self, deadline_s: float = 60.0) -> int:
        """The worker's pid once it answers /readyz (after a kill gunicorn starts another)."""
        wait_until_up(f"http://{HOST}:{self.port}/readyz", self.proc, self.workdir / "stderr", deadline_s)
        pid = self.worker()
        assert pid is not None
        return pid


@contextmanager
def gunicorn(extra_env: dict[str, str]) -> Iterator[Server]:
    """`gunicorn -c gunicorn.conf.py` with one worker on a free loopback port; SIGTERM on the way out."""
    workdir = Path(tempfile.mkdtemp(prefix="arbitru-hostile-"))
    port, metrics_port = free_port(), free_port()
    env = gunicorn_env(port, metrics_port, 1, workdir / "metrics", GUNICORN_MAX_REQUESTS="0", **extra_env)
    with open(workdir / "stdout", "wb") as out, open(workdir / "stderr", "wb") as err:
        proc = subprocess.Popen(
            [venv_bin("gunicorn"), "-c", "gunicorn.conf.py"], cwd=REPO, env=env, stdout=out, stderr=err
        )
    server = Server(proc, port, metrics_port, workdir)
    try:
        server.wait_worker()
        yield server
    finally:
        stop(proc, timeout=40)
        shutil.rmtree(workdir, ignore_errors=True)


def cpu_ms(pid: int) -> float | None:
    """User + system CPU time of a process, in ms (None when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return (int(fields[11]) + int(fields[12])) * 1000.0 / TICKS


def rss_mb(pid: int) -> float | None:
    """Resident set size of a process in MB (None when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def send(
    port: int, method: str, path: str, body: bytes | None = None, timeout: float = CLIENT_TIMEOUT
) -> tuple[int, bytes]:
    """One request on a fresh connection: (status, body); status 0 when the connection failed."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    except (OSError, http.client.HTTPException):
        return 0, b""
    finally:
        conn.close()


# ----------------------------------------------------------------------------- the catalogue ----
def worst_positions() -> list[dict[str, Any]]:
    """The heaviest positions of data/worst_positions.jsonl."""
    with open(DATA / "worst_positions.jsonl", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def heavy_variants(count: int, seed: int = 17) -> list[dict[str, Any]]:
    """`count` distinct heavy /v1/moves requests: each worst position with black's spare checkers
    (bar and off) spread over random points white does not hold, so each board is new to the cache
    but white's moves (which make the answer heavy) stay many."""
    rng = random.Random(seed)
    bases = worst_positions()
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    for _ in range(count * 50):
        if len(out) >= count:
            break
        base = rng.choice(bases)
        white = base["board"]["white"]
        black = json.loads(json.dumps(base["board"]["black"]))
        spare = black.get("bar", 0) + black.get("off", 0)
        if spare == 0:
            continue
        white_points = {25 - int(p) for p in white["points"]}  # white's points in black's numbering
        free = [p for p in range(1, 25) if p not in white_points]
        moved = rng.randint(1, spare)
        points = dict(black["points"])
        for _ in range(moved):
            key = str(rng.choice(free))
            points[key] = points.get(key, 0) + 1
        bar = max(0, black.get("bar", 0) - moved)
        black = {"points": points, "bar": bar}
        request = {"board": {"white": white, "black": black}, "turn": base["turn"], "dice": base["dice"]}
        key = json.dumps(request, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(request)
    return out


def mat_text(*lines: str) -> str:
    """A transcript of these lines."""
    return "\n".join(lines) + "\n"


HEAD = (" 1 point match", "", " Game 1")
SCORE = " alice : 0                   bob : 0"
BLANKS = " " * LONG_LINE


def cube_limit_mat(limit: str) -> dict[str, str]:
    """A one-game transcript whose CubeLimit header says `limit`."""
    return {"mat": f'; [CubeLimit "{limit}"]\n' + mat_text(*HEAD, SCORE, "  1) 31: 8/5 6/5")}


def record_of(games: list[dict[str, Any]], rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """A JSON game record (verify body) of these games."""
    record: dict[str, Any] = {"players": ["alice", "bob"], "match_length": 0, "games": games}
    if rules is not None:
        record["rules"] = rules
    return {"record": record, "mode": "illegal-moves-rule"}


def heavy_record(games: int) -> dict[str, Any]:
    """A record of `games` games, each starting on a distinct heavy position where the side on roll
    writes nothing for a 1-1 it can play: rolled, then resigned (the referee lists the plays to
    tell that from a dance)."""
    out = []
    score = [0, 0]  # a money session's running total: each game starts where the last one left it
    for request in heavy_variants(games, seed=1717):
        board = request["board"]
        player = 0 if request["turn"] == "white" else 1
        turns = [{"player": player, "action": "roll", "dice": request["dice"], "play": ""}]
        result = {"winner": 1 - player, "points": 1, "and_the_match": False}
        out.append({"start_score": list(score), "start_position": board, "turns": turns, "result": result})
        score[1 - player] += 1
    return record_of(out)


# -- the heaviest records of each variant, replayed in-process ----------------------------------------
# Each variant's heaviest known roll: backgammon's worst position (data/worst_positions.jsonl, the
# side on roll writing nothing, so the referee lists the plays to tell that from a dance) and the
# family's worst 1-1 (data/family_worst_positions.jsonl, a legal play written: the variants' judge
# lists the plays of every roll).
RECORD_VARIANTS = {
    "backgammon": None,
    "plakoto": {"preset": "plakoto"},
    "long_nardy": {"preset": "long_nardy"},
    "long_nardy_each_move": {"preset": "long_nardy", "nardy_block": "after_each_move"},
}


def heaviest_record(variant: str, games: int = MAX_GAMES, body_limit: int = 1024 * 1024) -> dict[str, Any]:
    """A verify body of up to `games` games (fewer if the body would pass `body_limit` bytes, the
    app's MAX_CONTENT_LENGTH), each
    starting on `variant`'s heaviest roll and played with it."""
    rules = RECORD_VARIANTS[variant]
    if rules is None:
        worst = max(worst_positions(), key=lambda p: p.get("plays", 0))
        board, dice, play = worst["board"], worst["dice"], ""
    else:
        from arbitru.engine.board import Board
        from arbitru.engine.moves import legal_plays
        from arbitru.engine.rules import Rules

        name = "long_nardy" if variant.startswith("long_nardy") else variant
        with open(DATA / "family_worst_positions.jsonl", encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
        worst = next(r for r in rows if r["movement"] == variant and r["dice"] == [1, 1])
        board, dice = worst["board"], worst["dice"]
        pins = name == "plakoto"
        # A record's board names no pinned checker where none is (the climb's boards pin none).
        board = {color: {k: v for k, v in side.items() if k != "pinned"} for color, side in board.items()}
        plays = legal_plays(Board.from_dict(worst["board"], pins=pins), "white", (1, 1), Rules(**rules))
        play = plays[0].notation
    one = {"start_position": board, "turns": [{"player": 0, "action": "roll", "dice": dice, "play": play}]}
    out: list[dict[str, Any]] = []
    score = [0, 0]
    size = 0
    for _ in range(games):
        game = {
            **one,
            "start_score": list(score),
            "result": {"winner": 1, "points": 1, "and_the_match": False},
        }
        size += len(encode(game)) + 1
        if size > body_limit - 1024:
            break
        out.append(game)
        score[1] += 1
    return record_of(out, rules)


def cli_verify(body: dict[str, Any]) -> tuple[float, str]:
    """The command line's verify of `body`'s record written to a file (`python -m arbitru.cli
    verify FILE --json`, in a process of its own, the interpreter's start included): its CPU
    seconds and what it said of the file."""
    import resource

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        path.write_text(json.dumps(body["record"]), encoding="utf-8")
        command = [sys.executable, "-m", "arbitru.cli", "verify", str(path), "--json", "--mode", body["mode"]]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    try:
        (row,) = json.loads(done.stdout)
    except ValueError:
        return seconds, f"exit {done.returncode}: {done.stderr[-60:]!r}"
    problem = str(row.get("problem") or "")
    return seconds, "work limit" if "units of work" in problem else str(row.get("status"))


def measure_records(variants: list[str]) -> None:
    """In this process (whichever `arbitru` PYTHONPATH brings): each variant's heaviest record
    replayed by the library (`Transcript.verify`, inside the collector pause the command line and
    the service hold) and verified by the in-process app (POST
    /v1/matches/verify, no network), the CPU seconds of each and what they answered; one JSON line
    per variant."""
    import logging

    from arbitru.engine.collector import collector_paused
    from arbitru.http.app import create_app
    from arbitru.library import read_match

    client = create_app().test_client()
    logging.disable(logging.CRITICAL)
    for variant in variants:
        body = heaviest_record(variant)
        transcript = read_match(json.dumps(body["record"]))
        start = time.process_time()
        try:
            with collector_paused():  # as the command line and the service run it
                verdict = transcript.verify(body["mode"])
            library = f"valid={verdict.valid}"
        except Exception as exc:  # the work limit, as the library raises it
            library = type(exc).__name__
        library_s = time.process_time() - start
        start = time.process_time()
        answer = client.post("/v1/matches/verify", json=body)
        app_s = time.process_time() - start
        text = answer.get_data(as_text=True)
        said = "work limit" if "units of work" in text or "plays (the work limit" in text else text[:60]
        if answer.status_code == 200:
            said = f"valid={answer.get_json()['valid']}"
        cli_s, cli = cli_verify(body)
        row = {"variant": variant, "games": len(body["record"]["games"]), "bytes": len(encode(body))}
        print(
            json.dumps(
                {
                    **row,
                    "library_s": library_s,
                    "library": library,
                    "app_s": app_s,
                    "status": answer.status_code,
                    "app": said,
                    "cli_s": cli_s,
                    "cli": cli,
                }
            ),
            flush=True,
        )


def records_report(before: str | None, variants: list[str]) -> None:
    """`measure_records` for this checkout and, with `before`, for another checkout's service/
    directory, each in a process of its own; a table of both."""
    sources = [("after", str(REPO / "service"))] + ([("before", before)] if before else [])
    print(
        f"{'source':7}{'variant':22}{'games':>6}{'KB':>6}{'library s':>10}  {'library':18}"
        f"{'app s':>7}  {'status':>6}  {'answer':12}{'CLI s':>7}  CLI answer"
    )
    for label, path in sources:
        env = {**os.environ, "PYTHONPATH": path}
        command = [sys.executable, __file__, "--measure-records", *variants]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd=REPO)
        for line in done.stdout.splitlines():
            if not line.startswith('{"variant"'):
                continue
            r = json.loads(line)
            print(
                f"{label:7}{r['variant']:22}{r['games']:>6}{r['bytes'] // 1024:>6}{r['library_s']:>10.2f}  "
                f"{r['library']:18}{r['app_s']:>7.2f}  {r['status']:>6}  {r['app']:12}"
                f"{r['cli_s']:>7.2f}  {r['cli']}"
            )
        if done.returncode:
            print(f"{label}: exit {done.returncode}: {done.stderr[-500:]}")


def heaviest_moves(include: list[str]) -> dict[str, Any]:
    """The heaviest position of the data, with this `include`."""
    worst = max(worst_positions(), key=lambda p: p.get("plays", 0))
    body: dict[str, Any] = {"board": worst["board"], "turn": worst["turn"], "dice": worst["dice"]}
    if include:
        body["include"] = include
    return body


OPENING = {
    "white": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
    "black": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
}


@dataclass
class Case:
    """One hostile request: its class, method, path and body (JSON value or raw bytes), and what
    the answer must show to prove the request reached what the case claims to test (`target`, a
    check on status and answer text, `claim` in words): an answer for another reason (a limit met
    earlier, a mistake in the case) is a failure of this bench, never a pass."""

    name: str
    budget_ms: float
    method: str
    path: str
    body: Callable[[], Any]
    note: str = ""
    claim: str = ""
    target: Callable[[int, str], bool] = lambda status, text: True


def refused(*texts: str) -> Callable[[int, str], bool]:
    """The target of a case that must be refused (422) by the check named in `texts`."""
    return lambda status, text: status == 422 and all(t in text for t in texts)


def answered(*texts: str, count: tuple[str, int] | None = None) -> Callable[[int, str], bool]:
    """The target of a case that must be answered (200) with `texts`, and `count` = (text, n):
    `text` written exactly n times."""

    def check(status: int, text: str) -> bool:
        counted = count is None or text.count(count[0]) == count[1]
        return status == 200 and all(t in text for t in texts) and counted

    return check


def catalogue() -> list[Case]:
    """One request per class of hostile input and the ones found while writing this bench."""
    one, work = ONE_POSITION_CPU_MS, WORK_BUDGET_CPU_MS
    verify, convert = "/v1/matches/verify", "/v1/matches/convert"
    return [
        Case(
            "mat-length-line-blanks",
            work,
            "POST",
            verify,
            lambda: {"mat": "1" + BLANKS + "x\n"},
            claim="the length line parser reads a line at the line limit",
            target=refused("line 1: expected ' N point match' first"),
        ),
        Case(
            "mat-header-line-blanks",
            work,
            "POST",
            verify,
            lambda: {
                "mat": mat_text(
                    '; [Event "x' + BLANKS + 'x"]',
                    *HEAD,
                    SCORE,
                    "  1) 31: 8/5 6/5",
                )
            },
            claim="a header line at the line limit is read and the transcript verified",
            target=answered('"valid":true'),
        ),
        Case(
            "mat-game-line-blanks",
            work,
            "POST",
            convert,
            lambda: {"mat": mat_text(*HEAD[:2], " Game 1" + BLANKS + "x")},
            claim="the game line parser reads a line at the line limit",
            target=refused("line 3: expected ' Game 1'"),
        ),
        Case(
            "mat-score-line-blanks",
            work,
            "POST",
            convert,
            lambda: {"mat": mat_text(*HEAD, " a" + BLANKS + "b")},
            claim="the score line parser reads a line at the line limit",
            target=refused("line 4: expected the score line"),
        ),
        Case(
            "mat-cube-line-arrows",
            work,
            "POST",
            convert,
            lambda: {
                "mat": mat_text(
                    *HEAD,
                    SCORE,
                    "  1) Doubles " + "=" * LONG_LINE,
                )
            },
            claim="a cube action line at the line limit is read and converted",
            target=answered('"games":['),
        ),
        Case(
            "mat-cubelimit-superscript",
            work,
            "POST",
            convert,
            lambda: cube_limit_mat("\u00b2"),
            "must be refused",
            claim="a superscript digit is no number",
            target=refused("the CubeLimit header '\u00b2'"),
        ),
        Case(
            "mat-cubelimit-20-digits",
            work,
            "POST",
            convert,
            lambda: cube_limit_mat(str(2**64)),
            "must be refused",
            claim="a 20-digit cube limit is refused by its range",
            target=refused("the CubeLimit header '18446744073709551616'"),
        ),
        Case(
            "mat-cubelimit-20-digits-verify",
            work,
            "POST",
            verify,
            lambda: cube_limit_mat(str(2**64)),
            "must be refused",
            claim="the same through verify",
            target=refused("the CubeLimit header '18446744073709551616'"),
        ),
        Case(
            "mat-arabic-indic-length",
            work,
            "POST",
            convert,
            lambda: {
                "mat": mat_text(
                    " \u0661 point match",
                    "",
                    " Game 1",
                    SCORE,
                    "  1) 31: 8/5 6/5",
                )
            },
            "must be refused",
            claim="an Arabic-Indic digit is no match length",
            target=refused("found '\u0661 point match'"),
        ),
        Case(
            "record-automatic-doubles-2**62",
            work,
            "POST",
            verify,
            lambda: record_of(
                [{"turns": [{"player": 0, "action": "roll", "dice": [3, 1], "play": "8/5 6/5"}]}],
                {"automatic_doubles": 2**62},
            ),
            "must be refused",
            claim="the rules refuse automatic doubles over the cap",
            target=refused("record.rules.automatic_doubles"),
        ),
        Case(
            "record-match-length-255",
            work,
            "POST",
            verify,
            lambda: {
                **record_of([{"turns": []}]),
                "record": {**record_of([{"turns": []}])["record"], "match_length": 255},
            },
            "must be refused",
            claim="the record refuses a match length over the cap",
            target=refused("record.match_length"),
        ),
        Case(
            "record-50k-bad-turns",
            work,
            "POST",
            verify,
            lambda: record_of([{"turns": [{"player": 7}] * 2000}] * 25),
            claim="50,000 bad turns: the errors stop at the cap",
            target=lambda status, text: (
                status == 422 and len(json.loads(text)["errors"]) == MAX_REPORTED_ERRORS
            ),
        ),
        Case(
            "record-heavy-positions",
            work,
            "POST",
            verify,
            lambda: heavy_record(1000),
            claim="1,000 heavy games (correct running scores) refused by the work limit, counted",
            target=refused("units of work"),
        ),
        *(
            Case(
                f"record-heaviest-{variant}",
                work,
                "POST",
                verify,
                partial(heaviest_record, variant),
                claim=f"{variant}: its heaviest 1-1 played in 1,000 games, refused by the work limit",
                target=refused("units of work"),
            )
            for variant in RECORD_VARIANTS
            if variant != "backgammon"
        ),
        Case(
            "dice-200k",
            one,
            "POST",
            "/v1/moves",
            lambda: {"board": OPENING, "turn": "white", "dice": [1] * 200_000},
            claim="200,000 dice refused on the length",
            target=refused('"dice":["Length must be 2."]'),
        ),
        Case(
            "moves-200k-empty",
            one,
            "POST",
            "/v1/play",
            lambda: {"board": OPENING, "turn": "white", "dice": [3, 1], "moves": [{}] * 200_000},
            claim="200,000 moves refused on the length",
            target=refused('"moves":["Longer than maximum length 16."]'),
        ),
        Case(
            "include-200k",
            one,
            "POST",
            "/v1/moves",
            lambda: {"board": OPENING, "turn": "white", "dice": [3, 1], "include": ["x"] * 200_000},
            claim="200,000 include entries refused on the length",
            target=refused('"include":["Longer than maximum length 8."]'),
        ),
        Case(
            "fields-200k",
            one,
            "POST",
            "/v1/moves",
            lambda: {"board": OPENING, "turn": "white", "dice": [3, 1], "fields": ["x"] * 200_000},
            claim="200,000 fields refused on the length",
            target=refused('"fields":["Length must be between 1 and 4."]'),
        ),
        Case(
            "play-fullwidth-digits",
            one,
            "POST",
            "/v1/play",
            lambda: {
                "board": OPENING,
                "turn": "white",
                "dice": [3, 1],
                "play": "\uff18/\uff15 \uff16/\uff15",
            },
            "must be refused",
            claim="full-width digits are no point numbers",
            target=refused("cannot read '\uff18/\uff15'"),
        ),
        Case(
            "heaviest-moves",
            one,
            "POST",
            "/v1/moves",
            lambda: heaviest_moves([]),
            claim="every one of the 2,226 plays listed",
            target=answered(count=('"notation":', 2226)),
        ),
        Case(
            "heaviest-moves-include-all",
            one,
            "POST",
            "/v1/moves",
            lambda: heaviest_moves(["pips", "gnubg_id", "xgid", "fibs"]),
            claim="IDs for every play in every format: refused by the IDs budget",
            target=refused("position IDs, more than the"),
        ),
        Case(
            "heaviest-moves-include-pips-xgid",
            one,
            "POST",
            "/v1/moves",
            lambda: heaviest_moves(["pips", "xgid"]),
            claim="2,226 plays, each with its XGID",
            target=answered(count=('"xgid":', 2226)),
        ),
    ]


# ----------------------------------------------------------------------------- running ----
def encode(body: Any) -> bytes:
    """The request body: JSON of a value, bytes as they are."""
    return body if isinstance(body, bytes) else json.dumps(body).encode()


def run_case(server: Server, case: Case) -> dict[str, Any]:
    """Send one request; the worker's CPU and RSS around it."""
    pid = server.wait_worker()
    body = encode(case.body())
    cpu0, rss0 = cpu_ms(pid), rss_mb(pid)
    start = time.perf_counter()
    status, answer = send(server.port, case.method, case.path, body)
    wall = (time.perf_counter() - start) * 1000.0
    cpu1, rss1 = cpu_ms(pid), rss_mb(pid)
    killed = cpu1 is None or server.worker() != pid
    cpu = None if killed or cpu0 is None or cpu1 is None else cpu1 - cpu0
    verdict = ""
    if case.name == "play-fullwidth-digits" and status == 200:
        verdict = "JUDGED " + ("LEGAL" if b'"legal":true' in answer else "illegal")
    reached = case.target(status, answer.decode("utf-8", "replace"))
    ok = 0 < status < 500 and not killed and cpu is not None and cpu <= case.budget_ms and reached
    if case.note == "must be refused" and status < 400:
        ok = False
    if not reached:
        verdict = f"TARGET MISSED ({case.claim}): " + answer[:200].decode("utf-8", "replace")
    return {
        "reached": reached,
        "name": case.name,
        "bytes": len(body),
        "status": status,
        "wall_ms": wall,
        "cpu_ms": cpu,
        "rss0": rss0,
        "rss1": None if killed else rss1,
        "budget": case.budget_ms,
        "ok": ok,
        "verdict": verdict or answer[:70].decode("utf-8", "replace").replace("\n", " "),
    }


def fmt(value: float | None, spec: str = ".0f") -> str:
    """A figure, or `killed`/`-` when there is none."""
    return "killed" if value is None else format(value, spec)


def print_header() -> None:
    """The per-request table's header."""
    print(
        f"{'request':34} {'bytes':>8} {'st':>3} {'wall ms':>8} {'cpu ms':>8} {'budget':>6} "
        f"{'rss0 MB':>7} {'rss1 MB':>7}  ok  answer",
        flush=True,
    )


def print_row(row: dict[str, Any]) -> None:
    """One row of the per-request table."""
    print(
        f"{row['name']:34} {row['bytes']:>8} {row['status']:>3} {row['wall_ms']:>8.0f} "
        f"{fmt(row['cpu_ms']):>8} {row['budget']:>6.0f} {fmt(row['rss0']):>7} {fmt(row['rss1']):>7}  "
        f"{'yes' if row['ok'] else 'NO ':3}  {row['verdict'][: 60 if row['reached'] else 300]}",
        flush=True,
    )


def heavy_flood(server: Server, count: int) -> None:
    """`count` distinct heavy positions, one after another; the worker's RSS and CPU."""
    bodies = [encode(b) for b in heavy_variants(count)]
    pid = server.wait_worker()
    rss0, cpu0 = rss_mb(pid), cpu_ms(pid)
    statuses: dict[int, int] = {}
    costs: list[float] = []
    start = time.perf_counter()
    for body in bodies:
        before = cpu_ms(pid)
        status, _ = send(server.port, "POST", "/v1/moves", body)
        after = cpu_ms(pid)
        if before is not None and after is not None:
            costs.append(after - before)
        statuses[status] = statuses.get(status, 0) + 1
    wall = time.perf_counter() - start
    alive = server.worker() == pid
    rss1, cpu1 = rss_mb(pid), cpu_ms(pid)
    total = None if cpu1 is None or cpu0 is None else cpu1 - cpu0
    ok = alive and rss1 is not None and rss1 < RSS_LIMIT_MB and all(0 < s < 500 for s in statuses)
    print(
        f"flood of {len(bodies)} distinct heavy positions: statuses {dict(sorted(statuses.items()))}, "
        f"{wall:.1f} s wall, worker CPU {fmt(total)} ms (per request p50 {percentile(costs, 50):.0f}, "
        f"p99 {percentile(costs, 99):.0f}, max {max(costs, default=0):.0f} ms; 10 ms ticks), "
        f"RSS {fmt(rss0)} -> {fmt(rss1 if alive else None)} MB (limit {RSS_LIMIT_MB:.0f})  "
        f"{'ok' if ok else 'NOT OK'}",
        flush=True,
    )


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank; 0.0 for no values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))] if ordered else 0.0


def scrape(server: Server) -> tuple[int, int, str]:
    """(status, size, where) of a /metrics scrape: the metrics port when it answers, else the service's."""
    status, body = send(server.metrics_port, "GET", "/metrics", timeout=30)
    if status == 200:
        return status, len(body), f"METRICS_PORT {server.metrics_port}"
    status, body = send(server.port, "GET", "/metrics", timeout=30)
    return status, len(body), "service port"


def methods_flood(server: Server, count: int) -> None:
    """`count` requests with invented methods; the /metrics size before and after (measured after
    a first invented method, so that a closed label set shows as no growth at all)."""
    server.wait_worker()
    send(server.port, "XFIRST", "/v1/moves")
    _, before, where = scrape(server)
    statuses: dict[int, int] = {}
    conn = http.client.HTTPConnection(HOST, server.port, timeout=10)
    for i in range(count):
        try:
            conn.request(f"X{i:05d}", "/v1/moves")
            response = conn.getresponse()
            response.read()
            status = response.status
            if response.will_close:
                conn.close()
        except (OSError, http.client.HTTPException):
            conn.close()
            status = 0
        statuses[status] = statuses.get(status, 0) + 1
    conn.close()
    start = time.perf_counter()
    status, after, where = scrape(server)
    scrape_ms = (time.perf_counter() - start) * 1000.0
    public_status, _ = send(server.port, "GET", "/metrics")
    directory = sum(f.stat().st_size for f in (server.workdir / "metrics").glob("*.db"))
    print(
        f"{count} invented methods: statuses {dict(sorted(statuses.items()))}; /metrics on {where}: "
        f"{before} -> {after} bytes (scrape {scrape_ms:.0f} ms, status {status}); metrics directory "
        f"{directory / 1e6:.1f} MB; GET /metrics on the service port: {public_status}  "
        f"{'ok' if after <= before * 1.05 + 2048 else 'NOT OK'}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--heavy", type=int, default=2000, help="distinct heavy positions in the flood")
    parser.add_argument("--methods", type=int, default=10_000, help="invented methods in the flood")
    parser.add_argument("--only", nargs="*", default=None, help="run only these catalogue entries")
    parser.add_argument("--worker-timeout", type=int, default=30, help="GUNICORN_TIMEOUT (s), default 30")
    parser.add_argument(
        "--records", action="store_true", help="only the heaviest records per variant, in-process"
    )
    parser.add_argument(
        "--before", help="with --records: another checkout's service/ directory, measured too"
    )
    parser.add_argument(
        "--variants", nargs="+", choices=list(RECORD_VARIANTS), help="with --records: only these"
    )
    parser.add_argument("--measure-records", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure_records:
        measure_records(args.measure_records)
        return
    if args.records:
        records_report(args.before, args.variants or list(RECORD_VARIANTS))
        return
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop gunicorn on the way out
    env = {"GUNICORN_TIMEOUT": str(args.worker_timeout)}
    cases = [c for c in catalogue() if args.only is None or c.name in args.only]
    missed: list[str] = []
    with gunicorn(env) as server:
        print_header()
        for case in cases:
            row = run_case(server, case)
            print_row(row)
            if not row["reached"]:
                missed.append(f"{case.name}: {row['verdict']}")
        if args.heavy:
            heavy_flood(server, args.heavy)
        if args.methods:
            methods_flood(server, args.methods)
    if missed:  # a case answered for another reason than the one it targets: its figures mean nothing
        print(f"\n{len(missed)} case(s) did not reach what they claim to test:", file=sys.stderr)
        for line in missed:
            print("  " + line, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
