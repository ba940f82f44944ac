"""What must outlive a restart (the seed key, the embedded session store) has a writable home in every layout.

The image runs as a user without a home on a read-only root: its ``XDG_STATE_HOME`` is a directory it creates,
and Compose and Kubernetes mount a volume there. Where no such place can be written, the service still starts,
on a private temporary directory, and says so in its log.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
STATE = "/var/lib/cardrules"


def test_the_image_keeps_its_state_in_a_directory_it_creates_for_its_user() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    runtime = dockerfile[dockerfile.index("AS runtime") :]
    assert f"XDG_STATE_HOME={STATE}" in runtime
    assert f"--owner 10001 --group 10001 --mode 0700 {STATE}" in runtime
    assert f'VOLUME ["{STATE}"]' in runtime


def test_compose_and_kubernetes_mount_a_writable_volume_there() -> None:
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    app = compose["services"]["app"]
    assert app["read_only"] is True
    assert any(volume.split(":")[1] == STATE for volume in app["volumes"])
    assert compose["volumes"] == {"app-state": None}
    deployment = yaml.safe_load((ROOT / "deploy" / "k8s" / "deployment.yaml").read_text())
    pod = deployment["spec"]["template"]["spec"]
    container = next(c for c in pod["containers"] if c["name"] == "cardrules")
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    mounted = {mount["mountPath"]: mount["name"] for mount in container["volumeMounts"]}
    assert STATE in mounted
    assert "emptyDir" in next(volume for volume in pod["volumes"] if volume["name"] == mounted[STATE])


def test_the_service_starts_where_its_state_directory_cannot_be_made(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key not in ("SESSION_DB", "SEED_KEY_FILE", "SEED_KEY")}
    env.update(XDG_STATE_HOME="/dev/null/state", TMPDIR=str(tmp_path), CARDRULES_PURE_PYTHON="1")
    script = (
        "from service.app import create_app\n"
        "app = create_app()\n"
        "client = app.test_client()\n"
        "dealt = client.post('/v1/games/scopa/deal', json={'players': 2, 'seed': 'server'})\n"
        "created = client.post('/v1/sessions', json={'game': 'scopa', 'state': dealt.get_json()['state']})\n"
        "print(dealt.status_code, created.status_code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["200", "201"]
    private = tmp_path / f"cardrules-{os.getuid()}"
    assert (private / "seed.key").exists() and (private / "sessions.sqlite3").exists()
    assert "seed key: cannot use /dev/null/state/cardrules/seed.key" in done.stderr
    assert "session store: cannot use /dev/null/state/cardrules/sessions.sqlite3" in done.stderr
