#!/usr/bin/env bash
# The README's test command on Debian 13 (trixie), from a Debian 12 machine:
# bootstraps a fresh minbase trixie root, clones this checkout (its HEAD)
# into it, and runs the command in a chroot exactly as README.md writes it
# (a meson test, tests/docs/check_readme.py, holds the line below to the
# README's). Whatever happens, it then stops what still runs in the root,
# unmounts what it mounted and removes the root.
#
# Usage: .ci/debian13.sh [--keep]
#   --keep   leave the root in place afterwards (unmounted) and print its path
# Environment:
#   MANAFLOW_DEBIAN_MIRROR   Debian mirror (default: the one this host's apt
#                            uses for bookworm, else http://deb.debian.org/debian)
#   MANAFLOW_DEBIAN13_TIMEOUT  seconds the command may take (default 3600)
# Run as root (CI is): debootstrap is installed with apt-get when missing.
# Exits with the command's status (124 past the timeout), 2 on a setup error.

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
keep=0
case ${1:-} in
--keep) keep=1 ;;
'') ;;
*) echo "debian13.sh: unknown argument: $1" >&2; exit 2 ;;
esac

log() { printf '[debian13 %(%H:%M:%S)T] %s\n' -1 "$*"; }
die() { log "error: $*" >&2; exit 2; }

[ "$(id -u)" = 0 ] || die "run as root: debootstrap, mount and chroot need it"
command -v debootstrap >/dev/null ||
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap
# host_apt_uri: the URI this host's apt uses for a suite.
# shellcheck source=tests/container/base_image.sh
. "$repo/tests/container/base_image.sh"
mirror=${MANAFLOW_DEBIAN_MIRROR:-$(host_apt_uri bookworm)}
mirror=${mirror:-http://deb.debian.org/debian}
security=$(host_apt_uri bookworm-security)

root=$(mktemp -d /var/tmp/manaflow-debian13.XXXXXX)
chmod 755 "$root"  # its /: apt's _apt user, and any other, must get in
bootlog=$(mktemp /var/tmp/manaflow-debian13-debootstrap.XXXXXX)
mounted=()

# Stops every process whose root is ours (a server a failed test left
# behind would hold the mounts), unmounts, and removes the root unless
# --keep. Never removes across a mount that is still there.
# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() {
	local rc=$? p m
	trap - EXIT INT TERM
	for p in /proc/[0-9]*; do
		if [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ]; then
			kill -KILL "${p#/proc/}" 2>/dev/null || true
		fi
	done
	for ((m = ${#mounted[@]} - 1; m >= 0; m--)); do
		umount -l "${mounted[m]}" || log "cannot unmount ${mounted[m]}"
	done
	rm -f "$bootlog"
	if grep -q " $root/" /proc/mounts; then
		log "something is still mounted under $root: left in place"
	elif [ "$keep" = 1 ]; then
		log "the root stays: $root"
	else
		rm -rf --one-file-system "$root"
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log "bootstrapping trixie (minbase) from $mirror into $root"
start=$SECONDS
timeout 900 debootstrap --variant=minbase trixie "$root" "$mirror" >"$bootlog" 2>&1 || {
	tail -n 30 "$bootlog"
	die "debootstrap failed"
}
log "bootstrapped in $((SECONDS - start)) s"

# apt's sources as a fresh install writes them; the name service files
# debootstrap leaves out (without /etc/hosts localhost does not resolve,
# and the browser suite's chromedriver fails without saying why).
rm -f "$root/etc/apt/sources.list"
{
	printf 'Types: deb\nURIs: %s\nSuites: trixie trixie-updates\nComponents: main\n' "$mirror"
	printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
	if [ -n "$security" ]; then
		printf '\nTypes: deb\nURIs: %s\nSuites: trixie-security\nComponents: main\n' "$security"
		printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
	fi
} >"$root/etc/apt/sources.list.d/debian.sources"
cp /etc/resolv.conf "$root/etc/resolv.conf"
printf '127.0.0.1 localhost\n::1 localhost\n' >"$root/etc/hosts"
for m in proc sys dev dev/pts; do
	mount --bind "/$m" "$root/$m"
	mounted+=("$root/$m")
done

git clone -q "$repo" "$root/root/manaflow"
log "cloned $(git -C "$root/root/manaflow" rev-parse --short HEAD) into $root/root/manaflow"

# The README's test command, on a line of its own, run as a user at a
# root prompt would: from the checkout, with a clean environment.
cat >"$root/root/readme-test.sh" <<'README_TEST'
cd /root/manaflow || exit 1
S=$(command -v sudo || true); $S apt-get update && $S env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gcc libc6-dev meson ninja-build pkg-config python3 libmicrohttpd-dev libcjson-dev check libcurl4-openssl-dev curl python3-yaml python3-jsonschema valgrind chromium chromium-driver python3-selenium && meson setup build && meson configure build -Dtests=true && meson test -C build --print-errorlogs
README_TEST

log "the README's test command, in the trixie root"
start=$SECONDS
rc=0
# In the background, so that a signal to this script ends the wait at once
# and the EXIT trap stops what runs in the root.
timeout "${MANAFLOW_DEBIAN13_TIMEOUT:-3600}" chroot "$root" /usr/bin/env -i HOME=/root \
	PATH=/usr/sbin:/usr/bin:/sbin:/bin bash /root/readme-test.sh </dev/null &
wait $! || rc=$?
log "the command took $((SECONDS - start)) s and exited $rc"
exit "$rc"
