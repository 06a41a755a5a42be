#!/usr/bin/env python
"""Where the time of one POST /v1/moves goes, in-process (no network, no gunicorn).

    python bench/overhead.py [--repeat 5] [--data data]

Over the bench mix (data/bench_positions.jsonl, as bench/http_vs_flask.py sends it), prints the mean
µs per request of each stage the service adds, each measured by calling what the app calls, on the
same requests:

- hooks: every before/after/teardown hook of the app, timed one by one inside a request context
  and grouped by module (observability: request id, metrics and access log; i18n; gc pause;
  compression and CORS; security headers); the access log alone is the observability hooks with
  the log on minus the same in an app with it off (`ACCESS_LOG_LEVEL=WARNING`);
- validation: the route's body parser (content type, orjson.loads, webargs, marshmallow);
- resolve (`resolve_position`), engine cold (plays cache off) and cached (the plays with their
  outcomes, `Position.plays_with_outcomes`), render (`plays_answer`),
  JSON dumps (orjson);
- total: the whole WSGI call of the app with a prepared environ, engine cached and cold; and the same
  for bench/bare_flask.py answering the same bytes. "unaccounted" is total minus the stages:
  Flask's dispatch, flask-smorest's wrappers, the Response object.

Figures are the median of `--repeat` passes over the mix (a shared machine is noisy: compare the
stages with each other within one run). `ARBITRU_OVERHEAD_SOURCE=/path/to/other/service` measures
another checkout's code (`git archive main service | tar -x -C /tmp/before`) for a before/after.
As deployed there is no plays cache (it cost more than it saved: see `engine.cache.DEFAULT_CACHE_PLAYS`);
"cached" figures use one of 25,000 plays, which holds ~1,260 of the mix's 2,000 answers, so cycling
through the mix misses it: "total, plays cache 25,000" is mostly cold too.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CACHED_PLAYS = 25_000  # the "cached" figures' plays cache (the service runs with none)
sys.path.insert(0, str(REPO))
# ARBITRU_OVERHEAD_SOURCE=<a checkout's service/ directory>: measure that code (a before/after).
sys.path.insert(0, os.environ.get("ARBITRU_OVERHEAD_SOURCE") or str(REPO / "service"))

try:
    from arbitru.engine import cache as plays_cache  # noqa: E402
except ImportError:  # a checkout from before engine/cache.py (ARBITRU_OVERHEAD_SOURCE)
    from arbitru.engine import moves as plays_cache  # type: ignore[no-redef]  # noqa: E402
from arbitru.http import schemas  # noqa: E402
from arbitru.http.app import create_app  # noqa: E402
from arbitru.http.blueprint import Blueprint  # noqa: E402
from arbitru.http.position import resolve_position  # noqa: E402
from arbitru.http.render import plays_answer  # noqa: E402
from arbitru.settings import Settings  # noqa: E402

Timer = Callable[[], float]


def mix_bodies(data: Path) -> list[bytes]:
    """The bench mix as http_vs_flask.py sends it: board, turn and dice of each bench position."""
    rows = [json.loads(x) for x in (data / "bench_positions.jsonl").read_text().splitlines() if x.strip()]
    return [
        json.dumps(
            {"board": r["board"], "turn": r["turn"], "dice": r["dice"]}, separators=(",", ":")
        ).encode()
        for r in rows
    ]


def environ_for(body: bytes) -> dict[str, Any]:
    """A WSGI environ of POST /v1/moves with `body` (its input stream made fresh per call)."""
    return {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/v1/moves",
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8080",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_HOST": "127.0.0.1:8080",
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }


def per_request(run: Callable[[bytes], Any], bodies: list[bytes], repeat: int) -> float:
    """Median over `repeat` passes of the mean µs of `run(body)` over the mix."""
    passes = []
    for _ in range(repeat):
        start = time.perf_counter()
        for body in bodies:
            run(body)
        passes.append((time.perf_counter() - start) / len(bodies) * 1e6)
    return statistics.median(passes)


def wsgi_runner(app: Any) -> Callable[[bytes], Any]:
    """Call `app` as gunicorn would: the environ, start_response, and reading the whole answer."""

    def start_response(status: str, headers: Any, exc_info: Any = None) -> None:
        return None

    def run(body: bytes) -> int:
        environ = environ_for(body)
        environ["wsgi.input"] = io.BytesIO(body)
        result = app(environ, start_response)
        size = sum(len(chunk) for chunk in result)
        close = getattr(result, "close", None)
        if close is not None:
            close()
        return size

    return run


def hooks(app: Any) -> Iterable[tuple[str, str, Callable[..., Any]]]:
    """(kind, module, function) of every app-wide hook: before, after and teardown."""
    for func in app.before_request_funcs.get(None, []):
        yield "before", func.__module__, func
    for func in app.after_request_funcs.get(None, []):
        yield "after", func.__module__, func
    for func in app.teardown_request_funcs.get(None, []):
        yield "teardown", func.__module__, func


def hook_times(app: Any, bodies: list[bytes], repeat: int) -> dict[str, float]:
    """µs per request of the app's hooks, by module, each run in a request context as Flask runs it."""
    from flask import Response

    answer = Response(b"{}", content_type="application/json")
    totals: dict[str, list[float]] = {}
    for _ in range(repeat):
        spent: dict[str, float] = {}
        for body in bodies:
            with app.test_request_context(
                "/v1/moves", method="POST", data=body, content_type="application/json"
            ) as ctx:
                ctx.request.url_rule = app.url_map._rules_by_endpoint["checker-play.moves"][0]
                for kind, module, func in hooks(app):
                    start = time.perf_counter()
                    if kind == "before":
                        func()
                    elif kind == "after":
                        answer = func(answer)
                    else:
                        func(None)
                    spent[module] = spent.get(module, 0.0) + time.perf_counter() - start
        for module, seconds in spent.items():
            totals.setdefault(module, []).append(seconds / len(bodies) * 1e6)
    return {module: statistics.median(values) for module, values in totals.items()}


