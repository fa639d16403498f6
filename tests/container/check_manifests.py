#!/usr/bin/env python3
"""Checks deploy/ against the server and the Dockerfile, then against the
Kubernetes API schemas.

Static checks (python3-yaml only):
  - every YAML file under deploy/ parses and holds at least one document;
  - kustomization.yaml lists exactly the Kubernetes manifests of deploy/;
  - the Deployment's probes run `manaflow healthcheck` on /healthz (liveness,
    the Dockerfile's HEALTHCHECK) and /readyz (readiness),
    the paths the server source serves, on the container port the Dockerfile
    EXPOSEs; the Service, HPA and PDB select/target that Deployment;
  - CPU and memory requests and limits are set, requests <= limits;
  - terminationGracePeriodSeconds > preStop sleep + MANAFLOW_DRAIN_SECONDS;
  - the security context: runAsNonRoot with the Dockerfile's numeric USER,
    readOnlyRootFilesystem, no privilege escalation, capabilities drop ALL,
    seccomp RuntimeDefault;
  - docker-compose.yml builds this Dockerfile, publishes the port, keeps the
    health check, the user and a stop grace period longer than the drain.
Schema checks: docker-compose.yml by Debian's docker-compose (`config -q`,
the Compose specification's JSON schema, installed with apt-get when missing
and running as root); each Kubernetes object by the kubernetes-models
npm package (generated from the Kubernetes OpenAPI spec, runs offline once
installed), pinned in tests/container/k8s-schema/package-lock.json and
installed with `npm ci` into a cache directory (MANAFLOW_K8S_SCHEMA_CACHE,
default /var/tmp/manaflow-k8s-schema). It does not reject unknown fields;
the static checks above require every field this project relies on.

Usage: tests/container/check_manifests.py [--no-schema]
Exit 0 iff every check passed; the last line reads "manifests: N passed, N failed".
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    # Debian's python3-yaml serves /usr/bin/python3, which may not be the
    # python3 first on PATH (pyenv): retry with it once.
    if os.path.exists("/usr/bin/python3") and sys.executable != "/usr/bin/python3" \
            and not os.environ.get("MANAFLOW_PY_REEXEC"):
        os.environ["MANAFLOW_PY_REEXEC"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    sys.exit("check_manifests.py: needs PyYAML (Debian: apt-get install python3-yaml)")

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEPLOY = os.path.join(REPO, "deploy")
SCHEMA_PKG = os.path.join(HERE, "k8s-schema")
DEFAULT_DRAIN_SECONDS = 10  # the server's own, without MANAFLOW_DRAIN_SECONDS

passed = 0
failed = 0


def check(cond, what, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print("PASS: " + what)
    else:
        failed += 1
        print("FAIL: " + what + (" -- " + detail if detail else ""))
    return cond


def dig(obj, *path, default=None):
    for key in path:
        if isinstance(obj, dict) and key in obj:
            obj = obj[key]
        elif isinstance(obj, list) and isinstance(key, int) and key < len(obj):
            obj = obj[key]
        else:
            return default
    return obj


def quantity(value):
    """A Kubernetes resource quantity as a float (cores or bytes)."""
    text = str(value)
    suffixes = {"m": 1e-3, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12,
                "Ki": 2.0**10, "Mi": 2.0**20, "Gi": 2.0**30, "Ti": 2.0**40}
    match = re.fullmatch(r"([0-9.]+)([a-zA-Z]*)", text)
    if not match or (match.group(2) and match.group(2) not in suffixes):
        raise ValueError("bad quantity %r" % text)
    return float(match.group(1)) * suffixes.get(match.group(2), 1.0)


def dockerfile_facts():
    """USER uid, EXPOSEd ports and HEALTHCHECK of the final stage."""
    with open(os.path.join(REPO, "Dockerfile")) as f:
        text = f.read().replace("\\\n", " ")
    stages = re.split(r"(?im)^FROM\s", text)
    final = stages[-1]
    user = re.findall(r"(?im)^USER\s+(\S+)", final)
    expose = re.findall(r"(?im)^EXPOSE\s+(.+)$", final)
    health = re.findall(r"(?im)^HEALTHCHECK\s+(.+)$", final)
    ports = set()
    for line in expose:
        for item in line.split():
            ports.add(int(item.split("/")[0]))
    uid = user[-1].split(":")[0] if user else None
    return {
        "uid": int(uid) if uid and uid.isdigit() else None,
        "ports": ports,
        "healthcheck": health[-1] if health else "",
    }


def server_routes():
    """Every literal "/..." path string in the server and CLI sources."""
    routes = set()
    for sub in ("src/http", "src/cli"):
        top = os.path.join(REPO, sub)
        for root, _dirs, files in os.walk(top):
            for name in files:
                if name.endswith((".c", ".h")):
                    with open(os.path.join(root, name), errors="replace") as f:
                        routes.update(re.findall(r'"(/[a-z0-9/_.-]*)"', f.read()))
    return routes


def load_all():
    docs = {}
    for root, _dirs, files in os.walk(DEPLOY):
        for name in sorted(files):
            if not name.endswith((".yaml", ".yml")):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, REPO)
            try:
                with open(path) as f:
                    loaded = [d for d in yaml.safe_load_all(f) if d is not None]
                check(len(loaded) > 0, "%s parses as YAML" % rel, "no document")
                docs[os.path.relpath(path, DEPLOY)] = loaded
            except yaml.YAMLError as e:
                check(False, "%s parses as YAML" % rel, str(e).replace("\n", " "))
    return docs


def by_kind(docs, kind):
    return [(f, d) for f, ds in docs.items() for d in ds
            if isinstance(d, dict) and d.get("kind") == kind]


def resolve_port(container, port):
    """A probe/targetPort (number or name) as the container's port number."""
    for p in container.get("ports") or []:
        if port == p.get("name") or port == p.get("containerPort"):
            return p.get("containerPort")
    return None


