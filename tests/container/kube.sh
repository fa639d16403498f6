#!/usr/bin/env bash
# Plays deploy/deployment.yaml under a real orchestrator, Debian's podman
# (`podman kube play`), on this machine, and checks what an operator relies on:
#   - the pod runs the image as uid 10001 with a read-only root and becomes
#     healthy through its own probe (podman turns the liveness probe into the
#     container's health check);
#   - a solve answers through a loopback host port;
#   - killing the server process gets the container restarted, healthy again;
#   - stopping the pod with a request in flight lets the server finish it
#     (the drain fits podman's 10 s stop timeout): its access log shows the
#     answer and its last line counts nothing cut short; then `podman kube
#     down` removes the pod. (podman 4.3's kube down alone kills at once, and
#     podman takes the pod's network down as the pod stops, so the answer
#     does not reach a client outside the pod; Kubernetes does neither.)
#
# The image is localhost/manaflow:test in the buildah store that
# tests/container/run.sh --keep leaves (built here with it when missing), tagged
# as the manifest's manaflow:0.1.0. The play file is deployment.yaml with a
# hostPort on 127.0.0.1 added and one replica (podman plays each replica as
# a pod, and a host port binds once). Podman here needs what its defaults lack:
# runc (crun refuses this kernel's hybrid cgroups), a containers.conf whose
# default_ulimits stay under this machine's hard limits, and slirp4netns with
# its own port handler to reach a loopback host port.
#
# Skipped (exit 0, saying why) only where podman cannot start a container at
# all. Usage: tests/container/kube.sh. Environment: MANAFLOW_CONTAINER_CACHE
# (the buildah store, as run.sh), MANAFLOW_KUBE_PORT (host port, default a
# free one). The last line reads "kube: N passed, N failed".
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${MANAFLOW_CONTAINER_CACHE:-/var/tmp/manaflow-base}
store=(--storage-driver vfs --root "$cache/storage" --runroot "$cache/run")
image=localhost/manaflow:0.1.0
pod=manaflow-pod-0
passed=0
failed=0
work=$(mktemp -d)

