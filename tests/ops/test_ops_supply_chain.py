"""Supply chain: every base image and the deployed image pinned by digest, no installer left in
the runtime image, gunicorn's control socket off."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml

from tests.ops.ops_live import REPO, get, gunicorn
from tests.ops.test_ops_container import parse_dockerfile

DIGEST = re.compile(r"@sha256:[0-9a-f]{64}$")


def test_every_from_names_its_base_by_digest() -> None:
    stages = parse_dockerfile()
    names = {s.name for s in stages if s.name}
    for stage in stages:
        if stage.base in names:  # FROM an earlier stage of this file
            continue
        assert DIGEST.search(stage.base), f"FROM {stage.base} is not pinned by digest"


def test_the_kustomize_image_is_pinned_by_digest_never_by_a_tag() -> None:
    kustomization = yaml.safe_load((REPO / "k8s" / "kustomization.yaml").read_text())
    images = kustomization["images"]
    assert images
    for image in images:
        assert re.fullmatch(r"sha256:[0-9a-f]{64}", image.get("digest", "")), image
        assert "newTag" not in image, image


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
