#!/usr/bin/env bash
# Throughput of `manaflow serve` against nginx, same machine, same run, with
# wrk, both as they run in production: access log on, written to a file.
#   1. nginx                 a static file of the same size as /healthz's answer,
#                            with a one-line JSON access log like manaflow's
#   2. GET  /healthz         manaflow on its defaults (access log on, stderr to a
#                            file): the HTTP layer and the access log alone
#   3. POST /v1/mana/solve   the README's example query
# With BEFORE=PATH (another build of manaflow, say main's), that binary's
# /healthz and solve are measured too, in the same rounds, so that a change
# is judged against the same machine at the same moment.
# Prints the load average first (the machine may be shared), requests/s of
# each target (the median round and every round), and the ratios the service
# aims at (issue 37), for each binary, from the medians and the spread of the
# same ratio round by round:
#   healthz / nginx >= 1.5   (the HTTP layer well ahead of a tuned server)
#   solve / nginx   >= 1.0   (a small solve, HTTP and JSON and solver, as fast
#                             as nginx's static file)
# then what each access log holds (lines, and manaflow's dropped counter),
# so that a run without a log shows. It measures and prints; it never fails
# on a missed target.
#
# usage: tests/bench/bench_http.sh [PATH-TO-MANAFLOW]
#   (default: build/src/cli/manaflow). Environment: DURATION (seconds per
#   measurement, 10), ROUNDS (3), WARMUP (seconds, 2), THREADS (wrk threads, 2),
#   CONNECTIONS (wrk connections, 32), SERVER_THREADS (manaflow --threads and
#   nginx worker_processes; default: one per core for both), BEFORE (a second
#   manaflow binary to compare with; default: none).
# The targets take turns, ROUNDS times, and each reports its median round: a
# neighbour's burst of CPU then skews one round, not one target.
# Needs wrk and nginx (Debian: wrk, nginx-light); runs nginx unprivileged-style
# with its own prefix, config and port under a temporary directory.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
manaflow=${1:-$here/../../build/src/cli/manaflow}
before=${BEFORE:-}
duration=${DURATION:-10}
rounds=${ROUNDS:-3}
warmup=${WARMUP:-2}
threads=${THREADS:-2}
connections=${CONNECTIONS:-32}
server_threads=${SERVER_THREADS:-$(nproc)}

for tool in wrk nginx curl; do
	command -v "$tool" >/dev/null || { echo "bench_http: $tool is not installed" >&2; exit 2; }
done
for bin in "$manaflow" ${before:+"$before"}; do
	[ -x "$bin" ] || { echo "bench_http: no manaflow binary at $bin" >&2; exit 2; }
done

work=$(mktemp -d /tmp/bench-http.XXXXXX)
declare -A server_pid=() port=()
nginx_pid=
cleanup() {
	local k
	for k in "${!server_pid[@]}"; do
		kill "${server_pid[$k]}" 2>/dev/null && wait "${server_pid[$k]}" 2>/dev/null
	done
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
# The README's example: a fetch land that finds a shock land.
query='{"battlefield":["Wooded Foothills","Forest"],"library":["Steam Vents"],"life":7,"cost":"RG"}'
cat >"$work/solve.lua" <<EOF
wrk.method = "POST"
wrk.body = '$query'
wrk.headers["Content-Type"] = "application/json"
EOF

# start_manaflow NAME BIN: serves BIN on its defaults, the access log
# included (whatever the caller's environment says), its log in NAME.log;
# sets server_pid[NAME] and port[NAME] once it listens and has answered the
# benchmark query (castable, with a plan).
start_manaflow() {
	local name=$1 bin=$2 p= answer
	env -u MANAFLOW_ACCESS_LOG "$bin" serve --host 127.0.0.1 --port 0 \
		--threads "$server_threads" 2>"$work/$name.log" &
	server_pid[$name]=$!
	for _ in $(seq 1 500); do
		p=$(sed -n 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$work/$name.log")
		[ -n "$p" ] && break
		kill -0 "${server_pid[$name]}" 2>/dev/null || { cat "$work/$name.log" >&2; exit 1; }
		sleep 0.01
	done
	[ -n "$p" ] || { echo "bench_http: $bin did not start" >&2; exit 1; }
	port[$name]=$p
	answer=$(curl -sf -H 'Content-Type: application/json' -d "$query" \
		"http://127.0.0.1:$p/v1/mana/solve")
	case $answer in
	*'"castable":true'*'"fetch"'*) ;;
	*) echo "bench_http: unexpected answer to the benchmark query: $answer" >&2; exit 1 ;;
	esac
}

binaries=(manaflow)
start_manaflow manaflow "$manaflow"
if [ -n "$before" ]; then
	binaries+=(before)
	start_manaflow before "$before"
fi

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

# run_wrk LOG [wrk args...] URL: prints wrk's report and adds the requests it
# counted to LOG.sent, to be compared with that access log's lines.
run_wrk() {
	local log=$1 out
	shift
	out=$(wrk -t"$threads" -c"$connections" "$@")
	awk '/ requests in / { print $1 }' <<<"$out" >>"$work/$log.sent"
	echo "$out"
}

