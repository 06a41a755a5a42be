"""The service's settings, read from the environment once: by `create_app()` (each worker) and by
`gunicorn.conf.py` (the master), never at import time by the modules that use them.

Each field names its environment variable, default and meaning (`SETTINGS_DOCS`); the README's
settings table lists the same (a test keeps them together). One exception, by necessity:
`PROMETHEUS_MULTIPROC_DIR` is read by prometheus_client itself when it is imported.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from arbitru.engine.cache import DEFAULT_CACHE_PLAYS


def _setting(env: str, default: Any, doc: str) -> Any:
    return field(default=default, metadata={"env": env, "doc": doc})


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting of the service (defaults are the values when a variable is unset or empty)."""

    host: str = _setting("HOST", "127.0.0.1", "address gunicorn binds")
    port: int = _setting("PORT", 8080, "service port")
    workers: int = _setting("WEB_CONCURRENCY", 2, "gunicorn worker processes")
    metrics_port: int = _setting(
        "METRICS_PORT",
        0,
        "Prometheus `/metrics`, summed over every worker, served by the gunicorn master on this port "
        "only (unset: no metrics endpoint; 9100 in the image and in k8s)",
    )
    metrics_host: str = _setting(
        "METRICS_HOST",
        "",
        "address the metrics port binds (unset: `HOST`; `0.0.0.0` in the image and in k8s, where gunicorn "
        "itself binds 127.0.0.1 behind the proxy)",
    )
    proxy_port: int = _setting(
        "PROXY_PORT",
        8080,
        "port the proxy (nginx, in the pod) listens on; it passes requests through HAProxy to gunicorn on "
        "127.0.0.1:`PORT`",
    )
    proxy_run_dir: str = _setting(
        "PROXY_RUN_DIR", "/tmp/nginx", "where the proxy writes its configurations, pids and HAProxy's socket"
    )
    timeout: int = _setting("GUNICORN_TIMEOUT", 30, "seconds before a silent worker is restarted")
    graceful_timeout: int = _setting(
        "GUNICORN_GRACEFUL_TIMEOUT", 20, "seconds a worker has to finish queued requests on SIGTERM"
    )
    max_requests: int = _setting("GUNICORN_MAX_REQUESTS", 200_000, "requests before a worker is recycled")
    max_requests_jitter: int = _setting(
        "GUNICORN_MAX_REQUESTS_JITTER", 20_000, "random extra requests, so workers do not recycle at once"
    )
    log_level: str = _setting("LOG_LEVEL", "info", "gunicorn's log level")
    access_log_level: str = _setting(
        "ACCESS_LOG_LEVEL",
        "INFO",
        "level of the per-request JSON line: fast 2xx/3xx are `INFO`, 4xx and slow ones `WARNING`, "
        "5xx `ERROR`; `WARNING` keeps only those",
    )
    access_log_sample: float = _setting(
        "ACCESS_LOG_SAMPLE",
        1.0,
        "fraction (0 to 1) of the fast 2xx/3xx lines written; 4xx, 5xx and slow requests are always written",
    )
    access_log_slow_ms: int = _setting(
        "ACCESS_LOG_SLOW_MS", 100, "a request taking this many milliseconds or more is slow (always logged)"
    )
    plays_cache_size: int = _setting(
        "ARBITRU_PLAYS_CACHE_SIZE", DEFAULT_CACHE_PLAYS, "plays the engine keeps per worker (0: no cache)"
    )
    compress_min_size: int = _setting(
        "ARBITRU_COMPRESS_MIN_SIZE", 2048, "answers from this many bytes are compressed (gzip, br, deflate)"
    )
    cors_origins: tuple[str, ...] = _setting(
        "ARBITRU_CORS_ORIGINS", (), "comma-separated origins (or `*`) allowed to call /v1/... from a browser"
    )
    signing_keys_file: str = _setting(
        "ARBITRU_SIGNING_KEYS_FILE",
        "",
        "JWK Set of the Ed25519 keys that sign game states and verdicts (the first private key signs; "
        "`ARBITRU_SIGNING_KEYS` may hold the set itself; unset: a key made per process, said on stderr)",
    )
    require_state: bool = _setting(
        "ARBITRU_REQUIRE_STATE",
        False,
        "`true`: the game routes refuse a position sent without a signed `state`",
    )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """The settings the environment gives (unset or empty: the default); a value that is not
        of the setting's type is a ValueError naming the variable."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for spec in fields(cls):
            text = environ.get(spec.metadata["env"], "").strip()
            if text:
                values[spec.name] = _parse(spec.metadata["env"], text, spec.default)
        return cls(**values)


def _parse(env: str, text: str, default: Any) -> Any:
    if isinstance(default, bool):
        if text.lower() not in ("true", "false", "1", "0"):
            raise ValueError(f"{env} must be true or false, not {text!r}")
        return text.lower() in ("true", "1")
    if isinstance(default, tuple):
        return tuple(item.strip() for item in text.split(",") if item.strip())
    if isinstance(default, float):
        try:
            fraction = float(text)
        except ValueError:
            raise ValueError(f"{env} must be a number from 0 to 1, not {text!r}") from None
        if not 0.0 <= fraction <= 1.0:
            raise ValueError(f"{env} must be a number from 0 to 1, not {text!r}")
        return fraction
    if isinstance(default, int):
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{env} must be an integer, not {text!r}") from None
        if value < 0:
            raise ValueError(f"{env} must be 0 or more, not {value}")
        return value
    return text


# Environment variable -> (default, meaning): what the README's settings table lists.
SETTINGS_DOCS: dict[str, tuple[Any, str]] = {
    spec.metadata["env"]: (spec.default, spec.metadata["doc"]) for spec in fields(Settings)
}