def env_value(container, name, default=None):
    for e in container.get("env") or []:
        if e.get("name") == name and "value" in e:
            return e["value"]
    return default


def check_deployment(dep, facts, routes):
    name = dig(dep, "metadata", "name")
    spec = dig(dep, "spec", "template", "spec", default={})
    pod_labels = dig(dep, "spec", "template", "metadata", "labels", default={})
    selector = dig(dep, "spec", "selector", "matchLabels", default={})
    check(dep.get("apiVersion") == "apps/v1", "Deployment is apps/v1")
    check(selector and all(pod_labels.get(k) == v for k, v in selector.items()),
          "Deployment selector matches its pod labels")
    containers = spec.get("containers") or []
    main = next((c for c in containers if c.get("name") == "manaflow"), None)
    if not check(main is not None, "Deployment has a container named manaflow"):
        return name, pod_labels, None

    # Ports and probes against the Dockerfile and the server source.
    port = resolve_port(main, "http")
    check(port in facts["ports"], "container port 'http' is %s, EXPOSEd by the Dockerfile" % port,
          "Dockerfile EXPOSEs %s" % sorted(facts["ports"]))
    check(port == 8080, "container port is the server's default 8080")
    # Probes run the image's client (podman keeps only an exec liveness
    # probe, as the container's health check); liveness is the Dockerfile's
    # HEALTHCHECK, readiness asks /readyz on the container's port.
    health_cmd = re.findall(r'"([^"]*)"', facts["healthcheck"])
    for probe, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz"),
                        ("startupProbe", "/healthz")):
        cmd = dig(main, probe, "exec", "command")
        check(dig(main, probe, "httpGet") is None and isinstance(cmd, list) and cmd[:2] ==
              ["manaflow", "healthcheck"], "%s runs manaflow healthcheck" % probe, repr(cmd))
        if not isinstance(cmd, list):
            continue
        url = cmd[cmd.index("--url") + 1] if "--url" in cmd[:-1] else "http://127.0.0.1:8080/healthz"
        check(url == "http://127.0.0.1:%s%s" % (port, path), "%s asks %s on port %s" % (probe, path, port),
              url)
        timeout = dig(main, probe, "timeoutSeconds", default=1)
        check(isinstance(timeout, int) and timeout > 3,
              "%s timeoutSeconds %s outlasts the client's own 3 s" % (probe, timeout))
    live = dig(main, "livenessProbe", "exec", "command")
    check(live == health_cmd, "livenessProbe is the Dockerfile's HEALTHCHECK %s" % health_cmd, repr(live))
    for path in ("/healthz", "/readyz"):
        check(path in routes, "server source (src/http, src/cli) serves %s" % path,
              "no \"%s\" literal found" % path)

    # Resources.
    res = main.get("resources") or {}
    for kind in ("cpu", "memory"):
        req = dig(res, "requests", kind)
        lim = dig(res, "limits", kind)
        ok = req is not None and lim is not None
        detail = "requests %s, limits %s" % (req, lim)
        if ok:
            try:
                ok = quantity(req) <= quantity(lim)
            except ValueError as e:
                ok, detail = False, str(e)
        check(ok, "%s request and limit set, request <= limit (%s)" % (kind, detail), detail)

    # Graceful termination.
    drain = int(env_value(main, "MANAFLOW_DRAIN_SECONDS", DEFAULT_DRAIN_SECONDS))
    pre_stop = dig(main, "lifecycle", "preStop", "exec", "command", default=[])
    pre_stop_s = 0
    if len(pre_stop) == 2 and pre_stop[0] == "sleep":
        pre_stop_s = int(pre_stop[1])
    elif dig(main, "lifecycle", "preStop", "sleep", "seconds") is not None:
        pre_stop_s = int(dig(main, "lifecycle", "preStop", "sleep", "seconds"))
    grace = spec.get("terminationGracePeriodSeconds")
    check(isinstance(grace, int) and grace > pre_stop_s + drain,
          "terminationGracePeriodSeconds %s > preStop %ds + drain %ds" % (grace, pre_stop_s, drain))

    # Security context: the container's settings, falling back to the pod's.
    pod_sc = spec.get("securityContext") or {}
    sc = main.get("securityContext") or {}

    def eff(key):
        return sc.get(key, pod_sc.get(key))

    check(eff("runAsNonRoot") is True, "runAsNonRoot: true")
    uid = eff("runAsUser")
    check(isinstance(uid, int) and uid != 0 and uid == facts["uid"],
          "runAsUser %s is the Dockerfile's USER %s" % (uid, facts["uid"]))
    check(sc.get("readOnlyRootFilesystem") is True, "readOnlyRootFilesystem: true")
    check(sc.get("allowPrivilegeEscalation") is False, "allowPrivilegeEscalation: false")
    check(sc.get("privileged") in (None, False), "not privileged")
    check(dig(sc, "capabilities", "drop") == ["ALL"] and not dig(sc, "capabilities", "add"),
          "capabilities drop ALL, add none")
    seccomp = dig(sc, "seccompProfile", "type") or dig(pod_sc, "seccompProfile", "type")
    check(seccomp == "RuntimeDefault", "seccompProfile RuntimeDefault")
    return name, pod_labels, main


