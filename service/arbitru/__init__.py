"""Arbitru: backgammon rules as a service.

`arbitru.engine` is the pure rules library, `arbitru.formats` the notations and file formats it
reads and writes, `arbitru.http` the Flask layer. `create_app` imports Flask lazily so that using
the engine never pulls in the web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from flask import Flask

    from arbitru.settings import Settings

__all__ = ["create_app"]


def create_app(config: dict[str, Any] | None = None, settings: Settings | None = None) -> Flask:
    """Build the WSGI application (the target of `gunicorn 'arbitru:create_app()'`); the settings
    are read from the environment unless given."""
    from arbitru.http.app import create_app as _create_app

    return _create_app(config, settings)
