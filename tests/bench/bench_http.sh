#!/usr/bin/env bash
# Throughput of `manaflow serve` against nginx, same machine, same run, with wrk:
#   1. POST /v1/mana/solve   a 7-land query with fetch lands and shock lands
#   2. GET  /healthz         the cheapest route: the HTTP layer alone
#   3. nginx                 a static file of the same size as /healthz's answer
# Prints requests/s and the two ratios the service aims at:
#   solve / healthz >= 0.8   (the solver costs little next to HTTP)
#   healthz / nginx >= 0.6   (the HTTP layer is not far off a tuned server)
# It measures and prints; it never fails on a missed target.
#
# usage: tests/bench/bench_http.sh [PATH-TO-MANAFLOW]
#   (default: build/src/cli/manaflow). Environment: DURATION (seconds per
#   measurement, 5), ROUNDS (3), WARMUP (seconds, 2), THREADS (wrk threads, 2),
#   CONNECTIONS (wrk connections, 64), SERVER_THREADS (manaflow --threads and
#   nginx worker_processes; default: one per core for both).
# The three targets take turns, ROUNDS times, and each reports its median
# round: a neighbour's burst of CPU then skews one round, not one target.
# Needs wrk and nginx (Debian: wrk, nginx-light); runs nginx unprivileged-style
# with its own prefix, config and port under a temporary directory.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
manaflow=${1:-$here/../../build/src/cli/manaflow}
duration=${DURATION:-5}
rounds=${ROUNDS:-3}
warmup=${WARMUP:-2}
threads=${THREADS:-2}
connections=${CONNECTIONS:-64}
server_threads=${SERVER_THREADS:-$(nproc)}

for tool in wrk nginx curl; do
	command -v "$tool" >/dev/null || { echo "bench_http: $tool is not installed" >&2; exit 2; }
done
[ -x "$manaflow" ] || { echo "bench_http: no manaflow binary at $manaflow" >&2; exit 2; }

