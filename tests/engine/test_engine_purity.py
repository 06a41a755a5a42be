"""The rules engine and the formats are a pure library: no web framework comes with them."""

import subprocess
import sys


def test_engine_and_formats_import_no_flask_nor_marshmallow():
    code = (
        "import sys, pkgutil, importlib, arbitru.engine, arbitru.formats\n"
        "for pkg in (arbitru.engine, arbitru.formats):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "web = ('flask', 'marshmallow', 'flask_smorest', 'werkzeug')\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in web]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _imported_by(packages: str) -> str:
    """Python code that imports every module of `packages` (comma-separated) in a fresh process."""
    return (
        f"import sys, pkgutil, importlib\nimport {packages}\n"
        f"for pkg in ({packages},):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
    )


def test_the_engine_imports_neither_formats_nor_http_nor_the_referee():
    code = _imported_by("arbitru.engine") + (
        "layers = ('arbitru.formats', 'arbitru.http', 'arbitru.referee')\n"
        "bad = [m for m in sys.modules if m.startswith(layers)]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_referee_imports_no_http_layer_nor_web_framework():
    code = _imported_by("arbitru.referee") + (
        "web = ('flask', 'marshmallow', 'flask_smorest', 'werkzeug')\n"
        "bad = [m for m in sys.modules if m.startswith('arbitru.http') or m.split('.')[0] in web]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
