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
