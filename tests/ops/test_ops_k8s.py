"""k8s/: the kustomization renders, validates strictly, and meets the restricted Pod Security Standard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ops.ops_live import REPO, kustomize, validate_strict


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`kubectl kustomize k8s` (or standalone `kustomize build k8s`) written to a file."""
    return kustomize(REPO / "k8s", tmp_path_factory.mktemp("k8s") / "rendered.yaml")


@pytest.fixture(scope="module")
def objects(rendered: Path) -> dict[str, dict[str, Any]]:
    """Rendered objects by kind."""
    docs = [d for d in yaml.safe_load_all(rendered.read_text()) if d]
    return {d["kind"]: d for d in docs}


def test_kustomization_renders_every_kind(objects: dict[str, dict[str, Any]]) -> None:
    assert set(objects) == {
        "Deployment",
        "Service",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
        "NetworkPolicy",
    }


def test_rendered_manifests_pass_kubernetes_validate_strict(rendered: Path) -> None:
    validate_strict(rendered)


def pod_containers(objects: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The Deployment's containers by name."""
    return {c["name"]: c for c in objects["Deployment"]["spec"]["template"]["spec"]["containers"]}


def env_of(container: dict[str, Any]) -> dict[str, str]:
    return {e["name"]: e.get("value") for e in container.get("env", [])}


def test_deployment_runs_at_least_two_probed_replicas_with_resources(
    objects: dict[str, dict[str, Any]],
) -> None:
    assert objects["Deployment"]["spec"]["replicas"] >= 2
    containers = pod_containers(objects)
    assert set(containers) == {"arbitru", "proxy"}
    for container in containers.values():
        for kind in ("requests", "limits"):
            assert {"cpu", "memory"} <= set(container["resources"][kind])
        assert container["lifecycle"]["preStop"]["exec"]["command"][0] == "sleep"
        assert "livenessProbe" in container


def test_gunicorn_listens_on_loopback_behind_the_proxy_which_the_service_targets(
    objects: dict[str, dict[str, Any]],
) -> None:
    app, proxy = pod_containers(objects)["arbitru"], pod_containers(objects)["proxy"]
    assert env_of(app)["HOST"] == "127.0.0.1"
    assert env_of(proxy)["PORT"] == env_of(app)["PORT"]  # the proxy's upstream is gunicorn's port
    assert proxy["command"][:4] == ["python", "-m", "arbitru.http.edge", "deploy/nginx/nginx.conf"]
    (http,) = [p for p in proxy["ports"] if p["name"] == "http"]
    assert http["containerPort"] == int(env_of(proxy)["PROXY_PORT"])
    assert "http" not in {p["name"] for p in app.get("ports", [])}
    assert [p["targetPort"] for p in objects["Service"]["spec"]["ports"]] == ["http"]
    public = objects["NetworkPolicy"]["spec"]["ingress"][0]["ports"]
    assert public == [{"port": http["containerPort"], "protocol": "TCP"}]  # the proxy's port only
    assert int(env_of(app)["PORT"]) != http["containerPort"]


def test_readiness_goes_through_the_proxy_and_liveness_never_depends_on_client_traffic(
    objects: dict[str, dict[str, Any]],
) -> None:
    app, proxy = pod_containers(objects)["arbitru"], pod_containers(objects)["proxy"]
    assert proxy["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert proxy["startupProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert proxy["livenessProbe"]["tcpSocket"]["port"] == "http"  # nginx's event loop accepts
    # gunicorn's: a TCP connect to its own port from inside the container (the kernel's backlog)
    probe = " ".join(app["livenessProbe"]["exec"]["command"])
    assert "socket.create_connection(('127.0.0.1', int(os.environ['PORT']))" in probe
    assert "readinessProbe" not in app and "httpGet" not in str(app["livenessProbe"])


def test_the_proxy_writes_only_to_its_own_emptydir(objects: dict[str, dict[str, Any]]) -> None:
    pod = objects["Deployment"]["spec"]["template"]["spec"]
    proxy = pod_containers(objects)["proxy"]
    empty_dirs = {v["name"] for v in pod["volumes"] if "emptyDir" in v}
    mounts = {m["mountPath"]: m["name"] for m in proxy["volumeMounts"]}
    run_dir = env_of(proxy)["PROXY_RUN_DIR"]
    (mount,) = [path for path in mounts if run_dir.startswith(path.rstrip("/") + "/")]
    assert mounts[mount] in empty_dirs
    assert mounts[mount] not in {m["name"] for m in pod_containers(objects)["arbitru"]["volumeMounts"]}


def test_pod_meets_the_restricted_pod_security_standard(objects: dict[str, dict[str, Any]]) -> None:
    pod = objects["Deployment"]["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    for container in pod["containers"]:
        ctx = container["securityContext"]
        assert ctx["allowPrivilegeEscalation"] is False
        assert ctx["readOnlyRootFilesystem"] is True
        assert ctx["capabilities"]["drop"] == ["ALL"] and not ctx["capabilities"].get("add")
    assert not any(v.get("hostPath") for v in pod.get("volumes", []))


def test_writable_paths_are_emptydirs_and_metrics_dir_is_one(objects: dict[str, dict[str, Any]]) -> None:
    pod = objects["Deployment"]["spec"]["template"]["spec"]
    container = pod_containers(objects)["arbitru"]
    empty_dirs = {v["name"] for v in pod["volumes"] if "emptyDir" in v}
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert mounts["/tmp"] in empty_dirs
    assert mounts[env["PROMETHEUS_MULTIPROC_DIR"]] in empty_dirs


def test_grace_period_covers_prestop_and_gunicorn_graceful_timeout(
    objects: dict[str, dict[str, Any]],
) -> None:
    pod = objects["Deployment"]["spec"]["template"]["spec"]
    containers = pod_containers(objects).items()
    sleeps = {name: int(c["lifecycle"]["preStop"]["exec"]["command"][1]) for name, c in containers}
    namespace: dict[str, Any] = {}
    exec(compile((REPO / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), namespace)
    assert pod["terminationGracePeriodSeconds"] > sleeps["arbitru"] + namespace["graceful_timeout"]
    assert sleeps["arbitru"] < sleeps["proxy"] < pod["terminationGracePeriodSeconds"]


def test_service_hpa_pdb_and_networkpolicy_target_the_pods(objects: dict[str, dict[str, Any]]) -> None:
    labels = objects["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert objects["Service"]["spec"]["selector"].items() <= labels.items()
    assert objects["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    hpa = objects["HorizontalPodAutoscaler"]["spec"]
    assert hpa["scaleTargetRef"]["name"] == objects["Deployment"]["metadata"]["name"]
    assert hpa["minReplicas"] >= 2
    assert [m["resource"]["name"] for m in hpa["metrics"]] == ["cpu"]
    policy = objects["NetworkPolicy"]["spec"]
    assert policy["podSelector"]["matchLabels"].items() <= labels.items()
    public, monitoring = policy["ingress"]
    assert public == {"ports": [{"port": 8080, "protocol": "TCP"}]}
    assert monitoring["ports"] == [{"port": 9100, "protocol": "TCP"}]
    assert monitoring["from"] == [
        {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}
    ]


def test_metrics_port_is_set_in_the_pod_and_not_exposed_by_the_service(
    objects: dict[str, dict[str, Any]],
) -> None:
    pod = objects["Deployment"]["spec"]["template"]
    container = pod_containers(objects)["arbitru"]
    env = env_of(container)
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert (
        int(env["METRICS_PORT"])
        == ports["metrics"]
        == int(pod["metadata"]["annotations"]["prometheus.io/port"])
    )
    assert "HEALTH_PORT" not in env
    assert env["METRICS_HOST"] == "0.0.0.0"  # Prometheus dials the pod's address; gunicorn is on loopback
    assert [p["targetPort"] for p in objects["Service"]["spec"]["ports"]] == ["http"]
