# manaflow container image.
#
#   docker build -t manaflow:latest .
#   docker run --rm -p 8080:8080 manaflow:latest
#
# Two stages on the same Debian release, so the binary links against exactly
# the library versions the runtime stage installs. tests/container/run.sh
# builds and runs this file as it is (with buildah) in CI.

# ---------------------------------------------------------------- build stage
FROM debian:bookworm-slim AS build

ARG DEBIAN_FRONTEND=noninteractive

# gcc's Recommends are off, so libc6-dev is named explicitly.
RUN apt-get update \
	&& apt-get install -y --no-install-recommends \
		gcc libc6-dev meson ninja-build pkg-config python3 \
		libmicrohttpd-dev libcjson-dev \
	&& rm -rf /var/lib/apt/lists/*

WORKDIR /src
COPY . .

# Tests are off: Check and libcurl are not installed here, and the test suites
# run in CI outside the image. `install -s` strips the symbol table.
RUN meson setup build --buildtype=release -Dtests=false \
	&& ninja -C build \
	&& install -D -m 0755 -s build/src/cli/manaflow /out/manaflow

# -------------------------------------------------------------- runtime stage
FROM debian:bookworm-slim

ARG DEBIAN_FRONTEND=noninteractive

RUN apt-get update \
	&& apt-get install -y --no-install-recommends libmicrohttpd12 libcjson1 \
	&& rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb

# Fixed numeric ids so Kubernetes' runAsNonRoot can verify the user without
# reading /etc/passwd (deploy/deployment.yaml uses the same 10001).
RUN groupadd --system --gid 10001 manaflow \
	&& useradd --system --uid 10001 --gid 10001 --no-create-home \
		--home-dir /nonexistent --shell /usr/sbin/nologin manaflow

COPY --from=build /out/manaflow /usr/local/bin/manaflow

# Seconds the server waits for in-flight requests after SIGTERM. The address
# is set by CMD's flags (flags win over MANAFLOW_HOST/MANAFLOW_PORT).
ENV MANAFLOW_DRAIN_SECONDS=5

USER 10001:10001
WORKDIR /

EXPOSE 8080

# `manaflow healthcheck` exits 0 iff GET /healthz answers 200; no curl needed.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
	CMD ["manaflow", "healthcheck"]

# The server drains in-flight requests on SIGTERM (MANAFLOW_DRAIN_SECONDS, 5 s
# here), then exits 0: well inside the 10 s docker and podman wait by default
# before SIGKILL. A longer drain needs a longer `stop -t` / grace period.
STOPSIGNAL SIGTERM

CMD ["manaflow", "serve", "--host", "0.0.0.0", "--port", "8080"]