def validation_time(app: Any, bodies: list[bytes], repeat: int) -> float:
    """µs per request of the route's body parser, with the schema the route loads with."""
    try:
        from arbitru.http.validation import fast_schema
    except ImportError:  # a checkout from before the compiled validator (ARBITRU_OVERHEAD_SOURCE)
        fast_schema = None
    schema = schemas.MovesRequestSchema()
    loading = schema if fast_schema is None else fast_schema(schema)

    def parsed() -> Any:
        return Blueprint.ARGUMENTS_PARSER.parse(loading, location="json")

    passes = []
    for _ in range(repeat):
        spent = 0.0
        for body in bodies:
            with app.test_request_context(
                "/v1/moves", method="POST", data=body, content_type="application/json"
            ):
                start = time.perf_counter()
                parsed()
                spent += time.perf_counter() - start
        passes.append(spent / len(bodies) * 1e6)
    return statistics.median(passes)


def engine_answer(position: Any) -> Any:
    """What the route asks the engine: the plays with their outcomes in one call (`plays_with_outcomes`),
    or the plays alone in a checkout from before it (ARBITRU_OVERHEAD_SOURCE), whose render asked
    each ending play's outcome itself."""
    game = position.game
    return game.plays_with_outcomes() if hasattr(game, "plays_with_outcomes") else game.plays()


def core_stages(app: Any, bodies: list[bytes], repeat: int) -> dict[str, float]:
    """resolve, engine (cold and cached), render and dumps, each timed over the mix."""
    import orjson

    loaded = [schemas.MovesRequestSchema().load(orjson.loads(b)) for b in bodies]
    stages: dict[str, list[float]] = {
        k: [] for k in ("resolve", "engine cold", "engine cached", "render", "dumps")
    }
    with app.test_request_context("/v1/moves", method="POST"):
        for _ in range(repeat):
            spent = dict.fromkeys(stages, 0.0)
            for body in loaded:
                t0 = time.perf_counter()
                position = resolve_position(body)
                t1 = time.perf_counter()
                plays_cache.configure(cache_plays=0)
                engine_answer(position)
                t2 = time.perf_counter()
                plays_cache.configure(cache_plays=CACHED_PLAYS)
                engine_answer(position)  # fills the cache
                t3 = time.perf_counter()
                plays = engine_answer(position)
                t4 = time.perf_counter()
                answer = plays_answer(position, plays, body)
                t5 = time.perf_counter()
                orjson.dumps(answer)
                t6 = time.perf_counter()
                spent["resolve"] += t1 - t0
                spent["engine cold"] += t2 - t1
                spent["engine cached"] += t4 - t3
                spent["render"] += t5 - t4
                spent["dumps"] += t6 - t5
            for key, seconds in spent.items():
                stages[key].append(seconds / len(bodies) * 1e6)
    return {key: statistics.median(values) for key, values in stages.items()}


