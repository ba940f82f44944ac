#!/usr/bin/env bash
# Static checks of the deploy artefacts; no Docker engine or cluster needed. Run from anywhere.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ -d .venv/bin ]]; then
    PATH="$PWD/.venv/bin:$PATH"
fi
export PATH

failed=0
check() {
    local name=$1 out
    shift
    if out=$("$@" 2>&1); then
        printf 'ok    %s\n' "$name"
    else
        printf 'FAIL  %s\n' "$name"
        printf '%s\n' "$out" | sed 's/^/      /'
        failed=1
    fi
}

kustomization_files() {
    python - <<'EOF'
import sys
from pathlib import Path

import yaml

k8s = Path("deploy/k8s")
listed = yaml.safe_load((k8s / "kustomization.yaml").read_text())["resources"]
present = {p.name for p in k8s.glob("*.yaml")} - {"kustomization.yaml", "secret.example.yaml"}
errors = [f"listed but missing: {name}" for name in listed if not (k8s / name).is_file()]
errors += [f"present but not listed: {name}" for name in sorted(present - set(listed))]
print("\n".join(errors))
sys.exit(1 if errors else 0)
EOF
}

# Builds the wheel from the files the Dockerfile copies and boots the app from it, outside the source tree:
# catches package data (openapi.yaml, ...) that the image would lack, and proves the compiled engine loads.
wheel_boots() {
    local root=$PWD tmp rc=0
    tmp=$(mktemp -d)
    cp -R pyproject.toml setup.py README.md openapi.yaml service "$tmp/" \
        && find "$tmp/service" \( -name '*.so' -o -name compiled_sources.txt -o -name __pycache__ \) -prune \
            -exec rm -rf {} + \
        && mkdir "$tmp/run" \
        && (cd "$tmp" && pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist . >build.log 2>&1 \
            || { cat build.log; false; }) \
        && pip install --quiet --no-deps --no-index --target "$tmp/site" "$tmp"/dist/*.whl \
        && compgen -G "$tmp/site/service/engine/*.so" >/dev/null \
        && (cd "$tmp/run" && PYTHONPATH="$tmp/site" gunicorn --check-config \
            --config "$root/deploy/gunicorn.conf.py" 'service.app:create_app()') \
        || rc=$?
    rm -rf "$tmp"
    return "$rc"
}

check "hadolint Dockerfile" hadolint --no-color Dockerfile
for f in deploy/k8s/*.yaml; do
    [[ $(basename "$f") == kustomization.yaml ]] && continue
    check "kubernetes-validate --strict $f" kubernetes-validate --strict --quiet "$f"
done
check "kustomization lists every manifest" kustomization_files
check "compose spec deploy/compose.yaml" \
    check-jsonschema --builtin-schema vendor.compose-spec deploy/compose.yaml
check "yamllint deploy/" \
    yamllint --strict -d '{extends: default, rules: {line-length: {max: 120}, document-start: disable}}' deploy/
check "constraints.txt matches installed runtime deps" python deploy/constraints.py
check "gunicorn --check-config" \
    gunicorn --check-config --config deploy/gunicorn.conf.py 'service.app:create_app()'
check "wheel boots outside the source tree" wheel_boots

if ((failed)); then
    echo "deploy checks failed" >&2
    exit 1
fi
echo "deploy checks passed"