ok() { passed=$((passed + 1)); printf 'PASS: %s\n' "$*"; }
bad() { failed=$((failed + 1)); printf 'FAIL: %s\n' "$*"; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
log() { printf '[kube %4ds] %s\n' "$SECONDS" "$*"; }
pm() { podman "${store[@]}" "$@"; }

cleanup() {
	local rc=$?
	trap - EXIT
	pm kube down "$work/play.yaml" >/dev/null 2>&1 || true
	pm pod rm -f "$pod" >/dev/null 2>&1 || true
	pm rmi "$image" >/dev/null 2>&1 || true
	rm -rf "$work"
	echo "kube: $passed passed, $failed failed"
	[ "$failed" = 0 ] && exit "$rc"
	exit 1
}
trap cleanup EXIT

for tool in podman runc slirp4netns catatonit curl python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		log "installing podman, runc, slirp4netns, catatonit with apt-get"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			podman runc slirp4netns catatonit curl >/dev/null
		break
	fi
done

# podman's defaults that this machine cannot meet: its default ulimits are
# above the hard limits podman's own processes get here (runc then fails to
# set them, "error setting rlimit ... operation not permitted"), which can be
# lower than a shell's. 4096 files and processes are plenty for the server
# (1,024 connections at most by default).
cat >"$work/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF=$work/containers.conf

if ! pm image exists localhost/manaflow:test; then
	log "no image in the store: building it with run.sh --keep"
	bash "$here/run.sh" --keep >"$work/build.log" 2>&1 || { tail -n 20 "$work/build.log"; exit 1; }
fi
pm tag localhost/manaflow:test "$image"

# Skipped only if podman cannot run a container here at all.
if ! pm run --rm --network none "$image" manaflow --version >"$work/run.log" 2>&1; then
	cat "$work/run.log"
	echo "kube: SKIPPED: podman cannot start a container on this machine (above)"
	trap - EXIT
	pm rmi "$image" >/dev/null 2>&1 || true
	rm -rf "$work"
	exit 0
fi
ok "podman runs the image (runc, this machine's ulimits)"

port=${MANAFLOW_KUBE_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
python3 - "$repo/deploy/deployment.yaml" "$work/play.yaml" "$port" <<'EOF'
import sys, yaml
src, dst, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
doc = yaml.safe_load(open(src))
doc["spec"]["replicas"] = 1  # podman plays each replica as a pod; one hostPort binds once
for c in doc["spec"]["template"]["spec"]["containers"]:
    for p in c.get("ports", []):
        if p.get("name") == "http":
            p["hostPort"] = port
            p["hostIP"] = "127.0.0.1"
yaml.safe_dump(doc, open(dst, "w"), sort_keys=False)
EOF

log "podman kube play on 127.0.0.1:$port"
if ! pm kube play --network slirp4netns:port_handler=slirp4netns "$work/play.yaml" >"$work/play.log" 2>&1; then
	cat "$work/play.log"
	bad "podman kube play starts the pod"
	exit 1
fi
ok "podman kube play starts the pod"
ctr=$(pm ps --filter "pod=$pod" --format '{{.Names}}' | grep -v infra | head -n 1)
check "the pod has the manaflow container ($ctr)" test -n "$ctr"

inspect() { pm inspect --format "$1" "$ctr"; }
check "the health check is the liveness probe: manaflow healthcheck" \
	grep -q "manaflow healthcheck" <<<"$(inspect '{{.Config.Healthcheck.Test}}')"
check "runs as uid 10001" test "$(inspect '{{.Config.User}}')" = "10001:10001" -o \
	"$(inspect '{{.Config.User}}')" = "10001"
check "root filesystem read-only" test "$(inspect '{{.HostConfig.ReadonlyRootfs}}')" = true

# Healthy through the probe: podman runs health checks from systemd timers,
# which this machine may lack, so the probe is run as podman would run it.
healthy() {
	local i
	for i in $(seq 1 "$1"); do
		if pm healthcheck run "$ctr" >/dev/null 2>&1 &&
			[ "$(inspect '{{.State.Health.Status}}')" = healthy ]; then
			return 0
		fi
		sleep 1
	done
	return 1
}
check "the pod becomes healthy through its probe" healthy 60

solve() {
	curl -s -m 10 -H 'Content-Type: application/json' \
		-d '{"battlefield":["Forest","Plains","Forest"],"cost":"1GW","life":20}' \
		"http://127.0.0.1:$port/v1/mana/solve"
}
check "a solve answers through 127.0.0.1:$port" grep -q '"castable":true' <<<"$(solve)"

# Killing the server process (the container's PID 1) gets it restarted.
restarts=$(inspect '{{.RestartCount}}')
pid=$(inspect '{{.State.Pid}}')
kill -KILL "$pid"
restarted() {
	local i
	for i in $(seq 1 60); do
		[ "$(inspect '{{.RestartCount}}')" -gt "$restarts" ] 2>/dev/null && return 0
		sleep 1
	done
	return 1
}
check "the killed server is restarted (RestartCount $restarts -> more)" restarted
check "healthy again after the restart" healthy 60
check "a solve answers after the restart" grep -q '"castable":true' <<<"$(solve)"

# Taking the pod down while requests are in flight: two 16-a-side combat
# boards (most of a second each, one after the other on the pod's one
# worker; a combat search, unlike the odds, is not stopped at the drain
# deadline) are running. podman 4.3's `kube down` removes the pod
# with a stop timeout of 0 (it stops pods with empty PodStopOptions), so
# the pod is stopped first with `podman pod stop`, which sends the image's
# STOPSIGNAL and waits its 10 s stop timeout, and then `kube down` removes
# it. Podman also takes the pod's network down as the pod stops (slirp4netns
# and bridge alike), so the answer does not reach a client outside the pod;
# the server's log says whether it finished the request and drained in time,
# which is what the image and the manifest control.
board=$(python3 -c 'import json; print(json.dumps({
    "attackers": [[1 + i * 5 % 9, 1 + i * 7 % 9] for i in range(16)],
    "defenders": [[i * 3 % 10, 1 + i * 4 % 9] for i in range(16)]}))')
for _ in 1 2; do
	curl -s -m 30 -o /dev/null -H 'Content-Type: application/json' -d "$board" \
		"http://127.0.0.1:$port/v1/combat/blocks" &
done
for _ in $(seq 1 200); do  # until the server has them: three requests in flight with the scrape
	curl -s -m 2 "http://127.0.0.1:$port/metrics" | grep -q '^http_requests_in_flight 3$' && break
	sleep 0.05
done
t0=$SECONDS
pm pod stop "$pod" >"$work/down.log" 2>&1 || true
took=$((SECONDS - t0))
pm logs "$ctr" >"$work/server.log" 2>&1 || true
pm kube down "$work/play.yaml" >>"$work/down.log" 2>&1 || true
wait || true
check "podman pod stop took ${took}s, inside its 10 s stop timeout" test "$took" -lt 10
check "the server drained on SIGTERM" grep -q '"msg":"draining","signal":15' "$work/server.log"
check "the request in flight at the stop finished: 200, not aborted" \
	grep -qE '"path":"/v1/combat/blocks","status":200,[^}]*"request_id":"[^"]*"}$' "$work/server.log"
check "the server stopped with nothing cut short" grep -q '"requests_cut_short":0' "$work/server.log"
check "podman kube down removed the pod" test -z "$(pm pod ps --filter "name=$pod" --format '{{.Name}}')"
if [ "$failed" != 0 ]; then
	echo "--- server log"; cat "$work/server.log"
	echo "--- stop and kube down"; cat "$work/down.log"
fi
