"""k8s/batch/: the Indexed Job that runs `arbitru verify` over shards renders, validates strictly,
meets the restricted Pod Security Standard, and its command really shards (run here on the real
transcripts, one share per index, as the pods would)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ops.ops_live import REPO, kustomize, validate_strict


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kustomize(REPO / "k8s" / "batch", tmp_path_factory.mktemp("k8s-batch") / "rendered.yaml")


@pytest.fixture(scope="module")
def job(rendered: Path) -> dict[str, Any]:
    (found,) = [d for d in yaml.safe_load_all(rendered.read_text()) if d]
    assert found["kind"] == "Job"
    return found


def test_the_batch_manifests_pass_kubernetes_validate_strict(rendered: Path) -> None:
    validate_strict(rendered)


def test_the_job_is_indexed_with_one_shard_per_completion(job: dict[str, Any]) -> None:
    spec = job["spec"]
    assert spec["completionMode"] == "Indexed"
    (container,) = spec["template"]["spec"]["containers"]
    env = {e["name"]: e["value"] for e in container["env"]}
    assert int(env["SHARDS"]) == spec["completions"]
    assert '--shard "$JOB_COMPLETION_INDEX/$SHARDS"' in container["args"][0]


def test_the_job_pod_meets_the_restricted_pod_security_standard(job: dict[str, Any]) -> None:
    pod = job["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    (container,) = pod["containers"]
    ctx = container["securityContext"]
    assert ctx["allowPrivilegeEscalation"] is False and ctx["readOnlyRootFilesystem"] is True
    assert ctx["capabilities"]["drop"] == ["ALL"]
    assert {"cpu", "memory"} <= set(container["resources"]["limits"])
    mounts = {m["mountPath"]: m for m in container["volumeMounts"]}
    assert mounts["/transcripts"]["readOnly"] is True


def test_the_job_command_run_per_index_covers_every_transcript_once(
    job: dict[str, Any], tmp_path: Path
) -> None:
    """The container's shell line, run here with the repository's transcripts and a local python."""
    (container,) = job["spec"]["template"]["spec"]["containers"]
    shards = int({e["name"]: e["value"] for e in container["env"]}["SHARDS"])
    line = container["args"][0].replace("/transcripts", shlex.quote(str(REPO / "data" / "matches")))
    line = line.replace("/reports", shlex.quote(str(tmp_path))).replace(
        "python ", shlex.quote(sys.executable) + " "
    )
    for index in range(shards):
        env = {"JOB_COMPLETION_INDEX": str(index), "SHARDS": str(shards), "PATH": "/usr/bin:/bin"}
        done = subprocess.run(
            ["/bin/sh", "-c", line], cwd=REPO, env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr  # invalid transcripts (exit 1) do not fail the pod
    files = [v["file"] for i in range(shards) for v in json.loads((tmp_path / f"shard-{i}.json").read_text())]
    assert len(files) == len(set(files)) == 27
    assert all((tmp_path / f"shard-{i}.html").exists() for i in range(shards))
