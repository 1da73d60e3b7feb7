# Table Judge: a stateless rules-adjudication HTTP service.
#   docker build -t table-judge .
#   docker run --rm -p 8000:8000 table-judge
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PORT=8000 \
    TABLE_JUDGE_RULINGS_DIR=/app/docs/rulings

RUN groupadd --system app && useradd --system --gid app --home-dir /app --shell /usr/sbin/nologin app

WORKDIR /app
COPY pyproject.toml README.md gunicorn.conf.py ./
COPY rules_core ./rules_core
COPY service ./service
COPY openapi ./openapi
COPY docs/rulings ./docs/rulings
RUN pip install . && rm -rf /root/.cache

USER app
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:%s/v1/health' % os.environ.get('PORT', '8000'), timeout=2).status == 200 else 1)"]

CMD ["gunicorn", "-c", "gunicorn.conf.py", "service.wsgi:app"]