def check_others(docs, dep_name, pod_labels, main):
    services = by_kind(docs, "Service")
    if check(len(services) == 1, "one Service"):
        svc = services[0][1]
        sel = dig(svc, "spec", "selector", default={})
        check(sel and all(pod_labels.get(k) == v for k, v in sel.items()),
              "Service selects the Deployment's pods")
        ports = dig(svc, "spec", "ports", default=[])
        targets = [resolve_port(main, p.get("targetPort", p.get("port"))) for p in ports]
        check(ports and all(t == 8080 for t in targets),
              "Service targetPort reaches container port 8080", "targets %s" % targets)

    hpas = by_kind(docs, "HorizontalPodAutoscaler")
    if check(len(hpas) == 1, "one HorizontalPodAutoscaler"):
        hpa = hpas[0][1]
        check(hpa.get("apiVersion") == "autoscaling/v2", "HPA is autoscaling/v2")
        ref = dig(hpa, "spec", "scaleTargetRef", default={})
        check(ref.get("kind") == "Deployment" and ref.get("name") == dep_name
              and ref.get("apiVersion") == "apps/v1", "HPA targets Deployment %s" % dep_name)
        lo, hi = dig(hpa, "spec", "minReplicas", default=1), dig(hpa, "spec", "maxReplicas")
        check(isinstance(hi, int) and 2 <= lo <= hi, "HPA replicas %s..%s, at least 2" % (lo, hi))
        cpu = [m for m in dig(hpa, "spec", "metrics", default=[])
               if m.get("type") == "Resource" and dig(m, "resource", "name") == "cpu"]
        check(len(cpu) == 1 and dig(cpu[0], "resource", "target", "type") == "Utilization",
              "HPA scales on CPU utilisation")
        check(dig(main, "resources", "requests", "cpu") is not None,
              "CPU request set (utilisation is relative to it)")

    pdbs = by_kind(docs, "PodDisruptionBudget")
    if check(len(pdbs) == 1, "one PodDisruptionBudget"):
        pdb = pdbs[0][1]
        check(pdb.get("apiVersion") == "policy/v1", "PDB is policy/v1")
        sel = dig(pdb, "spec", "selector", "matchLabels", default={})
        check(sel and all(pod_labels.get(k) == v for k, v in sel.items()),
              "PDB selects the Deployment's pods")
        lo = dig(hpas[0][1], "spec", "minReplicas", default=1) if hpas else 1
        max_un = dig(pdb, "spec", "maxUnavailable")
        min_av = dig(pdb, "spec", "minAvailable")
        allows = (isinstance(max_un, int) and max_un >= 1) or (isinstance(min_av, int) and min_av < lo)
        check(allows, "PDB lets a drain evict a pod (else node drains block)")


