# Arbitru: backgammon rules as a service. Multi-stage: dependencies are installed from the
# hash-pinned requirements.lock in a build stage; the final image has no compiler and runs as non-root.
FROM python:3.11-slim-bookworm AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /build
COPY requirements.lock ./
RUN python -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --require-hashes --no-deps -r requirements.lock

FROM python:3.11-slim-bookworm
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONPATH=/app/service \
    HOST=0.0.0.0 \
    PORT=8080 \
    METRICS_PORT=9100 \
    WEB_CONCURRENCY=2 \
    PROMETHEUS_MULTIPROC_DIR=/var/run/arbitru/metrics
RUN groupadd --system --gid 10001 arbitru \
    && useradd --system --uid 10001 --gid arbitru --no-create-home --shell /usr/sbin/nologin arbitru \
    && mkdir -p /var/run/arbitru/metrics \
    && chown -R arbitru:arbitru /var/run/arbitru
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY gunicorn.conf.py ./
COPY service ./service
RUN python -m compileall -q /app/service/arbitru
USER 10001:10001
EXPOSE 8080
# Liveness as Kubernetes checks it (tcpSocket): the kernel accepts a connection however busy the workers are.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, socket; socket.create_connection(('127.0.0.1', int(os.environ.get('PORT', '8080'))), 2).close()"]
CMD ["gunicorn", "-c", "gunicorn.conf.py"]
