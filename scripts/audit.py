"""`make test`'s vulnerability audit of requirements.lock (the image's packages) with pip-audit.

Where the advisories come from: with `AUDIT_OSV_URL` set, an OSV API at that address (api.osv.dev's
`/v1/query`, or a mirror the project runs over a vendored copy of the PyPA advisory database);
otherwise PyPI's JSON API (pip-audit's default service).

It is never silent:
- a known vulnerability in a locked package fails (exit 1), naming the package, the advisory and
  the versions that fix it; an advisory judged not to apply is listed in `scripts/audit-ignore.txt`
  with the reason, and only then ignored;
- when no database answers (no network, or an index that serves packages but no vulnerability
  data, as on the machines here), it prints a NOTICE block saying the lock was NOT audited and why,
  then exits 0, under CI=true too: CI here reaches only package indexes, and failing every run for
  the lack of a database would only teach people to ignore it. Set `AUDIT_REQUIRED=1` where a
  database is reachable (a release job) and an unaudited lock fails instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOCK = REPO / "requirements.lock"
IGNORE = REPO / "scripts" / "audit-ignore.txt"


def pip_audit() -> str:
    """pip-audit beside this Python (the dev extra's), else on PATH."""
    beside = Path(sys.executable).parent / "pip-audit"
    return str(beside) if beside.exists() else (shutil.which("pip-audit") or "pip-audit")


def ignored() -> list[str]:
    """Advisory ids listed in scripts/audit-ignore.txt (`ID  # why`), if any."""
    if not IGNORE.exists():
        return []
    ids = (line.split("#", 1)[0].strip() for line in IGNORE.read_text().splitlines())
    return [i for i in ids if i]


def notice(why: str) -> int:
    """Say loudly that the lock was not audited; the exit status (1 only when AUDIT_REQUIRED=1)."""
    required = os.environ.get("AUDIT_REQUIRED", "") == "1"
    bar = "=" * 78
    print(
        f"{bar}\nNOTICE: requirements.lock was NOT audited for known vulnerabilities.\n{why}\n"
        "Audit where a database is reachable (AUDIT_OSV_URL=<OSV API>, or PyPI's JSON API);\n"
        f"AUDIT_REQUIRED=1 makes this a failure{' (it is set: failing)' if required else ''}.\n{bar}",
        file=sys.stderr,
    )
    return 1 if required else 0


def main() -> int:
    command = [
        pip_audit(),
        "--requirement",
        str(LOCK),
        "--no-deps",
        "--disable-pip",
        "--progress-spinner",
        "off",
        "--format",
        "json",
        "--timeout",
        "15",
    ]
    service = "PyPI's JSON API"
    if osv := os.environ.get("AUDIT_OSV_URL"):
        command += ["--vulnerability-service", "osv", "--osv-url", osv]
        service = f"the OSV API at {osv}"
    for advisory in ignored():
        command += ["--ignore-vuln", advisory]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as error:
        return notice(f"pip-audit could not run: {error}")
    try:
        report = json.loads(result.stdout)
        dependencies = report["dependencies"]
    except (ValueError, KeyError, TypeError):
        tail = (result.stderr.strip().splitlines() or ["(no output)"])[-1]
        return notice(f"{service} did not answer: {tail}")
    vulnerable = [d for d in dependencies if d.get("vulns")]
    for dep in vulnerable:
        for vuln in dep["vulns"]:
            fixes = ", ".join(vuln.get("fix_versions", [])) or "no fixed version yet"
            ids = " / ".join([vuln["id"], *vuln.get("aliases", [])])
            print(f"VULNERABLE: {dep['name']} {dep['version']}: {ids} (fixed in: {fixes})", file=sys.stderr)
    if vulnerable:
        count = len(vulnerable)
        print(f"audit: {count} locked package(s) with known vulnerabilities ({service})", file=sys.stderr)
        return 1
    skipped = [d for d in dependencies if d.get("skip_reason")]
    if skipped:
        return notice(
            f"{len(skipped)} of {len(dependencies)} locked packages could not be audited against "
            f"{service}; e.g. {skipped[0]['name']}: {skipped[0]['skip_reason']}"
        )
    print(f"audit: {len(dependencies)} locked packages, no known vulnerability ({service})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