# measure NAME LOG URL PIDS [wrk args...]: one round; appends
# "rps latency errors server-CPU-microseconds-per-request" to NAME.runs.
# The CPU figure (the server's own processes only, manaflow's log thread
# included) depends less on how busy the rest of the machine is than
# requests/s.
measure() {
	local name=$1 log=$2 url=$3 pids=$4 out c0 c1
	shift 4
	c0=$(cpu_ticks $pids)
	out=$(run_wrk "$log" -d"${duration}s" "$@" "$url")
	c1=$(cpu_ticks $pids)
	awk -v ticks=$((c1 - c0)) -v hz="$(getconf CLK_TCK)" '
	     /^Requests\/sec:/ { rps = $2 } $1 == "Latency" { lat = $2 }
	     / requests in / { n = $1 }
	     /Non-2xx or 3xx responses:/ { err += $NF } /Socket errors:/ { err += 1 }
	     END { printf "%s %s %d %.1f\n", rps, lat, err, n ? ticks / hz * 1e6 / n : 0 }' \
		<<<"$out" >>"$work/$name.runs"
}

# The target names of binary B: healthz and solve, prefixed but for the
# binary under test.
prefix_of() {
	[ "$1" = manaflow ] && echo "" || echo "$1-"
}

nginx_url="http://127.0.0.1:$nginx_port/healthz.json"
nginx_pids="$nginx_pid $(pgrep -P "$nginx_pid" | tr '\n' ' ')"
run_wrk nginx -d"${warmup}s" "$nginx_url" >/dev/null
targets=(nginx)
for b in "${binaries[@]}"; do
	run_wrk "$b" -d"${warmup}s" "http://127.0.0.1:${port[$b]}/healthz" >/dev/null
	run_wrk "$b" -d"${warmup}s" -s "$work/solve.lua" "http://127.0.0.1:${port[$b]}/v1/mana/solve" \
		>/dev/null
	targets+=("$(prefix_of "$b")healthz" "$(prefix_of "$b")solve")
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min); $(nproc) cores"
for _ in $(seq 1 "$rounds"); do
	measure nginx nginx "$nginx_url" "$nginx_pids"
	for b in "${binaries[@]}"; do
		p=$(prefix_of "$b")
		measure "${p}healthz" "$b" "http://127.0.0.1:${port[$b]}/healthz" "${server_pid[$b]}"
		measure "${p}solve" "$b" "http://127.0.0.1:${port[$b]}/v1/mana/solve" \
			"${server_pid[$b]}" -s "$work/solve.lua"
	done
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"

# The median round of NAME: "rps latency errors cpu (all rounds' rps)".
median() {
	sort -g "$work/$1.runs" | awk -v n="$rounds" '{ all = all sep int($1); sep = " " }
		NR == int((n + 1) / 2) { m = $0 } END { print m, "(" all ")" }'
}

echo "wrk -t$threads -c$connections, $rounds rounds of ${duration}s taking turns, median shown;" \
	"manaflow --threads $server_threads, nginx worker_processes $server_threads;" \
	"both access logs on, to files${before:+; before: $before}"
printf '%-15s %12s %9s %7s %13s   %s\n' target requests/s latency errors "server-us/req" \
	"rounds (requests/s, sorted)"
for name in "${targets[@]}"; do
	read -r rps latency errors cpu all <<<"$(median "$name")"
	printf '%-15s %12s %9s %7s %13s   %s\n' "$name" "$rps" "$latency" "$errors" "$cpu" "$all"
	echo "$rps" >"$work/$name.rps"
done

# ratio NAME TARGET: NAME's median over nginx's median, and the least and
# greatest of the same ratio round by round (each round's NAME over that
# round's nginx), with whether the median meets TARGET.
ratio() {
	local name=$1 target=$2
	paste -d' ' "$work/$name.runs" "$work/nginx.runs" | awk -v m="$(cat "$work/$name.rps")" \
		-v n="$(cat "$work/nginx.rps")" -v name="$name / nginx" -v t="$target" '
		{ r = $5 > 0 ? $1 / $5 : 0; if (NR == 1 || r < lo) lo = r; if (r > hi) hi = r }
		END { r = n > 0 ? m / n : 0
		      printf "%-22s = %.2f  (rounds %.2f to %.2f; target >= %.2f: %s)\n",
			     name, r, lo, hi, t, (r >= t ? "met" : "MISSED") }'
}
for b in "${binaries[@]}"; do
	ratio "$(prefix_of "$b")healthz" 1.5
	ratio "$(prefix_of "$b")solve" 1.0
done

# --- the access logs ----------------------------------------------------------
# manaflow drains on SIGTERM, which writes every buffered line; then both
# logs are complete. wrk counts only the answers it read: requests cut off
# when a run ends are in the logs (manaflow marks them "aborted") but not in
# wrk's count, so the lines may exceed it by up to the connections per run.
for b in "${binaries[@]}"; do
	dropped=$(curl -sf "http://127.0.0.1:${port[$b]}/metrics" |
		awk '$1 == "manaflow_access_log_dropped_total" { print $2 }')
	kill -TERM "${server_pid[$b]}"
	wait "${server_pid[$b]}" || true
	unset "server_pid[$b]"
	sent=$(awk '{ n += $1 } END { print n + 0 }' "$work/$b.sent")
	lines=$(grep -c '^{"method":' "$work/$b.log" || true)
	aborted=$(grep -c '^{"method":.*"aborted":true}$' "$work/$b.log" || true)
	echo "access log, $b: $lines lines ($aborted aborted) for $sent requests" \
		"wrk read, $(wc -c <"$work/$b.log") bytes; dropped: ${dropped:-no counter}"
done
sent_nginx=$(awk '{ n += $1 } END { print n + 0 }' "$work/nginx.sent")
lines_nginx=$(wc -l <"$work/nginx/logs/access.log")
echo "access log, nginx: $lines_nginx lines for $sent_nginx requests wrk read," \
	"$(wc -c <"$work/nginx/logs/access.log") bytes"
