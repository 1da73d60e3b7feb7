"""Deployment files (#30): the Kubernetes manifests against the Kubernetes schemas, the compose
file's shape, the balancer's nginx config, the Dockerfile's layer order, workers from the CPU limit."""

from __future__ import annotations

import copy
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from deploy.serve import nginx_binary, render_config

ROOT = Path(__file__).resolve().parents[2]
KUBERNETES = ROOT / "deploy" / "kubernetes"

try:
    import kubernetes_validate
except ImportError:  # pragma: no cover - it is in requirements-test.lock
    kubernetes_validate = None

needs_validator = pytest.mark.skipif(
    kubernetes_validate is None,
    reason="kubernetes-validate is not installed (in requirements-test.lock: scripts/test.sh installs it)",
)


def _manifests() -> dict[str, dict[str, Any]]:
    """Every object in deploy/kubernetes (but kustomization.yaml), by kind."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(KUBERNETES.glob("*.yaml")):
        if path.name == "kustomization.yaml":
            continue
        for doc in yaml.safe_load_all(path.read_text()):
            out[doc["kind"]] = doc
    return out


@needs_validator
def test_the_manifests_validate_against_the_kubernetes_schemas() -> None:
    manifests = _manifests()
    assert set(manifests) == {
        "ConfigMap",
        "Secret",
        "Deployment",
        "Service",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
    }
    version = kubernetes_validate.latest_version()
    for kind, doc in manifests.items():
        # strict: a field the schema does not know (a typo) is an error too.
        assert kubernetes_validate.validate(doc, version, strict=True), kind
    kustomization = yaml.safe_load((KUBERNETES / "kustomization.yaml").read_text())
    assert sorted(kustomization["resources"]) == sorted(
        p.name for p in KUBERNETES.glob("*.yaml") if p.name != "kustomization.yaml"
    )


@needs_validator
@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d["spec"].__setitem__("replicas", "three"),
        lambda d: d["spec"]["template"]["spec"]["containers"][0].__setitem__("livenesProbe", {}),
        lambda d: d["spec"]["template"]["spec"]["containers"][0]["resources"]["limits"].__setitem__(
            "cpu", []
        ),
    ],
)
def test_the_validation_refuses_a_broken_deployment(spoil: Any) -> None:
    broken = copy.deepcopy(_manifests()["Deployment"])
    spoil(broken)
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, kubernetes_validate.latest_version(), strict=True)


def test_the_deployment_probes_limits_and_keys_fit_the_service(client: Any) -> None:
    manifests = _manifests()
    pod = manifests["Deployment"]["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert container["livenessProbe"]["httpGet"]["path"] == "/v1/health"
    assert container["readinessProbe"]["httpGet"]["path"] == "/v1/ready"
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        assert client.get(container[probe]["httpGet"]["path"]).status_code == 200
    assert {"cpu", "memory"} <= set(container["resources"]["limits"])
    assert {"cpu", "memory"} <= set(container["resources"]["requests"])
    assert "TABLE_JUDGE_SEAL_KEYS" in manifests["Secret"]["stringData"]
    assert {"secretRef": {"name": manifests["Secret"]["metadata"]["name"]}} in container["envFrom"]
    # The head store and CORS are named, off (empty) until the operator sets them.
    config = manifests["ConfigMap"]["data"]
    assert config["TABLE_JUDGE_REDIS_URL"] == "" and config["TABLE_JUDGE_CORS_ORIGINS"] == ""
    assert {"configMapRef": {"name": manifests["ConfigMap"]["metadata"]["name"]}} in container["envFrom"]
    # The image's numeric user, which runAsNonRoot needs.
    dockerfile = (ROOT / "Dockerfile").read_text()
    uid = re.search(r"--uid (\d+)", dockerfile).group(1)  # type: ignore[union-attr]
    assert pod["securityContext"]["runAsUser"] == int(uid)
    assert re.search(rf"^USER {uid}:", dockerfile, re.M)
    labels = manifests["Deployment"]["spec"]["selector"]["matchLabels"]
    for kind in ("Service", "PodDisruptionBudget"):
        selector = manifests[kind]["spec"]["selector"]
        assert selector.get("matchLabels", selector) == labels
    assert manifests["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]["name"] == "table-judge"


def test_the_compose_file_runs_replicas_behind_the_balancer() -> None:
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    services = compose["services"]
    assert services["app"]["deploy"]["replicas"] >= 2
    assert services["app"]["deploy"]["resources"]["limits"]["cpus"]
    assert "ports" not in services["app"]  # only the balancer is published
    lb = services["lb"]
    assert lb["command"] == ["python", "-m", "deploy.balancer"]
    assert lb["environment"]["REPLICAS"] == "app:8000"
    assert all(p.startswith("127.0.0.1:") for p in lb["ports"])
    assert lb["depends_on"]["app"]["condition"] == "service_healthy"
    assert services["valkey"]["profiles"] == ["head-store"]
    # The replicas get the head store's URL from the shell (redis://valkey:6379/0 with the profile),
    # and the store never evicts a head (an evicted head lets a rollback through).
    assert services["app"]["environment"]["TABLE_JUDGE_REDIS_URL"] == "${TABLE_JUDGE_REDIS_URL:-}"
    command = services["valkey"]["command"]
    assert command[command.index("--maxmemory-policy") + 1] == "noeviction"


@pytest.mark.skipif(nginx_binary() is None, reason="nginx is not installed")
def test_the_balancers_nginx_config_parses_and_retries_posts() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LISTEN", "HOST", "PORT", "REPLICAS")}
    done = subprocess.run(
        [
            *[sys.executable, "-m", "deploy.balancer", "--check"],
            *["--replica", "127.0.0.1:18001", "--replica", "127.0.0.1:18002", "--replica", "127.0.0.1:18003"],
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_the_balancer_config_retries_posts_on_a_dead_replica(tmp_path: Path) -> None:
    text = render_config(
        tmp_path,
        listen="127.0.0.1:18000",
        upstream="",
        replicas=["127.0.0.1:18001", "127.0.0.1:18002"],
    ).read_text()
    assert "proxy_next_upstream error timeout http_502 http_503 non_idempotent;" in text
    assert text.count("max_fails=1 fail_timeout=5s;") == 2
    assert "proxy_request_buffering on;" in text and "client_header_timeout 10s;" in text


def test_the_dockerfile_installs_the_lock_before_the_code() -> None:
    lines = (ROOT / "Dockerfile").read_text().splitlines()

    def first(pattern: str) -> int:
        return next(i for i, line in enumerate(lines) if re.search(pattern, line))

    assert first(r"pip install --require-hashes -r requirements\.lock") < first(r"^COPY service ")
    assert first(r"^COPY requirements\.lock") < first(r"pip install --require-hashes")
    assert first(r"pip install --no-deps --no-build-isolation \.") > first(r"^COPY service ")


@pytest.mark.parametrize(
    ("files", "cpus"),
    [
        ({"cpu.max": "200000 100000\n"}, 2),
        ({"cpu.max": "150000 100000\n"}, 2),  # 1.5 CPUs: rounded up
        ({"cpu.max": "50000 100000\n"}, 1),
        ({"cpu.max": "max 100000\n"}, None),  # no limit: the affinity mask
        ({"cpu/cpu.cfs_quota_us": "100000\n", "cpu/cpu.cfs_period_us": "100000\n"}, 1),  # cgroup v1
        ({"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, None),
        ({}, None),
    ],
)
def test_workers_follow_the_containers_cpu_limit(
    tmp_path: Path, files: dict[str, str], cpus: int | None
) -> None:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    spec = importlib.util.spec_from_file_location("gunicorn_conf_cpus", ROOT / "gunicorn.conf.py")
    assert spec and spec.loader
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    affinity = len(os.sched_getaffinity(0))
    assert conf.cpus_available(str(tmp_path)) == (min(cpus, affinity) if cpus is not None else affinity)
