"""k8s/batch/: the Indexed Job that runs `arbitru verify` over shards, its claims and the merge Job
render, validate strictly, meet the restricted Pod Security Standard; the pod failure policy tells
"invalid transcripts found" (a success) from a usage error or a crash; and the Jobs' exact shell
lines, run here per index over a sharded synthetic archive and then merged, give the report of a
single run."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from arbitru.cli import main
from bench.archive import make_archive
from tests.ops.ops_live import REPO, kustomize, validate_strict


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kustomize(REPO / "k8s" / "batch", tmp_path_factory.mktemp("k8s-batch") / "rendered.yaml")


@pytest.fixture(scope="module")
def rendered_merge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kustomize(REPO / "k8s" / "batch" / "merge", tmp_path_factory.mktemp("k8s-merge") / "rendered.yaml")


def documents(rendered: Path) -> dict[tuple[str, str], dict[str, Any]]:
    return {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(rendered.read_text()) if d}


@pytest.fixture(scope="module")
def job(rendered: Path) -> dict[str, Any]:
    return documents(rendered)[("Job", "arbitru-verify")]


@pytest.fixture(scope="module")
def merge_job(rendered_merge: Path) -> dict[str, Any]:
    return documents(rendered_merge)[("Job", "arbitru-report")]


def test_the_batch_manifests_pass_kubernetes_validate_strict(rendered: Path, rendered_merge: Path) -> None:
    validate_strict(rendered)
    validate_strict(rendered_merge)


def test_the_job_is_indexed_with_one_shard_per_completion(
    job: dict[str, Any], merge_job: dict[str, Any]
) -> None:
    spec = job["spec"]
    assert spec["completionMode"] == "Indexed" and spec["backoffLimitPerIndex"] >= 1
    assert "backoffLimit" not in spec  # retries are per index: one bad share fails no other
    (container,) = spec["template"]["spec"]["containers"]
    env = {e["name"]: e["value"] for e in container["env"]}
    assert int(env["SHARDS"]) == spec["completions"]
    assert '--shard "$JOB_COMPLETION_INDEX/$SHARDS"' in container["args"][0]
    (merger,) = merge_job["spec"]["template"]["spec"]["containers"]
    assert {e["name"]: e["value"] for e in merger["env"]}["SHARDS"] == env["SHARDS"]


def test_the_pod_failure_policy_tells_invalid_transcripts_from_a_usage_error_or_a_crash(
    job: dict[str, Any],
) -> None:
    rules = job["spec"]["podFailurePolicy"]["rules"]
    by_code = {
        code: rule["action"]
        for rule in rules
        if "onExitCodes" in rule
        for code in rule["onExitCodes"]["values"]
    }
    assert by_code == {2: "FailJob", 3: "FailIndex"}  # 1 never reaches it: the shell makes it 0
    assert {"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget"}]} in rules
    assert job["spec"]["template"]["spec"]["restartPolicy"] == "Never"  # what podFailurePolicy needs


def test_the_claims_are_in_the_kustomization_with_their_access_modes(
    rendered: Path, job: dict[str, Any]
) -> None:
    claims = {name: d for (kind, name), d in documents(rendered).items() if kind == "PersistentVolumeClaim"}
    assert claims["arbitru-transcripts"]["spec"]["accessModes"] == ["ReadOnlyMany"]
    assert claims["arbitru-reports"]["spec"]["accessModes"] == ["ReadWriteMany"]  # N pods write it
    volumes = job["spec"]["template"]["spec"]["volumes"]
    assert {v["persistentVolumeClaim"]["claimName"] for v in volumes if "persistentVolumeClaim" in v} == set(
        claims
    )


def test_the_job_pod_meets_the_restricted_pod_security_standard(
    job: dict[str, Any], merge_job: dict[str, Any]
) -> None:
    for each in (job, merge_job):
        pod = each["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
        (container,) = pod["containers"]
        ctx = container["securityContext"]
        assert ctx["allowPrivilegeEscalation"] is False and ctx["readOnlyRootFilesystem"] is True
        assert ctx["capabilities"]["drop"] == ["ALL"]
        assert {"cpu", "memory"} <= set(container["resources"]["limits"])
    mounts = {m["mountPath"]: m for m in job["spec"]["template"]["spec"]["containers"][0]["volumeMounts"]}
    assert mounts["/transcripts"]["readOnly"] is True


def shell_line(job: dict[str, Any], transcripts: Path, reports: Path) -> str:
    """The container's shell line with this machine's folders and python."""
    (container,) = job["spec"]["template"]["spec"]["containers"]
    line = container["args"][0].replace("/transcripts", shlex.quote(str(transcripts)))
    line = line.replace("/reports", shlex.quote(str(reports)))
    return line.replace("python ", shlex.quote(sys.executable) + " ")


def run_pod(line: str, index: int, shards: int) -> subprocess.CompletedProcess[str]:
    env = {"JOB_COMPLETION_INDEX": str(index), "SHARDS": str(shards), "PATH": "/usr/bin:/bin"}
    env.update({k: v for k, v in os.environ.items() if k in ("PYTHONPATH", "HOME", "LANG")})
    return subprocess.run(
        ["/bin/sh", "-c", line], cwd=REPO, env=env, capture_output=True, text=True, timeout=600
    )


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("transcripts")
    make_archive(root, 30, seed=3)
    shutil.copytree(REPO / "data" / "matches", root / "real")  # and the real ones (3 licence texts skipped)
    return root


def test_the_jobs_commands_over_a_sharded_archive_give_the_report_of_a_single_run(
    job: dict[str, Any], merge_job: dict[str, Any], archive: Path, tmp_path: Path
) -> None:
    """Each index's pod line (invalid transcripts in every share: each pod still succeeds), then
    the merge Job's line: its report.html and summary.json, the dice audit too, are a single run's."""
    shards = int(
        {e["name"]: e["value"] for e in job["spec"]["template"]["spec"]["containers"][0]["env"]}["SHARDS"]
    )
    reports = tmp_path / "reports"
    reports.mkdir()
    for index in range(shards):
        done = run_pod(shell_line(job, archive, reports), index, shards)
        assert done.returncode == 0, done.stderr  # invalid transcripts (exit 1) do not fail the pod
    merged = run_pod(shell_line(merge_job, archive, reports), 0, shards)
    assert merged.returncode == 0, merged.stderr
    single = tmp_path / "single"
    single.mkdir()
    CliRunner().invoke(main, ["verify", "--dice", "--jsonl", "-o", str(single / "all.jsonl"), str(archive)])
    alone = CliRunner().invoke(
        main, ["report", "--json", "-o", str(single / "report.html"), str(single / "all.jsonl")]
    )
    assert json.loads((reports / "summary.json").read_text()) == json.loads(alone.output)
    assert (reports / "report.html").read_bytes() == (single / "report.html").read_bytes()
    summary = json.loads(alone.output)
    assert summary["transcripts"] == 30 + 27 and summary["counts"]["invalid"] >= 9
    assert summary["dice"]["counts"]["files"] == summary["counts"]["valid"] + summary["counts"]["invalid"]


def test_a_usage_error_or_a_missing_shard_fails_the_pod_with_exit_2(
    job: dict[str, Any], merge_job: dict[str, Any], tmp_path: Path
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    done = run_pod(shell_line(job, empty, tmp_path), 0, 2)
    assert done.returncode == 2 and "no transcript found" in done.stderr  # FailJob
    merged = run_pod(shell_line(merge_job, empty, tmp_path), 0, 2)  # shard-1.jsonl was never written
    assert merged.returncode == 2


def test_every_batch_job_has_a_deadline_and_a_bounded_number_of_retries(
    job: dict[str, Any], merge_job: dict[str, Any]
) -> None:
    for spec in (job["spec"], merge_job["spec"]):
        assert 0 < spec["activeDeadlineSeconds"] <= 24 * 3600  # a hung pod never holds nodes for ever
    assert 1 <= job["spec"]["backoffLimitPerIndex"] <= 3 and "backoffLimit" not in job["spec"]
    assert 0 <= merge_job["spec"]["backoffLimit"] <= 2
    assert merge_job["spec"]["activeDeadlineSeconds"] < job["spec"]["activeDeadlineSeconds"]


def _shards_in(rendered: Path) -> list[Any]:
    """Every place a render holds the shard count: an Indexed Job's completions and parallelism, and
    each SHARDS."""
    found: list[Any] = []
    for document in yaml.safe_load_all(rendered.read_text()):
        if document and document["kind"] == "Job":
            spec = document["spec"]
            if spec.get("completionMode") == "Indexed":
                found += [spec["completions"], spec["parallelism"]]
            for container in spec["template"]["spec"]["containers"]:
                found += [int(e["value"]) for e in container["env"] if e["name"] == "SHARDS"]
    return found


def test_the_shard_count_is_written_once_and_reaches_all_four_places(tmp_path: Path) -> None:
    copy = tmp_path / "k8s"
    shutil.copytree(REPO / "k8s", copy)
    component = copy / "batch" / "shards" / "kustomization.yaml"
    text = component.read_text()
    assert text.count("shards=4") == 1
    component.write_text(text.replace("shards=4", "shards=7"))
    verify = kustomize(copy / "batch", tmp_path / "verify.yaml")
    merge = kustomize(copy / "batch" / "merge", tmp_path / "merge.yaml")
    assert _shards_in(verify) == [7, 7, 7] and _shards_in(merge) == [7]
    spec = yaml.safe_load((REPO / "k8s" / "batch" / "job.yaml").read_text())["spec"]
    assert "completions" not in spec and "parallelism" not in spec  # written by the Component only


def test_the_docs_render_and_pin_with_what_kubectl_has() -> None:
    for doc in (
        "README.md",
        "docs/archives.md",
        "k8s/image/kustomization.yaml",
        "k8s/batch/kustomization.yaml",
    ):
        text = (REPO / doc).read_text()
        assert "kustomize edit set" not in text and "kustomize build" not in text, doc