def bare_app(bodies: list[bytes], answers: list[bytes]) -> Any:
    """bench/bare_flask.py, loaded with the real answers of the mix."""
    pairs = [[b.decode(), a.decode()] for b, a in zip(bodies, answers, strict=True)]
    path = Path(tempfile.mkdtemp(prefix="arbitru-overhead-")) / "pairs.json"
    path.write_text(json.dumps(pairs))
    os.environ["ARBITRU_BARE_BODIES"] = str(path)
    from bench import bare_flask

    return bare_flask.app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="data directory (default the repository's data/)")
    parser.add_argument("--repeat", type=int, default=5, help="passes over the mix (median, default 5)")
    args = parser.parse_args(argv)
    bodies = mix_bodies(Path(args.data or REPO / "data"))
    sink = open(os.devnull, "w")  # noqa: SIM115 - the access log's stream for the whole run
    sys.stdout, real_stdout = sink, sys.stdout  # the access log handler binds sys.stdout when built
    try:
        app = create_app(settings=Settings())
        quiet = create_app(settings=Settings(access_log_level="WARNING"))
    finally:
        sys.stdout = real_stdout
    logging.getLogger("arbitru.access").setLevel("INFO")  # `quiet` set the shared logger's level
    run = wsgi_runner(app)
    answers = []
    client = app.test_client()
    for body in bodies:
        reply = client.post("/v1/moves", data=body, content_type="application/json")
        assert reply.status_code == 200, reply.data[:300]
        answers.append(reply.data)
    bare = wsgi_runner(bare_app(bodies, answers))

    repeat = args.repeat
    sys.stdout = sink
    try:
        per_request(run, bodies, 1)  # warm caches (moves texts, metric children)
        total_cached = per_request(run, bodies, repeat)
        plays_cache.configure(cache_plays=0)
        total_cold = per_request(run, bodies, repeat)
        plays_cache.configure(cache_plays=CACHED_PLAYS)
        per_request(bare, bodies, 1)
        total_bare = per_request(bare, bodies, repeat)
        with_log = hook_times(app, bodies, repeat)
        logging.getLogger("arbitru.access").setLevel("WARNING")  # the logging-based access log
        without_log = hook_times(quiet, bodies, repeat)
        logging.getLogger("arbitru.access").setLevel("INFO")
        validation = validation_time(app, bodies, repeat)
        core = core_stages(app, bodies, repeat)
    finally:
        sys.stdout = real_stdout

    obs = "arbitru.http.observability"
    rows: list[tuple[str, float]] = [
        ("access log", with_log.get(obs, 0.0) - without_log.get(obs, 0.0)),
        ("metrics + request id", without_log.get(obs, 0.0)),
    ]
    rows += [(f"hook {module}", seconds) for module, seconds in sorted(with_log.items()) if module != obs]
    rows += [("validation", validation)]
    rows += [(name, core[name]) for name in ("resolve", "engine cold", "engine cached", "render", "dumps")]
    accounted = sum(seconds for name, seconds in rows if name != "engine cold")
    print(f"POST /v1/moves in-process, {len(bodies)} requests of the bench mix, median of {repeat} passes")
    print(f"{'stage':<40}{'µs/request':>12}")
    for name, seconds in rows:
        print(f"{name:<40}{seconds:>12.1f}")
    print(f"{'unaccounted (Flask, smorest, Response)':<40}{total_cached - accounted:>12.1f}")
    print(f"{'total, plays cache 25,000':<40}{total_cached:>12.1f}")
    print(f"{'total, plays cache off':<40}{total_cold:>12.1f}")
    print(f"{'bare Flask, same bytes':<40}{total_bare:>12.1f}")
    print(f"{'bare / service (cached)':<40}{total_bare / total_cached:>12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
