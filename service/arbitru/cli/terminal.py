"""Text from outside (a file's name, what a file holds) as the terminal is given it.

A file name may hold any character but `/` and NUL: an escape sequence (ESC, the C1 CSI) that
recolours or rewrites the terminal, a carriage return or newline that overprints a row of the
table, a right-to-left override (U+202E) or isolate that shows `gpj.exe` as `exe.jpg`, bytes that
are not UTF-8 (read as lone surrogates, which cannot even be written). `shown` escapes each such
character as Python's `repr` does (`\\x1b`, `\\u202e`, `\\udcff`), leaving every printable
character as it is; the CLI prints every path and every text a file brought through it. JSON
output is never passed through it: there a name stays exact, escaped as JSON escapes.
"""

from __future__ import annotations


def shown(text: str) -> str:
    """`text` with every character that is not printable escaped as `repr` escapes it: C0 and C1
    controls and DEL, format characters (the bidirectional marks, embeddings, overrides and
    isolates U+200E/F, U+202A-E, U+2066-9 among them), line and paragraph separators, spaces other
    than the space, unassigned and private-use code points, lone surrogates."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
