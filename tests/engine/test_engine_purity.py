"""The layers import only downwards: engine, then formats, then the referee, then the HTTP layer and the
CLI. The rules engine and the formats are a pure library: no web framework comes with them."""

import json
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


WEB = ("flask", "marshmallow", "flask_smorest", "werkzeug")


def _loaded_with(package: str) -> list[str]:
    """The modules a fresh process has loaded after importing every module of `package`."""
    code = (
        f"import json, sys, pkgutil, importlib, {package} as pkg\n"
        "for m in pkgutil.iter_modules(pkg.__path__):\n"
        "    importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    return json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True).stdout)


def test_the_engine_imports_neither_formats_nor_http_nor_the_referee():
    layers = ("arbitru.formats", "arbitru.http", "arbitru.referee")
    assert [m for m in _loaded_with("arbitru.engine") if m.startswith(layers)] == []


def test_the_referee_imports_no_http_layer_nor_web_framework():
    loaded = _loaded_with("arbitru.referee")
    assert [m for m in loaded if m.startswith("arbitru.http") or m.split(".")[0] in WEB] == []


def test_the_formats_import_neither_the_referee_nor_http():
    layers = ("arbitru.referee", "arbitru.http", "arbitru.cli")
    assert [m for m in _loaded_with("arbitru.formats") if m.startswith(layers)] == []
