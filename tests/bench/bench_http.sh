#!/usr/bin/env bash
# Throughput of `manaflow serve` against nginx, same machine, same run, with
# wrk, both as they run in production: access log on, written to a file.
#   1. nginx                 a static file of the same size as /healthz's answer,
#                            with a one-line JSON access log like manaflow's
#   2. GET  /healthz         manaflow on its defaults (access log on, stderr to a
#                            file): the HTTP layer and the access log alone
#   3. POST /v1/mana/solve   the README's example query
# Prints requests/s and the two ratios the service aims at:
#   healthz / nginx >= 1.0   (the HTTP layer keeps up with a tuned server)
#   solve / healthz >= 0.8   (the solver costs little next to HTTP)
# then what each access log holds (lines, and manaflow's dropped counter),
# so that a run without a log shows. It measures and prints; it never fails
# on a missed target.
#
# usage: tests/bench/bench_http.sh [PATH-TO-MANAFLOW]
#   (default: build/src/cli/manaflow). Environment: DURATION (seconds per
#   measurement, 10), ROUNDS (3), WARMUP (seconds, 2), THREADS (wrk threads, 2),
#   CONNECTIONS (wrk connections, 32), SERVER_THREADS (manaflow --threads and
#   nginx worker_processes; default: one per core for both).
# The three targets take turns, ROUNDS times, and each reports its median
# round: a neighbour's burst of CPU then skews one round, not one target.
# Needs wrk and nginx (Debian: wrk, nginx-light); runs nginx unprivileged-style
# with its own prefix, config and port under a temporary directory.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
manaflow=${1:-$here/../../build/src/cli/manaflow}
duration=${DURATION:-10}
rounds=${ROUNDS:-3}
warmup=${WARMUP:-2}
threads=${THREADS:-2}
connections=${CONNECTIONS:-32}
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
# Its defaults, the access log included (whatever the caller's environment says).
env -u MANAFLOW_ACCESS_LOG "$manaflow" serve --host 127.0.0.1 --port 0 \
	--threads "$server_threads" 2>"$work/manaflow.log" &
server_pid=$!
port=
for _ in $(seq 1 500); do
	port=$(sed -n 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$work/manaflow.log")
	[ -n "$port" ] && break
	kill -0 "$server_pid" 2>/dev/null || { cat "$work/manaflow.log" >&2; exit 1; }
	sleep 0.01
done
[ -n "$port" ] || { echo "bench_http: manaflow did not start" >&2; exit 1; }

# The README's example: a fetch land that finds a shock land.
query='{"battlefield":["Wooded Foothills","Forest"],"library":["Steam Vents"],"life":7,"cost":"RG"}'
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
	# manaflow's line, as nginx writes it: one write(2) per request, no buffer.
	log_format mf escape=json '{"method":"\$request_method","path":"\$uri","status":\$status,'
		'"us":\$request_time,"bytes":\$body_bytes_sent,"request_id":"\$request_id"}';
	access_log $work/nginx/logs/access.log mf;
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

# wrk TARGET [wrk args...] URL: prints wrk's report and adds the requests it
# counted to TARGET.sent, to be compared with the access log's lines.
run_wrk() {
	local target=$1 out
	shift
	out=$(wrk -t"$threads" -c"$connections" "$@")
	awk '/ requests in / { print $1 }' <<<"$out" >>"$work/$target.sent"
	echo "$out"
}

# measure NAME URL PIDS [wrk args...]: one round; appends
# "rps latency errors server-CPU-microseconds-per-request" to NAME.runs.
# The CPU figure (the server's own processes only, manaflow's log thread
# included) does not depend on how busy the rest of the machine is, unlike
# requests/s.
measure() {
	local name=$1 url=$2 pids=$3 out c0 c1 target=manaflow
	shift 3
	[ "$name" = nginx ] && target=nginx
	c0=$(cpu_ticks $pids)
	out=$(run_wrk "$target" -d"${duration}s" "$@" "$url")
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
run_wrk manaflow -d"${warmup}s" "$healthz_url" >/dev/null
run_wrk nginx -d"${warmup}s" "$nginx_url" >/dev/null
run_wrk manaflow -d"${warmup}s" -s "$work/solve.lua" "$solve_url" >/dev/null
nginx_pids="$nginx_pid $(pgrep -P "$nginx_pid" | tr '\n' ' ')"
for _ in $(seq 1 "$rounds"); do
	measure nginx "$nginx_url" "$nginx_pids"
	measure healthz "$healthz_url" "$server_pid"
	measure solve "$solve_url" "$server_pid" -s "$work/solve.lua"
done

# The median round of NAME: "rps latency errors cpu (all rounds' rps)".
median() {
	sort -g "$work/$1.runs" | awk -v n="$rounds" '{ all = all sep int($1); sep = " " }
		NR == int((n + 1) / 2) { m = $0 } END { print m, "(" all ")" }'
}

echo "wrk -t$threads -c$connections, $rounds rounds of ${duration}s taking turns, median shown;" \
	"$(nproc) cores; manaflow --threads $server_threads, nginx worker_processes $server_threads;" \
	"both access logs on, to files"
printf '%-8s %12s %9s %7s %13s   %s\n' target requests/s latency errors "server-us/req" \
	"rounds (requests/s, sorted)"
for name in nginx healthz solve; do
	read -r rps latency errors cpu all <<<"$(median "$name")"
	printf '%-8s %12s %9s %7s %13s   %s\n' "$name" "$rps" "$latency" "$errors" "$cpu" "$all"
	echo "$rps" >"$work/$name.rps"
done

solve=$(cat "$work/solve.rps")
healthz=$(cat "$work/healthz.rps")
nginx=$(cat "$work/nginx.rps")
awk -v s="$solve" -v h="$healthz" -v n="$nginx" 'BEGIN {
	r1 = n > 0 ? h / n : 0
	r2 = h > 0 ? s / h : 0
	printf "healthz / nginx  = %.2f  (target >= 1.00: %s)\n", r1, (r1 >= 1.0 ? "met" : "MISSED")
	printf "solve / healthz  = %.2f  (target >= 0.80: %s)\n", r2, (r2 >= 0.8 ? "met" : "MISSED")
}'

# --- the access logs ----------------------------------------------------------
# manaflow drains on SIGTERM, which writes every buffered line; then both
# logs are complete. wrk counts only the answers it read: requests cut off
# when a run ends are in the logs (manaflow marks them "aborted") but not in
# wrk's count, so the lines may exceed it by up to the connections per run.
dropped=$(curl -sf "http://127.0.0.1:$port/metrics" |
	awk '$1 == "manaflow_access_log_dropped_total" { print $2 }')
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=
sent_mf=$(awk '{ n += $1 } END { print n + 0 }' "$work/manaflow.sent")
sent_nginx=$(awk '{ n += $1 } END { print n + 0 }' "$work/nginx.sent")
lines_mf=$(grep -c '^{"method":' "$work/manaflow.log" || true)
aborted_mf=$(grep -c '^{"method":.*"aborted":true}$' "$work/manaflow.log" || true)
lines_nginx=$(wc -l <"$work/nginx/logs/access.log")
echo "access log, manaflow: $lines_mf lines ($aborted_mf aborted) for $sent_mf requests" \
	"wrk read, $(wc -c <"$work/manaflow.log") bytes; dropped: ${dropped:-no counter}"
echo "access log, nginx:    $lines_nginx lines for $sent_nginx requests wrk read," \
	"$(wc -c <"$work/nginx/logs/access.log") bytes"
