"""The WSGI entry point: ``gunicorn -c gunicorn.conf.py service.wsgi:app``."""

from __future__ import annotations

from .app import create_app

app = create_app()
