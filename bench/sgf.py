#!/usr/bin/env python
"""Figures for the SGF reader's bounds (prints, asserts nothing).

    python bench/sgf.py [--kib 128,520]

For each size: an SGF whose one move carries a play as written (`XP`) of that many KiB, read by
`read_sgf` in-process (CPU ms) and by `arbitru verify FILE` in a child process (its CPU seconds,
start-up included; the CLI reads files up to 512 KiB). `ARBITRU_SGF_SOURCE=<other checkout>/service`
measures another checkout's code (a before/after without a second virtualenv).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = os.environ.get("ARBITRU_SGF_SOURCE", str(ROOT / "service"))
sys.path[:0] = [SOURCE]

from arbitru.formats.sgf_reader import SgfFormatError, read_sgf  # noqa: E402


def sgf_text(chars: int) -> str:
    play = "8/5 " * (chars // 4)
    return f"(;FF[4]GM[6]MI[length:7][game:0][ws:0][bs:0]PW[a]PB[b]\n;W[31]XP[{play}])\n"


def in_process(text: str) -> tuple[float, str]:
    start = time.process_time()
    try:
        read_sgf(text)
        said = "read"
    except SgfFormatError as refused:
        said = f"refused: {refused.message[:60]}"
    return (time.process_time() - start) * 1e3, said


def cli(text: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.sgf"
        path.write_text(text)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        env = {**os.environ, "PYTHONPATH": SOURCE}
        command = [sys.executable, "-m", "arbitru.cli", "verify", str(path)]
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kib", default="128,520")
    args = parser.parse_args()
    print(f"code: {SOURCE}")
    for kib in (int(size) for size in args.kib.split(",")):
        text = sgf_text(kib * 1000)
        ms, said = in_process(text)
        print(f"XP of {kib:4} KB: read_sgf {ms:9.1f} ms ({said}); arbitru verify {cli(text):6.2f} s of CPU")


if __name__ == "__main__":
    main()
