"""`arbitru`: the rules engine on the command line, no server.

    arbitru verify FILE_OR_FOLDER... [--jsonl|--json] [-o OUT] [--lang ro] [--report report.html]
                   [--jobs N] [--shard I/N] [--suffixes .mat,.txt,.json,.sgf]
    arbitru report SHARD... [-o report.html] [--json|--jsonl] [--lang ro]
    arbitru convert FILE --to record|mat|sgf [-o OUT]
    arbitru moves --gnubg-id POSITIONID:MATCHID --dice 31 [--json]

`verify` referees every transcript (.mat/.txt, or a JSON game record; a folder stands for the
files in it, recursively) and exits 0 when all are valid, 1 when any is invalid or unreadable, 2 on
a usage error or when no transcript is found. `--shard I/N` keeps the I-th of N shares of the sorted
file list (a Kubernetes Indexed Job runs one share per pod: see k8s/batch/ and docs/archives.md);
`report` merges the shares (any form `verify` or `report` writes) into the summary and report of
one run.

Modules: `walk` (which files, read safely), `verdicts` (one file's row), `parallel` (the worker
processes), `summary` (entries, totals, shards merged, the table), `report` (the HTML pages),
`commands` (the click commands).
"""

from arbitru.cli.commands import main

__all__ = ["main"]