def check_kustomization(docs):
    kust = docs.get("kustomization.yaml")
    if not check(kust is not None, "deploy/kustomization.yaml exists"):
        return
    listed = set(kust[0].get("resources") or [])
    manifests = {f for f, ds in docs.items()
                 if any(isinstance(d, dict) and "apiVersion" in d and d.get("kind") != "Kustomization"
                        for d in ds)}
    check(listed == manifests, "kustomization lists every manifest",
          "listed %s, present %s" % (sorted(listed), sorted(manifests)))


def check_compose(docs, facts):
    compose = docs.get("docker-compose.yml")
    if not check(compose is not None, "deploy/docker-compose.yml exists"):
        return
    svc = dig(compose[0], "services", "manaflow", default={})
    ctx = os.path.normpath(os.path.join(DEPLOY, dig(svc, "build", "context", default=".")))
    dockerfile = os.path.join(ctx, dig(svc, "build", "dockerfile", default="Dockerfile"))
    check(os.path.exists(dockerfile) and os.path.samefile(dockerfile, os.path.join(REPO, "Dockerfile")),
          "compose builds the repository's Dockerfile", "it builds %s" % dockerfile)
    published = [str(p).rsplit(":", 1)[-1] for p in svc.get("ports") or []]
    check("8080" in published, "compose publishes container port 8080")
    check(dig(svc, "healthcheck", "test") == ["CMD", "manaflow", "healthcheck"],
          "compose health check runs manaflow healthcheck")
    check(str(svc.get("user", "")).split(":")[0] == str(facts["uid"]),
          "compose user is the Dockerfile's uid %s" % facts["uid"])
    check(svc.get("read_only") is True, "compose read_only root filesystem")
    grace = str(svc.get("stop_grace_period", "10s"))
    seconds = int(grace[:-1]) if grace.endswith("s") and grace[:-1].isdigit() else 0
    drain = int((svc.get("environment") or {}).get("MANAFLOW_DRAIN_SECONDS", DEFAULT_DRAIN_SECONDS))
    check(seconds > drain, "compose stop_grace_period %s > drain %ds" % (grace, drain))


