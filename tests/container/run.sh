#!/usr/bin/env bash
# Builds the manaflow image from ./Dockerfile exactly as it is, runs it and
# checks it from the outside, the way an orchestrator would see it:
#   - the image config declares the non-root USER, EXPOSE 8080, HEALTHCHECK
#     `manaflow healthcheck`, STOPSIGNAL SIGTERM and the serve CMD;
#   - the runtime image carries the binary but no compiler;
#   - the container answers /healthz, /readyz and every worked example of the
#     statement on POST /v1/mana/solve;
#   - the server process runs as a non-zero uid;
#   - `manaflow healthcheck` inside the image passes while the server is up and
#     fails once it is gone;
#   - SIGTERM to the server (the container's PID 1) turns readiness off (a
#     new connection is refused or gets 503, an open keep-alive one gets 503
#     or is closed) and makes it exit 0 within the drain deadline;
#   - the image's root filesystem also serves when mounted read-only, as the
#     Kubernetes Deployment runs it (readOnlyRootFilesystem);
# and prints the image size and the time each step took.
#
# There is no Docker engine here: Debian's buildah builds with the vfs storage
# driver and chroot isolation, and `buildah run` shares the host network, so
# the server is probed on 127.0.0.1 at a free port. There is no registry
# either: the debian:bookworm-slim base is bootstrapped with debootstrap from
# the Debian mirror and cached, so later runs skip that step.
#
# Usage: tests/container/run.sh [--context DIR] [--keep]
#   --context DIR  build context (default: the repository root)
#   --keep         keep the built image (localhost/manaflow:test) afterwards
# Environment:
#   MANAFLOW_CONTAINER_CACHE   cache dir for the base tarball and the buildah
#                              store (default /var/tmp/manaflow-base)
#   MANAFLOW_CONTAINER_TIMEOUT overall limit in seconds (default 1800)
#   MANAFLOW_DEBIAN_MIRROR     Debian mirror (default: the one this host's apt
#                              uses for bookworm)
#   MANAFLOW_DEBIAN_SECURITY   security mirror (default: the host's, for
#                              bookworm-security)
# Run as root (CI is): missing buildah, debootstrap or curl are installed with
# apt-get. Exits 0 iff every check passed; the last line reads
# "container: N passed, N failed".

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
context=$repo
keep=0
while [ $# -gt 0 ]; do
	case $1 in
	--context) context=$(cd "$2" && pwd); shift 2 ;;
	--keep) keep=1; shift ;;
	-h | --help) sed -n '2,37p' "${BASH_SOURCE[0]}"; exit 0 ;;
	*) echo "run.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done

# Bound the whole run: re-exec under timeout(1) once. At the limit it signals
# its whole process group; the inner timeouts use --foreground so that they
# (and the buildah they run) stay in that group and stop too, and then the
# EXIT trap below cleans up.
total_limit=${MANAFLOW_CONTAINER_TIMEOUT:-1800}
if [ -z "${MANAFLOW_CONTAINER_GUARDED:-}" ]; then
	export MANAFLOW_CONTAINER_GUARDED=1
	args=(--context "$context")
	[ "$keep" = 1 ] && args+=(--keep)
	exec timeout --kill-after=30 "$total_limit" bash "${BASH_SOURCE[0]}" "${args[@]}"
fi

cache=${MANAFLOW_CONTAINER_CACHE:-/var/tmp/manaflow-base}
mirror=${MANAFLOW_DEBIAN_MIRROR:-}
security=${MANAFLOW_DEBIAN_SECURITY:-}
base_ref=docker.io/library/debian:bookworm-slim
image=localhost/manaflow:test
drain_limit=30          # seconds SIGTERM may take: drain deadline 10 s + margin
expected_uid=10001      # the USER of the Dockerfile and runAsUser of deploy/

passed=0
failed=0
summary_printed=0
locked=0
t_start=$SECONDS
work=
server_pid=
buildah_pid=
containers=()

