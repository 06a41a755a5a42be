# Arbitru: backgammon rules as a service. Multi-stage: dependencies are installed from the
# hash-pinned requirements.lock in a build stage; the final image has no compiler, no pip and runs as
# non-root. Its default command runs gunicorn on 127.0.0.1:$PORT and, in front of it, the proxy on
# $PROXY_PORT (nginx, with HAProxy between it and gunicorn: `python -m arbitru.http.edge --serve`):
# `docker run -p 8080:8080` publishes the proxy, never bare gunicorn. In Kubernetes the same image
# runs twice in a pod: gunicorn (`gunicorn -c gunicorn.conf.py`) on 127.0.0.1 and the proxy
# (`python -m arbitru.http.edge deploy/nginx/nginx.conf`: nginx and HAProxy), see k8s/deployment.yaml.
#
# The base is pinned by digest (the multi-architecture index of the tag). To bump it: take the new
# tag's index digest (`docker buildx imagetools inspect python:3.11-slim-bookworm`, the "Digest:"
# line, or `crane digest python:3.11-slim-bookworm`), put tag and digest in BASE below, and run the
# ops tests (tests/ops/test_ops_supply_chain.py checks every FROM is pinned).
ARG BASE=python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d

FROM ${BASE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /build
COPY requirements.lock ./
# The venv keeps no installer: pip and setuptools are removed once the locked packages are in.
RUN python -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --require-hashes --no-deps -r requirements.lock \
    && /opt/venv/bin/pip uninstall --yes pip setuptools

FROM ${BASE}
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONPATH=/app/service \
    HOST=127.0.0.1 \
    PORT=8081 \
    PROXY_PORT=8080 \
    PROXY_RUN_DIR=/tmp/nginx \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9100 \
    WEB_CONCURRENCY=2 \
    PROMETHEUS_MULTIPROC_DIR=/var/run/arbitru/metrics
# nginx and HAProxy from Debian (security updates of the pinned release come with each build: an exact version
# pin would stop building once Debian supersedes it), no recommends; the base's own pip, setuptools
# and wheel are removed (nothing installs at run time).
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install --yes --no-install-recommends nginx haproxy \
    && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled /var/log/nginx/* \
    && /usr/local/bin/python -m pip uninstall --yes --no-cache-dir pip setuptools wheel \
    && groupadd --system --gid 10001 arbitru \
    && useradd --system --uid 10001 --gid arbitru --no-create-home --shell /usr/sbin/nologin arbitru \
    && mkdir -p /var/run/arbitru/metrics \
    && chown -R arbitru:arbitru /var/run/arbitru
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY gunicorn.conf.py ./
COPY deploy/nginx ./deploy/nginx
COPY deploy/haproxy ./deploy/haproxy
COPY service ./service
RUN python -m compileall -q /app/service/arbitru
USER 10001:10001
EXPOSE 8080
# Liveness as Kubernetes checks it (a TCP connect from inside the container): the kernel accepts a
# connection however busy the workers are.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, socket; socket.create_connection(('127.0.0.1', int(os.environ.get('PORT', '8081'))), 2).close()"]
CMD ["python", "-m", "arbitru.http.edge", "--serve", "deploy/nginx/nginx.conf"]
