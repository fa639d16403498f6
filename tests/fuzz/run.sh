#!/usr/bin/env bash
# Builds every fuzz harness with clang + libFuzzer + ASan + UBSan (meson's
# -Dfuzzing=true) and runs each for a given time.
#
# usage: tests/fuzz/run.sh [SECONDS] [HARNESS...]
#   SECONDS   time per harness (default 30)
#   HARNESS   names without the fuzz_ prefix (default: all, see below)
# environment:
#   FUZZ_WORKDIR   build and corpus directory, kept between runs (default: a
#                  new temporary directory, removed at the end unless a
#                  harness crashed)
#   FUZZ_PARALLEL  harnesses run at once (default 1)
#   CC             the clang to use (default clang)
#
# Prints one line per harness (executions, executions per second, corpus
# size, result) and, for a crash, the input's path and the report's first
# lines. Exits 1 when any harness crashed, timed out (an input taking more
# than 10 s) or ran out of memory, 2 when the build failed.
#
# A new crash input belongs in tests/fuzz/regressions/<harness>/, where
# `meson test` replays it (fuzz-regress-<harness>) once the bug is fixed.
set -u -o pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FUZZ="$ROOT/tests/fuzz"
SECS=${1:-30}
shift $(( $# > 0 ? 1 : 0 ))
CC=${CC:-clang}
PARALLEL=${FUZZ_PARALLEL:-1}

# name : max input bytes : dictionary
HARNESSES="
mana_solve:8192:json
mana_direct:8192:json
mana_batch:8192:json
mana_odds:4096:json
mana_sources:1024:json
deck_colors:8192:json
deck_report:4096:json
deck_list:8192:decklist
card_land:9000:-
card_stream:16384:json
combat_blocks:4096:json
contest_input:8192:lands
cli_options:256:-
cost:2048:cost
catalogue:8192:lands
camelot_deal:128:-
camelot_solve:4096:json
camelot_batch:8192:json
http_head:20000:http
"

case "$SECS" in
'' | *[!0-9]*) echo "usage: $0 [SECONDS] [HARNESS...]" >&2; exit 2 ;;
esac

if [ -n "${FUZZ_WORKDIR:-}" ]; then
	WORK=$FUZZ_WORKDIR
	KEEP=1
	mkdir -p "$WORK"
else
	WORK=$(mktemp -d /tmp/manaflow-fuzz.XXXXXX)
	KEEP=0
fi
mkdir -p "$WORK/corpus" "$WORK/crashes" "$WORK/logs"

# --- Build: meson's fuzzing option compiles the project for libFuzzer and
# adds one binary per harness (tests/fuzz/meson.build lists them).
if ! { CC=$CC meson setup "$WORK/build" "$ROOT" -Dfuzzing=true -Dtests=false \
		-Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug \
		-Doptimization=1 -Dc_args='-fno-omit-frame-pointer -fno-sanitize-recover=undefined' \
		>"$WORK/logs/setup.log" 2>&1 &&
	ninja -C "$WORK/build" >"$WORK/logs/build.log" 2>&1; }; then
	echo "fuzz: the build failed; see $WORK/logs/setup.log and build.log" >&2
	tail -20 "$WORK/logs/build.log" >&2
	exit 2
fi

# --- Run one harness; prints its summary line.
run_harness() {
	local name=$1 max_len=$2 dict=$3 log="$WORK/logs/$1.log" rc execs rate corpus
	local seeds="$FUZZ/corpus/$name" regress="$FUZZ/regressions/$name"
	local args=(-max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048
		-max_len="$max_len" -print_final_stats=1 -close_fd_mask=1
		-artifact_prefix="$WORK/crashes/$name-")
	[ "$dict" != "-" ] && args+=(-dict="$FUZZ/dict/$dict.dict")
	mkdir -p "$WORK/corpus/$name"
	local dirs=("$WORK/corpus/$name")
	[ -d "$seeds" ] && dirs+=("$seeds")
	[ -d "$regress" ] && dirs+=("$regress")
	"$WORK/build/tests/fuzz/fuzz_$name" "${args[@]}" "${dirs[@]}" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
	corpus=$(find "$WORK/corpus/$name" -type f | wc -l)
	if [ "$rc" -eq 0 ]; then
		printf '%-14s %12s execs %8s/s  corpus %6s  ok\n' "$name" "${execs:-?}" \
			"${rate:-?}" "$corpus"
		return 0
	fi
	printf '%-14s %12s execs %8s/s  corpus %6s  FAILED (exit %d)\n' "$name" \
		"${execs:-?}" "${rate:-?}" "$corpus" "$rc"
	grep -E 'ERROR: |SUMMARY: |invariant failed|runtime error|Test unit written|ALARM|out-of-memory' \
		"$log" | head -8 | sed 's/^/    /'
	echo "    full log: $log"
	return 1
}

selected=("$@")
wanted() {
	[ ${#selected[@]} -eq 0 ] && return 0
	local s
	for s in "${selected[@]}"; do [ "$s" = "$1" ] && return 0; done
	return 1
}

status=0
running=0
for spec in $HARNESSES; do
	IFS=: read -r name max_len dict <<<"$spec"
	wanted "$name" || continue
	[ -x "$WORK/build/tests/fuzz/fuzz_$name" ] || { echo "fuzz: no fuzz_$name built" >&2; exit 2; }
	run_harness "$name" "$max_len" "$dict" &
	running=$((running + 1))
	if [ "$running" -ge "$PARALLEL" ]; then
		wait -n || status=1
		running=$((running - 1))
	fi
done
while [ "$running" -gt 0 ]; do
	wait -n || status=1
	running=$((running - 1))
done

if [ "$status" -ne 0 ]; then
	echo "fuzz: a harness failed; inputs and logs are in $WORK" >&2
elif [ "$KEEP" -eq 0 ]; then
	rm -rf "$WORK"
fi
exit "$status"
