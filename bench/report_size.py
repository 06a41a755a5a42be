"""The size of the HTML report (`arbitru verify --report`, `arbitru report -o`) of a large archive.

    python bench/report_size.py SHARD.jsonl... [--times 50] [--out build/report-size/report.html]

Reads the verdicts of an archive (the JSON Lines of `verify --jsonl`, e.g. bench/archive.py's over
2,000 matches), repeats them `--times` times under distinct top folders (the same mix of valid and
invalid matches: `--times 50` over 2,000 stands for 100,000 without refereeing them), writes the
report and prints its pages' sizes, the table's bytes per match and the CPU time the writing took.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from arbitru.cli.report import write_report
from arbitru.cli.summary import read_shards, summarise

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("shards", nargs="+", type=Path)
    parser.add_argument("--times", type=int, default=1)
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "report-size" / "report.html")
    args = parser.parse_args()
    entries = list(read_shards(args.shards))
    many = entries
    if args.times > 1:  # a 9-byte prefix a file (0.9 MB in a 100,000-match table)
        many = [{**e, "file": f"copy{c:04d}/{e['file']}"} for c in range(args.times) for e in entries]
    summary = summarise(many)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for old in args.out.parent.glob(f"{args.out.stem}*{args.out.suffix}"):
        old.unlink()
    started = time.process_time()
    write_report(args.out, summary, "en")
    cpu = time.process_time() - started
    pages = sorted(args.out.parent.glob(f"{args.out.stem}*{args.out.suffix}"))
    main_page = args.out.read_text(encoding="utf-8")
    table = main_page[main_page.index("<table") : main_page.index("</table>")].encode()
    matches = len(summary["matches"])
    print(f"{matches} matches ({summary['counts']}), written in {cpu:.1f} s CPU")
    size = args.out.stat().st_size
    print(f"{args.out.name}: {size:,} B; table {len(table):,} B, {len(table) / matches:.0f} B a match")
    others = [p.stat().st_size for p in pages if p != args.out]
    if others:
        print(f"{len(others)} more pages, largest {max(others):,} B")
    print(f"in all: {sum(p.stat().st_size for p in pages):,} B")


if __name__ == "__main__":
    main()
