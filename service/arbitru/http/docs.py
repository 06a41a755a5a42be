"""Swagger UI at /docs from locally served assets (no CDN), and the spec as YAML at /openapi.yaml.

The Swagger UI files come from the `flask-swagger-ui` package's bundled swagger-ui dist; our page
and its start-up script live in static/docs/.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request, send_from_directory
from werkzeug.exceptions import NotFound

from arbitru.http import spec
from arbitru.http.api import cacheable

_OWN = Path(__file__).parent / "static" / "docs"
_OWN_FILES = frozenset({"swagger-init.js"})
_DIST_FILES = frozenset({"swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png", "favicon-16x16.png"})
_ASSET_MAX_AGE = 24 * 3600

bp = Blueprint("docs", __name__)


def _dist_dir() -> Path:
    """Where the installed swagger-ui dist files are."""
    return Path(str(resources.files("flask_swagger_ui") / "dist"))


@bp.get("/docs")
@bp.get("/docs/")
def docs_page() -> Response:
    """The Swagger UI page, at /docs and /docs/. Its assets and the spec are linked relative to the
    page, so it works under any path prefix a proxy adds."""
    html = (_OWN / "index.html").read_text(encoding="utf-8")
    slash = request.path.endswith("/")
    assets = "assets/" if slash else "docs/assets/"
    html = html.replace("{assets}", assets).replace(
        "{spec_url}", "../openapi.json" if slash else "openapi.json"
    )
    return Response(html, content_type="text/html; charset=utf-8")


@bp.get("/docs/assets/<name>")
def docs_asset(name: str) -> Response:
    """One Swagger UI asset, served from the local package (cacheable)."""
    if name in _OWN_FILES:
        return send_from_directory(_OWN, name, max_age=_ASSET_MAX_AGE)
    if name in _DIST_FILES:
        return send_from_directory(_dist_dir(), name, max_age=_ASSET_MAX_AGE)
    raise NotFound()


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    """The OpenAPI document as YAML (the same text as the committed openapi.yaml)."""
    cache = current_app.extensions.setdefault("arbitru-docs", {})
    if "yaml" not in cache:
        cache["yaml"] = spec.spec_yaml(current_app)
    return cacheable(Response(cache["yaml"], content_type="application/yaml; charset=utf-8"))


def init_app(app: Flask) -> None:
    """Register /docs, its assets and /openapi.yaml (plain Flask routes, not in the spec)."""
    app.register_blueprint(bp)