work=$(mktemp -d /tmp/bench-http.XXXXXX)
server_pid=
nginx_pid=
cleanup() {
	[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
	[ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A free TCP port on 127.0.0.1 (bound and released at once).
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# --- manaflow -----------------------------------------------------------------
"$manaflow" serve --host 127.0.0.1 --port 0 --threads "$server_threads" --no-access-log \
	2>"$work/manaflow.log" &
server_pid=$!
port=
for _ in $(seq 1 500); do
	port=$(sed -n 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$work/manaflow.log")
	[ -n "$port" ] && break
	kill -0 "$server_pid" 2>/dev/null || { cat "$work/manaflow.log" >&2; exit 1; }
	sleep 0.01
done
[ -n "$port" ] || { echo "bench_http: manaflow did not start" >&2; exit 1; }

query='{"battlefield":["Wooded Foothills","Scalding Tarn","Steam Vents","Forest","Plains","Island","Swamp"],"library":["Stomping Ground","Volcanic Island"],"life":20,"cost":"1RRG"}'
cat >"$work/solve.lua" <<EOF
wrk.method = "POST"
wrk.body = '$query'
wrk.headers["Content-Type"] = "application/json"
EOF

# The query must be answered (castable, with a plan) before it is timed.
answer=$(curl -sf -H 'Content-Type: application/json' -d "$query" \
	"http://127.0.0.1:$port/v1/mana/solve")
case $answer in
*'"castable":true'*'"fetch"'*) ;;
*) echo "bench_http: unexpected answer to the benchmark query: $answer" >&2; exit 1 ;;
esac

# --- nginx --------------------------------------------------------------------
nginx_port=$(free_port)
mkdir -p "$work/nginx/www" "$work/nginx/logs" "$work/nginx/tmp"
printf '{"status":"ok"}' >"$work/nginx/www/healthz.json"
# Workers drop to "nobody" when started as root: let them read the files.
chmod 755 "$work" "$work/nginx" "$work/nginx/www"
chmod 644 "$work/nginx/www/healthz.json"
cat >"$work/nginx/nginx.conf" <<EOF
daemon off;
worker_processes $server_threads;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log warn;
events { worker_connections 1024; }
http {
	access_log off;
	client_body_temp_path $work/nginx/tmp/body;
	proxy_temp_path $work/nginx/tmp/proxy;
	fastcgi_temp_path $work/nginx/tmp/fastcgi;
	uwsgi_temp_path $work/nginx/tmp/uwsgi;
	scgi_temp_path $work/nginx/tmp/scgi;
	keepalive_requests 1000000;
	server {
		listen 127.0.0.1:$nginx_port;
		root $work/nginx/www;
		default_type application/json;
	}
}
EOF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/logs/error.log" &
nginx_pid=$!
for _ in $(seq 1 500); do
	curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/healthz.json" && break
	kill -0 "$nginx_pid" 2>/dev/null || { cat "$work/nginx/logs/error.log" >&2; exit 1; }
	sleep 0.01
done

# --- measurements -------------------------------------------------------------
# CPU time (user + system, clock ticks) of the processes listed, summed.
cpu_ticks() {
	local pid total=0
	for pid in "$@"; do
		[ -r "/proc/$pid/stat" ] || continue
		# Fields after the ")" that closes the command name: utime is the 12th.
		total=$((total + $(sed 's/.*) //' "/proc/$pid/stat" | awk '{ print $12 + $13 }')))
	done
	echo "$total"
}

# measure NAME URL PIDS [wrk args...]: one round; appends
# "rps latency errors server-CPU-microseconds-per-request" to NAME.runs.
# The CPU figure (the server's own processes only) does not depend on how
# busy the rest of the machine is, unlike requests/s.
measure() {
	local name=$1 url=$2 pids=$3 out c0 c1
	shift 3
	c0=$(cpu_ticks $pids)
	out=$(wrk -t"$threads" -c"$connections" -d"${duration}s" "$@" "$url")
	c1=$(cpu_ticks $pids)
	awk -v ticks=$((c1 - c0)) -v hz="$(getconf CLK_TCK)" '
	     /^Requests\/sec:/ { rps = $2 } $1 == "Latency" { lat = $2 }
	     / requests in / { n = $1 }
	     /Non-2xx or 3xx responses:/ { err += $NF } /Socket errors:/ { err += 1 }
	     END { printf "%s %s %d %.1f\n", rps, lat, err, n ? ticks / hz * 1e6 / n : 0 }' \
		<<<"$out" >>"$work/$name.runs"
}

solve_url="http://127.0.0.1:$port/v1/mana/solve"
healthz_url="http://127.0.0.1:$port/healthz"
nginx_url="http://127.0.0.1:$nginx_port/healthz.json"
for url in "$healthz_url" "$nginx_url"; do
	wrk -t"$threads" -c"$connections" -d"${warmup}s" "$url" >/dev/null
done
wrk -t"$threads" -c"$connections" -d"${warmup}s" -s "$work/solve.lua" "$solve_url" >/dev/null
nginx_pids="$nginx_pid $(pgrep -P "$nginx_pid" | tr '\n' ' ')"
for _ in $(seq 1 "$rounds"); do
	measure solve "$solve_url" "$server_pid" -s "$work/solve.lua"
	measure healthz "$healthz_url" "$server_pid"
	measure nginx "$nginx_url" "$nginx_pids"
done

# The median round of NAME: "rps latency errors cpu (all rounds' rps)".
median() {
	sort -g "$work/$1.runs" | awk -v n="$rounds" '{ all = all sep int($1); sep = " " }
		NR == int((n + 1) / 2) { m = $0 } END { print m, "(" all ")" }'
}

echo "wrk -t$threads -c$connections, $rounds rounds of ${duration}s taking turns, median shown;" \
	"$(nproc) cores; manaflow --threads $server_threads, nginx worker_processes $server_threads"
printf '%-8s %12s %9s %7s %13s   %s\n' target requests/s latency errors "server-us/req" \
	"rounds (requests/s, sorted)"
for name in solve healthz nginx; do
	read -r rps latency errors cpu all <<<"$(median "$name")"
	printf '%-8s %12s %9s %7s %13s   %s\n' "$name" "$rps" "$latency" "$errors" "$cpu" "$all"
	echo "$rps" >"$work/$name.rps"
done

solve=$(cat "$work/solve.rps")
healthz=$(cat "$work/healthz.rps")
nginx=$(cat "$work/nginx.rps")
awk -v s="$solve" -v h="$healthz" -v n="$nginx" 'BEGIN {
	r1 = h > 0 ? s / h : 0
	r2 = n > 0 ? h / n : 0
	printf "solve / healthz  = %.2f  (target >= 0.80: %s)\n", r1, (r1 >= 0.8 ? "met" : "MISSED")
	printf "healthz / nginx  = %.2f  (target >= 0.60: %s)\n", r2, (r2 >= 0.6 ? "met" : "MISSED")
}'
