#!/usr/bin/env bash
# Soak: mixed traffic (tests/soak/mixed.lua) from wrk at 64 connections for
# SECONDS (default 120) against a release server on a free port.
#
# usage: tests/soak/soak.sh [SECONDS] [MANAFLOW_BINARY]
#   (binary default: $MANAFLOW_BIN, else build/src/cli/manaflow)
#
# Prints requests/s, answers by status and by kind, socket errors and the
# server's resident memory (VmRSS) before traffic, after a quarter of the
# run, and at the end. Fails (exit 1) on any 5xx, any socket error, any
# answer whose status is not the one its kind expects, resident memory at
# the end more than max(4 MB, 10%) above the quarter-time figure, or a
# server that does not then exit 0 on SIGTERM.
set -u -o pipefail
. "$(dirname "$0")/lib.sh"

SECS=${1:-120}
soak_binary "${2:-}"
CONNS=${SOAK_CONNECTIONS:-64}
THREADS=${SOAK_WRK_THREADS:-2}

start_server
trap 'kill "$SERVER_PID" 2>/dev/null' EXIT
OUT=$(mktemp /tmp/manaflow-soak-wrk.XXXXXX)
rss_start=$(server_rss_kb)

wrk -t"$THREADS" -c"$CONNS" -d"${SECS}s" --timeout 10s -s "$ROOT/tests/soak/mixed.lua" \
	"http://127.0.0.1:$PORT" >"$OUT" 2>&1 &
WRK_PID=$!
# Memory is compared from a quarter of the run on (at least 10 s, or half
# of a shorter run): allocator arenas and the pool threads' first answers
# fill up before that.
quarter=$(( SECS / 4 ))
warm_min=$(( SECS / 2 < 10 ? SECS / 2 : 10 ))
[ "$quarter" -lt "$warm_min" ] && quarter=$warm_min
[ "$quarter" -lt 1 ] && quarter=1
sleep "$quarter"
rss_warm=$(server_rss_kb)
rss_peak=$rss_warm
samples="$rss_warm"
while kill -0 "$WRK_PID" 2>/dev/null; do
	sleep 1
	r=$(server_rss_kb)
	[ "$r" -gt "$rss_peak" ] && rss_peak=$r
	samples="$samples $r"
done
wait "$WRK_PID"
wrk_rc=$?
rss_end=$(server_rss_kb)
health=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/healthz")
stop_server
exit_code=$SERVER_EXIT
trap - EXIT

fail=0
check() {  # check CONDITION-RESULT MESSAGE
	if [ "$1" -ne 0 ]; then
		echo "FAIL: $2"
		fail=1
	fi
}

rps=$(sed -n 's/^Requests\/sec: *//p' "$OUT")
total=$(awk '$1 == "requests" { print $2 }' "$OUT")
echo "soak: ${SECS}s, $CONNS connections, $THREADS wrk threads, port $PORT"
echo "requests: ${total:-?}  requests/s: ${rps:-?}"
echo "answers by status:"
awk '$1 == "status" { printf "  %s %s\n", $2, $3 }' "$OUT" | sort
echo "answers by kind (count, unexpected status):"
awk '$1 == "kind" { printf "  %-16s %9s %s\n", $2, $3, $4 }' "$OUT"
grep -E '^(socket_errors|unmatched)' "$OUT" | sed 's/^/  /'
echo "VmRSS kB: start $rss_start, at ${quarter}s $rss_warm, end $rss_end, peak $rss_peak"
echo "VmRSS samples kB: $samples"
echo "after the run: /healthz $health, exit status on SIGTERM $exit_code"

five_xx=$(awk '$1 == "status" && $2 >= 500 { n += $3 } END { print n + 0 }' "$OUT")
unexpected=$(awk '$1 == "kind" { n += $4 } END { print n + 0 }' "$OUT")
unmatched=$(awk '$1 == "unmatched" { print $2 }' "$OUT")
sock=$(sed -n 's/^socket_errors //p' "$OUT" | tr ' ' '\n' | cut -d= -f2 | awk '{ n += $1 } END { print n + 0 }')
limit=$(( rss_warm + (rss_warm / 10 > 4096 ? rss_warm / 10 : 4096) ))
check "$wrk_rc" "wrk exited $wrk_rc: $(tail -3 "$OUT")"
[ -n "$total" ] && [ "$total" -gt 0 ]; check $? "no requests were answered"
[ "$five_xx" -eq 0 ]; check $? "$five_xx answers were 5xx"
[ "$unexpected" -eq 0 ]; check $? "$unexpected answers had an unexpected status"
[ "${unmatched:-1}" -eq 0 ]; check $? "${unmatched:-?} answers carried no known request id"
[ "$sock" -eq 0 ]; check $? "$sock socket errors"
[ "$rss_end" -le "$limit" ]; check $? "resident memory grew from $rss_warm kB to $rss_end kB (limit $limit kB)"
[ "$health" = 200 ]; check $? "/healthz answered $health after the run"
[ "$exit_code" -eq 0 ]; check $? "the server exited $exit_code on SIGTERM"
if [ "$fail" -ne 0 ]; then
	echo "wrk output: $OUT; server log: $SERVER_LOG"
	exit 1
fi
rm -f "$OUT" "$SERVER_LOG"
echo "soak: ok"
