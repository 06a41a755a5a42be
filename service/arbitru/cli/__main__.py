"""`python -m arbitru.cli` (the container has no console script)."""

from arbitru.cli.commands import main

main()
