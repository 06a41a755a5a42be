"""Supply chain: every base image and the deployed image pinned by digest (one pin, k8s/image, for
the web Deployment and the batch Jobs; every image the rendered manifests run carries a digest),
no installer left in the runtime image, gunicorn's control socket off."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ops.ops_live import REPO, get, gunicorn, kustomize
from tests.ops.test_ops_container import parse_dockerfile

DIGEST = re.compile(r"@sha256:[0-9a-f]{64}$")


def test_every_from_names_its_base_by_digest() -> None:
    stages = parse_dockerfile()
    names = {s.name for s in stages if s.name}
    for stage in stages:
        if stage.base in names:  # FROM an earlier stage of this file
            continue
        assert DIGEST.search(stage.base), f"FROM {stage.base} is not pinned by digest"


KUSTOMIZATIONS = ("k8s", "k8s/batch", "k8s/batch/merge")  # the web service, the verify Job, the merge Job


def test_the_kustomize_image_is_pinned_by_digest_never_by_a_tag() -> None:
    component = yaml.safe_load((REPO / "k8s" / "image" / "kustomization.yaml").read_text())
    assert component["kind"] == "Component"
    images = component["images"]
    assert images
    for image in images:
        assert re.fullmatch(r"sha256:[0-9a-f]{64}", image.get("digest", "")), image
        assert "newTag" not in image, image


def test_the_image_pin_is_written_once_for_every_kustomization() -> None:
    for directory in KUSTOMIZATIONS:
        kustomization = yaml.safe_load((REPO / directory / "kustomization.yaml").read_text())
        assert "images" not in kustomization, directory  # no second pin to forget at release
        components = {(REPO / directory / c).resolve() for c in kustomization.get("components", [])}
        assert (REPO / "k8s" / "image").resolve() in components, directory


@pytest.mark.parametrize("directory", KUSTOMIZATIONS)
def test_every_image_in_the_rendered_manifests_is_pinned_by_digest(directory: str, tmp_path: Path) -> None:
    rendered = kustomize(REPO / directory, tmp_path / "rendered.yaml")
    images = [
        container["image"]
        for document in yaml.safe_load_all(rendered.read_text())
        if document
        for container in _containers(document)
    ]
    assert images
    for image in images:
        assert DIGEST.search(image), f"{directory}: {image} is not pinned by digest"


def _containers(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Every container and init container of a workload's pod template (a Deployment's or a Job's)."""
    pod = document.get("spec", {}).get("template", {}).get("spec", {})
    return [*pod.get("initContainers", []), *pod.get("containers", [])]


def test_the_runtime_image_keeps_no_installer() -> None:
    build, final = parse_dockerfile()[0], parse_dockerfile()[-1]
    build_runs = " && ".join(build.args("RUN"))
    # the venv copied into the final stage: pip and setuptools removed once the lock is installed
    assert re.search(r"/opt/venv/bin/pip uninstall --yes pip setuptools$", build_runs)
    final_runs = [shlex.split(part) for run in final.args("RUN") for part in run.split("&&")]
    (uninstall,) = [words for words in final_runs if "uninstall" in words]
    assert {"pip", "setuptools", "wheel"} <= set(uninstall)  # the base image's own


def test_gunicorn_starts_without_a_control_socket(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    with gunicorn(tmp_path, workers=1, extra_env={"HOME": str(home), "XDG_RUNTIME_DIR": ""}) as server:
        assert get(server.url + "/healthz")[0] == 200
        errors = (tmp_path / "gunicorn.err").read_text()
    assert not (home / ".gunicorn").exists()
    assert "control socket" not in errors.lower()


def test_the_config_turns_the_control_socket_off() -> None:
    namespace: dict[str, object] = {}
    exec(compile((REPO / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), namespace)
    assert namespace["control_socket_disable"] is True