def ensure_debian_tool(command, package):
    """The path of command, installing Debian's package first when missing
    and running as root (as CI does); None if it cannot be had."""
    if shutil.which(command) is None and os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        install = ["apt-get", "install", "-y", "-qq", package]
        if subprocess.run(install, env=env, capture_output=True, timeout=600).returncode != 0:
            subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True, timeout=300)
            subprocess.run(install, env=env, capture_output=True, timeout=600)
    return shutil.which(command)


def compose_validate():
    """docker-compose (Debian's, v1.29) checks the file against the Compose
    specification's JSON schema; `config` needs no Docker engine."""
    tool = ensure_debian_tool("docker-compose", "docker-compose")
    if not check(tool is not None, "docker-compose available (Debian package docker-compose)"):
        return
    proc = subprocess.run([tool, "-f", os.path.join(DEPLOY, "docker-compose.yml"), "config", "-q"],
                          capture_output=True, text=True, timeout=120)
    check(proc.returncode == 0, "deploy/docker-compose.yml valid against the Compose schema",
          (proc.stderr or proc.stdout).strip().replace("\n", " ")[-1000:])


def schema_validate(docs):
    objects = [{"file": f, "doc": d} for f, ds in sorted(docs.items()) for d in ds
               if isinstance(d, dict) and "apiVersion" in d and d.get("kind") != "Kustomization"]
    npm = ensure_debian_tool("npm", "npm")
    node = shutil.which("node")
    if not check(node and npm, "node and npm available for the schema check"):
        return
    cache = os.environ.get("MANAFLOW_K8S_SCHEMA_CACHE", "/var/tmp/manaflow-k8s-schema")
    os.makedirs(cache, exist_ok=True)
    lock_src = os.path.join(SCHEMA_PKG, "package-lock.json")
    stamp = os.path.join(cache, "installed-lock.json")
    fresh = os.path.exists(stamp) and open(stamp).read() == open(lock_src).read()
    if not fresh:
        for name in ("package.json", "package-lock.json"):
            shutil.copy(os.path.join(SCHEMA_PKG, name), cache)
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                              cwd=cache, capture_output=True, text=True, timeout=300)
        if not check(proc.returncode == 0, "npm ci of the pinned kubernetes-models",
                     proc.stderr.strip()[-2000:]):
            return
        shutil.copy(lock_src, stamp)
    shutil.copy(os.path.join(SCHEMA_PKG, "validate.mjs"), cache)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as tmp:
        json.dump(objects, tmp)
    try:
        proc = subprocess.run([node, os.path.join(cache, "validate.mjs"), tmp.name],
                              capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(tmp.name)
    results = []
    for line in proc.stdout.splitlines():
        try:
            results.append(json.loads(line))
        except ValueError:
            pass
    check(proc.returncode in (0, 1) and len(results) == len(objects),
          "schema validator ran on all %d objects" % len(objects), proc.stderr.strip()[-2000:])
    for r in results:
        check(r.get("ok"), "%s: %s %s valid against the Kubernetes schema"
              % (r.get("file"), r.get("apiVersion"), r.get("kind")), r.get("error", ""))


def main():
    schema = "--no-schema" not in sys.argv[1:]
    facts = dockerfile_facts()
    check(facts["uid"] not in (None, 0), "Dockerfile USER is a numeric non-root uid (%s)" % facts["uid"])
    check("manaflow" in facts["healthcheck"] and "healthcheck" in facts["healthcheck"],
          "Dockerfile HEALTHCHECK runs manaflow healthcheck")
    docs = load_all()
    deps = by_kind(docs, "Deployment")
    if check(len(deps) == 1, "one Deployment"):
        name, labels, main_ctr = check_deployment(deps[0][1], facts, server_routes())
        if main_ctr is not None:
            check_others(docs, name, labels, main_ctr)
    check_kustomization(docs)
    check_compose(docs, facts)
    if schema:
        schema_validate(docs)
        compose_validate()
    print("manifests: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
