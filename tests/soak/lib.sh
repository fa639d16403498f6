# Shared by the soak scripts: find the binary, start a server on a free
# port, read its resident memory, stop it. Source it; it sets ROOT.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The binary: $1 when given, else $MANAFLOW_BIN, else build/src/cli/manaflow.
soak_binary() {
	BIN=${1:-${MANAFLOW_BIN:-$ROOT/build/src/cli/manaflow}}
	if [ ! -x "$BIN" ]; then
		echo "no manaflow binary at $BIN: pass its path or set MANAFLOW_BIN" >&2
		exit 2
	fi
}

# Starts `manaflow serve` on 127.0.0.1 and a free port with extra flags
# "$@"; sets SERVER_PID, PORT and SERVER_LOG (its stderr).
start_server() {
	SERVER_LOG=$(mktemp /tmp/manaflow-soak-server.XXXXXX)
	"$BIN" serve --host 127.0.0.1 --port 0 --no-access-log "$@" 2>"$SERVER_LOG" &
	SERVER_PID=$!
	PORT=
	for _ in $(seq 100); do
		PORT=$(sed -n 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$SERVER_LOG")
		[ -n "$PORT" ] && return 0
		kill -0 "$SERVER_PID" 2>/dev/null || break
		sleep 0.1
	done
	echo "the server did not start:" >&2
	cat "$SERVER_LOG" >&2
	exit 2
}

# Resident memory of the server in kB.
server_rss_kb() {
	awk '/^VmRSS:/ { print $2 }' "/proc/$SERVER_PID/status"
}

# SIGTERM, then wait for the exit; sets SERVER_EXIT (not in a subshell:
# only this shell can wait for the server).
stop_server() {
	kill -TERM "$SERVER_PID" 2>/dev/null
	wait "$SERVER_PID"
	SERVER_EXIT=$?
}