log() { printf '[container %4ds] %s\n' "$((SECONDS - t_start))" "$*"; }
ok() { passed=$((passed + 1)); printf 'PASS: %s\n' "$*"; }
bad() { failed=$((failed + 1)); printf 'FAIL: %s\n' "$*"; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

mkdir -p "$cache"
store=(--storage-driver vfs --root "$cache/storage" --runroot "$cache/run")
bh() { buildah "${store[@]}" "$@"; }

# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() {
	local rc=$? c
	trap - EXIT INT TERM
	if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
		kill -KILL "$server_pid" 2>/dev/null || true
	fi
	if [ -n "$buildah_pid" ] && kill -0 "$buildah_pid" 2>/dev/null; then
		kill -KILL "$buildah_pid" 2>/dev/null || true
		wait "$buildah_pid" 2>/dev/null || true
	fi
	# Only the holder of the store's lock touches the store.
	if [ "$locked" = 1 ]; then
		for c in "${containers[@]}"; do
			[ -n "$c" ] || continue
			bh rm "$c" >/dev/null 2>&1 || true
		done
		# The store is this test's own: also drop the working containers
		# of a build that was interrupted.
		bh rm --all >/dev/null 2>&1 || true
		if [ "$keep" = 0 ]; then
			bh rmi "$image" >/dev/null 2>&1 || true
		fi
	fi
	[ -n "$work" ] && rm -rf "$work"
	if [ "$summary_printed" = 0 ]; then
		# Aborted early: count the abort as a failure so the tally says so.
		[ "$rc" = 0 ] || failed=$((failed + 1))
		echo "container: $passed passed, $failed failed"
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'echo "run.sh: line $LINENO: a command failed (exit $?); aborting" >&2' ERR
trap 'exit 130' INT
trap 'echo "run.sh: terminated (the time limit is ${total_limit}s)" >&2; exit 143' TERM

ensure_tools() {
	local missing=() tool
	for tool in buildah debootstrap curl python3 timeout; do
		command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" = 0 ] || die "missing ${missing[*]} (run as root to install them)"
	log "installing ${missing[*]} with apt-get"
	export DEBIAN_FRONTEND=noninteractive
	timeout --foreground 300 apt-get update -qq
	# buildah and debootstrap are Debian package names; curl too.
	timeout --foreground 600 apt-get install -y -qq buildah debootstrap curl >/dev/null
}

# The base image: ensure_base_image and what it needs, in base_image.sh.
# shellcheck source-path=SCRIPTDIR source=base_image.sh
. "$here/base_image.sh"

# Prefixes each line of stdin with the seconds since the build started.
stamp() {
	local line
	while IFS= read -r line; do
		printf '%4ds %s\n' "$((SECONDS - t0))" "$line"
	done
}

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Every process below $1, one pid a line.
descendants() {
	local child kids=()
	read -ra kids <<<"$(cat /proc/"$1"/task/*/children 2>/dev/null)"
	for child in "${kids[@]}"; do
		echo "$child"
		descendants "$child"
	done
}

# The pid of the manaflow process that `buildah run` (pid $1) started.
find_server_pid() {
	local p
	for p in $(descendants "$1"); do
		if [ "$(cat /proc/"$p"/comm 2>/dev/null)" = manaflow ]; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

# http METHOD PATH [BODY]: prints the status code, then the body on the next line.
http() {
	local out status
	out=$work/http.out
	if [ $# -ge 3 ]; then
		status=$(curl -sS -o "$out" -w '%{http_code}' --max-time 10 -X "$1" \
			-H 'Content-Type: application/json' --data-binary "$3" \
			"http://127.0.0.1:$port$2") || status=000
	else
		status=$(curl -sS -o "$out" -w '%{http_code}' --max-time 10 -X "$1" \
			"http://127.0.0.1:$port$2") || status=000
	fi
	echo "$status"
	cat "$out" 2>/dev/null || true
	echo
}

# json_get JSON KEY: prints the value of top-level KEY as JSON, "" if absent/invalid.
json_get() {
	python3 -c 'import json, sys
try:
    print(json.dumps(json.loads(sys.argv[1]).get(sys.argv[2])))
except Exception:
    print("")' "$1" "$2"
}

# Prints the tally and exits: 0 iff nothing failed.
finish() {
	summary_printed=1
	echo "container: $passed passed, $failed failed"
	[ "$failed" = 0 ] || exit 1
	exit 0
}

# ------------------------------------------------------------------ setup
ensure_tools
work=$(mktemp -d /var/tmp/manaflow-container-test.XXXXXX)
[ -f "$repo/Dockerfile" ] || die "no Dockerfile in $repo"

exec 9>"$cache/lock"
flock -w 600 9 || die "another run holds $cache/lock"
locked=1

t0=$SECONDS
ensure_base_image
t_base=$((SECONDS - t0))

# ------------------------------------------------------------------ build
log "building $image from $repo/Dockerfile (context $context)"
t0=$SECONDS
if timeout --foreground 1200 buildah "${store[@]}" bud --format docker --pull=never \
	--isolation chroot -f "$repo/Dockerfile" -t "$image" "$context" 2>&1 |
	stamp >"$work/build.log"; then
	ok "image builds from the Dockerfile"
else
	tail -n 60 "$work/build.log"
	bad "image builds from the Dockerfile"
	finish
fi
t_build=$((SECONDS - t0))
log "build took ${t_build}s; the Dockerfile's steps started at:"
grep -E '^ *[0-9]+s (\[[0-9]+/[0-9]+\] )?STEP [0-9]' "$work/build.log" | cut -c1-110 || true

# ------------------------------------------------------------------ image config
# buildah 1.28's --format has no json function: take the Docker config
# (kept by --format docker, HEALTHCHECK included) from the full inspect output.
config=$(bh inspect --type image "$image" |
	python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)["Docker"]["config"]))')
if python3 - "$config" "$expected_uid" <<-'EOF'; then
	import json, sys
	cfg = json.loads(sys.argv[1])
	want_uid = sys.argv[2]
	problems = []
	hc = (cfg.get("Healthcheck") or {}).get("Test")
	if hc != ["CMD", "manaflow", "healthcheck"]:
	    problems.append("HEALTHCHECK is %r" % (hc,))
	user = (cfg.get("User") or "").split(":")[0]
	if user != want_uid:
	    problems.append("USER is %r, want numeric %s" % (cfg.get("User"), want_uid))
	if "8080/tcp" not in (cfg.get("ExposedPorts") or {}):
	    problems.append("EXPOSE lacks 8080/tcp: %r" % (cfg.get("ExposedPorts"),))
	if cfg.get("StopSignal") not in ("SIGTERM", "15", "TERM"):
	    problems.append("STOPSIGNAL is %r" % (cfg.get("StopSignal"),))
	want_cmd = ["manaflow", "serve", "--host", "0.0.0.0", "--port", "8080"]
	if cfg.get("Cmd") != want_cmd or cfg.get("Entrypoint"):
	    problems.append("CMD/ENTRYPOINT are %r/%r" % (cfg.get("Cmd"), cfg.get("Entrypoint")))
	for p in problems:
	    print("  " + p)
	sys.exit(1 if problems else 0)
EOF
	ok "image config: USER $expected_uid, EXPOSE 8080, HEALTHCHECK manaflow healthcheck, STOPSIGNAL SIGTERM, serve CMD"
else
	bad "image config (USER/EXPOSE/HEALTHCHECK/STOPSIGNAL/CMD)"
fi

ctr=$(bh from --quiet --pull=never "$image")
containers+=("$ctr")
# The same container serves probes for `manaflow healthcheck` and `sh`.
if bh run --isolation chroot "$ctr" -- sh -c \
	'test -x /usr/local/bin/manaflow && ! command -v gcc && ! command -v cc && ! command -v meson' \
	>"$work/contents.log" 2>&1; then
	ok "runtime image has /usr/local/bin/manaflow and no build tools"
else
	cat "$work/contents.log"
	bad "runtime image has /usr/local/bin/manaflow and no build tools"
fi
if bh run --isolation chroot "$ctr" -- sh -c 'ldd /usr/local/bin/manaflow' >"$work/ldd.log" 2>&1 &&
	! grep -q 'not found' "$work/ldd.log"; then
	ok "every shared library of the binary is in the runtime image"
else
	cat "$work/ldd.log"
	bad "every shared library of the binary is in the runtime image"
fi

# ------------------------------------------------------------------ run
# The image's own CMD, with only the address changed: the host network is
# shared, so listen on loopback at a free port instead of 0.0.0.0:8080.
port=$(free_port)
mapfile -t cmd < <(python3 -c 'import json, sys
cmd = json.loads(sys.argv[1])["Cmd"]
for i, a in enumerate(cmd):
    if i > 0 and cmd[i - 1] == "--port":
        a = sys.argv[2]
    elif i > 0 and cmd[i - 1] == "--host":
        a = "127.0.0.1"
    print(a)' "$config" "$port")
log "starting: ${cmd[*]}"
bh run --isolation chroot "$ctr" -- "${cmd[@]}" >"$work/server.log" 2>&1 &
buildah_pid=$!

up=0
for _ in $(seq 1 100); do
	if ! kill -0 "$buildah_pid" 2>/dev/null; then
		break
	fi
	if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/healthz"; then
		up=1
		break
	fi
	sleep 0.2
done
if [ "$up" = 1 ]; then
	ok "server listens on 127.0.0.1:$port"
else
	cat "$work/server.log"
	bad "server listens on 127.0.0.1:$port"
	finish
fi
server_pid=$(find_server_pid "$buildah_pid") || server_pid=

# ------------------------------------------------------------------ HTTP
mapfile -t res < <(http GET /healthz)
if [ "${res[0]}" = 200 ] && [ "$(json_get "${res[1]:-}" status)" = '"ok"' ]; then
	ok "GET /healthz -> 200 {\"status\":\"ok\"}"
else
	bad "GET /healthz -> ${res[0]} ${res[1]:-}"
fi
mapfile -t res < <(http GET /readyz)
if [ "${res[0]}" = 200 ]; then
	ok "GET /readyz -> 200 while serving"
else
	bad "GET /readyz -> ${res[0]} ${res[1]:-}"
fi

mapfile -t examples < <(python3 -c 'import json, sys
for ex in json.load(open(sys.argv[1])):
    print("%s\t%s\t%s" % (ex["name"], json.dumps(ex["request"]), json.dumps(ex["castable"])))' \
	"$here/mana_examples.json")
example_failures=0
for line in "${examples[@]}"; do
	IFS=$'\t' read -r name request want <<<"$line"
	mapfile -t res < <(http POST /v1/mana/solve "$request")
	got=$(json_get "${res[1]:-}" castable)
	if [ "${res[0]}" != 200 ] || [ "$got" != "$want" ]; then
		example_failures=$((example_failures + 1))
		echo "  $name: POST $request -> ${res[0]} ${res[1]:-} (want castable $want)"
	fi
done
if [ "$example_failures" = 0 ] && [ ${#examples[@]} -gt 0 ]; then
	ok "POST /v1/mana/solve answers all ${#examples[@]} statement examples"
else
	bad "POST /v1/mana/solve: $example_failures of ${#examples[@]} statement examples wrong"
fi

# ------------------------------------------------------------------ non-root
if [ -n "$server_pid" ]; then
	uids=$(awk '/^Uid:/ { print $2, $3, $4, $5 }' /proc/"$server_pid"/status)
	gids=$(awk '/^Gid:/ { print $2, $3, $4, $5 }' /proc/"$server_pid"/status)
	if [ "$uids" = "$expected_uid $expected_uid $expected_uid $expected_uid" ]; then
		ok "server process $server_pid runs as uid $expected_uid (gid $gids), not root"
	else
		bad "server process $server_pid runs as uids '$uids'"
	fi
else
	bad "cannot find the manaflow process under buildah run ($buildah_pid)"
fi

# ------------------------------------------------------------------ HEALTHCHECK
hc_ctr=$(bh from --quiet --pull=never "$image")
containers+=("$hc_ctr")
if timeout --foreground 30 buildah "${store[@]}" run --isolation chroot "$hc_ctr" -- \
	manaflow healthcheck --url "http://127.0.0.1:$port/healthz" >"$work/hc.log" 2>&1; then
	ok "manaflow healthcheck in the image exits 0 while the server is up"
else
	cat "$work/hc.log"
	bad "manaflow healthcheck in the image exits 0 while the server is up"
fi

# ------------------------------------------------------------------ SIGTERM
# Waits for the process $1 (our child) to end after SIGTERM went to the
# server; sets rc to its exit status, or to "running" after drain_limit
# seconds. (No $(...): a subshell cannot wait for its parent's child.)
wait_exit() {
	rc=running
	for _ in $(seq 1 $((drain_limit * 10))); do
		if ! kill -0 "$1" 2>/dev/null; then
			rc=0
			wait "$1" || rc=$?
			return 0
		fi
		sleep 0.1
	done
}

if [ -n "$server_pid" ]; then
	log "SIGTERM to the server (pid $server_pid, the container's PID 1) with a keep-alive connection open"
	t0=$SECONDS
	probe=$(python3 "$here/drain_probe.py" "$port" "$server_pid" 2>&1) || probe="{}"
	echo "  drain probe: $probe"
	before=$(json_get "$probe" before)
	fresh=$(json_get "$probe" new_connection)
	open=$(json_get "$probe" open_connection)
	if [ "$before" = 200 ] && [ "$fresh" != 200 ] && [ -n "$fresh" ] &&
		{ [ "$open" = 503 ] || [ "$open" = '"closed"' ]; }; then
		ok "after SIGTERM readiness fails: new connection $fresh, open connection $open"
	else
		bad "after SIGTERM readiness: before $before, new connection $fresh, open connection $open"
	fi
	wait_exit "$buildah_pid"
	case $rc in
	0) ok "SIGTERM: server exited 0 after $((SECONDS - t0))s"; buildah_pid=; server_pid= ;;
	running) bad "SIGTERM: server still running after ${drain_limit}s" ;;
	*) tail -n 20 "$work/server.log"; bad "SIGTERM: server exited $rc"; buildah_pid=; server_pid= ;;
	esac
	if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/healthz"; then
		bad "port $port still answers after the stop"
	elif timeout --foreground 30 buildah "${store[@]}" run --isolation chroot "$hc_ctr" -- \
		manaflow healthcheck --url "http://127.0.0.1:$port/healthz" >"$work/hc.log" 2>&1; then
		bad "manaflow healthcheck exits 0 with no server"
	else
		ok "manaflow healthcheck fails once the server is gone"
	fi
fi

# ------------------------------------------------------------------ read-only root
# deploy/ runs the pod with readOnlyRootFilesystem and only /tmp writable.
# buildah run has no read-only mode, so run the image's root filesystem the
# same way by hand: a private mount namespace, the root bind-mounted
# read-only, /dev, /proc and a /tmp tmpfs, the image's USER and Env.
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
	mnt=$(bh mount "$ctr")
	port=$(free_port)
	mapfile -t image_env < <(python3 -c 'import json, sys
for e in json.loads(sys.argv[1]).get("Env") or []:
    print(e)' "$config")
	user=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["User"])' "$config")
	[[ $user == *:* ]] || user=$user:$user
	# shellcheck disable=SC2016  # expanded by the inner sh
	unshare --mount --propagation private --fork -- sh -c '
		set -e
		root=$1 user=$2
		shift 2
		mount --bind "$root" "$root"
		mount -o remount,bind,ro "$root"
		mount --rbind /dev "$root/dev"
		mount -t proc proc "$root/proc"
		mount -t tmpfs -o size=16m,mode=1777 tmpfs "$root/tmp"
		exec chroot --userspec="$user" "$root" "$@"' sh "$mnt" "$user" \
		env -i "${image_env[@]}" manaflow serve --host 127.0.0.1 --port "$port" \
		>"$work/server-ro.log" 2>&1 &
	buildah_pid=$!
	up=0
	for _ in $(seq 1 100); do
		kill -0 "$buildah_pid" 2>/dev/null || break
		if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/healthz"; then
			up=1
			break
		fi
		sleep 0.2
	done
	server_pid=$(find_server_pid "$buildah_pid") || server_pid=
	mapfile -t res < <(http POST /v1/mana/solve "$(python3 -c 'import json, sys
print(json.dumps(json.load(open(sys.argv[1]))[2]["request"]))' "$here/mana_examples.json")")
	if [ "$up" = 1 ] && [ "${res[0]}" = 200 ] && [ "$(json_get "${res[1]:-}" castable)" = true ]; then
		ok "serves with a read-only root filesystem as $user (healthz, solve)"
	else
		cat "$work/server-ro.log"
		bad "serves with a read-only root filesystem (up $up, solve ${res[0]:-} ${res[1]:-})"
	fi
	if [ -n "$server_pid" ]; then
		kill -TERM "$server_pid"
		wait_exit "$buildah_pid"
		if [ "$rc" = 0 ]; then
			ok "read-only root: SIGTERM exit 0"
			buildah_pid=
			server_pid=
		else
			bad "read-only root: SIGTERM gave $rc"
		fi
	fi
	bh umount "$ctr" >/dev/null
else
	log "not root or no unshare: the read-only root check needs both"
	bad "read-only root filesystem check could not run"
fi

# ------------------------------------------------------------------ size
size=$(bh images --format '{{.Size}}' "$image" | head -n 1)
base_size=$(bh images --format '{{.Size}}' "$base_ref" | head -n 1)
timeout --foreground 300 buildah "${store[@]}" push --quiet "$image" "docker-archive:$work/image.tar:manaflow:test" >/dev/null 2>&1 || true
if [ -s "$work/image.tar" ]; then
	gz=$(gzip -6 -c "$work/image.tar" | wc -c)
	gz_mb=$(awk -v b="$gz" 'BEGIN { printf "%.1f MB", b / 1e6 }')
else
	gz_mb=unknown
fi
log "timings: base ${t_base}s, build ${t_build}s, total $((SECONDS - t_start))s"
echo "image size: $size uncompressed (base debian:bookworm-slim $base_size), $gz_mb as a gzipped docker archive"

finish
