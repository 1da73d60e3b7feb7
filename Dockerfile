# Table Judge: a stateless rules-adjudication HTTP service.
#   docker build -t table-judge .
#   docker run --rm -p 8000:8000 table-judge
# nginx listens on $HOST:$PORT (HOST is named here: outside a container PORT alone binds loopback)
# and buffers each request and answer whole; gunicorn's sync workers listen
# on $UPSTREAM (127.0.0.1:8001), reachable only through it. A bare gunicorn is stopped by a few
# slow clients (issue #25). `python -m deploy.serve` runs both and exits when either does.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    UPSTREAM=127.0.0.1:8001 \
    TABLE_JUDGE_RULINGS_DIR=/app/docs/rulings

# Debian's nginx. Its own config and service are unused: deploy/serve.py renders the only config
# into a temporary directory, so nginx runs as the non-root user with no root-owned path.
RUN apt-get update \
    && apt-get install -y --no-install-recommends nginx \
    && rm -rf /var/lib/apt/lists/*

# A fixed numeric id: Kubernetes' runAsNonRoot can only verify a numeric user (deploy/kubernetes).
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid app --home-dir /app --shell /usr/sbin/nologin app

WORKDIR /app
# Dependencies first, from the lock alone (every version and hash pinned, the build backend too):
# this layer is rebuilt only when requirements.lock changes, not at every code change.
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock && rm -rf /root/.cache
# Then the code, installed without dependencies and without fetching a build backend.
COPY pyproject.toml README.md LICENSE gunicorn.conf.py ./
COPY rules_core ./rules_core
COPY service ./service
COPY assistant_tools ./assistant_tools
COPY openapi ./openapi
COPY docs/rulings ./docs/rulings
RUN pip install --no-deps --no-build-isolation . && rm -rf /root/.cache build
COPY deploy ./deploy

# Non-root: nginx cannot bind a port below 1024, so keep PORT above it (8000 by default).
USER 10001:10001
EXPOSE 8000

# Through nginx, so the check covers both processes.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:%s/v1/health' % os.environ.get('PORT', '8000'), timeout=2).status == 200 else 1)"]

CMD ["python", "-m", "deploy.serve"]
