# shellcheck shell=bash
# The base image without a registry, for tests/container/run.sh, which
# sources it: debian:bookworm-slim bootstrapped with debootstrap from the
# host's Debian mirror and kept in the cache store ($cache), so that later
# runs skip the step. Only functions; they use run.sh's settings ($cache,
# $mirror, $security, $base_ref, $work, $containers) and its log, die and bh.
# shellcheck disable=SC2154  # those are set by run.sh before it calls these

# The URI this host's apt uses for suite $1 (deb822 .sources or one-line
# .list entries), empty if none.
host_apt_uri() {
	python3 - "$1" /etc/apt/sources.list /etc/apt/sources.list.d/* <<-'EOF'
		import re, sys
		suite = sys.argv[1]
		for path in sys.argv[2:]:
		    try:
		        text = open(path).read()
		    except OSError:
		        continue
		    if path.endswith(".sources"):
		        for block in re.split(r"\n\s*\n", text):
		            fields = dict(re.findall(r"(?m)^(\w[\w-]*):\s*(.*)$", block))
		            if fields.get("Enabled", "yes") != "no" and "deb" in fields.get("Types", "").split() \
		                    and suite in fields.get("Suites", "").split() and fields.get("URIs"):
		                print(fields["URIs"].split()[0])
		                sys.exit(0)
		    elif path.endswith(".list"):
		        for line in text.splitlines():
		            words = re.sub(r"\[[^]]*\]", "", line).split()
		            if len(words) >= 3 and words[0] == "deb" and words[2] == suite:
		                print(words[1])
		                sys.exit(0)
	EOF
}

# debian:bookworm-slim made the way the official image is (debootstrap
# minbase, no docs/man/locales, apt caches cleaned), cached as a tarball.
make_base_tarball() {
	local tarball=$1 root
	root=$work/rootfs
	[ -n "$mirror" ] || mirror=$(host_apt_uri bookworm)
	[ -n "$security" ] || security=$(host_apt_uri bookworm-security)
	[ -n "$mirror" ] || die "no bookworm entry in this host's apt sources: set MANAFLOW_DEBIAN_MIRROR"
	[ -n "$security" ] || die "no bookworm-security entry in this host's apt sources: set MANAFLOW_DEBIAN_SECURITY"
	log "bootstrapping bookworm minbase from $mirror (cached afterwards in $cache)"
	timeout --foreground 900 debootstrap --variant=minbase bookworm "$root" "$mirror" \
		>"$work/debootstrap.log" 2>&1 || {
		tail -n 30 "$work/debootstrap.log"
		die "debootstrap failed"
	}
	mkdir -p "$root/etc/dpkg/dpkg.cfg.d" "$root/etc/apt/apt.conf.d"
	cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<-'EOF'
		path-exclude /usr/share/doc/*
		path-include /usr/share/doc/*/copyright
		path-exclude /usr/share/man/*
		path-exclude /usr/share/groff/*
		path-exclude /usr/share/info/*
		path-exclude /usr/share/lintian/*
		path-exclude /usr/share/linda/*
		path-exclude /usr/share/locale/*
	EOF
	cat >"$root/etc/apt/apt.conf.d/docker-clean" <<-'EOF'
		DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
		APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
		Dir::Cache::pkgcache "";
		Dir::Cache::srcpkgcache "";
	EOF
	echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
	echo 'Acquire::GzipIndexes "true";' >"$root/etc/apt/apt.conf.d/docker-gzip-indexes"
	echo 'Apt::AutoRemove::SuggestsImportant "false";' >"$root/etc/apt/apt.conf.d/docker-autoremove-suggests"
	rm -f "$root/etc/apt/sources.list"
	cat >"$root/etc/apt/sources.list.d/debian.sources" <<-EOF
		Types: deb
		URIs: $mirror
		Suites: bookworm bookworm-updates
		Components: main
		Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

		Types: deb
		URIs: $security
		Suites: bookworm-security
		Components: main
		Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
	EOF
	find "$root/usr/share/doc" -mindepth 2 -not -name copyright -not -type d -delete
	find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
	rm -rf "$root/usr/share/man/"* "$root/usr/share/info/"* "$root/usr/share/locale/"* \
		"$root/var/lib/apt/lists/"* "$root/var/cache/apt/"*.bin \
		"$root/var/cache/apt/archives/"*.deb "$root/var/log/"*.log \
		"$root/etc/machine-id" "$root/etc/hostname"
	: >"$root/etc/resolv.conf"
	tar -C "$root" --numeric-owner -cf "$tarball.part" .
	mv "$tarball.part" "$tarball"
	rm -rf "$root"
}

ensure_base_image() {
	local tarball=$cache/bookworm-slim.tar ctr
	# Refresh a base older than a week (the Dockerfile's apt-get update picks
	# up newer packages anyway; this keeps the base itself current).
	if [ -n "$(find "$tarball" -mtime +7 2>/dev/null)" ]; then
		log "cached base is older than 7 days: bootstrapping it again"
		rm -f "$tarball"
		bh rmi "$base_ref" >/dev/null 2>&1 || true
	fi
	if bh inspect --type image "$base_ref" >/dev/null 2>&1; then
		log "base image $base_ref is in the cache store"
		return 0
	fi
	[ -s "$tarball" ] || make_base_tarball "$tarball"
	log "importing $tarball as $base_ref"
	ctr=$(bh from scratch)
	containers+=("$ctr")
	bh add "$ctr" "$tarball" / >/dev/null
	bh config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		--cmd bash --os linux --arch "$(dpkg --print-architecture 2>/dev/null || echo amd64)" "$ctr"
	bh commit --quiet --format docker --rm "$ctr" "$base_ref" >/dev/null
	containers=("${containers[@]/$ctr/}")
}
